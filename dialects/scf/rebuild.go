package scf

import "github.com/ttcompiler/tt/ir"

// Builders that passes use to rebuild structured control flow: loop and
// conditional shells whose bodies the caller clones or moves in, and
// Triton's replace*WithNewSignature, which rebuild an op with more
// loop-carried values or results and move its regions over.

// NewForShell creates `scf.for lb to ub step step iter_args(inits)` with
// an entry block holding the induction variable and iter args but no ops
// (not even a terminator): callers clone or build the body themselves.
// Block arguments take the locations MLIR's builder gives them: the
// loop's for the induction variable, each init's for its iter arg.
func NewForShell(b *ir.Builder, loc ir.Location, lb, ub, step ir.Value, inits []ir.Value) *ir.Operation {
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

// NewIfShell creates `scf.if cond -> (types)` with an empty then block
// and, when withElse, an empty else block.
func NewIfShell(b *ir.Builder, loc ir.Location, cond ir.Value, types []ir.Type, withElse bool) *ir.Operation {
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

// NewForLike creates, at b, an scf.for with old's bounds, step and
// attributes, the given inits (results typed like them) and an empty
// region.
func NewForLike(b *ir.Builder, old *ir.Operation, inits []ir.Value) *ir.Operation {
	st := ir.NewState(b.Ctx, "scf.for", old.Loc())
	st.Operands = append(append([]ir.Value(nil), old.Operands()[:3]...), inits...)
	st.Types = ir.TypesOf(inits)
	st.CopyAttrsOf(old)
	st.AddRegion()
	return b.Create(st)
}

// ReplaceForWithNewSignature builds, before loop, a copy of it that also
// carries extra (appended iter args, whose block arguments are added to
// the moved body), and returns it with the (old result, new result) pairs
// to replace. The old loop is left empty for the caller to erase; the
// body's yield is the caller's to extend (AppendToYield).
func ReplaceForWithNewSignature(loop *ir.Operation, extra []ir.Value) (*ir.Operation, [][2]ir.Value) {
	b := ir.NewBuilder(loop.Context())
	b.SetInsertionPoint(loop)
	inits := append(append([]ir.Value(nil), loop.Operands()[3:]...), extra...)
	n := NewForLike(b, loop, inits)
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

// ReplaceIfWithNewSignature builds, before ifOp, a copy of it with extra
// result types appended, moving both regions (see RetypeIf). It returns
// the new op and the result pairs to replace.
func ReplaceIfWithNewSignature(ifOp *ir.Operation, extra []ir.Type) (*ir.Operation, [][2]ir.Value) {
	n := RetypeIf(ifOp, append(ifOp.ResultTypes(), extra...))
	var repl [][2]ir.Value
	for i, r := range ifOp.Results() {
		repl = append(repl, [2]ir.Value{r, n.Result(i)})
	}
	return n, repl
}

// RetypeIf builds, before ifOp, an scf.if with ifOp's condition and
// attributes and the given result types, and moves ifOp's regions into it;
// an absent else region gets a block ending in an empty yield. ifOp is
// left empty for the caller to replace and erase.
func RetypeIf(ifOp *ir.Operation, types []ir.Type) *ir.Operation {
	ctx := ifOp.Context()
	b := ir.NewBuilder(ctx)
	b.SetInsertionPoint(ifOp)
	st := ir.NewState(ctx, "scf.if", ifOp.Loc())
	st.Operands = []ir.Value{ifOp.Operand(0)}
	st.Types = types
	st.CopyAttrsOf(ifOp)
	st.AddRegion()
	st.AddRegion()
	n := b.Create(st)
	n.Region(0).TakeBody(ifOp.Region(0))
	n.Region(1).TakeBody(ifOp.Region(1))
	EnsureYield(ctx, n.Region(0), ifOp.Loc())
	EnsureYield(ctx, n.Region(1), ifOp.Loc())
	return n
}

// AppendToYield replaces the terminator of loop's body with one that also
// yields extra.
func AppendToYield(loop *ir.Operation, extra []ir.Value) {
	y := loop.Region(0).Front().Last()
	b := ir.NewBuilder(loop.Context())
	b.SetInsertionPoint(y)
	NewYield(b, y.Loc(), append(y.Operands(), extra...))
	y.Erase()
}
