package llvm

import (
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asmfmt"
)

// Terminators: br, cond_br, return, unreachable.

var (
	// BrOp is `llvm.br ^bb1(%a : i32)`.
	BrOp = custom("br", ir.Pure|ir.Terminator, []string{"loop_annotation"}, parseBr, printBr, verifyBr)
	// CondBrOp is `llvm.cond_br %c [weights(1, 2)], ^bb1, ^bb2(%a : i32)`.
	CondBrOp = custom("cond_br", ir.Pure|ir.Terminator|ir.AttrSizedOperandSegments,
		[]string{"branch_weights", "loop_annotation", "operandSegmentSizes"}, parseCondBr, printCondBr, verifyCondBr)
)

// ReturnOp is `llvm.return` / `llvm.return %v : T`.
var ReturnOp = define("return", ir.Pure|ir.Terminator|ir.ReturnLike, asmfmt.Spec{
	Operands: []asmfmt.Value{{Name: "arg", Kind: asmfmt.Optional, Constraint: cAny}},
	Format:   "attr-dict ($arg^ `:` type($arg))?",
	Verify:   verifyReturn,
})

// UnreachableOp is `llvm.unreachable`.
var UnreachableOp = define("unreachable", ir.Terminator, asmfmt.Spec{Format: "attr-dict"})

func init() {
	BrOp.SuccessorOperands = func(op *ir.Operation, _ int) []int { return span(0, op.NumOperands()) }
	BrOp.ResizeSuccessorOperands = func(*ir.Operation, int, int) {} // all its operands
	CondBrOp.ResizeSuccessorOperands = func(op *ir.Operation, i, delta int) { ir.ResizeOperandSegment(op, i+1, delta) }
	CondBrOp.SuccessorOperands = func(op *ir.Operation, i int) []int {
		n, m := condBrSegments(op)
		if i == 0 {
			return span(1, 1+n)
		}
		return span(1+n, 1+n+m)
	}
	UnreachableOp.AppendEffects = func(_ *ir.Operation, buf []ir.Effect) []ir.Effect { return buf }
}

// span is the operand indices lo to hi-1, shared (ir.IndexSpan).
func span(lo, hi int) []int { return ir.IndexSpan(lo, hi) }

func parseBr(p ir.OpParser, st *ir.OperationState) error {
	dest, args, err := p.ParseSuccessorAndUseList()
	if err != nil {
		return err
	}
	st.Successors = []*ir.Block{dest}
	st.Operands = args
	return p.ParseOptionalAttrDict(st)
}

func printBr(p ir.OpPrinter, op *ir.Operation) {
	p.WriteString(" ")
	p.PrintSuccessorAndUseList(op.Successor(0), op.Operands())
	p.PrintOptionalAttrDict(op.Attrs())
}

func verifyBr(op *ir.Operation) error {
	if op.NumSuccessors() != 1 {
		return ir.OpErrorf(op, "requires 1 successors but found %d", op.NumSuccessors())
	}
	return verifySuccessorOperands(op, 0, 0, op.NumOperands())
}

// verifySuccessorOperands is the BranchOpInterface check of the operands
// forwarded to successor i, operands lo to hi-1 (read in place: this runs
// on every branch of a lowered kernel after every pass that changes it).
func verifySuccessorOperands(op *ir.Operation, i, lo, hi int) error {
	dest := op.Successor(i)
	if hi-lo != dest.NumArguments() {
		return ir.OpErrorf(op, "branch has %d operands for successor #%d, but target block has %d", hi-lo, i, dest.NumArguments())
	}
	for j := range hi - lo {
		if op.Operand(lo+j).Type() != dest.Argument(j).Type() {
			return ir.OpErrorf(op, "type mismatch for bb argument #%d of successor #%d", j, i)
		}
	}
	return nil
}

func condBrSegments(op *ir.Operation) (nTrue, nFalse int) {
	if s, ok := op.Attr("operandSegmentSizes").(*ir.DenseArrayAttr); ok && len(s.Ints) == 3 {
		return int(s.Ints[1]), int(s.Ints[2])
	}
	return op.NumOperands() - 1, 0
}

