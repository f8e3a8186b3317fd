package nvptx

import (
	"github.com/ttcompiler/tt/dialects/gpu"
	"github.com/ttcompiler/tt/ir"
)

// What the CTAs of a cluster share (sm_90): an arrival on another CTA's
// mbarrier through distributed shared memory, and the cluster's barrier.

// emitMBarrierArriveCluster maps the barrier's shared-window address to
// the same offset in the CTA of the given rank, then arrives there with
// release semantics at cluster scope (the arriving thread's writes are
// visible to the target CTA's waiters):
//
//	mapa.shared::cluster.u32 %r3, %r1, %r2;
//	@%p1 mbarrier.arrive.release.cluster.shared::cluster.b64 _, [%r3], 2;
//
// A remote arrive returns no state (`_`): only a thread of the owning
// CTA can wait on the barrier.
func (f *fn) emitMBarrierArriveCluster(op *ir.Operation) error {
	if err := f.requireSM(op, 90, "mbarrier.arrive.shared::cluster"); err != nil {
		return err
	}
	addr, prefix, happens, err := f.barrierGuard(op)
	if err != nil || !happens {
		return err
	}
	rank, err := f.get(gpu.ClusterRank(op))
	if err != nil {
		return err
	}
	remote := f.regs.alloc(classB32)
	f.inss("mapa.shared::cluster.u32 %s, %s, %s", remote, addr, f.reg(rank))
	if n := gpu.BarrierCount(op); n != 1 {
		f.ins("%smbarrier.arrive.release.cluster.shared::cluster.b64 _, [%s], %d", prefix, remote, n)
		return nil
	}
	f.inss("%smbarrier.arrive.release.cluster.shared::cluster.b64 _, [%s]", prefix, remote)
	return nil
}

// emitClusterArrive: barrier.cluster.arrive[.relaxed].aligned. Every
// thread of a warp executes the op together, which is what .aligned
// promises ptxas.
func (f *fn) emitClusterArrive(op *ir.Operation) error {
	if err := f.requireSM(op, 90, "barrier.cluster.arrive"); err != nil {
		return err
	}
	if gpu.ClusterArriveRelaxed(op) {
		f.inss("barrier.cluster.arrive.relaxed.aligned")
		return nil
	}
	f.inss("barrier.cluster.arrive.aligned")
	return nil
}

// emitClusterWait: barrier.cluster.wait.aligned (acquire at cluster
// scope is the instruction's default).
func (f *fn) emitClusterWait(op *ir.Operation) error {
	if err := f.requireSM(op, 90, "barrier.cluster.wait"); err != nil {
		return err
	}
	f.inss("barrier.cluster.wait.aligned")
	return nil
}
