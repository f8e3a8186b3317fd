package ttir

import (
	"github.com/ttcompiler/tt/ir"
)

// newForShell creates `scf.for lb to ub step step iter_args(inits)` with
// an entry block holding the induction variable and iter args but no ops
// (not even a terminator): callers clone or build the body themselves.
// Block arguments take the locations MLIR's builder gives them: the
// loop's for the induction variable, each init's for its iter arg.
func newForShell(b *ir.Builder, loc ir.Location, lb, ub, step ir.Value, inits []ir.Value) *ir.Operation {
	st := ir.NewState(b.Ctx, "scf.for", loc)
	st.Operands = append([]ir.Value{lb, ub, step}, inits...)
	types := []ir.Type{lb.Type()}
	locs := []ir.Location{loc}
	for _, v := range inits {
		st.Types = append(st.Types, v.Type())
		types = append(types, v.Type())
		locs = append(locs, v.Loc())
	}
	st.AddRegion().Append(ir.NewBlock(b.Ctx, types, locs))
	return b.Create(st)
}

// newIfShell creates `scf.if cond -> (types)` with an empty then block
// and, when withElse, an empty else block.
func newIfShell(b *ir.Builder, loc ir.Location, cond ir.Value, types []ir.Type, withElse bool) *ir.Operation {
	st := ir.NewState(b.Ctx, "scf.if", loc)
	st.Operands = []ir.Value{cond}
	st.Types = types
	st.AddRegion().Append(ir.NewBlock(b.Ctx, nil, nil))
	elseR := st.AddRegion()
	if withElse {
		elseR.Append(ir.NewBlock(b.Ctx, nil, nil))
	}
	return b.Create(st)
}

// cloneBlockInto clones the ops of src (terminator included) at the end
// of dst through m.
func cloneBlockInto(b *ir.Builder, src, dst *ir.Block, m *ir.Mapping) {
	restore := b.Restore()
	defer restore()
	b.SetInsertionPointToEnd(dst)
	for o := src.First(); o != nil; o = o.Next() {
		b.Insert(o.Clone(m))
	}
}

// valueTypes returns the types of vs.
func valueTypes(vs []ir.Value) []ir.Type {
	ts := make([]ir.Type, len(vs))
	for i, v := range vs {
		ts[i] = v.Type()
	}
	return ts
}
