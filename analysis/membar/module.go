package membar

import (
	"github.com/ttcompiler/tt/analysis/allocation"
	"github.com/ttcompiler/tt/ir"
)

// Insert inserts the barriers the functions of module need, callees
// first, using alloc for the shared-memory intervals (nil: allocate with
// the default options, as Triton's conversion to LLVM does). filter may
// excuse pairs of ops from barriers (nil: none is excused; Triton 3.6's
// NVIDIA lowering passes none, its test-print-membar passes NVIDIAFilter).
//
// Barriers are inserted in place: run it once, after allocate-shared-memory
// (so that local_alloc ops carry allocation.offset and report their
// writes) and before lowering the ops. Errors are located diagnostics.
func Insert(module *ir.Operation, alloc *allocation.ModuleAllocation, filter Filter) error {
	return insert(module, alloc, filter, (*funcAnalysis).update)
}

// insert runs an analysis of the functions of module, callees first, with
// the transfer function given.
func insert(module *ir.Operation, alloc *allocation.ModuleAllocation, filter Filter, transfer func(*funcAnalysis, *ir.Operation, *blockInfo) error) error {
	if alloc == nil {
		var err error
		if alloc, err = allocation.Analyze(module, allocation.Options{}); err != nil {
			return err
		}
	}
	order, err := alloc.Graph.PostOrder()
	if err != nil {
		return err
	}
	pending := map[*ir.Operation]*blockInfo{}
	for _, fn := range order {
		a := alloc.Func(fn)
		if a == nil {
			continue
		}
		f := &funcAnalysis{fn: fn, alloc: a, filter: filter, callees: pending, b: ir.NewBuilder(fn.Context()), transfer: transfer}
		info, err := f.run()
		if err != nil {
			return err
		}
		pending[fn] = info
	}
	return nil
}

// AttrMBarrierOrdered marks an op whose shared-memory accesses a pass
// has ordered with mbarriers (tt-mbarrier-async-copies: the copies into a
// software pipeline's ring, the ring's readers and the mbarrier ops that
// order them). Such an op writes only memory that the ordering covers.
const AttrMBarrierOrdered = "tt.mbarrier_ordered"

// MBarrierOrderedFilter excuses a pair of ops that both carry
// AttrMBarrierOrdered: the mbarriers already order their accesses, and a
// CTA barrier between them would only tie the warps together again. An
// access of either against any other op is analyzed as usual.
func MBarrierOrderedFilter(before, after *ir.Operation) bool {
	return before.HasAttr(AttrMBarrierOrdered) && after.HasAttr(AttrMBarrierOrdered)
}

// NVIDIAFilter is Triton's NVIDIA::canSkipBarSync: mbarrier and TMA ops
// that access the same mbarrier in any order across threads need no CTA
// barrier between them.
func NVIDIAFilter(before, after *ir.Operation) bool {
	b, a := before.Name(), after.Name()
	// Initializing (or invalidating) parts of an array of mbarriers.
	if b == "ttng.init_barrier" && a == "ttng.init_barrier" {
		return true
	}
	if b == "ttng.inval_barrier" && a == "ttng.inval_barrier" {
		return true
	}
	// A warp must not run ahead into the next wait of a chain.
	if b == "ttng.wait_barrier" && a == "ttng.wait_barrier" {
		return false
	}
	mbarrierUse := func(n string) bool {
		switch n {
		case "ttng.wait_barrier", "ttng.async_tma_copy_global_to_local", "ttng.async_tma_gather", "ttng.barrier_expect":
			return true
		}
		return false
	}
	if mbarrierUse(b) && mbarrierUse(a) {
		return true
	}
	// An mbarrier wait completes only when the whole transfer is done, so
	// any thread may then touch the memory.
	switch b {
	case "ttng.async_tma_copy_global_to_local", "ttng.async_tma_gather", "ttng.wait_barrier":
		return a != "ttng.inval_barrier"
	}
	return false
}
