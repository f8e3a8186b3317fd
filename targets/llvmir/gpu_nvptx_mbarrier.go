package llvmir

import (
	"fmt"
	"math"

	lltypes "github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"

	"github.com/ttcompiler/tt/dialects/gpu"
	"github.com/ttcompiler/tt/ir"
)

// mbarrier on NVPTX: LLVM 14's llvm.nvvm.mbarrier.{init,arrive,inval}.shared
// and llvm.nvvm.cp.async.mbarrier.arrive[.noinc].shared intrinsics where
// they exist, inline PTX for arrive counts, expect_tx and the parity wait
// loop; a predicate becomes a branch around the op.

// barrierOp returns the barrier as `i64 addrspace(3)*` and the predicate
// (nil when absent).
func (fx *fnTr) barrierOp(op *ir.Operation) (bar, pred value.Value, err error) {
	if err := fx.requireSM(op, 80, "mbarrier"); err != nil {
		return nil, nil, err
	}
	p, err := fx.val(op, op.Operand(0))
	if err != nil {
		return nil, nil, err
	}
	if pv := gpu.BarrierPred(op); pv != nil {
		if pred, err = fx.val(op, pv); err != nil {
			return nil, nil, err
		}
	}
	return fx.typedPtr(p, lltypes.I64), pred, nil
}

func (fx *fnTr) nvMBarrier(op *ir.Operation) error {
	switch op.Name() {
	case gpu.MBarrierArriveExpectTxOp.Name:
		if err := fx.requireSM(op, 90, "mbarrier.arrive.expect_tx"); err != nil {
			return err
		}
	case gpu.CpAsyncMBarrierArriveOp.Name:
		if err := fx.requireSM(op, 80, "cp.async.mbarrier.arrive"); err != nil {
			return err
		}
	case gpu.MBarrierArriveOp.Name:
		if gpu.BarrierCount(op) != 1 {
			if err := fx.requireSM(op, 90, "mbarrier.arrive with a count"); err != nil {
				return err
			}
		}
	}
	bar, pred, err := fx.barrierOp(op)
	if err != nil {
		return err
	}
	var phase value.Value
	if op.Name() == gpu.MBarrierWaitOp.Name {
		if phase, err = fx.val(op, op.Operand(1)); err != nil {
			return err
		}
	}
	fx.predicated(pred, nil, func() []value.Value {
		switch op.Name() {
		case gpu.MBarrierInitOp.Name:
			fx.call("llvm.nvvm.mbarrier.init.shared", lltypes.Void, bar, i32c(int64(gpu.BarrierCount(op))))
		case gpu.MBarrierArriveOp.Name:
			if n := gpu.BarrierCount(op); n != 1 {
				fx.asm(fmt.Sprintf("mbarrier.arrive.shared.b64 _, [$0], %d;", n), "l", lltypes.Void, true, bar)
			} else {
				fx.call("llvm.nvvm.mbarrier.arrive.shared", lltypes.I64, bar)
			}
		case gpu.MBarrierArriveExpectTxOp.Name:
			fx.asm(fmt.Sprintf("mbarrier.arrive.expect_tx.shared.b64 _, [$0], %d;", gpu.ExpectedTx(op)), "l", lltypes.Void, true, bar)
		case gpu.MBarrierInvalOp.Name:
			fx.call("llvm.nvvm.mbarrier.inval.shared", lltypes.Void, bar)
		case gpu.CpAsyncMBarrierArriveOp.Name:
			name := "llvm.nvvm.cp.async.mbarrier.arrive.shared"
			if gpu.NoIncrement(op) {
				name = "llvm.nvvm.cp.async.mbarrier.arrive.noinc.shared"
			}
			fx.call(name, lltypes.Void, bar)
		case gpu.MBarrierWaitOp.Name:
			fx.mbarrierWait(bar, fx.cur.NewAnd(phase, i32c(1)), gpu.SuspendNS(op))
		}
		return nil
	})
	return nil
}

// mbarrierWait loops in PTX until the phase of the given parity has
// completed (try_wait on sm_90, with suspendNS as its suspend time hint
// when positive; test_wait with a backoff before).
func (fx *fnTr) mbarrierWait(bar, parity value.Value, suspendNS int64) {
	hint := ""
	if suspendNS > 0 {
		hint = fmt.Sprintf(", %d", min(suspendNS, math.MaxUint32))
	}
	wait := "mbarrier.try_wait.parity.shared.b64 P1, [$0], $1" + hint + ";\n\t"
	if fx.tr.target.SM() < 90 {
		wait = "mbarrier.test_wait.parity.shared.b64 P1, [$0], $1;\n\t@!P1 nanosleep.u32 20;\n\t"
	}
	text := "{\n\t.reg .pred P1;\n\tLAB_WAIT:\n\t" + wait + "@!P1 bra.uni LAB_WAIT;\n\t}"
	fx.asm(text, "l,r", lltypes.Void, true, bar, parity)
}
