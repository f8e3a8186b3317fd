package ir

// RegionBranch is implemented by ops whose regions take control in
// structured ways (MLIR's RegionBranchOpInterface): scf.if, scf.for,
// scf.while, scf.execute_region, scf.index_switch. Dataflow analyses
// (sccp, liveness, dead-value removal) follow values along the edges it
// describes.
//
// Both methods take the constant values of the operands they look at (nil
// where not constant: all nil means nothing is known) and return every
// successor control may reach, and the values the op or terminator
// forwards, in order, to each successor's Inputs.
type RegionBranch interface {
	// EntrySuccessors is where control goes when the op starts; operands
	// are the op's.
	EntrySuccessors(operands []Attribute) ([]RegionSuccessor, []Value)
	// TerminatorSuccessors is where control goes from term, the
	// terminator of region `region`; operands are term's.
	TerminatorSuccessors(region int, term *Operation, operands []Attribute) ([]RegionSuccessor, []Value)
}

// RegionSuccessor is a place control reaches: the entry block of region
// Region of the branching op, or its results (Region == ParentResults).
// Inputs are the values the forwarded values flow into: the entry block's
// arguments (after any that are not forwarded, such as scf.for's
// induction variable) or the op's results.
type RegionSuccessor struct {
	Region int
	Inputs []Value
}

// ParentResults is the Region of a RegionSuccessor that leaves the op.
const ParentResults = -1

// BranchLike is implemented by branches to successor blocks that can tell
// which successor they take when their operands are known (MLIR's
// BranchOpInterface::getSuccessorForOperands): cf.cond_br, cf.switch. The
// operands they forward are OpDef.SuccessorOperands.
type BranchLike interface {
	// SuccessorForOperands returns the only successor the branch can take
	// given the constant values of its operands (nil where not constant),
	// or nil when it cannot tell.
	SuccessorForOperands(operands []Attribute) *Block
}
