package transforms

import "github.com/ttcompiler/tt/ir"

// The dataflow passes (sccp, liveness, remove-dead-values) follow control
// through region ops by their ir.RegionBranch interface and through
// branches by ir.BranchLike; these helpers ask them.

// isRegionBranch reports whether op's region control flow is modelled.
func isRegionBranch(op *ir.Operation) bool { return ir.Is[ir.RegionBranch](op) }

// entrySuccessors returns where control goes when op starts, given the
// constant values of its operands (nil where unknown), and the operands
// it forwards.
func entrySuccessors(op *ir.Operation, operands []ir.Attribute) ([]ir.RegionSuccessor, []ir.Value) {
	rb, ok := ir.As[ir.RegionBranch](op)
	if !ok {
		return nil, nil
	}
	return rb.EntrySuccessors(operands)
}

// terminatorSuccessors returns where control goes from the terminator of
// region `region` of op, and the operands it forwards.
func terminatorSuccessors(op *ir.Operation, region int, term *ir.Operation, operands []ir.Attribute) ([]ir.RegionSuccessor, []ir.Value) {
	rb, ok := ir.As[ir.RegionBranch](op)
	if !ok {
		return nil, nil
	}
	return rb.TerminatorSuccessors(region, term, operands)
}

// successorForOperands returns the only successor a branch can take given
// its constant operands, or nil when any may be taken.
func successorForOperands(br *ir.Operation, operands []ir.Attribute) *ir.Block {
	if b, ok := ir.As[ir.BranchLike](br); ok {
		return b.SuccessorForOperands(operands)
	}
	return nil
}

// regionArgs returns the entry block arguments of region i of op.
func regionArgs(op *ir.Operation, i int) []ir.Value {
	if i >= op.NumRegions() || op.Region(i).Empty() {
		return nil
	}
	return op.Region(i).Front().Arguments()
}
