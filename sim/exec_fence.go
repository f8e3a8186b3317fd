package sim

import "github.com/ttcompiler/tt/dialects/gpu"

// gpu.fence_proxy_async and gpu.fence_mbarrier_init order a thread's
// shared-memory accesses between the generic proxy (loads, stores) and the
// async proxy (wgmma's descriptor reads, TMA copies, the mbarrier's
// complete_tx). The simulator performs each thread's accesses in program
// order on a single copy of shared memory, so these orderings always
// hold and the fences are no-ops. Cross-thread ordering still needs a
// barrier, which the race detector checks as for any access; a missing
// fence itself is not detected.

func init() {
	define(func(c *compiler, in *instr) error {
		in.step = func(*thread, *instr) error { return nil }
		return nil
	}, gpu.FenceProxyAsyncOp, gpu.FenceMBarrierInitOp)
}
