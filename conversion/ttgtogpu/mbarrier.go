package ttgtogpu

import (
	"fmt"
	"math"
	"strconv"

	"github.com/ttcompiler/tt/conversion"
	"github.com/ttcompiler/tt/dialects/gpu"
	"github.com/ttcompiler/tt/dialects/llvm"
	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/dialects/ttng"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/passmgr"
)

// mbarriers (ttng.init_barrier and its family), as Triton 3.6's
// BarrierOpToLLVM.cpp lowers them: an mbarrier is a 1xi64 buffer, whose
// memdesc lowers to its address. Initialization, invalidation, expected
// transaction bytes and arrivals are done by thread 0 alone (so an
// arrive_barrier counts one arrival per CTA, times its count); every
// thread waits. ttng.async_copy_mbarrier_arrive is the exception: a
// cp.async copy is one thread's, so every thread has the barrier track
// its own copies.

// barrierOperand returns the address of an op's barrier buffer after
// checking that the target has mbarriers.
func (l *lowering) barrierOperand(op *ir.Operation, rw *conversion.Rewriter) (ir.Value, error) {
	if err := l.target.mbarriers(); err != nil {
		return nil, ir.OpErrorf(op, "%v", err)
	}
	return rw.Remapped(op.Operand(0)), nil
}

// firstThread is the predicate tid == 0, and'ed with pred when given.
func (e *emitter) firstThread(pred ir.Value) ir.Value {
	p := e.icmpC(llvm.ICmpEQ, e.fs.threadID(e.l), 0)
	if pred != nil {
		p = e.and(p, pred)
	}
	return p
}

// optionalOperand returns the remapped operand i when op has it.
func optionalOperand(op *ir.Operation, rw *conversion.Rewriter, i int) ir.Value {
	if op.NumOperands() > i && ir.IsInteger(op.Operand(i).Type(), 1) {
		return rw.Remapped(op.Operand(i))
	}
	return nil
}

func (l *lowering) lowerInitBarrier(op *ir.Operation, e *emitter, rw *conversion.Rewriter) error {
	bar, err := l.barrierOperand(op, rw)
	if err != nil {
		return err
	}
	count, err := arrivals(op, 0)
	if err != nil {
		return err
	}
	gpu.NewMBarrierInit(e.b, e.loc, bar, e.firstThread(nil), count)
	if ttg.CTACluster(l.module) > 1 {
		// The other CTAs of the cluster use the barrier (multicast
		// copies complete on it, their threads arrive on it) after a
		// cluster barrier, which orders the init for the async proxy
		// only behind this fence.
		gpu.NewFenceMBarrierInit(e.b, e.loc)
	}
	rw.EraseOp(op)
	return nil
}

func (l *lowering) lowerInvalBarrier(op *ir.Operation, e *emitter, rw *conversion.Rewriter) error {
	bar, err := l.barrierOperand(op, rw)
	if err != nil {
		return err
	}
	gpu.NewMBarrierInval(e.b, e.loc, bar, e.firstThread(nil))
	rw.EraseOp(op)
	return nil
}

// lowerBarrierExpect: thread 0 expects size bytes of transactions (the
// TMA copies the phase waits for) and arrives once.
func (l *lowering) lowerBarrierExpect(op *ir.Operation, e *emitter, rw *conversion.Rewriter) error {
	bar, err := l.barrierOperand(op, rw)
	if err != nil {
		return err
	}
	size := intAttrOr(op, "size", 0)
	if size < 0 || size >= 1<<20 {
		return ir.OpErrorf(op, "an mbarrier expects 0 to 2^20-1 bytes per phase, not %d", size)
	}
	gpu.NewMBarrierArriveExpectTx(e.b, e.loc, bar, e.firstThread(rw.Remapped(op.Operand(1))), int(size))
	rw.EraseOp(op)
	return nil
}

// lowerWaitBarrier: every thread (where the optional predicate holds)
// waits until the phase of the given parity has completed.
func (l *lowering) lowerWaitBarrier(op *ir.Operation, e *emitter, rw *conversion.Rewriter) error {
	bar, err := l.barrierOperand(op, rw)
	if err != nil {
		return err
	}
	pred := optionalOperand(op, rw, 2)
	if pred != nil && isIntConst(pred, 1) {
		pred = nil
	}
	ns, err := mbarrierSuspendNS()
	if err != nil {
		return ir.OpErrorf(op, "%v", err)
	}
	w := gpu.NewMBarrierWait(e.b, e.loc, bar, rw.Remapped(op.Operand(1)), pred)
	if ns > 0 {
		w.SetAttr(gpu.AttrSuspendNS, ir.I64Attr(e.b.Ctx, ns))
	}
	rw.EraseOp(op)
	return nil
}

