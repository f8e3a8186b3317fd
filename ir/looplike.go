package ir

// LoopLike is implemented by loops with loop-carried values (MLIR's
// LoopLikeOpInterface): scf.for and scf.while. The values travel
//
//	Inits -> RegionIterArgs -> ... -> YieldedValues -> RegionIterArgs ...
//
// and leave the loop as LoopResults.
type LoopLike interface {
	// LoopRegions are the regions executed on each iteration.
	LoopRegions() []*Region
	// Inits are the operands that initialize the loop-carried values.
	Inits() []Value
	// RegionIterArgs are the block arguments that carry them into an
	// iteration.
	RegionIterArgs() []Value
	// YieldedValues are the values passed to the next iteration.
	YieldedValues() []Value
	// LoopResults are the values the loop produces.
	LoopResults() []Value
}

// IsDefinedOutside reports whether v is defined outside op: neither by an
// op nested in op nor by a block argument of one of op's regions (MLIR's
// isDefinedOutsideOfLoop, for any op with regions). Values of detached
// blocks count as outside.
func IsDefinedOutside(op *Operation, v Value) bool {
	b := v.ParentBlock()
	if b == nil {
		return true
	}
	return !op.IsAncestorOf(b.ParentOp())
}
