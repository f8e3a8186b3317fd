// Package nvidia holds Triton 3.6's TritonNvidiaGPU passes that make_ttgir
// runs on NVIDIA targets:
//
//	triton-nvidia-gpu-plan-cta                 plan_cta.go (the planner), plan_cta_tiling.go
//	                                           (how the CTAs split a dot, reduction or store),
//	                                           plan_cta_propagate.go (the casts that spread it)
//	triton-nvidia-optimize-descriptor-encoding optimize_descriptor_encoding.go
//	triton-nvidia-gpu-fence-insertion          fence_insertion.go
//	triton-nvidia-mma-lowering                 mma_lowering.go
//
// Fence insertion orders shared-memory writes made through the generic
// proxy (stores from registers) before the async proxy (wgmma, tcgen05)
// reads them. MMA lowering gives synchronous tcgen05 MMAs an mbarrier to
// wait on, moves block scales from shared to tensor memory and folds
// commits into the MMA. Descriptor-encoding optimization picks the shared
// layout of TMA tensor descriptors from the layouts of their users; CTA
// planning (num-ctas > 1) splits tensors across the CTAs of a cluster.
//
// They follow third_party/nvidia's and lib/Dialect/TritonNvidiaGPU's
// Transforms of Triton 3.6 and register in passmgr.Default.
package nvidia
