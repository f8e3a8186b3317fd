package ttgtogpu

import (
	"github.com/ttcompiler/tt/conversion"
	"github.com/ttcompiler/tt/dialects/cf"
	"github.com/ttcompiler/tt/dialects/llvm"
	"github.com/ttcompiler/tt/ir"
)

// Branches keep their successors (whose block arguments the function
// conversion already expanded 1:N) and pass the registers of each operand.

func (l *lowering) flatten(rw *conversion.Rewriter, vals []ir.Value) []ir.Value {
	var out []ir.Value
	for _, v := range vals {
		out = append(out, rw.RemappedN(v)...)
	}
	return out
}

func (l *lowering) lowerBr(op *ir.Operation, e *emitter, rw *conversion.Rewriter) error {
	br := cf.BranchOp{Operation: op}
	st := ir.NewState(l.ctx, "llvm.br", op.Loc())
	st.Operands = l.flatten(rw, br.DestOperands())
	st.Successors = []*ir.Block{br.Dest()}
	loopAnnotation(op, st)
	e.b.Create(st)
	rw.EraseOp(op)
	return nil
}

func (l *lowering) lowerCondBr(op *ir.Operation, e *emitter, rw *conversion.Rewriter) error {
	c := cf.CondBranchOp{Operation: op}
	cond := rw.Remapped(c.Condition())
	t := l.flatten(rw, c.TrueOperands())
	f := l.flatten(rw, c.FalseOperands())
	st := ir.NewState(l.ctx, "llvm.cond_br", op.Loc())
	st.Operands = append(append([]ir.Value{cond}, t...), f...)
	st.Successors = []*ir.Block{c.TrueDest(), c.FalseDest()}
	st.AddAttr("operandSegmentSizes", ir.DenseI32Array(l.ctx, []int64{1, int64(len(t)), int64(len(f))}))
	loopAnnotation(op, st)
	e.b.Create(st)
	rw.EraseOp(op)
	return nil
}

// loopAnnotation moves the loop metadata that scf-to-cf put on a loop's
// back edge (the discardable llvm.loop_annotation) into the LLVM branch's
// loop_annotation, which the LLVM IR printer emits as !llvm.loop (what
// Triton's fixUpLoopAnnotation does after the cf-to-llvm patterns).
func loopAnnotation(op *ir.Operation, st *ir.OperationState) {
	if a, ok := op.Attr(llvm.LoopAnnotationAttrName).(*llvm.LoopAttr); ok && a.Kind == "loop_annotation" {
		st.AddAttr("loop_annotation", a)
	}
}

// lowerCFAssert turns cf.assert into a device assertion.
func (l *lowering) lowerCFAssert(op *ir.Operation, e *emitter, rw *conversion.Rewriter) error {
	msg := ""
	if s, ok := op.Attr("msg").(*ir.StringAttr); ok {
		msg = s.Value
	}
	file, fn, line := sourceOf(op)
	newGPU(e).assert(rw.Remapped(op.Operand(0)), msg, file, fn, line)
	rw.EraseOp(op)
	return nil
}

// sourceOf returns the file, function and line of op's location, as
// device assertions report them.
func sourceOf(op *ir.Operation) (file, fn string, line int) {
	if fl := ir.FindFileLineCol(op.Loc()); fl != nil {
		file, line = fl.File, fl.Line
	}
	if f := op.ParentOfName("llvm.func"); f != nil {
		fn = ir.SymbolName(f)
	}
	return file, fn, line
}
