// Package ttir holds Triton 3.6's TTIR passes and its make_ttir pipeline,
// registered in passmgr.Default under Triton's command-line names, with
// the pass class names Triton's IR dumps show (MLIR_ENABLE_DUMP):
//
//	name                                         dump name                               file
//	triton-combine                               TritonCombineOps                        combine.go
//	triton-reorder-broadcast                     TritonReorderBroadcast                  reorder_broadcast.go
//	triton-rewrite-tensor-pointer                TritonRewriteTensorPointer              rewrite_tensor_pointer.go
//	triton-rewrite-tensor-descriptor-to-pointer  TritonRewriteTensorDescriptorToPointer  rewrite_descriptor.go, descriptor_structural.go
//	triton-loop-unroll                           TritonLoopUnroll                        loop_unroll.go
//	triton-licm                                  TritonLoopInvariantCodeMotion           licm.go
//	triton-loop-aware-cse                        TritonLoopAwareCSE                      loop_cse.go
//	triton-loop-split                            TritonLoopSplit                         loop_split.go
//	triton-loop-unswitch{max-body-size=256}      TritonLoopUnswitch                      loop_unswitch.go
//	triton-test-loop-peeling                     TestLoopPeelingPass                     loop_peeling.go
//	tritongpu-combine-tensor-select-and-if       TritonGPUCombineTensorSelectAndIf       select_if.go
//
// Named pipelines (pipeline.go):
//
//	ttir-pipeline{capability=90}  NVIDIA make_ttir: inline, triton-rewrite-tensor-pointer,
//	                              triton-rewrite-tensor-descriptor-to-pointer (capability < 90 only),
//	                              canonicalize, triton-combine, triton-reorder-broadcast, cse,
//	                              symbol-dce, triton-loop-unroll
//	ttir-pipeline-amd             AMD make_ttir: the same with the descriptor rewrite always and
//	                              triton-licm after cse
//
// The generic passes of the pipelines (inline, canonicalize, cse,
// symbol-dce) are package transforms'; this package imports it, so
// linking ttir makes the pipelines complete.
//
// The passes follow Triton 3.6's sources (lib/Dialect/Triton/Transforms,
// TritonGPU's CombineTensorSelectAndIf.cpp, MLIR's loop utilities), down
// to the order in which they create ops, so that their output prints as
// Triton's does; the tests compare them with Triton 3.6's dumps of real
// kernels pass by pass. Where Triton 3.6 crashes or builds invalid IR
// the passes refuse or decline instead: every failure is a located
// diagnostic. The deviations, each documented where it is made:
//
//   - triton-combine's sum-of-broadcast-products-to-dot pattern also
//     checks the reduction axis, ranks, operand count and layouts, and
//     makes the accumulator of the element type;
//   - triton-reorder-broadcast does not scalarize splats of 0-d tensors
//     or inline assembly packing several elements;
//   - triton-rewrite-tensor-pointer also handles scf.while, and checks
//     that merged block pointers point into the same tensor;
//   - triton-loop-split (newer than 3.6) splits exactly where the
//     comparison flips.
//
// Exported helpers: CombinePatterns, ReorderBroadcastPatterns (the
// pattern sets), UnrollByFactor (MLIR's loopUnrollByFactor for scf.for),
// PeelLoopEpilogue (Triton's peelLoopEpilogue), NVIDIATTIRPipeline and
// AMDTTIRPipeline (the pass lists), Passes and Pipelines.
package ttir