// mbarrierSuspendNS is the suspend time TT_X_MBARRIER_SUSPEND=NS
// (experimental; nanoseconds, from 1 to 2^32-1, try_wait's 32-bit hint)
// asks the mbarrier waits for (gpu.AttrSuspendNS); 0 when it is unset.
func mbarrierSuspendNS() (int64, error) {
	v := passmgr.Experiment("TT_X_MBARRIER_SUSPEND", "")
	if v == "" {
		return 0, nil
	}
	ns, err := strconv.ParseInt(v, 10, 64)
	if err != nil || ns <= 0 || ns > math.MaxUint32 {
		return 0, fmt.Errorf("TT_X_MBARRIER_SUSPEND=%q: want a number of nanoseconds from 1 to %d", v, uint32(math.MaxUint32))
	}
	return ns, nil
}

// lowerArriveBarrier: thread 0 arrives count times; with
// tt.arrive_per_warp (tt's own attribute, set by its warp specialization
// for consumers of more than one warpgroup), each warp's first lane does,
// so that the barrier's phase completes only when every warp of the
// consumer has reached the arrival.
func (l *lowering) lowerArriveBarrier(op *ir.Operation, e *emitter, rw *conversion.Rewriter) error {
	bar, err := l.barrierOperand(op, rw)
	if err != nil {
		return err
	}
	count, err := arrivals(op, 1)
	if err != nil {
		return err
	}
	pred := e.firstThread(optionalOperand(op, rw, 1))
	if op.HasAttr(ttng.AttrArrivePerWarp) {
		pred = e.icmpC(llvm.ICmpEQ, e.andC(e.fs.threadID(e.l), int64(e.l.lanes()-1)), 0)
		if p := optionalOperand(op, rw, 1); p != nil {
			pred = e.and(pred, p)
		}
	}
	if op.HasAttr(ttng.AttrClusterPeer) {
		// The other CTA of a cluster of two.
		if ttg.CTACluster(l.module) != 2 || l.ctaBits > 0 {
			return ir.OpErrorf(op, "%s needs the module's clusters of two CTAs (%s = 2, without ttg.num-ctas)", ttng.AttrClusterPeer, ttg.AttrCTACluster)
		}
		gpu.NewMBarrierArriveCluster(e.b, e.loc, bar, e.xorC(e.fs.clusterRank(l), 1), pred, count)
		rw.EraseOp(op)
		return nil
	}
	gpu.NewMBarrierArrive(e.b, e.loc, bar, pred, count)
	rw.EraseOp(op)
	return nil
}

// lowerClusterArrive: ttng.cluster_arrive {relaxed} -> gpu.cluster_arrive,
// every thread.
func (l *lowering) lowerClusterArrive(op *ir.Operation, e *emitter, rw *conversion.Rewriter) error {
	if err := l.target.clusters(); err != nil {
		return ir.OpErrorf(op, "%v", err)
	}
	relaxed := intAttrOr(op, "relaxed", 0)&1 != 0
	gpu.NewClusterArrive(e.b, e.loc, relaxed)
	rw.EraseOp(op)
	return nil
}

// lowerClusterWait: ttng.cluster_wait -> gpu.cluster_wait, every thread.
func (l *lowering) lowerClusterWait(op *ir.Operation, e *emitter, rw *conversion.Rewriter) error {
	if err := l.target.clusters(); err != nil {
		return ir.OpErrorf(op, "%v", err)
	}
	gpu.NewClusterWait(e.b, e.loc)
	rw.EraseOp(op)
	return nil
}

// arrivals is an init or arrive's count (def when absent), which an
// mbarrier holds in 20 bits.
func arrivals(op *ir.Operation, def int64) (int, error) {
	count := intAttrOr(op, "count", def)
	if count < 1 || count >= 1<<20 {
		return 0, ir.OpErrorf(op, "an mbarrier counts 1 to 2^20-1 arrivals, not %d", count)
	}
	return int(count), nil
}

// lowerAsyncCopyMbarrierArrive: every thread arrives once its own earlier
// cp.async copies have landed (with noIncrement, as one of the phase's
// expected arrivals: the init count is then the number of threads).
func (l *lowering) lowerAsyncCopyMbarrierArrive(op *ir.Operation, e *emitter, rw *conversion.Rewriter) error {
	bar, err := l.barrierOperand(op, rw)
	if err != nil {
		return err
	}
	gpu.NewCpAsyncMBarrierArrive(e.b, e.loc, bar, nil, op.Attr("noIncrement") != nil)
	rw.EraseOp(op)
	return nil
}
