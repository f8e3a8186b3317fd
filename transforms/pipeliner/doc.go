// Package pipeliner is Triton 3.6's software pipeliner for NVIDIA GPUs,
// split into the passes Triton splits it into, together with the loop
// transformations that prepare loops for it and the lowering of tensor
// descriptors to TMA:
//
//	tritongpu-assign-latencies          assign_latencies.go, indirection.go, mmav5.go
//	tritongpu-schedule-loops            schedule_loops.go, schedule.go, slice.go
//	tritongpu-pipeline                  pipeline.go: LowerLoops (lower_loops.go,
//	                                    lower_loads.go, lower_mma.go,
//	                                    lower_descriptors.go), ExpandLoops
//	                                    (expander.go, mask.go), wgmma.go,
//	                                    split_rs_dot.go, waits.go, tma_stores.go
//	tritongpu-test-pipeline-lower-loop  lower_loops.go
//	tritongpu-fuse-nested-loops         fuse_nested_loops.go, fuse_one_level.go,
//	                                    hoist.go
//	nvgpu-warp-specialization           warp_specialization.go
//	triton-nvidia-tma-lowering          tma_lowering.go, tma_descriptor.go
//
// Shared helpers: loops.go (scf.for queries and rebuilding), attrs.go (the
// schedule attributes and stage limits), stage_builder.go (a builder whose
// ops join the schedule), shared_encoding.go (the layouts of pipelined
// buffers), replace_uses.go (redirecting users to buffers), diag.go.
// The shared layouts of buffers and descriptors are built by package ttg
// (pipeline_buffers.go, descriptor_encoding.go), the barrier and TMA ops by
// package ttng (builders_barrier.go, builders_tma.go).
//
// # How the pieces fit
//
// Assign-latencies looks at every innermost scf.for whose iterations carry
// values only from the previous iteration, finds the loads feeding dots
// (directly, or through other loads: the indirection level) and gives each
// a latency in iterations, stored as `tt.latency` on the op; an MMAv5
// (tcgen05) dot that can overlap with itself gets `tt.self_latency`.
//
// Schedule-loops turns latencies into a coarse schedule: every op of the
// loop body gets a stage (the iteration, counted from the one that issues
// the loads, in which it runs) and a cluster (its position within a
// stage's part of the body), stored as `loop.stage` and `loop.cluster`, and
// the loop gets `tt.scheduled_max_stage`. The schedule is in the IR so that
// each step can be tested alone and so that a user can write one by hand.
//
// Pipeline first lowers the scheduled loop (LowerLoops): loads whose uses
// are in a later stage become asynchronous copies into multi-buffered
// shared memory (cp.async with commit groups and waits, or TMA copies
// completing on mbarriers), indexed by loop-carried insert and extract
// counters; MMAv5 dots get completion barriers; tensor descriptors made in
// the loop get multi-buffered global scratch. Then the expander rewrites
// the loop into a prologue, a kernel loop whose body runs stage s of
// iteration i+max-s, and, since Triton does not peel the epilogue,
// predicates each stage of the kernel on the iteration being in range
// (through ttg.mask regions that are resolved into predicated ops). Last
// come the Hopper parts: wgmma dots become asynchronous with
// ttng.warp_group_dot_wait counting the dots in flight, async waits get
// the number of commit groups that may stay pending, and TMA stores get a
// shared buffer and a store wait.
//
// Loops the pipeliner cannot handle (carried values of distance > 1,
// outer loops, loops with barriers, schedules that use a value before it
// is computed) are left as they are, as in Triton. Where Triton aborts (an
// op it cannot predicate, a load used before its stage, a descriptor
// without a shared layout) tt reports a located error; stage counts above
// 128 are refused rather than expanded.
//
// Differences from Triton 3.6: the dump-intermediate-steps option prints
// the IR with attribute aliases (Triton's debug stream prints them
// inline); shared layouts for users in linear layouts shaped like an MMA
// operand microtile (Triton's swizzleDotOperandLike) are not inferred,
// such users get the unswizzled layout; nvgpu-warp-specialization is tt's
// own (a producer partition of TMA copies, the consumer in the default
// region, two consumer warpgroups over the rows for wide accumulators;
// docs/LOWERING.md), not Triton's task, data and code partition passes.
package pipeliner
