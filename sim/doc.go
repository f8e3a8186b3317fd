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
// A CTA runs on one goroutine (Launch spreads CTAs over Config.Workers).
// Its scheduler runs each thread of a warp until it reaches a collective
// op (one that needs other threads' registers or arrival: a barrier, a
// shuffle, a ballot) or exits, then lets the collective act for the whole
// group at once when every thread of its scope waits at it
// (collective.go). Threads of a CTA therefore interleave only at
// collective ops, which makes runs deterministic and data races between
// barriers visible to the race detector rather than to luck. A thread
// that exits while its warp or CTA waits for it, or threads that wait at
// different collectives, are reported as the deadlock they would be on a
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
// Asynchronous effects. A thread has a queue of pending effects
// (pending.go): an asynchronous copy enqueues the write it will make,
// tagged with its commit group, and an op that waits (cp.async.wait_group,
// an mbarrier phase) applies the effects it waits for, so data lands only
// at the wait, as on the GPU, and a read before the wait sees the old
// contents. A thread that exits with effects pending is an error.
//
// # Race detection
//
// With Config.NoRaceCheck unset, every shared-memory access is checked
// (race.go): between two barriers, two threads of different warps that
// touch the same byte, at least one of them writing, are a data race and
// the launch fails with a *RaceError naming the byte, both threads, both
// ops with their locations and both kinds of access. Threads of one warp
// are taken to run in lockstep and never race with each other; atomics do
// not race with atomics. The check is exact per byte and independent of
// the order the scheduler ran the warps in: per byte it keeps the last
// write and up to two reads and two atomics from distinct warps since the
// last barrier, which suffices to find a conflict with any later access.
//
// # Numerics
//
// Integer ops wrap at their width. Float ops round to their type; the
// approximate GPU instructions (ex2.approx, rsqrt.approx, ...) are
// evaluated exactly and rounded, so results may differ from a GPU's in
// the last bits where the GPU is approximate. Float-to-integer
// conversions saturate and map NaN to 0 as PTX cvt.rzi does; f16 and bf16
// results of a NaN are the canonical NaN.
package sim
