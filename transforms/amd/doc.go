// Package amd holds the TTGIR pipeline of Triton 3.6's AMD backend:
//
//	ttgir-pipeline-amd{num-warps=4 num-ctas=1 threads-per-warp=0 arch=gfx942 num-stages=2 target=...}
//
// is make_ttgir of third_party/amd/backend/compiler.py, starting with
// convert-triton-to-tritongpu{target=hip:<arch> threads-per-warp=64} (the
// wavefront size of CDNA; 32 on RDNA, gfx10 and later, when
// threads-per-warp is 0), then, in the order of Triton's gfx942 IR dumps
// (shared/kernels/passes/*.gfx942.passes.mlir):
//
//	tritongpu-coalesce, tritongpu-F32DotTC, tritongpu-remove-layout-conversions,
//	tritongpu-optimize-thread-locality, tritonamdgpu-accelerate-matmul,
//	tritongpu-remove-layout-conversions, tritonamdgpu-optimize-epilogue,
//	tritonamdgpu-optimize-dot-operands, tritonamdgpu-hoist-layout-conversions,
//	tritongpu-fuse-nested-loops, canonicalize, triton-licm, canonicalize,
//	tritonamdgpu-schedule-loops, tritonamdgpu-pipeline, canonicalize,
//	tritongpu-remove-layout-conversions, tritongpu-reduce-data-duplication,
//	[gfx942: tritonamdgpu-in-thread-transpose, tritongpu-remove-layout-conversions],
//	tritonamdgpu-reorder-instructions, [gfx942/gfx950 with 2 stages:
//	tritonamdgpu-block-pingpong], tritonamdgpu-canonicalize-pointers,
//	canonicalize, tritonamdgpu-convert-buffer-ops, tritonamdgpu-fold-true-cmpi,
//	canonicalize, cse, symbol-dce, tritonamdgpu-update-async-wait-count
//
// The list is rendered when the pipeline is built, and passes that are not
// registered in the binary are left out at their place, so that they slot
// in once registered. The AMD passes' options follow the names of
// Triton's TritonAMDGPUTransforms/Passes.td (gfx-arch, num_stages, ...).
//
// # What is left out today, and why that is sound for kernels without dot
//
// The tritonamdgpu-* passes are not implemented yet. For kernels without
// tt.dot most of them leave the IR alone: accelerate-matmul,
// optimize-epilogue, optimize-dot-operands, hoist-layout-conversions and
// in-thread-transpose rewrite dots, their operands and accumulators;
// schedule-loops, pipeline, block-pingpong and update-async-wait-count
// software-pipeline loops that feed dots (Triton's dumps of vector_add
// and softmax show them as no-ops). Three do change such kernels on
// Triton:
//
//   - canonicalize-pointers and convert-buffer-ops turn global loads and
//     stores whose offsets fit in 32 bits into amdg.buffer_load /
//     amdg.buffer_store (a scalar base, a per-thread offset, hardware
//     bounds checking). tt keeps tt.load/tt.store, which compute the same
//     values with predicated global accesses, in the same layouts.
//   - fold-true-cmpi folds comparisons that integer range analysis
//     proves true (removing masks). tt keeps the comparison.
//
// So tt's TTGIR for vector_add and softmax carries the layouts of
// Triton's (the tests compare them), with tt.load/tt.store where Triton
// has buffer ops. tritongpu-fuse-nested-loops and tritongpu-F32DotTC
// (a dot rewrite) are shared with the NVIDIA pipeline and also not
// registered yet.
//
// The package links conversion/tttottg, transforms, transforms/ttgir and
// transforms/ttir, so that the pipeline's registered passes are present
// wherever it is.
package amd
