package ir

import "slices"

// Editing the operands a branch forwards to its successors' arguments
// (MLIR's mutable successor operands). A branch's forwarded operands follow
// its own operands (a condition, a switch's flag), successor by successor;
// OpDef.ResizeSuccessorOperands records a change of their count wherever
// the op keeps counts (operandSegmentSizes, a switch's
// case_operand_segments). Branches without it are not edited.

// CanEditSuccessorOperands reports whether op's forwarded operands can be
// added to and erased.
func CanEditSuccessorOperands(op *Operation) bool {
	return op != nil && op.Def().SuccessorOperands != nil && op.Def().ResizeSuccessorOperands != nil
}

// AppendSuccessorOperands adds vals after the operands op forwards to its
// successor i (CanEditSuccessorOperands holds).
func AppendSuccessorOperands(op *Operation, i int, vals ...Value) {
	if len(vals) == 0 {
		return
	}
	op.InsertOperands(successorOperandsEnd(op, i), vals...)
	op.Def().ResizeSuccessorOperands(op, i, len(vals))
}

// EraseSuccessorOperand drops the j-th operand op forwards to its
// successor i (CanEditSuccessorOperands holds).
func EraseSuccessorOperand(op *Operation, i, j int) {
	op.EraseOperands(op.Def().SuccessorOperands(op, i)[j], 1)
	op.Def().ResizeSuccessorOperands(op, i, -1)
}

// EraseSuccessorOperands drops the operands op forwards to its successor
// i at positions js (distinct, each below the successor's operand count;
// CanEditSuccessorOperands holds) in one edit of the operand list. Erasing
// them one by one relinks every operand each time: a lowered loop's
// branch forwards hundreds of values, and region DCE drops most of them.
func EraseSuccessorOperands(op *Operation, i int, js []int) {
	if len(js) == 0 {
		return
	}
	idx := op.Def().SuccessorOperands(op, i)
	at := make([]int, len(js)) // the operand indices to drop, ascending
	for n, j := range js {
		at[n] = idx[j]
	}
	slices.Sort(at)
	cur := op.Operands()
	kept := make([]Value, 0, len(cur)-len(at))
	for k, v := range cur {
		if len(at) > 0 && at[0] == k {
			at = at[1:]
			continue
		}
		kept = append(kept, v)
	}
	op.SetOperands(kept)
	op.Def().ResizeSuccessorOperands(op, i, -len(js))
}

// successorOperandsEnd is the index after the operands op forwards to
// successor i: the end of the nearest successor at or before i that
// forwards any, else the end of the op's own operands.
func successorOperandsEnd(op *Operation, i int) int {
	for k := i; k >= 0; k-- {
		if idx := op.Def().SuccessorOperands(op, k); len(idx) > 0 {
			return idx[len(idx)-1] + 1
		}
	}
	forwarded := 0
	for k := 0; k < op.NumSuccessors(); k++ {
		forwarded += len(op.Def().SuccessorOperands(op, k))
	}
	return op.NumOperands() - forwarded
}

// ResizeOperandSegment adds delta to entry k of op's operandSegmentSizes
// (for OpDef.ResizeSuccessorOperands hooks).
func ResizeOperandSegment(op *Operation, k, delta int) {
	resizeArrayEntry(op, "operandSegmentSizes", k, delta)
}

// ResizeSwitchSuccessorOperands is the OpDef.ResizeSuccessorOperands of
// MLIR's switch ops (cf.switch, llvm.switch): operandSegmentSizes is [flag,
// default operands, all case operands] and case_operand_segments counts
// each case's.
func ResizeSwitchSuccessorOperands(op *Operation, i, delta int) {
	if i == 0 {
		ResizeOperandSegment(op, 1, delta)
		return
	}
	ResizeOperandSegment(op, 2, delta)
	resizeArrayEntry(op, "case_operand_segments", i-1, delta)
}

// resizeArrayEntry adds delta to entry k of op's dense array attribute name.
func resizeArrayEntry(op *Operation, name string, k, delta int) {
	a, ok := op.Attr(name).(*DenseArrayAttr)
	if !ok || k >= len(a.Ints) {
		return
	}
	vals := append([]int64(nil), a.Ints...)
	vals[k] += int64(delta)
	op.SetAttr(name, DenseIntArray(op.Context(), a.Elem, vals))
}
