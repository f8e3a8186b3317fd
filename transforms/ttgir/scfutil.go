package ttgir

import (
	"github.com/ttcompiler/tt/ir"
)

// Helpers that rebuild structured control flow ops with new signatures,
// moving their bodies over (Triton's replace*OpWithNewSignature).

// copyAttrs copies old's inherent and discardable attributes into st.
func copyAttrs(st *ir.OperationState, old *ir.Operation) {
	st.Props = append(st.Props, old.Props()...)
	st.Attrs = append(st.Attrs, old.DiscardableAttrs()...)
}

// newForLike creates, at b, an scf.for with old's bounds, step and
// attributes, the given inits (results typed like them) and an empty
// region.
func newForLike(b *ir.Builder, old *ir.Operation, inits []ir.Value) *ir.Operation {
	st := ir.NewState(b.Ctx, "scf.for", old.Loc())
	st.Operands = append(append([]ir.Value(nil), old.Operands()[:3]...), inits...)
	for _, v := range inits {
		st.Types = append(st.Types, v.Type())
	}
	copyAttrs(st, old)
	st.AddRegion()
	return b.Create(st)
}

// replaceForWithNewSignature builds, before loop, a copy of it that also
// carries extra (appended iter args, whose block arguments are added to the
// moved body), and returns it with the (old result, new result) pairs to
// replace. The old loop is left empty for the caller to erase.
func replaceForWithNewSignature(ctx *ir.Context, loop *ir.Operation, extra []ir.Value) (*ir.Operation, [][2]ir.Value) {
	b := ir.NewBuilder(ctx)
	b.SetInsertionPoint(loop)
	inits := append(append([]ir.Value(nil), loop.Operands()[3:]...), extra...)
	n := newForLike(b, loop, inits)
	n.Region(0).TakeBody(loop.Region(0))
	body := n.Region(0).Front()
	for _, v := range extra {
		body.AddArgument(v.Type(), v.Loc())
	}
	var repl [][2]ir.Value
	for i, r := range loop.Results() {
		repl = append(repl, [2]ir.Value{r, n.Result(i)})
	}
	return n, repl
}

// replaceIfWithNewSignature builds, before ifOp, a copy of it with extra
// result types appended, moving both regions; an absent else region gets a
// block ending in an empty yield. It returns the new op and the result
// pairs to replace.
func replaceIfWithNewSignature(ctx *ir.Context, ifOp *ir.Operation, extra []ir.Type) (*ir.Operation, [][2]ir.Value) {
	b := ir.NewBuilder(ctx)
	b.SetInsertionPoint(ifOp)
	st := ir.NewState(ctx, "scf.if", ifOp.Loc())
	st.Operands = []ir.Value{ifOp.Operand(0)}
	st.Types = append(ifOp.ResultTypes(), extra...)
	copyAttrs(st, ifOp)
	st.AddRegion()
	st.AddRegion()
	n := b.Create(st)
	n.Region(0).TakeBody(ifOp.Region(0))
	n.Region(1).TakeBody(ifOp.Region(1))
	ensureYield(ctx, n.Region(0), ifOp.Loc())
	ensureYield(ctx, n.Region(1), ifOp.Loc())
	var repl [][2]ir.Value
	for i, r := range ifOp.Results() {
		repl = append(repl, [2]ir.Value{r, n.Result(i)})
	}
	return n, repl
}

// ensureYield gives an empty region a block and a block without terminator
// an empty scf.yield.
func ensureYield(ctx *ir.Context, r *ir.Region, loc ir.Location) {
	if r.Empty() {
		r.Append(ir.NewBlock(ctx, nil, nil))
	}
	blk := r.Front()
	if last := blk.Last(); last != nil && last.Has(ir.Terminator) {
		return
	}
	b := ir.NewBuilder(ctx)
	b.SetInsertionPointToEnd(blk)
	b.CreateOp("scf.yield", loc, nil, nil)
}

// appendToYield replaces the terminator of loop's body with one that also
// yields extra.
func appendToYield(ctx *ir.Context, loop *ir.Operation, extra []ir.Value) {
	y := loop.Region(0).Front().Last()
	b := ir.NewBuilder(ctx)
	b.SetInsertionPoint(y)
	b.CreateOp("scf.yield", y.Loc(), append(y.Operands(), extra...), nil)
	y.Erase()
}

// yieldOf returns the terminator of region i of op.
func yieldOf(op *ir.Operation, i int) *ir.Operation {
	if i >= op.NumRegions() || op.Region(i).Empty() {
		return nil
	}
	return op.Region(i).Front().Last()
}

// insertAfterValue sets b to insert right after v's definition (at the
// start of its block for block arguments).
func insertAfterValue(b *ir.Builder, v ir.Value) {
	if d := v.DefiningOp(); d != nil {
		b.SetInsertionPointAfter(d)
		return
	}
	b.SetInsertionPointToStart(v.ParentBlock())
}
