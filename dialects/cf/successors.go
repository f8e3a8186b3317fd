package cf

import "github.com/ttcompiler/tt/ir"

// The BranchOpInterface hooks: which operands each successor receives.
func init() {
	BranchOpDef.SuccessorOperands = func(op *ir.Operation, i int) []int {
		return span(0, op.NumOperands())
	}
	CondBranchOpDef.SuccessorOperands = func(op *ir.Operation, i int) []int {
		n, m := segments(op)
		if i == 0 {
			return span(1, 1+n)
		}
		return span(1+n, 1+n+m)
	}
	BranchOpDef.ResizeSuccessorOperands = func(*ir.Operation, int, int) {} // all its operands
	CondBranchOpDef.ResizeSuccessorOperands = func(op *ir.Operation, i, delta int) { ir.ResizeOperandSegment(op, i+1, delta) }
	SwitchOpDef.ResizeSuccessorOperands = ir.ResizeSwitchSuccessorOperands
	SwitchOpDef.SuccessorOperands = func(op *ir.Operation, i int) []int {
		seg, _ := op.Attr("operandSegmentSizes").(*ir.DenseArrayAttr)
		cs, _ := op.Attr("case_operand_segments").(*ir.DenseArrayAttr)
		if seg == nil || len(seg.Ints) != 3 {
			return nil
		}
		start, n := 1, int(seg.Ints[1])
		if i > 0 {
			if cs == nil || i-1 >= len(cs.Ints) {
				return nil
			}
			start += n
			for j := 0; j < i-1; j++ {
				start += int(cs.Ints[j])
			}
			n = int(cs.Ints[i-1])
		}
		return span(start, start+n)
	}
}

// span is the operand indices lo to hi-1, shared (ir.IndexSpan).
func span(lo, hi int) []int { return ir.IndexSpan(lo, hi) }

// cf.cond_br and cf.switch are ir.BranchLike: with a constant condition
// or flag they take one known successor.

func init() {
	ir.Attach(CondBranchOpDef, func(op *ir.Operation) ir.BranchLike { return CondBranchOp{op} })
	ir.Attach(SwitchOpDef, func(op *ir.Operation) ir.BranchLike { return SwitchOp{op} })
}

// SuccessorForOperands returns the destination a constant condition
// selects.
func (c CondBranchOp) SuccessorForOperands(operands []ir.Attribute) *ir.Block {
	if len(operands) == 0 || c.NumSuccessors() != 2 {
		return nil
	}
	cond, ok := operands[0].(*ir.IntegerAttr)
	if !ok {
		return nil
	}
	if cond.Bool() {
		return c.TrueDest()
	}
	return c.FalseDest()
}

// SuccessorForOperands returns the destination of the case a constant
// flag matches, or the default one.
func (s SwitchOp) SuccessorForOperands(operands []ir.Attribute) *ir.Block {
	if len(operands) == 0 {
		return nil
	}
	flag, ok := operands[0].(*ir.IntegerAttr)
	if !ok {
		return nil
	}
	for i, v := range s.CaseValues() {
		if v == flag.Int() && i+1 < s.NumSuccessors() {
			return s.Successor(i + 1)
		}
	}
	return s.Successor(0)
}
