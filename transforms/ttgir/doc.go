// Package ttgir holds Triton 3.6's TritonGPU optimization passes for
// kernels without tt.dot, and the named pipeline that runs them in the
// order of Triton's NVIDIA make_ttgir:
//
//	tritongpu-coalesce                  coalesce.go
//	tritongpu-remove-layout-conversions remove_layout.go, propagate.go,
//	                                    backslice.go, remat.go, rewrite_slice.go,
//	                                    hoist.go, for_dead_args.go,
//	                                    cost.go, slice.go
//	tritongpu-optimize-thread-locality  thread_locality.go
//	tritongpu-reduce-data-duplication   reduce_data_duplication.go
//	ttgir-pipeline                      make_ttgir.go
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
// is built; passes tt does not have yet (those of tt.dot, MMA, TMA and
// software pipelining, which later work adds) are marked as not built,
// with the reason, and stay ?placeholders at their place until a pass of
// their name is registered (passmgr.Step).
// tritongpu-optimize-dot-operands begins by canonicalizing the module (an
// IR dump shows it as a Canonicalizer run); while it is absent,
// canonicalize runs in its place. The generic passes (canonicalize, cse,
// sccp, symbol-dce) come from package transforms, the Triton loop passes
// (triton-licm, triton-loop-aware-cse, tritongpu-combine-tensor-select-
// and-if) from transforms/ttir, when they are linked in.
//
// The layout questions the passes ask (orders, conversion costs, the
// layouts that ops infer and propagate, shared layouts for dot operands)
// are answered by package ttg, as Triton's TritonGPU dialect answers them.
package ttgir
