// Package ttgir holds Triton 3.6's TritonGPU optimization passes for
// kernels without tt.dot, and the named pipeline that runs them in the
// order of Triton's NVIDIA make_ttgir:
//
//	tritongpu-coalesce                  coalesce.go, coalesce_layout.go
//	tritongpu-remove-layout-conversions remove_layout*.go, propagate.go,
//	                                    remat*.go, hoist.go, slice.go
//	tritongpu-optimize-thread-locality  thread_locality*.go
//	tritongpu-reduce-data-duplication   reduce_data_duplication.go
//	ttgir-pipeline                      pipeline.go
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
// each thread and gives gathers warp-local layouts. Reduce-data-duplication
// routes conversions to dot operands through shared memory.
//
// Layout questions package ttg does not answer are in package layouts.
package ttgir
