// Package ttng is Triton 3.6's TritonNvidiaGPU dialect (`ttng`): the ops of
// Hopper and Blackwell GPUs that TritonGPU IR uses once a kernel targets
// them — wgmma dots (warp_group_dot), mbarriers, TMA copies, fences,
// cluster barriers, tensor-memory (TMEM) allocation and tcgen05 MMAs — and
// the tensor-memory attributes `#ttng.tensor_memory`,
// `#ttng.tensor_memory_encoding<...>` and
// `#ttng.tensor_memory_scales_encoding<...>`.
//
// Files:
//
//	dialect.go      the Dialect value and attribute dispatch
//	attrs.go        the tensor-memory attributes
//	cache_policy.go `#ttng.cache_policy<cache_modifier = M>`, a later
//	                Triton's NVIDIA cache policy of tt.load/tt.store, which
//	                tt converts to Triton 3.6's cache property
//	tmem_layout.go  the linear layout of tensor memory and memdesc checks
//	ops_wgmma.go    warp_group_dot, warp_group_dot_wait, fences, clusters
//	ops_barrier.go  mbarrier ops
//	ops_tma.go      TMA copies, gathers, scatters, reductions, tensormaps
//	ops_tmem.go     tcgen05 MMAs and tensor-memory loads, stores, copies
//
// Op syntax is given in MLIR's declarative assembly format and interpreted
// by package ir/asmfmt, so printing matches Triton byte for byte.
package ttng
