// Package sim executes tt's per-thread IR (what conversion/ttgtogpu
// produces: llvm.func kernels over the llvm dialect and tt's gpu dialect)
// on the CPU, as a GPU would: a grid of CTAs, each of ttg.num-warps warps
// of the module's ttg.threads-per-warp lanes, with global memory buffers,
// the module's dynamic shared memory (ttg.shared bytes), barriers,
// shuffles, ballots, atomics, printf and assert. It is the oracle that
// checks the lowering without a GPU (the differential tests of
// conversion/ttgtogpu) and the engine of `tt-run --backend sim`.
//
// # Use
//
//	p, err := sim.Load(module)              // per-thread IR
//	k, err := p.Kernel("softmax_kernel")
//	mem := sim.NewMemory()
//	out := mem.Alloc("out", outBytes)       // the kernel writes outBytes in place
//	err = k.Launch(mem, grid, []uint64{out, sim.IntArg(k.Params[1], 1024)}, sim.Config{})
//
// Arguments are bit patterns in the parameter types (IntArg, FloatArg
// make them); buffers are device addresses from Memory.Alloc. Errors are
// Go errors: *ExecError names the CTA, the thread and the op with its
// location; *RaceError names the two accesses of a shared-memory race.
//
// A launch simulates Config.SMs streaming multiprocessors (DefaultSMs, 3,
// unless set): gpu.num_sm_ids (%nsmid) reads that count, so a persistent
// kernel sizes its program count by it, and a CTA's gpu.sm_id (%smid) is
// its linear index in the grid modulo the count. CTAs still run as
// Config.Workers allows; the SM count only changes what kernels read.
//
// # Execution model
//
// Program.Kernel compiles the kernel and the functions it calls, once
// each: every value (block argument or op result) gets a register slot of
// a per-function numbering (no maps at run time), constants are
// folded into a register template that each frame starts from, and every
// op becomes an instr whose step function was chosen for its op and types
// (exec_*.go). A thread is a resumable interpreter over these instrs with
// its own call stack. An op the simulator does not implement fails, at its
// location, when a thread executes it.
//
// A CTA runs on one goroutine (Launch spreads CTAs over Config.Workers;
// a kernel keeps the CTAs of finished launches for the next ones); a
// kernel whose CTAs act on one another (multicast TMA, arrivals on another
// CTA's mbarrier, the cluster barrier) runs each cluster's CTAs on one
// goroutine, one scheduler over all their threads (cluster.go). Its
// scheduler runs each thread of a warp until it reaches a collective op
// (one that needs other threads' registers or arrival: a barrier, a
// shuffle, a ballot, mma.sync, wgmma) or a blocking op (one that waits
// for a condition other threads bring about: an mbarrier wait, a named
// barrier sync), or exits; it lets a collective act for the whole group
// at once when every thread of its scope waits at it (collective.go), and
// a blocked thread go on once its condition holds. Threads of a CTA
// therefore interleave only at these ops, which makes runs deterministic
// and data races between barriers visible to the race detector rather
// than to luck. A thread that exits while its warp or CTA waits for it,
// threads that wait at different collectives, and blocked threads that no
// thread can release are reported as the deadlock they would be on a
// GPU.
//
// # Extending it: the seams for the dot path
//
// Op table. exec.go keeps a table from op definition (*ir.OpDef) to an
// opImpl that compiles one op into an instr; each exec_*.go file adds the
// ops of one family in its init. A new op (mma.sync, ldmatrix, wgmma,
// cp.async, mbarrier ops) is a new file with its own define calls; the
// interpreter needs no change.
//
// Collectives. An opImpl that sets instr.coll makes its op collective:
// coll.scope says who must arrive (scopeWarp: the lanes of a warp;
// scopeWarpgroup: four consecutive warps, as wgmma needs; scopeCTA: every
// thread, as a barrier), and coll.run receives the arrived threads in
// lane order with their registers, so it can read all 32 lanes'
// fragments and write every lane's results (mma.sync, ldmatrix) or read
// shared memory on behalf of a warpgroup (wgmma through its descriptors).
// gpu.shuffle and gpu.ballot are the warp-scope examples, gpu.barrier the
// CTA-scope one.
//
// Blocking ops. An opImpl that sets instr.kind to kindBlock and
// instr.blk makes its op hold the thread until blk.ready says it may go
// on; the scheduler asks again after other threads ran, and blk.stuck
// words the deadlock report (exec_mbarrier.go, exec_warpspec.go).
//
// Asynchronous effects. A thread has three queues of pending effects
// (pending.go), one per kind of commit group the hardware counts:
// cp.async, wgmma and bulk (TMA store) groups. An asynchronous op
// enqueues the effect it will have (a copy's bytes, a wgmma's record, a
// store's box) in the open group, and a wait applies the effects of the
// groups it retires, so data lands only at the wait, as on the GPU, and a
// read before the wait sees the old contents. A thread that exits with
// effects pending is an error. TMA loads complete on mbarriers instead:
// their bytes land when the phase that counts them completes
// (exec_tma.go), and so do the cp.async copies a
// gpu.cp_async_mbarrier_arrive handed to an mbarrier, unless a wait
// retires them first (exec_asynccopy_mbarrier.go). A wgmma's results are
// tags in the registers until the wait that retires them
// (wgmma_pending.go): the compiler knows which registers may hold one
// and checks every other read of them.
//
// The ops of the tensor-core path, and the choices the simulator makes
// where the PTX ISA leaves room, are described in their files: mma.go
// (the arithmetic of mma.sync and wgmma), exec_mma.go, exec_ldmatrix.go,
// exec_asynccopy.go, exec_wgmma.go and wgmma_desc.go, exec_mbarrier.go,
// exec_asynccopy_mbarrier.go, exec_tma.go, tma_reduce.go (the combines of
// TMA reductions) and tensormap.go (the simulator's tensor-map encoding),
// exec_fence.go and exec_warpspec.go.
//
// # Race detection
//
// With Config.NoRaceCheck unset, every shared-memory access is checked
// (race.go): two threads of different warps that touch the same byte, at
// least one of them writing, with no barrier between them and no
// mbarrier phase or named barrier that orders them, are a data race and
// the launch fails with a *RaceError naming the byte, both threads, both
// ops with their locations and both kinds of access. Threads of one warp
// are taken to run in lockstep and never race with each other; atomics do
// not race with atomics; TMA loads landing in shared memory count as
// writes of their own agent, ordered for the threads that waited on
// their mbarrier phase. Between CTA barriers the check is exact per byte
// and independent of the order the scheduler ran the warps in: per byte
// it keeps the last write and up to two reads and two atomics since the
// last barrier, which suffices to find a conflict with any later access;
// with mbarriers and named barriers it may miss a race (never invent
// one) when three unordered warps read a byte.
//
// # Numerics
//
// Integer ops wrap at their width. Float ops round to their type; the
// tensor-core ops multiply exactly and round their sums once (mma.go); the
// approximate GPU instructions (ex2.approx, rsqrt.approx, ...) are
// evaluated exactly and rounded, so results may differ from a GPU's in
// the last bits where the GPU is approximate. Float-to-integer
// conversions saturate and map NaN to 0 as PTX cvt.rzi does; f16 and bf16
// results of a NaN are the canonical NaN.
package sim
