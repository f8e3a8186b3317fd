// Package amd holds the TTGIR passes of Triton 3.6's AMD backend
// (third_party/amd/lib/TritonAMDGPUTransforms, and the two TTGIR passes
// that start its make_llir) and the named pipeline of its make_ttgir:
//
//	ttgir-pipeline-amd{num-warps=4 num-ctas=1 threads-per-warp=0 arch=gfx942 num-stages=2
//	                   matrix-instr-nonkdim=0 kpack=1 use-async-copy=false target=...}
//
// make_ttgir.go renders compiler.py's list for the architecture and
// options (in-thread transpose on gfx942, block ping-pong on gfx942 and on
// gfx950 with async copies, coalesce-async-copy with async copies); every
// pass of it is built, and TestPassDumps replays Triton's gfx942 dumps
// (vector_add, softmax, a pipelined 128x128x64 matmul) pass by pass.
//
// One file per pass, with Triton's pass and option names:
//
//	accelerate_matmul.go        tritonamdgpu-accelerate-matmul: MFMA (v1-v4 tables in
//	  accelerate_fma.go         dialects/amdgpu), WMMA, the FMA fallback, chain dots,
//	  accelerate_wmma.go        kWidth/kPack, transposed results, mixed-mode promotion
//	optimize_epilogue.go        tritonamdgpu-optimize-epilogue
//	optimize_dot_operands.go    tritonamdgpu-optimize-dot-operands
//	hoist_layout_conversions.go tritonamdgpu-hoist-layout-conversions
//	schedule_loops.go           tritonamdgpu-schedule-loops (single- and chained-dot schedules)
//	stream_pipeline.go          tritonamdgpu-pipeline: LDS buffers, stream or async copies,
//	                            the expander with a peeled epilogue (transforms/pipeliner)
//	coalesce_async_copy.go      tritonamdgpu-coalesce-async-copy
//	in_thread_transpose.go      tritonamdgpu-in-thread-transpose
//	reorder_instructions.go     tritonamdgpu-reorder-instructions
//	block_pingpong.go           tritonamdgpu-block-pingpong
//	canonicalize_pointers.go    tritonamdgpu-canonicalize-pointers
//	convert_buffer_ops.go       tritonamdgpu-convert-buffer-ops
//	fold_true_cmpi.go           tritonamdgpu-fold-true-cmpi
//	range_analysis.go           test-tritonamdgpu-range-analysis (analysis/intrange)
//	update_async_wait_count.go  tritonamdgpu-update-async-wait-count (make_llir)
//	optimize_lds_usage.go       optimize-amd-lds-usage (make_llir)
//
// Triton's lit files for these passes run chunk by chunk in
// TestTritonLitFiles; docs/CONFORMANCE.md lists the pinned chunks. What
// is not built: bypassLDS in schedule-loops and padded LDS layouts for
// gfx950 async copies (both gfx950), microscaled dots (tt.dot_scaled on
// gfx950 and gfx1250; accelerate-matmul reports them), and the padded
// scratch of conversions marked amdg.use_padded_scratch_shmem (the
// lowering converts through the swizzled plan and the allocator sizes it
// so).
package amd
