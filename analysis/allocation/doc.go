// Package allocation is Triton 3.6's shared-memory allocation
// (ModuleAllocation, lib/Analysis/Allocation.cpp): it decides where in a
// kernel's dynamic shared memory every buffer lives.
//
// Buffers are of three kinds:
//
//   - explicit: the buffer of a `ttg.local_alloc` in shared memory, of the
//     size its type gives (padded layouts add their padding; fp4-padded
//     NVMMA layouts double the packed dim), aligned as the `alignment`
//     attribute or the layout asks (NVMMA: 128 bytes per swizzle phase,
//     others 16);
//   - scratch: the temporary buffer an op's lowering needs (layout
//     conversions through shared memory, reductions and scans across warps,
//     gathers across warps, histograms, atomics whose result every thread
//     must see, TMA descriptor creation, warp_specialize captures), aligned
//     to 128 bytes; ScratchFor is the single source of truth for its size;
//   - virtual: a call reserves the shared memory its callee needs, aligned
//     to 128 bytes.
//
// A buffer is live over an interval of op indices (ops numbered in
// post-order, so an op with regions comes after everything it contains):
// an explicit buffer from its allocation to the last use of any value that
// may refer to it (package alias: views, loop-carried and branch-carried
// descriptors; MLIR's Liveness, where a value used inside a loop stays live
// across the whole loop), a scratch or virtual buffer over its op only.
// Offsets are chosen as Triton does: buffers sorted by decreasing size are
// first placed by the triple-based heuristic of "Algorithms for
// Compile-Time Memory Optimization", then the interference graph (buffers
// live at the same time whose bytes overlap) is first-fit colored and the
// buffers of every color but 0 are moved above their neighbours, until no
// two interfering buffers overlap. The function's shared memory size is the
// highest end of a buffer; the module's (`ttg.shared`) is the largest of
// its kernels' (the functions nobody calls). Functions are allocated in a
// post-order walk of the call graph, so callees are sized before the calls
// that reserve their memory.
//
// Files:
//
//	scratch.go     scratch sizes per op (ScratchFor, ScratchBytes)
//	layouts.go     the layout facts the scratch sizes read
//	buffer.go      buffers, intervals and the per-function Allocation
//	liveness.go    MLIR's Liveness analysis (live ops of a value)
//	function.go    the per-function analysis: buffers, aliases, liveness
//	offsets.go     offset assignment (initial placement, graph coloring)
//	callgraph.go   the call graph and its post-order walk
//	module.go      ModuleAllocation and the allocation.offset / ttg.shared
//	               attributes (Annotate, and AdoptRecordedOffsets, which
//	               takes the recorded offsets back, for the lowering;
//	               AnalyzeRecorded, the allocation of an annotated module
//	               without placing its kernels again)
package allocation
