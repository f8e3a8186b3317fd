package nvptx

import (
	"fmt"
	"math"

	"github.com/ttcompiler/tt/dialects/gpu"
	"github.com/ttcompiler/tt/ir"
)

// mbarrier ops on a 32-bit shared-window address, predicated like
// Triton's (`@%p mbarrier.init.shared.b64 [%r], 1;`). A wait is a loop on
// try_wait.parity (test_wait.parity with a backoff before sm_90).

// barrierGuard returns the address register of an mbarrier op, its
// predicate prefix and whether it executes at all.
func (f *fn) barrierGuard(op *ir.Operation) (addr, prefix string, happens bool, err error) {
	if err := f.requireSM(op, 80, "mbarrier"); err != nil {
		return "", "", false, err
	}
	bar, err := f.get(op.Operand(0))
	if err != nil {
		return "", "", false, err
	}
	prefix, happens, err = f.guard(gpu.BarrierPred(op))
	return f.reg(bar), prefix, happens, err
}

func (f *fn) emitMBarrierInit(op *ir.Operation) error {
	addr, prefix, happens, err := f.barrierGuard(op)
	if err != nil || !happens {
		return err
	}
	f.ins("%smbarrier.init.shared.b64 [%s], %d", prefix, addr, gpu.BarrierCount(op))
	return nil
}

func (f *fn) emitMBarrierArrive(op *ir.Operation) error {
	addr, prefix, happens, err := f.barrierGuard(op)
	if err != nil || !happens {
		return err
	}
	if n := gpu.BarrierCount(op); n != 1 {
		if err := f.requireSM(op, 90, "mbarrier.arrive with a count"); err != nil {
			return err
		}
		f.ins("%smbarrier.arrive.shared.b64 _, [%s], %d", prefix, addr, n)
		return nil
	}
	f.inss("%smbarrier.arrive.shared.b64 _, [%s]", prefix, addr)
	return nil
}

func (f *fn) emitMBarrierArriveExpectTx(op *ir.Operation) error {
	if err := f.requireSM(op, 90, "mbarrier.arrive.expect_tx"); err != nil {
		return err
	}
	addr, prefix, happens, err := f.barrierGuard(op)
	if err != nil || !happens {
		return err
	}
	f.ins("%smbarrier.arrive.expect_tx.shared.b64 _, [%s], %d", prefix, addr, gpu.ExpectedTx(op))
	return nil
}

func (f *fn) emitMBarrierInval(op *ir.Operation) error {
	addr, prefix, happens, err := f.barrierGuard(op)
	if err != nil || !happens {
		return err
	}
	f.inss("%smbarrier.inval.shared.b64 [%s]", prefix, addr)
	return nil
}

// localLabel returns a fresh label of this function, marked used.
func (f *fn) localLabel(kind string) string {
	f.nlabels++
	l := fmt.Sprintf("$L__BB%d_%s%d", f.index, kind, f.nlabels)
	f.used[l] = true
	return l
}

// emitMBarrierWait loops until the phase of the given parity completes:
//
//	$L__BB0_w1:
//	mbarrier.try_wait.parity.shared.b64 %p1, [%r1], %r2;
//	@!%p1 bra $L__BB0_w1;
func (f *fn) emitMBarrierWait(op *ir.Operation) error {
	addr, _, happens, err := f.barrierGuard(op)
	if err != nil || !happens {
		return err
	}
	phase, err := f.get(op.Operand(1))
	if err != nil {
		return err
	}
	parity := ""
	if k, ok := constInt(phase); ok {
		parity = fmt.Sprint(k & 1)
	} else {
		parity = f.regs.alloc(classB32)
		f.inss("and.b32 %s, %s, 1", parity, f.reg(phase))
	}
	skip := ""
	if pred := gpu.BarrierPred(op); pred != nil {
		if p, _ := f.get(pred); p.konst == nil {
			skip = f.localLabel("s")
			f.inss("@!%s bra.uni %s", f.reg(p), skip)
		}
	}
	loop := f.localLabel("w")
	done := f.regs.alloc(classPred)
	f.label(loop)
	if f.m.arch.sm >= 90 {
		hint := ""
		if ns := gpu.SuspendNS(op); ns > 0 {
			hint = fmt.Sprintf(", %d", min(ns, math.MaxUint32))
		}
		f.inss("mbarrier.try_wait.parity.shared.b64 %s, [%s], %s%s", done, addr, parity, hint)
	} else {
		f.inss("mbarrier.test_wait.parity.shared.b64 %s, [%s], %s", done, addr, parity)
		f.inss("@!%s nanosleep.u32 20", done)
	}
	f.inss("@!%s bra.uni %s", done, loop)
	if skip != "" {
		f.label(skip)
	}
	return nil
}

// emitCpAsyncMBarrierArrive: `cp.async.mbarrier.arrive[.noinc].shared.b64
// [%r];`, executed by each thread whose copies the barrier tracks. It is
// an sm_80 instruction, as cp.async is.
func (f *fn) emitCpAsyncMBarrierArrive(op *ir.Operation) error {
	if err := f.requireSM(op, 80, "cp.async.mbarrier.arrive"); err != nil {
		return err
	}
	addr, prefix, happens, err := f.barrierGuard(op)
	if err != nil || !happens {
		return err
	}
	noinc := ""
	if gpu.NoIncrement(op) {
		noinc = ".noinc"
	}
	f.inss("%scp.async.mbarrier.arrive%s.shared.b64 [%s]", prefix, noinc, addr)
	return nil
}
