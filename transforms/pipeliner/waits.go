package pipeliner

import (
	"math"

	"github.com/ttcompiler/tt/dialects/scf"
	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/ir"
)

// The number of cp.async groups each ttg.async_wait may leave in flight
// (Triton's updateWaits): a wait for the copies of a commit group can let
// through every group committed after it, counted on every path from the
// group to the wait (through loop iterations too); consecutive waits are
// then merged.

// isRegionBranchOp reports whether op transfers control into regions.
func isRegionBranchOp(op *ir.Operation) bool {
	switch op.Name() {
	case "scf.for", "scf.while", "scf.if", "scf.execute_region", "scf.index_switch":
		return true
	}
	return false
}

// commitsBetween counts the commit groups from op1 up to (not including)
// op2 in op1's block, not looking into nested regions.
func commitsBetween(op1, op2 *ir.Operation) int {
	n := 0
	for op := op1; op != nil && op != op2; op = op.Next() {
		if op.Name() == "ttg.async_commit_group" {
			n++
		}
	}
	return n
}

// minInterleavedCommits is the fewest commit groups between the wait's
// token and the wait along all paths (0 when it cannot tell).
func minInterleavedCommits(wait *ir.Operation) int {
	if wait.NumOperands() != 1 {
		return 0
	}
	best := math.MaxInt
	var history func(v ir.Value, sink *ir.Operation, sum int) int
	history = func(v ir.Value, sink *ir.Operation, sum int) int {
		if def := v.DefiningOp(); def != nil {
			sum += commitsBetween(def.Next(), sink)
			best = min(best, sum)
			return best
		}
		arg, ok := v.(*ir.BlockArgument)
		if !ok {
			return 0
		}
		loop := blockOwner(arg.Owner())
		if loop == nil || loop.Name() != "scf.for" || arg.Index() == 0 {
			return 0
		}
		sum += commitsBetween(body(loop).First(), sink)
		if sum >= best {
			return best
		}
		m1 := history(scf.ForOp{Operation: loop}.Inits()[arg.Index()-1], loop, sum)
		y := yieldOp(loop)
		m2 := history(y.Operand(arg.Index()-1), y, sum)
		return min(m1, m2, best)
	}
	v := wait.Operand(0)
	sink := wait
	for sink != nil && sink.ParentRegion() != regionOf(v) {
		sink = sink.ParentOp()
	}
	if sink == nil {
		return 0
	}
	return history(v, sink, 0)
}

// updateWaits sets the count of every async wait of module and merges
// consecutive waits.
func updateWaits(module *ir.Operation) {
	var waits []*ir.Operation
	ir.Walk(module, ir.PostOrder, func(op *ir.Operation) ir.WalkResult {
		if op.Name() == "ttg.async_wait" {
			setI32(op, "num", minInterleavedCommits(op))
			waits = append(waits, op)
		}
		return ir.Advance
	})
	combineRedundantWaits(waits)
}

// combineRedundantWaits replaces each run of waits with no commit group
// or control flow in between by one wait on all their tokens, for the
// smallest count.
func combineRedundantWaits(waits []*ir.Operation) {
	replaced := map[*ir.Operation]*ir.Operation{}
	var order []*ir.Operation
	for _, w := range waits {
		if _, ok := replaced[w]; ok {
			continue
		}
		group := []*ir.Operation{w}
		tokens := w.Operands()
		num, _ := intAttr(w, "num")
		for next := w.Next(); next != nil && next.Name() != "ttg.async_commit_group" && !isRegionBranchOp(next); next = next.Next() {
			if next.Name() == "ttg.async_wait" {
				group = append(group, next)
				n, _ := intAttr(next, "num")
				num = min(num, n)
				tokens = append(tokens, next.Operands()...)
			}
		}
		if len(group) == 1 {
			continue
		}
		b := ir.NewBuilder(w.Context())
		b.SetInsertionPoint(group[0])
		nw := ttg.NewAsyncWait(b, w.Loc(), num, tokens...)
		for _, g := range group {
			replaced[g] = nw
			order = append(order, g)
		}
	}
	for _, w := range order {
		ir.ReplaceAllUsesWith(w.Result(0), replaced[w].Result(0))
		w.Erase()
	}
}
