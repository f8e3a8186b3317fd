package membar

import (
	"github.com/ttcompiler/tt/ir"
)

// vblock is a virtual block: the ops of block after `after` (all of them
// when after is nil) up to the first terminator or region op.
type vblock struct {
	block *ir.Block
	after *ir.Operation
}

// vblockStates numbers the virtual blocks a run reaches and holds what it
// knows about each: the run's queue and successor lists hold numbers, so
// a visit looks nothing up.
type vblockStates struct {
	list []vblockState
	// byStart and byAfter number the virtual blocks that start a block
	// and those that follow an op (whose block is the op's).
	byStart map[*ir.Block]int32
	byAfter map[*ir.Operation]int32
}

type vblockState struct {
	vb vblock
	// in is what the predecessors left pending (joined), out what the
	// last visit left (nil before the first).
	in, out *blockInfo
	// succs numbers where control goes from the op that ends the virtual
	// block, set on the first visit that reached it (ended): barriers
	// and fences inserted later are neither terminators nor region ops,
	// so they change no virtual block's end.
	succs []int32
	ended bool
}

func newVblockStates() *vblockStates {
	return &vblockStates{byStart: map[*ir.Block]int32{}, byAfter: map[*ir.Operation]int32{}}
}

// number returns vb's number, giving it the next one if it has none.
func (v *vblockStates) number(vb vblock) int32 {
	k := int32(len(v.list))
	if vb.after == nil {
		if n, ok := v.byStart[vb.block]; ok {
			return n
		}
		v.byStart[vb.block] = k
	} else {
		if n, ok := v.byAfter[vb.after]; ok {
			return n
		}
		v.byAfter[vb.after] = k
	}
	v.list = append(v.list, vblockState{vb: vb})
	return k
}

// setSuccessors numbers the successors of term, the op that ends virtual
// block k, into k's state.
func (v *vblockStates) setSuccessors(k int32, term *ir.Operation) error {
	s, err := successors(term)
	if err != nil {
		return err
	}
	succs := make([]int32, len(s))
	for i, vb := range s {
		succs[i] = v.number(vb)
	}
	v.list[k].succs, v.list[k].ended = succs, true
	return nil
}

// isRegionBranch reports whether op transfers control into its regions
// and back in ways the analysis follows (MLIR's RegionBranchOpInterface
// ops of the dialects Triton uses).
func isRegionBranch(op *ir.Operation) bool {
	switch op.Name() {
	case "scf.for", "scf.if", "scf.while", "scf.execute_region", "scf.index_switch", "ttg.warp_specialize":
		return true
	}
	return false
}

func entryOf(op *ir.Operation, i int) (vblock, bool) {
	if i >= op.NumRegions() || op.Region(i).Empty() {
		return vblock{}, false
	}
	return vblock{block: op.Region(i).Front()}, true
}

// after returns the virtual block that continues after op.
func after(op *ir.Operation) vblock { return vblock{block: op.Block(), after: op} }

// parentSuccessors returns where a region op goes when it starts, in the
// order MLIR's getSuccessorRegions lists them (no operand is known).
func parentSuccessors(op *ir.Operation) []vblock {
	var out []vblock
	region := func(i int) {
		if v, ok := entryOf(op, i); ok {
			out = append(out, v)
		}
	}
	switch op.Name() {
	case "scf.for":
		region(0)
		out = append(out, after(op))
	case "scf.if":
		region(0)
		if v, ok := entryOf(op, 1); ok {
			out = append(out, v)
		} else {
			out = append(out, after(op))
		}
	case "scf.while", "scf.execute_region", "ttg.warp_specialize":
		region(0)
	case "scf.index_switch":
		for i := range op.Regions() {
			region(i)
		}
	}
	return out
}

// terminatorSuccessors returns where the terminator term of a region of
// the region op parent goes.
func terminatorSuccessors(parent, term *ir.Operation) []vblock {
	var out []vblock
	region := func(i int) {
		if v, ok := entryOf(parent, i); ok {
			out = append(out, v)
		}
	}
	switch parent.Name() {
	case "scf.for":
		region(0)
		out = append(out, after(parent))
	case "scf.while":
		if term.Name() == "scf.condition" {
			region(1)
			out = append(out, after(parent))
		} else {
			region(0)
		}
	default:
		out = append(out, after(parent))
	}
	return out
}

// successors returns the virtual blocks control reaches from term, the op
// that ends a virtual block, or an error for a terminator the analysis
// does not know.
func successors(term *ir.Operation) ([]vblock, error) {
	if term.Def().SuccessorOperands != nil || term.NumSuccessors() > 0 {
		var out []vblock
		for _, s := range term.Successors() {
			out = append(out, vblock{block: s})
		}
		return out, nil
	}
	if isRegionBranch(term) {
		return parentSuccessors(term), nil
	}
	if parent := term.ParentOp(); parent != nil && isRegionBranch(parent) && term.Has(ir.Terminator) {
		switch term.Name() {
		case "scf.yield", "scf.condition", "ttg.warp_yield":
			return terminatorSuccessors(parent, term), nil
		}
	}
	if term.Has(ir.ReturnLike) || term.Name() == "ttg.warp_specialize.partitions" {
		return nil, nil
	}
	return nil, ir.OpErrorf(term, "unknown terminator in the barrier analysis")
}