// CondBrOperands returns the operands a cond_br passes to its true and
// false destinations.
func CondBrOperands(op *ir.Operation) (trueArgs, falseArgs []ir.Value) {
	n, m := condBrSegments(op)
	ops := op.Operands()
	return ops[1 : 1+n], ops[1+n : 1+n+m]
}

func parseCondBr(p ir.OpParser, st *ir.OperationState) error {
	ctx := p.Context()
	c, err := p.ParseOperand()
	if err != nil {
		return err
	}
	cv, err := p.ResolveOperand(c, ir.I1(ctx))
	if err != nil {
		return err
	}
	if _, ok := p.ParseOptionalKeyword("weights"); ok {
		if err := p.ParseLParen(); err != nil {
			return err
		}
		var ws []int64
		if err := p.ParseCommaSeparatedList(ir.DelimSquare, func() error {
			v, err := p.ParseInteger()
			ws = append(ws, v)
			return err
		}); err != nil {
			return err
		}
		if err := p.ParseRParen(); err != nil {
			return err
		}
		st.AddAttr("branch_weights", ir.DenseI32Array(ctx, ws))
	}
	if err := p.ParseComma(); err != nil {
		return err
	}
	t, targs, err := p.ParseSuccessorAndUseList()
	if err != nil {
		return err
	}
	if err := p.ParseComma(); err != nil {
		return err
	}
	f, fargs, err := p.ParseSuccessorAndUseList()
	if err != nil {
		return err
	}
	st.Operands = append(append([]ir.Value{cv}, targs...), fargs...)
	st.Successors = []*ir.Block{t, f}
	st.AddAttr("operandSegmentSizes", ir.DenseI32Array(ctx, []int64{1, int64(len(targs)), int64(len(fargs))}))
	return p.ParseOptionalAttrDict(st)
}

func printCondBr(p ir.OpPrinter, op *ir.Operation) {
	p.WriteString(" ")
	p.PrintOperand(op.Operand(0))
	if w, ok := op.Attr("branch_weights").(*ir.DenseArrayAttr); ok {
		p.WriteString(" weights([" + joinInts(w.Ints) + "])")
	}
	t, f := CondBrOperands(op)
	p.WriteString(", ")
	p.PrintSuccessorAndUseList(op.Successor(0), t)
	p.WriteString(", ")
	p.PrintSuccessorAndUseList(op.Successor(1), f)
	p.PrintOptionalAttrDict(op.Attrs(), "operandSegmentSizes", "branch_weights")
}

func verifyCondBr(op *ir.Operation) error {
	if op.NumSuccessors() != 2 {
		return ir.OpErrorf(op, "requires 2 successors but found %d", op.NumSuccessors())
	}
	if op.NumOperands() < 1 || !ir.IsInteger(op.Operand(0).Type(), 1) {
		return ir.OpErrorf(op, "operand #0 must be 1-bit signless integer")
	}
	if w, ok := op.Attr("branch_weights").(*ir.DenseArrayAttr); ok && len(w.Ints) != 2 {
		return ir.OpErrorf(op, "expects number of region weights to match number of successors: %d vs 2", len(w.Ints))
	}
	n, m := condBrSegments(op)
	if err := verifySuccessorOperands(op, 0, 1, 1+n); err != nil {
		return err
	}
	return verifySuccessorOperands(op, 1, 1+n, 1+n+m)
}

// verifyReturn checks that a return in an llvm.func matches the
// function's result type.
func verifyReturn(op *ir.Operation) error {
	fn := op.ParentOp()
	if fn == nil || fn.Name() != FuncOp.Name {
		return nil
	}
	ft := FuncTypeOf(fn)
	if ft == nil {
		return nil
	}
	want := ft.Results()
	if len(want) == 0 {
		if op.NumOperands() != 0 {
			return ir.OpErrorf(op, "expected no operands")
		}
		return nil
	}
	if op.NumOperands() != 1 {
		return ir.OpErrorf(op, "expected 1 operand")
	}
	if op.Operand(0).Type() != want[0] {
		return ir.OpErrorf(op, "mismatching result types")
	}
	return nil
}
