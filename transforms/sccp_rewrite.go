package transforms

import "github.com/ttcompiler/tt/ir"

// rewrite replaces constant values, visiting blocks with MLIR's SCCP
// order: a stack of blocks, each scanned top to bottom with the regions
// of its ops pushed as they are met; block arguments are replaced after
// the block's ops.
func (s *sccpSolver) rewrite() {
	f := newConstantFolder()
	var stack []*ir.Block
	push := func(rs []*ir.Region) {
		for _, r := range rs {
			bs := r.Blocks()
			for i := len(bs) - 1; i >= 0; i-- {
				stack = append(stack, bs[i])
			}
		}
	}
	push(s.top.Regions())
	for len(stack) > 0 {
		b := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for op := b.First(); op != nil; {
			next := op.Next()
			replacedAll := op.NumResults() != 0
			for i := 0; i < op.NumResults(); i++ {
				if !s.replaceWithConstant(f, b, op.Result(i)) {
					replacedAll = false
				}
			}
			if replacedAll && ir.WouldBeTriviallyDead(op) && !op.ResultsUsed() {
				op.Erase()
			} else {
				push(op.Regions())
			}
			op = next
		}
		for _, a := range b.Arguments() {
			s.replaceWithConstant(f, b, a)
		}
	}
}

// replaceWithConstant replaces v by a constant when its lattice is one.
func (s *sccpSolver) replaceWithConstant(f *constantFolder, b *ir.Block, v ir.Value) bool {
	l := s.values[ir.KeyOf(v)]
	if l == nil || l.kind != constant {
		return false
	}
	c := f.getOrCreate(b, l.dialect, l.value, v.Type())
	if c == nil {
		return false
	}
	ir.ReplaceAllUsesWith(v, c)
	return true
}

// constantFolder is the constant-uniquing part of MLIR's OperationFolder:
// constants are created at the start of the entry block of the insertion
// region (the nearest region whose op is isolated from above, unregistered
// or top-level) and reused per (dialect, value, type), with unknown
// locations.
type constantFolder struct {
	scopes map[*ir.Region]map[constKey]ir.Value
}

type constKey struct {
	dialect *ir.Dialect
	value   ir.Attribute
	typ     ir.Type
}

func newConstantFolder() *constantFolder {
	return &constantFolder{scopes: map[*ir.Region]map[constKey]ir.Value{}}
}

func constInsertionRegion(b *ir.Block) *ir.Region {
	for {
		r := b.Region()
		if r == nil {
			return nil
		}
		p := r.ParentOp()
		if p == nil || p.Has(ir.IsolatedFromAbove) || !p.Registered() || p.Block() == nil {
			return r
		}
		b = p.Block()
	}
}

func (f *constantFolder) getOrCreate(b *ir.Block, d *ir.Dialect, value ir.Attribute, t ir.Type) ir.Value {
	if d == nil || d.MaterializeConstant == nil {
		return nil
	}
	r := constInsertionRegion(b)
	if r == nil || r.Empty() {
		return nil
	}
	m := f.scopes[r]
	if m == nil {
		m = map[constKey]ir.Value{}
		f.scopes[r] = m
	}
	key := constKey{d, value, t}
	if v := m[key]; v != nil {
		return v
	}
	entry := r.Front()
	bl := ir.NewBuilder(b.ParentOp().Context())
	bl.SetInsertionPointToStart(entry)
	op := d.MaterializeConstant(bl, value, t, ir.Unknown(bl.Ctx))
	if op == nil || op.NumResults() != 1 {
		if op != nil {
			op.Erase()
		}
		return nil
	}
	v := ir.Value(op.Result(0))
	if nd := op.Def().Dialect; nd != nil && nd != d {
		// The constant came out in another dialect: reuse that dialect's
		// existing constant if there is one.
		nkey := constKey{nd, value, t}
		if existing := m[nkey]; existing != nil {
			op.Erase()
			m[key] = existing
			return existing
		}
		m[nkey] = v
	}
	m[key] = v
	return v
}
