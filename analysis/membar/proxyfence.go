package membar

import (
	"github.com/ttcompiler/tt/analysis/allocation"
	"github.com/ttcompiler/tt/dialects/ttng"
	"github.com/ttcompiler/tt/ir"
)

// InsertProxyFences is Triton 3.6's triton-nvidia-gpu-proxy-fence-insertion.
// On Hopper the TMA engine writes shared memory through the async proxy,
// which is not ordered with the threads' own (generic-proxy) accesses: a
// TMA copy into memory that threads read or wrote before needs a
// ttng.fence_async_shared in front of it, even when the two are different
// buffers that the allocation placed at overlapping offsets, which the
// TTGIR fence insertion (transforms/nvidia) cannot see. The analysis is
// the barrier analysis' walk with another transfer function: the pending
// generic accesses since the last fence; before a TMA copy or gather whose
// destination overlaps one of them, a fence, which clears them. Accesses of
// other async-proxy and mbarrier ops are not generic and are excused.
// Fences for async-proxy reads (wgmma, TMA stores) are the TTGIR pass's.
// alloc as for Insert. Only compute capability 90 and later have the
// async proxy.
func InsertProxyFences(module *ir.Operation, alloc *allocation.ModuleAllocation, computeCapability int) error {
	if computeCapability < 90 {
		return nil
	}
	return insert(module, alloc, proxyFilter, updateProxy)
}

// WritesThroughAsyncProxy reports whether an op of module is an async-proxy
// write of shared memory (a TMA copy or gather): only such an op gets a
// fence from InsertProxyFences, so without one the pass can skip the
// allocation and the analysis.
func WritesThroughAsyncProxy(module *ir.Operation) bool {
	found := false
	ir.Walk(module, ir.PreOrder, func(op *ir.Operation) ir.WalkResult {
		if asyncProxyWrite(op) {
			found = true
			return ir.Interrupt
		}
		return ir.Advance
	})
	return found
}

// asyncProxyWrite reports the ops whose shared-memory destination the TMA
// engine writes.
func asyncProxyWrite(op *ir.Operation) bool {
	switch op.Name() {
	case "ttng.async_tma_copy_global_to_local", "ttng.async_tma_gather":
		return true
	}
	return false
}

// asyncProxyDest is the shared-memory destination of an asyncProxyWrite op
// (both take it second to last, before the predicate).
func asyncProxyDest(op *ir.Operation) ir.Value {
	return op.Operand(op.NumOperands() - 2)
}

// asyncProxyRead reports the ops that read shared memory through the
// async proxy.
func asyncProxyRead(op *ir.Operation) bool {
	switch op.Name() {
	case "ttng.warp_group_dot", "ttng.tc_gen5_mma", "ttng.tc_gen5_mma_scaled",
		"ttng.async_tma_copy_global_to_local", "ttng.async_tma_scatter", "ttng.async_tma_reduce":
		return true
	}
	return false
}

// proxyFilter excuses a pending access by an op that is not a generic
// access of data: the async-proxy ops themselves and the mbarrier ops.
func proxyFilter(before, _ *ir.Operation) bool {
	if asyncProxyRead(before) || asyncProxyWrite(before) {
		return true
	}
	switch before.Name() {
	case "ttng.arrive_barrier", "ttng.tmem_copy", "ttng.wait_barrier", "ttng.init_barrier", "ttng.inval_barrier":
		return true
	}
	return false
}

// updateProxy is the transfer function of the proxy fence analysis.
func updateProxy(f *funcAnalysis, op *ir.Operation, info *blockInfo) error {
	if op.Name() == "ttng.fence_async_shared" {
		info.sync()
		return nil
	}
	if op.Name() == "tt.call" {
		// A call neither reads nor writes through the async proxy: what
		// its callee leaves pending joins.
		if callee := allocation.ResolveCallee(op); callee != nil {
			info.join(f.callees[callee])
		}
		return nil
	}
	cur, proxy := &f.cur, &f.proxy
	cur.reset(op)
	proxy.reset(op)
	f.eachAccess(op, func(e ir.Effect, iv allocation.Interval) {
		switch {
		case asyncProxyWrite(op):
			if e.Value == asyncProxyDest(op) {
				proxy.writes = append(proxy.writes, iv)
			}
		case e.Kind == ir.Write:
			cur.writes = append(cur.writes, iv)
		default:
			cur.reads = append(cur.reads, iv)
		}
	})
	// An op's scratch buffer is written and read by its lowering,
	// within the op: later it only matters as memory read.
	if scratch := f.alloc.ScratchOf(op); scratch != nil {
		cur.reads = append(cur.reads, scratch.Interval())
	}
	if (asyncProxyWrite(op) || asyncProxyRead(op)) && info.conflictsOp(proxy, f.filter) {
		f.b.SetInsertionPoint(op)
		ttng.NewFenceAsyncShared(f.b, op.Loc(), false)
		info.sync()
	}
	info.joinOp(cur)
	return nil
}
