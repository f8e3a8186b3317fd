// Package membar is Triton 3.6's shared-memory barrier insertion (Membar,
// lib/Analysis/Membar.cpp): it inserts a CTA barrier, `ttg.local_barrier`,
// before every op whose shared-memory accesses could race with accesses
// made since the last barrier by other threads.
//
// The analysis tracks, along every path, the byte intervals of shared
// memory (the allocated intervals of package allocation) read and written
// since the last barrier, each with the ops that accessed it. An op that
// writes an interval read or written before (WAR, WAW), or reads an
// interval written before (RAW), gets a barrier in front of it, and the
// pending accesses are cleared. An op with a scratch buffer
// (layout conversions, reductions, scans through shared memory...) writes
// and then reads its scratch: it conflicts like a write, and unless it
// synchronizes only within warps its lowering's own barriers clear the
// pending accesses. `ttg.async_wait` and `ttng.async_tma_store_wait` are
// followed by a barrier so that data other threads copied becomes visible;
// `ttng.arrive_barrier` touches all of shared memory; a `tt.call` accesses
// what its callee leaves pending. A backend filter can declare op pairs
// that need no barrier (NVIDIAFilter: mbarrier and TMA ops; AMDFilter: an
// async copy against a local load whose token comes from an async wait,
// as AnnotateAsyncWaitedLoads marks them, and LDS mbarrier ops;
// MBarrierOrderedFilter, which tt's NVIDIA lowering passes: two ops that
// tt-mbarrier-async-copies marked as ordered by its mbarriers).
//
// Control flow is followed over "virtual blocks", straight-line stretches
// that end at a terminator or at an op with regions (scf.for, scf.if,
// scf.while, scf.execute_region, scf.index_switch, ttg.warp_specialize),
// joined at their entries and iterated to a fixed point, so that accesses
// of one loop iteration meet those of the next, and accesses in both arms
// of a branch meet the code after it. Functions are analyzed callees
// first.
//
// Triton 3.6 inserts ttg.local_barrier (older versions inserted
// gpu.barrier; newer ones insert `ttg.barrier local`). Both gpu.barrier and
// ttg.local_barrier already in the IR count as barriers.
//
// As in Triton, the analysis runs inside the conversion to per-thread IR
// (conversion/ttgtogpu, through its target), over the allocation the
// IR records; test-print-membar (package transforms/allocate) runs it
// for tests.
//
// Files:
//
//	blockinfo.go  pending read/write intervals and the hazard test
//	regions.go    successors of branches, region ops and their terminators
//	analysis.go   the per-function fixed point and barrier insertion
//	module.go     the module walk (Insert) and the NVIDIA filter
//	amd.go        the AMD filter, its annotation of async-waited loads and
//	              the barriers after amdg.async_wait
//	proxyfence.go Triton 3.6's proxy fence insertion, the same walk with
//	              another transfer function: ttng.fence_async_shared
//	              before TMA writes of memory threads accessed before
package membar
