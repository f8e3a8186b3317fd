package llvm

import (
	"fmt"

	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

// SwitchOp is MLIR's `llvm.switch`:
//
//	llvm.switch %v : i8, ^default [
//	  0: ^bb1,
//	  1: ^bb2(%x : i32)
//	]
//
// Operands: the value, the default destination's operands, then each
// case's (case_operand_segments gives their counts; operandSegmentSizes
// is [1, default, all cases]). case_values is a dense vector of the value's
// type. tt's lowering does not emit it (the emitters take compare chains);
// it is here so Triton's LLVM-dialect IR parses and prints.
var SwitchOp = custom("switch", ir.Pure|ir.Terminator|ir.AttrSizedOperandSegments,
	[]string{"case_operand_segments", "case_values", "branch_weights", "operandSegmentSizes"}, parseSwitch, printSwitch, verifySwitch)

func init() {
	SwitchOp.SuccessorOperands = switchSuccessorOperands
	SwitchOp.ResizeSuccessorOperands = ir.ResizeSwitchSuccessorOperands
}

func switchSuccessorOperands(op *ir.Operation, i int) []int {
	{
		nDef, cases := switchSegments(op)
		if i == 0 {
			return span(1, 1+nDef)
		}
		at := 1 + nDef
		for k := 0; k < i-1 && k < len(cases); k++ {
			at += cases[k]
		}
		if i-1 < len(cases) {
			return span(at, at+cases[i-1])
		}
		return nil
	}
}

// switchSegments returns the default destination's operand count and
// each case's.
func switchSegments(op *ir.Operation) (int, []int) {
	var cases []int
	if a, ok := op.Attr("case_operand_segments").(*ir.DenseArrayAttr); ok {
		for _, n := range a.Ints {
			cases = append(cases, int(n))
		}
	}
	nDef := 0
	if a, ok := op.Attr("operandSegmentSizes").(*ir.DenseArrayAttr); ok && len(a.Ints) == 3 {
		nDef = int(a.Ints[1])
	}
	return nDef, cases
}

// NewSwitch builds `llvm.switch v : T, def [cases[i]: dests[i]]` with no
// successor operands.
func NewSwitch(b *ir.Builder, loc ir.Location, v ir.Value, def *ir.Block, cases []int64, dests []*ir.Block) *ir.Operation {
	st := state(b, SwitchOp, loc, []ir.Value{v}, nil)
	st.Successors = append([]*ir.Block{def}, dests...)
	segs := make([]int64, len(cases))
	st.AddAttr("case_operand_segments", ir.DenseI32Array(b.Ctx, segs))
	if len(cases) > 0 {
		st.AddAttr("case_values", ir.DenseIntElements(b.Ctx, ir.Vector(b.Ctx, []int64{int64(len(cases))}, v.Type()), cases))
	}
	st.AddAttr("operandSegmentSizes", ir.DenseI32Array(b.Ctx, []int64{1, 0, 0}))
	return create(b, st)
}

func parseSwitch(p ir.OpParser, st *ir.OperationState) error {
	ctx := p.Context()
	v, err := p.ParseOperand()
	if err != nil {
		return err
	}
	if err := p.ParseColon(); err != nil {
		return err
	}
	t, err := p.ParseType()
	if err != nil {
		return err
	}
	vals, err := p.ResolveOperands([]ir.UnresolvedOperand{v}, []ir.Type{t})
	if err != nil {
		return err
	}
	if err := p.ParseComma(); err != nil {
		return err
	}
	def, defArgs, err := p.ParseSuccessorAndUseList()
	if err != nil {
		return err
	}
	st.Operands = append(vals, defArgs...)
	st.Successors = []*ir.Block{def}
	var cases []int64
	var segs []int64
	nCase := 0
	if err := p.ParseLSquare(); err != nil {
		return err
	}
	if ok := p.ParseOptionalRSquare(); !ok {
		for {
			n, err := p.ParseInteger()
			if err != nil {
				return err
			}
			if err := p.ParseColon(); err != nil {
				return err
			}
			dest, args, err := p.ParseSuccessorAndUseList()
			if err != nil {
				return err
			}
			cases = append(cases, n)
			segs = append(segs, int64(len(args)))
			nCase += len(args)
			st.Operands = append(st.Operands, args...)
			st.Successors = append(st.Successors, dest)
			if !p.ParseOptionalComma() {
				break
			}
		}
		if err := p.ParseRSquare(); err != nil {
			return err
		}
	}
	st.AddAttr("case_operand_segments", ir.DenseI32Array(ctx, segs))
	if len(cases) > 0 {
		st.AddAttr("case_values", ir.DenseIntElements(ctx, ir.Vector(ctx, []int64{int64(len(cases))}, t), cases))
	}
	st.AddAttr("operandSegmentSizes", ir.DenseI32Array(ctx, []int64{1, int64(len(defArgs)), int64(nCase)}))
	return p.ParseOptionalAttrDict(st)
}

func printSwitch(p ir.OpPrinter, op *ir.Operation) {
	p.WriteString(" ")
	p.PrintOperand(op.Operand(0))
	p.WriteString(" : " + asm.TypeString(op.Operand(0).Type()) + ", ")
	ops := func(i int) []ir.Value {
		var out []ir.Value
		for _, k := range switchSuccessorOperands(op, i) {
			out = append(out, op.Operand(k))
		}
		return out
	}
	p.PrintSuccessorAndUseList(op.Successor(0), ops(0))
	p.WriteString(" [")
	vals, _ := op.Attr("case_values").(*ir.DenseElementsAttr)
	p.IncreaseIndent()
	for i := 1; i < op.NumSuccessors(); i++ {
		if i > 1 {
			p.WriteString(",")
		}
		p.PrintNewline()
		if vals != nil {
			p.WriteString(fmt.Sprintf("%d: ", vals.IntAt(i-1)))
		}
		p.PrintSuccessorAndUseList(op.Successor(i), ops(i))
	}
	p.DecreaseIndent()
	p.PrintNewline()
	p.WriteString("]")
	p.PrintOptionalAttrDict(op.Attrs(), "case_operand_segments", "case_values", "operandSegmentSizes")
}

func verifySwitch(op *ir.Operation) error {
	_, cases := switchSegments(op)
	if len(cases) != op.NumSuccessors()-1 {
		return ir.OpErrorf(op, "expects number of caseDestinations to match number of caseOperands")
	}
	if vals, ok := op.Attr("case_values").(*ir.DenseElementsAttr); ok && vals.Len() != len(cases) {
		return ir.OpErrorf(op, "expects number of case values to match number of case destinations")
	}
	if seg, ok := op.Attr("operandSegmentSizes").(*ir.DenseArrayAttr); ok && len(seg.Ints) == 3 {
		if err := ir.VerifyValueSizeAttr(op, "case_operand_segments", "caseOperands", int(seg.Ints[2])); err != nil {
			return err
		}
	}
	for i := 0; i < op.NumSuccessors(); i++ {
		ks := switchSuccessorOperands(op, i) // a span of operand indices
		lo, hi := 0, 0
		if len(ks) > 0 {
			lo, hi = ks[0], ks[len(ks)-1]+1
		}
		if hi > op.NumOperands() {
			return ir.OpErrorf(op, "successor operand segments exceed the operands")
		}
		if err := verifySuccessorOperands(op, i, lo, hi); err != nil {
			return err
		}
	}
	return nil
}
