// Package allocate registers the shared-memory passes of Triton 3.6 in
// passmgr.Default, and the test passes that print its analyses:
//
//	allocate-shared-memory     AllocateSharedMemory: allocation.offset on the ops
//	                           that own shared memory, ttg.shared on the module
//	allocate-shared-memory-nv  AllocateSharedMemoryNv: the same (options
//	                           compute-capability, ptx-version; see allocate.go)
//	allocate-amdgpu-shared-memory
//	                           AllocateAMDGPUSharedMemory: the same (conversions
//	                           marked for padded scratch get the swizzled
//	                           scratch tt's lowering uses; see allocate.go)
//	tritongpu-global-scratch-memory-allocation
//	                           TritonGPUGlobalScratchAllocationPass: offsets of
//	                           ttg.global_scratch_alloc ops and calls, sizes
//	                           on functions and the module (globalscratch.go)
//	test-print-alias           remarks: the buffers each value may refer to
//	test-print-allocation      remarks: offsets and sizes of every buffer
//	                           (option get-scratch-size-function=None|ValidConstant)
//	test-print-membar          inserts the barriers of package membar (with the
//	                           NVIDIA filter) so the IR shows them
//	test-tritonamdgpu-membar   the same as the AMD backend runs it: local loads
//	                           annotated ttg.amdg.syncedViaAsyncWait, AMD filter
//
// The analyses live in packages analysis/alias, analysis/allocation and
// analysis/membar; this package only wires them to the pass manager. The
// test passes emit their results as remarks (non-fatal diagnostics), which
// tt-opt prints before the IR (or checks with --verify-diagnostics).
//
// Importing the package (for its side effects) registers the passes.
package allocate
