package pattern

import "github.com/ttcompiler/tt/ir"

// constFolder deduplicates constants within each insertion region (the
// body of the nearest isolated-from-above op) and hoists them to the front
// of that region's entry block, as MLIR's OperationFolder does.
type constFolder struct {
	rw     *Rewriter
	scopes map[*ir.Region]map[constKey]*ir.Operation
	owned  map[*ir.Operation]constKey
	// spare holds emptied scope tables of earlier runs (their regions
	// are others), reused rather than grown anew for each region.
	spare []map[constKey]*ir.Operation
}

type constKey struct {
	dialect string
	value   ir.Attribute
	typ     ir.Type
}

func newConstFolder(rw *Rewriter) *constFolder {
	return &constFolder{rw: rw, scopes: map[*ir.Region]map[constKey]*ir.Operation{}, owned: map[*ir.Operation]constKey{}}
}

// reset forgets every constant (a new round of the greedy driver starts
// from scratch) and keeps the tables' storage.
func (f *constFolder) reset() {
	for _, m := range f.scopes {
		clear(m)
	}
	clear(f.owned)
}

// forgetScopes empties the scope tables, dropping their regions, and
// keeps them for reuse.
func (f *constFolder) forgetScopes() {
	for r, m := range f.scopes {
		clear(m)
		f.spare = append(f.spare, m)
		delete(f.scopes, r)
	}
}

// insertionRegion finds where constants used in block b are hoisted to.
func insertionRegion(b *ir.Block) *ir.Region {
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

// insertKnownConstant records op as the canonical constant of its value,
// moving it to the front of its insertion region, or replaces op with the
// existing canonical constant (returning false).
func (f *constFolder) insertKnownConstant(op *ir.Operation, value ir.Attribute) bool {
	b := op.Block()
	if _, ok := f.owned[op]; ok {
		if b.First() != op && !f.isOwned(op.Prev()) {
			op.MoveBefore(b.First())
			eraseLoc(op)
		}
		return true
	}
	r := insertionRegion(b)
	if r == nil {
		return true
	}
	key := constKey{op.Def().Dialect.Name, value, op.Result(0).Type()}
	m := f.scopes[r]
	if m == nil {
		if n := len(f.spare); n > 0 {
			m, f.spare = f.spare[n-1], f.spare[:n-1]
		} else {
			m = map[constKey]*ir.Operation{}
		}
		f.scopes[r] = m
	}
	if existing := m[key]; existing != nil {
		f.rw.ReplaceOp(op, existing.Results())
		eraseLoc(existing)
		return false
	}
	entry := r.Front()
	if b != entry {
		op.MoveBefore(entry.First())
		eraseLoc(op)
	} else if entry.First() != op && !f.isOwned(op.Prev()) {
		op.MoveBefore(entry.First())
	}
	m[key] = op
	f.owned[op] = key
	return true
}

func (f *constFolder) isOwned(op *ir.Operation) bool {
	if op == nil {
		return false
	}
	_, ok := f.owned[op]
	return ok
}

func (f *constFolder) notifyRemoval(op *ir.Operation) {
	key, ok := f.owned[op]
	if !ok {
		return
	}
	delete(f.owned, op)
	for _, m := range f.scopes {
		if m[key] == op {
			delete(m, key)
		}
	}
}

// eraseLoc drops the location of a constant that now stands for several
// places (MLIR's erasedFoldedLocation), and with it the source name its
// result had.
func eraseLoc(op *ir.Operation) {
	op.SetLoc(ir.Unknown(op.Context()))
	ir.SetNameHint(op.Result(0), "")
}
