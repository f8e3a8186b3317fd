package asm

import (
	"strconv"
	"strings"

	"github.com/ttcompiler/tt/ir"
)

// isolatedScope holds the SSA names visible in one isolated-from-above
// region tree. Names defined in nested regions are removed when the region
// ends (regionDefs), so sibling regions may reuse names.
type isolatedScope struct {
	values     map[string][]ir.Value
	forwardRef map[ir.Value]int // placeholder -> byte offset of first use
	regionDefs [][]string       // names defined per open region
}

// blockScope holds the block names of one region.
type blockScope struct {
	blocks  map[string]*ir.Block
	defined map[*ir.Block]bool
	firstAt map[*ir.Block]int // offset of the first forward reference
}

func (p *parser) pushIsolatedScope() {
	p.scopes = append(p.scopes, &isolatedScope{
		values:     map[string][]ir.Value{},
		forwardRef: map[ir.Value]int{},
		regionDefs: [][]string{nil},
	})
}

func (p *parser) popIsolatedScope() error {
	s := p.scopes[len(p.scopes)-1]
	p.scopes = p.scopes[:len(p.scopes)-1]
	if len(s.forwardRef) > 0 {
		// Report the earliest unresolved use.
		first, firstPos := "", -1
		for name, vals := range s.values {
			for i, v := range vals {
				if pos, ok := s.forwardRef[v]; ok && (firstPos < 0 || pos < firstPos) {
					first, firstPos = refName(name, i, len(vals)), pos
				}
			}
		}
		_ = first
		return p.errAt(firstPos, "use of undeclared SSA value name")
	}
	return nil
}

func refName(name string, i, n int) string {
	if i == 0 && n <= 1 {
		return "%" + name
	}
	return "%" + name + "#" + strconv.Itoa(i)
}

func (p *parser) scope() *isolatedScope { return p.scopes[len(p.scopes)-1] }

// pushRegionNames opens a non-isolated name scope for a nested region.
func (p *parser) pushRegionNames() {
	s := p.scope()
	s.regionDefs = append(s.regionDefs, nil)
}

// popRegionNames forgets the names defined in the innermost region.
func (p *parser) popRegionNames() {
	s := p.scope()
	defs := s.regionDefs[len(s.regionDefs)-1]
	s.regionDefs = s.regionDefs[:len(s.regionDefs)-1]
	for _, name := range defs {
		vals := s.values[name]
		pending := false
		for _, v := range vals {
			if _, ok := s.forwardRef[v]; ok {
				pending = true
			}
		}
		if !pending {
			delete(s.values, name)
		}
	}
}

// nameHint derives the source name of a value from its SSA name: numeric
// names and MLIR's generated `argN` names are not hints, and a trailing
// `_N` uniquing suffix is dropped.
func nameHint(name string) string {
	if name == "" || isDigit(name[0]) {
		return ""
	}
	if strings.HasPrefix(name, "arg") && len(name) > 3 && allDigits(name[3:]) {
		return ""
	}
	if i := strings.LastIndexByte(name, '_'); i > 0 && i < len(name)-1 && allDigits(name[i+1:]) {
		return name[:i]
	}
	return name
}

func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if !isDigit(s[i]) {
			return false
		}
	}
	return s != ""
}

// defineValue binds %name#i to v, resolving a forward reference if one
// exists.
func (p *parser) defineValue(name string, i int, v ir.Value, pos int) error {
	if i == 0 {
		if h := nameHint(name); h != "" {
			ir.SetNameHint(v, h)
		}
	}
	s := p.scope()
	vals := s.values[name]
	if i < len(vals) && vals[i] != nil {
		old := vals[i]
		if _, fwd := s.forwardRef[old]; !fwd {
			return p.errAt(pos, "redefinition of SSA value '%s'", refName(name, i, 0))
		}
		if old.Type() != v.Type() {
			return p.errAt(pos, "definition of SSA value '%s' has type %s but was previously used with type %s",
				refName(name, i, len(vals)), quoteType(v.Type()), quoteType(old.Type()))
		}
		ir.ReplaceAllUsesWith(old, v)
		delete(s.forwardRef, old)
		vals[i] = v
		return nil
	}
	if len(vals) == 0 {
		s.regionDefs[len(s.regionDefs)-1] = append(s.regionDefs[len(s.regionDefs)-1], name)
	}
	for len(vals) <= i {
		vals = append(vals, nil)
	}
	vals[i] = v
	s.values[name] = vals
	return nil
}

func quoteType(t ir.Type) string { return "'" + TypeString(t) + "'" }

// resolveValue looks up %name#i expecting type t; unknown names become
// forward references to be defined later in the same isolated scope.
func (p *parser) resolveValue(u ir.UnresolvedOperand, t ir.Type, pos int) (ir.Value, error) {
	s := p.scope()
	vals := s.values[u.Name]
	if u.Number < len(vals) && vals[u.Number] != nil {
		v := vals[u.Number]
		if t != nil && v.Type() != t {
			d := ir.Errorf(p.locAt(pos), "use of value '%s' expects different type than prior uses: %s vs %s",
				refName(u.Name, u.Number, 0), quoteType(t), quoteType(v.Type()))
			prior := v.Loc()
			if fpos, fwd := s.forwardRef[v]; fwd {
				prior = p.locAt(fpos)
			}
			return nil, d.Note(prior, "prior use here")
		}
		return v, nil
	}
	if t == nil {
		return nil, p.errAt(pos, "use of undeclared SSA value name")
	}
	ph := p.newPlaceholder(t)
	for len(vals) <= u.Number {
		vals = append(vals, nil)
	}
	vals[u.Number] = ph
	s.values[u.Name] = vals
	s.forwardRef[ph] = pos
	return ph, nil
}

// newPlaceholder makes a detached value standing in for a forward reference.
func (p *parser) newPlaceholder(t ir.Type) ir.Value {
	st := ir.NewState(p.ctx, "asm.forward_ref", nil)
	st.Types = []ir.Type{t}
	return ir.Create(st).Result(0)
}

func (p *parser) pushBlockScope() {
	p.blockScopes = append(p.blockScopes, &blockScope{
		blocks: map[string]*ir.Block{}, defined: map[*ir.Block]bool{}, firstAt: map[*ir.Block]int{},
	})
}

func (p *parser) popBlockScope() error {
	bs := p.blockScopes[len(p.blockScopes)-1]
	p.blockScopes = p.blockScopes[:len(p.blockScopes)-1]
	for _, b := range bs.blocks {
		if !bs.defined[b] {
			return p.errAt(bs.firstAt[b], "reference to an undefined block")
		}
	}
	return nil
}

// blockRef returns the block named name in the current region, creating a
// forward-declared one if needed.
func (p *parser) blockRef(name string, pos int) *ir.Block {
	bs := p.blockScopes[len(p.blockScopes)-1]
	if b, ok := bs.blocks[name]; ok {
		return b
	}
	b := ir.NewBlock(p.ctx, nil, nil)
	bs.blocks[name] = b
	bs.firstAt[b] = pos
	return b
}

// defineBlock marks name as defined and returns its block.
func (p *parser) defineBlock(name string, pos int) (*ir.Block, error) {
	bs := p.blockScopes[len(p.blockScopes)-1]
	b, ok := bs.blocks[name]
	if ok && bs.defined[b] {
		return nil, p.errAt(pos, "redefinition of block '%s'", name)
	}
	if !ok {
		b = ir.NewBlock(p.ctx, nil, nil)
		bs.blocks[name] = b
	}
	bs.defined[b] = true
	return b, nil
}
