package pipeliner

import (
	"sort"

	"github.com/ttcompiler/tt/ir"
)

// Making a set of values available before an op by hoisting the cheap ops
// computing them (Triton's getDominatingValueSetOpsToHoist and
// hoistOpsBefore).

// opsToHoistFor collects the ops that must move before ref so that every
// value of vals is available there; it fails (adding nothing to toHoist)
// when one of them cannot move (canHoist) or depends on a block argument
// canUseArg rejects.
func opsToHoistFor(dom *ir.DominanceInfo, ref *ir.Operation, vals []ir.Value, toHoist *opSet,
	canHoist func(*ir.Operation) bool, canUseArg func(*ir.BlockArgument) bool) bool {
	var visited opSet
	queue := append([]ir.Value(nil), vals...)
	for len(queue) > 0 {
		v := queue[0]
		queue = queue[1:]
		if dom.ValueDominates(v, ref) && v.DefiningOp() != ref {
			continue
		}
		if arg, ok := v.(*ir.BlockArgument); ok {
			if !canUseArg(arg) {
				return false
			}
			continue
		}
		op := v.DefiningOp()
		if visited.contains(op) {
			continue
		}
		if !canHoist(op) {
			return false
		}
		visited.insert(op)
		queue = append(queue, op.Operands()...)
	}
	for _, op := range visited.list {
		toHoist.insert(op)
	}
	return true
}

// topologicalOrder sorts ops by their position in a walk of their
// function, which puts every def before its uses.
func topologicalOrder(ops []*ir.Operation) []*ir.Operation {
	if len(ops) == 0 {
		return nil
	}
	root := ops[0]
	for root.ParentOp() != nil && !root.Has(ir.IsolatedFromAbove) {
		root = root.ParentOp()
	}
	pos := map[*ir.Operation]int{}
	n := 0
	ir.WalkOps(root, func(op *ir.Operation) { pos[op] = n; n++ })
	out := append([]*ir.Operation(nil), ops...)
	sort.SliceStable(out, func(i, j int) bool { return pos[out[i]] < pos[out[j]] })
	return out
}

// hoistOpsBefore moves ops, in topological order, right before ref.
func hoistOpsBefore(ref *ir.Operation, ops []*ir.Operation) {
	for _, op := range topologicalOrder(ops) {
		op.MoveBefore(ref)
	}
}
