// Package ttgir holds Triton 3.6's TritonGPU optimization passes (the
// software pipeliner lives in transforms/pipeliner, the TritonNvidiaGPU
// passes in transforms/nvidia) and the named pipeline that runs them in
// the order of Triton's NVIDIA make_ttgir:
//
//	tritongpu-coalesce                   coalesce.go
//	tritongpu-F32DotTC                   f32_dot_tc.go
//	tritongpu-remove-layout-conversions  remove_layout.go, propagate.go,
//	                                     backslice.go, remat.go, rewrite_slice.go,
//	                                     hoist.go, for_dead_args.go,
//	                                     cost.go, slice.go
//	tritongpu-optimize-thread-locality   thread_locality.go
//	tritongpu-accelerate-matmul          accelerate_matmul.go, decompose_scaled.go
//	tritongpu-optimize-dot-operands      optimize_dot_operands.go
//	tritongpu-optimize-accumulator-init  accumulator_init.go
//	tritongpu-prefetch                   prefetch.go
//	tritongpu-coalesce-async-copy        coalesce_async_copy.go
//	tritongpu-reduce-data-duplication    reduce_data_duplication.go
//	tritongpu-reorder-instructions       reorder_instructions.go
//	ttgir-pipeline                       make_ttgir.go
//
// Coalesce reads the AxisInfo analysis (package axisinfo) to give every
// global load, store and atomic a blocked layout whose threads access up
// to 128 contiguous, aligned bits, and brackets the op with
// ttg.convert_layout. Remove-layout-conversions then propagates the
// layouts of "anchor" ops (expensive loads/stores, dots, atomics, function
// arguments) forward, rematerializes the producers of the remaining
// conversions backward where that is cheaper than moving data, hoists
// conversions above extensions, broadcasts and into conditionals, and
// cleans up. Optimize-thread-locality keeps loop-carried reductions inside
// each thread and gives gathers and reshapes feeding reductions
// thread-local layouts. Reduce-data-duplication routes conversions to dot
// operands through shared memory.
//
// # Dots
//
// F32DotTC splits f32 dots asking for tf32x3 or bf16x3/x6 precision into
// several tensor-core dots. Accelerate-matmul then picks each dot's
// instruction as 3.6 does: mma.sync (nvidia_mma v2, instrShape [16, 8])
// on sm_80-89 with dot_op operands whose kWidth follows the bit width the
// data was loaded with; wgmma (v3, ttng.warp_group_dot, instrShape
// [16, N, 256/bits]) on sm_90 with operands read from memory staged in
// nvmma_shared buffers; the FMA dot where neither applies. Optimize-dot-
// operands folds transposes and reshapes into shared-memory views,
// prefetch double-buffers mma.sync operands in registers across loop
// iterations, optimize-accumulator-init turns accumulator zeroing into
// wgmma's use-C flag, coalesce-async-copy keeps cp.async coalesced and
// reorder-instructions schedules shared-memory traffic for ptxas.
//
// # Pipeline
//
// `ttgir-pipeline{num-warps=4 num-ctas=1 threads-per-warp=32 capability=90
// num-stages=3 target=...}` is make_ttgir of Triton 3.6's NVIDIA backend
// (third_party/nvidia/backend/compiler.py), starting with
// convert-triton-to-tritongpu{target=cuda:<capability> ...}; `tt-opt
// -ttgir-pipeline='num-warps=8'` is the TTIR-to-TTGIR step that Triton's
// CLI users know as make_ttgir (its ttir counterpart is ttir-pipeline).
// The pass list, with the capability branches (8.x/9.x loop pipelining,
// 10.x TMEM passes, TMA lowering from 9.0), is rendered when the pipeline
// is built; passes tt does not have yet (Blackwell's TMEM passes and the
// other steps make_ttgir.go lists as not built) are marked as not built,
// with the reason, and stay ?placeholders at their place until a pass of
// their name is registered (passmgr.Step). The generic passes (canonicalize, cse,
// sccp, symbol-dce) come from package transforms, the Triton loop passes
// (triton-licm, triton-loop-aware-cse, tritongpu-combine-tensor-select-
// and-if) from transforms/ttir, when they are linked in.
//
// The layout questions the passes ask (orders, conversion costs, the
// layouts that ops infer and propagate, shared layouts for dot operands)
// are answered by package ttg, as Triton's TritonGPU dialect answers them.
package ttgir
