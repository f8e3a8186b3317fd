package membar

import "github.com/ttcompiler/tt/ir"

// SyncedViaAsyncWaitAttr is the attribute Triton's AMD backend puts on
// local loads: true when the load's token comes only from async waits
// (AnnotateAsyncWaitedLoads), so the wait has already made the copied
// data visible and a barrier in front of the load would be redundant.
const SyncedViaAsyncWaitAttr = "ttg.amdg.syncedViaAsyncWait"

// AnnotateAsyncWaitedLoads is Triton 3.6's AMD
// annotateLocalLoadsSyncedViaAsyncWait: every ttg.local_load and
// amdg.local_load_packed_tranposed of module without the attribute gets
// SyncedViaAsyncWaitAttr, true when its token comes from async waits
// along every path. AMDFilter reads the attribute, so run this first.
func AnnotateAsyncWaitedLoads(module *ir.Operation) {
	ctx := module.Context()
	ir.Walk(module, ir.PreOrder, func(op *ir.Operation) ir.WalkResult {
		switch op.Name() {
		case "ttg.local_load", "amdg.local_load_packed_tranposed":
		default:
			return ir.Advance
		}
		if op.HasAttr(SyncedViaAsyncWaitAttr) {
			return ir.Advance
		}
		synced := false
		// The token is the optional second operand.
		if op.NumOperands() > 1 {
			synced = fromAsyncWait(op.Operand(1), map[ir.Value]bool{})
		}
		op.SetAttr(SyncedViaAsyncWaitAttr, ir.BoolAttrOf(ctx, synced))
		return ir.Advance
	})
}

// BarriersAfterAMDAsyncWaits is Triton 3.6's
// addLocalBarrierAfterAmdGpuAsyncWait: every amdg.async_wait not already
// followed by a barrier gets a ttg.local_barrier after it, so that the
// data other threads copied is visible to all (the analysis does this
// itself for ttg.async_wait). Triton's AMD conversion runs it before the
// analysis.
func BarriersAfterAMDAsyncWaits(module *ir.Operation) {
	var waits []*ir.Operation
	ir.WalkOps(module, func(op *ir.Operation) {
		if op.Name() == "amdg.async_wait" && !isBarrier(op.Next()) {
			waits = append(waits, op)
		}
	})
	b := ir.NewBuilder(module.Context())
	for _, w := range waits {
		b.SetInsertionPointAfter(w)
		b.CreateOp("ttg.local_barrier", w.Loc(), nil, nil)
	}
}

// fromAsyncWait reports whether token is defined by an async wait, or is
// a block argument that every predecessor branch passes such a token (the
// C++ comesFromAsyncWait). As there, an argument of a block without
// predecessors (an entry block: a function's, or a loop body's before
// convert-scf-to-cf) counts as synced. A cycle of block arguments (a loop
// passing the token around unchanged) adds no definition of its own, so
// a revisited argument counts as synced too; Triton recurses forever on
// it.
func fromAsyncWait(token ir.Value, seen map[ir.Value]bool) bool {
	if def := token.DefiningOp(); def != nil {
		n := def.Name()
		return n == "ttg.async_wait" || n == "amdg.async_wait"
	}
	arg, ok := token.(*ir.BlockArgument)
	if !ok {
		return false
	}
	if seen[token] {
		return true
	}
	seen[token] = true
	block := arg.Owner()
	for _, pred := range block.Predecessors() {
		term := pred.Last()
		// Only branches say which operand reaches the argument.
		if term == nil || term.Def().SuccessorOperands == nil {
			return false
		}
		for i, succ := range term.Successors() {
			if succ != block {
				continue
			}
			idx := term.Def().SuccessorOperands(term, i)
			if arg.Index() >= len(idx) || idx[arg.Index()] >= term.NumOperands() {
				return false
			}
			if !fromAsyncWait(term.Operand(idx[arg.Index()]), seen) {
				return false
			}
		}
	}
	return true
}

// AMDFilter is Triton 3.6's AMD membarFilter: no barrier is needed
//   - between an async copy into shared memory (ttg.async_copy_global_to_local,
//     amdg.buffer_load_to_local) and a ttg.local_load whose token comes
//     from an async wait (the wait already synchronized the copy, and the
//     barrier after the wait orders the rest), or
//   - between two ops on LDS mbarriers (amdg.init_barrier,
//     amdg.arrive_barrier, amdg.async_copy_mbarrier_arrive,
//     amdg.wait_barrier), which the hardware orders itself.
//
// A local load without SyncedViaAsyncWaitAttr counts as not synced.
func AMDFilter(before, after *ir.Operation) bool {
	isAsyncCopy := func(op *ir.Operation) bool {
		n := op.Name()
		return n == "ttg.async_copy_global_to_local" || n == "amdg.buffer_load_to_local"
	}
	waitedLoad := func(op *ir.Operation) bool {
		if op.Name() != "ttg.local_load" {
			return false
		}
		v, ok := op.Attr(SyncedViaAsyncWaitAttr).(*ir.IntegerAttr)
		return ok && v.Bool()
	}
	if isAsyncCopy(before) != isAsyncCopy(after) && (waitedLoad(before) || waitedLoad(after)) {
		return true
	}
	ldsBarrier := func(op *ir.Operation) bool {
		switch op.Name() {
		case "amdg.init_barrier", "amdg.arrive_barrier", "amdg.async_copy_mbarrier_arrive", "amdg.wait_barrier":
			return true
		}
		return false
	}
	return ldsBarrier(before) && ldsBarrier(after)
}
