package transforms

import "github.com/ttcompiler/tt/ir"

// cleanRegionBranch is MLIR's cleanRegionBranchOp: erase the op when it
// has no memory effects and no live result; otherwise keep the live
// results and region arguments, everything that flows into a kept value,
// and the operands that steer control, and drop the rest.
func (r *deadValueRemover) cleanRegionBranch(op *ir.Operation) {
	l := r.l
	if ir.IsMemoryEffectFree(op) && !l.anyLive(op.Results()) {
		dropUses(op.Results())
		op.Erase()
		return
	}
	unknown := func(n int) []ir.Attribute { return make([]ir.Attribute, n) }

	// Where values go: from the parent and from each region terminator.
	type edgeSet struct {
		from  *ir.Operation // nil for the parent
		succs []ir.RegionSuccessor
		fwd   []ir.Value
	}
	var edges []edgeSet
	succs, fwd := entrySuccessors(op, unknown(op.NumOperands()))
	edges = append(edges, edgeSet{nil, succs, fwd})
	forTerminators(op, func(region int, term *ir.Operation) {
		s, f := terminatorSuccessors(op, region, term, unknown(term.NumOperands()))
		edges = append(edges, edgeSet{term, s, f})
	})

	keepResult := make([]bool, op.NumResults())
	for i, v := range op.Results() {
		keepResult[i] = !l.dead(v)
	}
	keepArg := map[*ir.Region][]bool{}
	for _, reg := range op.Regions() {
		if reg.Empty() {
			continue
		}
		args := reg.Front().Arguments()
		ks := make([]bool, len(args))
		for i, a := range args {
			ks[i] = !l.dead(a)
		}
		keepArg[reg] = ks
	}
	// Arguments that are not successor inputs (the induction variable)
	// are never removed.
	for _, e := range edges {
		for _, s := range e.succs {
			if s.Region >= 0 {
				ks := keepArg[op.Region(s.Region)]
				for i := 0; i < len(ks)-len(s.Inputs); i++ {
					ks[i] = true
				}
			}
		}
	}
	// Operands (of the op or of a terminator) that steer control stay.
	keepOperand := map[*ir.Operation][]bool{}
	for _, e := range edges {
		owner := e.from
		if owner == nil {
			owner = op
		}
		ks := make([]bool, owner.NumOperands())
		for i := 0; i < owner.NumOperands()-len(e.fwd); i++ {
			ks[i] = true
		}
		keepOperand[owner] = ks
	}
	inputKept := func(s ir.RegionSuccessor, j int) *bool {
		if s.Region < 0 {
			return &keepResult[j]
		}
		ks := keepArg[op.Region(s.Region)]
		return &ks[len(ks)-len(s.Inputs)+j]
	}
	for changed := true; changed; {
		changed = false
		for _, e := range edges {
			owner := e.from
			if owner == nil {
				owner = op
			}
			base := owner.NumOperands() - len(e.fwd)
			for _, s := range e.succs {
				for j := range s.Inputs {
					if j >= len(e.fwd) {
						break
					}
					in := inputKept(s, j)
					k := &keepOperand[owner][base+j]
					if *in && !*k {
						*k, changed = true, true
					}
					if *k && !*in {
						*in, changed = true, true
					}
				}
			}
		}
	}

	eraseOperandsWhere(op, func(i int) bool { return !keepOperand[op][i] })
	for _, reg := range op.Regions() {
		ks := keepArg[reg]
		for i := len(ks) - 1; i >= 0; i-- {
			if !ks[i] {
				a := reg.Front().Argument(i)
				dropUses([]ir.Value{a})
				reg.Front().EraseArgument(i)
			}
		}
	}
	for _, e := range edges {
		if e.from != nil {
			ks := keepOperand[e.from]
			eraseOperandsWhere(e.from, func(i int) bool { return !ks[i] })
		}
	}
	drop := make([]bool, len(keepResult))
	for i, k := range keepResult {
		drop[i] = !k
	}
	eraseResults(op, drop)
}
