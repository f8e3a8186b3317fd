package ttgtogpu

import (
	"github.com/ttcompiler/tt/conversion"
	"github.com/ttcompiler/tt/dialects/tt"
	"github.com/ttcompiler/tt/ir"
)

// Atomics: one thread performs the operation on each address (threads,
// registers and CTAs of a cluster that repeat an element stay out, a
// scalar atomic runs in thread 0 of the cluster's first CTA). When the old values are used and other threads hold copies of
// the element, the performing thread publishes the old value in scratch
// memory and every holder reads it back.

// atomicNeedsBroadcast reports whether the old values must be shared
// through scratch memory.
func (l *lowering) atomicNeedsBroadcast(op *ir.Operation) (bool, *regLayout, error) {
	if !ir.HasUses(op.Result(0)) {
		return false, nil, nil
	}
	rt, ok := op.Result(0).Type().(*ir.RankedTensorType)
	if !ok {
		return true, nil, nil
	}
	lay, err := l.opLayout(op, rt)
	if err != nil {
		return false, nil, err
	}
	return lay.freeTid != 0, lay, nil
}

// atomicScratch is the bytes of scratch the broadcast of the old values
// touches.
func (l *lowering) atomicScratch(op *ir.Operation) (int, error) {
	need, lay, err := l.atomicNeedsBroadcast(op)
	if err != nil || !need {
		return 0, err
	}
	bytes := max(storageBits(l.elemTypeOf(op.Result(0).Type()))/8, 1)
	if lay == nil {
		return bytes, nil
	}
	n := 1
	for _, d := range lay.shape {
		n *= int(d)
	}
	return n * bytes, nil
}

func (l *lowering) lowerAtomicRMW(op *ir.Operation, e *emitter, rw *conversion.Rewriter) error {
	a := tt.AtomicRMWOp{Operation: op}
	kind, sem, scope := a.Kind(), a.Sem(), a.Scope()
	var masks []ir.Value
	if m := a.Mask(); m != nil {
		masks = rw.RemappedN(m)
	}
	ptrs, vals := rw.RemappedN(a.Ptr()), rw.RemappedN(a.Val())
	return l.lowerAtomic(op, e, rw, func(r int, pred ir.Value) ir.Value {
		return newGPU(e).atomicRMW(kind, sem, scope, ptrs[r], vals[r], e.andBool(first(masks, r), pred))
	})
}

func (l *lowering) lowerAtomicCAS(op *ir.Operation, e *emitter, rw *conversion.Rewriter) error {
	a := tt.AtomicCASOp{Operation: op}
	sem, scope := a.Sem(), a.Scope()
	ptrs, cmps, vals := rw.RemappedN(a.Ptr()), rw.RemappedN(a.Cmp()), rw.RemappedN(a.Val())
	return l.lowerAtomic(op, e, rw, func(r int, pred ir.Value) ir.Value {
		return newGPU(e).atomicCAS(sem, scope, ptrs[r], cmps[r], vals[r], pred)
	})
}

// lowerAtomic runs do for every element this thread owns and assembles
// the result.
func (l *lowering) lowerAtomic(op *ir.Operation, e *emitter, rw *conversion.Rewriter, do func(r int, pred ir.Value) ir.Value) error {
	need, lay, err := l.atomicNeedsBroadcast(op)
	if err != nil {
		return err
	}
	smemOff := 0
	if need {
		bytes, err := l.atomicScratch(op)
		if err != nil {
			return err
		}
		if smemOff, err = l.sharedOffset(op, bytes); err != nil {
			return err
		}
	}
	rt, isTensor := op.Result(0).Type().(*ir.RankedTensorType)
	if isTensor && lay == nil {
		if lay, err = l.opLayout(op, rt); err != nil {
			return err
		}
	}
	// With clusters, one CTA performs an atomic for all that hold the
	// element; the others could read the old value only from its shared
	// memory.
	if l.ctaBits > 0 && ir.HasUses(op.Result(0)) && (!isTensor || lay.cta.free() != 0) {
		return ir.OpErrorf(op, "the old values of an atomic whose elements several CTAs of a cluster hold would have to move between CTAs (distributed shared memory), which is not supported")
	}
	if !isTensor {
		tz := e.clusterLeader()
		old := do(0, tz)
		if need {
			newGPU(e).store(e.smemAddr(smemOff, e.i32c(0)), tz, []ir.Value{e.toMemory(old, old.Type(), true)}, memOpts{})
			newGPU(e).barrier()
			w := newGPU(e).load(e.smemAddr(smemOff, e.i32c(0)), nil, nil, []ir.Type{e.wordType(old.Type(), storageBits(old.Type()))}, memOpts{})[0]
			old = e.fromMemory(w, old.Type())
		}
		rw.ReplaceOp(op, []ir.Value{old})
		return nil
	}
	owner := e.globalOwnerPredicate(lay)
	canon := lay.canonicalRegs()
	out := make([]ir.Value, lay.numRegs)
	for r := range out {
		if canon[r] != r {
			continue
		}
		out[r] = do(r, owner)
	}
	if need {
		bytes := int64(max(storageBits(out[0].Type())/8, 1))
		for r := range out {
			if out[r] == nil {
				continue
			}
			addr := e.smemAddr(smemOff, e.mulC(e.linearIndex(e.coords(lay, r), lay.shape), bytes))
			newGPU(e).store(addr, owner, []ir.Value{e.toMemory(out[r], out[r].Type(), true)}, memOpts{})
		}
		newGPU(e).barrier()
		for r := range out {
			if out[r] == nil {
				continue
			}
			t := out[r].Type()
			addr := e.smemAddr(smemOff, e.mulC(e.linearIndex(e.coords(lay, r), lay.shape), bytes))
			w := newGPU(e).load(addr, nil, nil, []ir.Type{e.wordType(t, storageBits(t))}, memOpts{})[0]
			out[r] = e.fromMemory(w, t)
		}
	}
	for r, c := range canon {
		out[r] = out[c]
	}
	rw.ReplaceOpN(op, [][]ir.Value{out})
	return nil
}
