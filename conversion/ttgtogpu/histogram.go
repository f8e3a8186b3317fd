package ttgtogpu

import (
	"github.com/ttcompiler/tt/conversion"
	"github.com/ttcompiler/tt/dialects/llvm"
	"github.com/ttcompiler/tt/dialects/memory"
	"github.com/ttcompiler/tt/ir"
)

// tt.histogram counts into bins in scratch memory: the bins are cleared,
// every element (one copy of each) whose mask allows adds one to its bin
// with a shared atomic, and each thread reads the bins of its result
// registers.

func histogramBins(op *ir.Operation) (int64, bool) {
	rt, ok := op.Result(0).Type().(*ir.RankedTensorType)
	if !ok || rt.Rank() != 1 {
		return 0, false
	}
	return rt.Dims[0], true
}

func (l *lowering) lowerHistogram(op *ir.Operation, e *emitter, rw *conversion.Rewriter) error {
	bins, ok := histogramBins(op)
	if !ok {
		return ir.OpErrorf(op, "tt.histogram result must be a 1-D tensor")
	}
	if !ir.IsInteger(l.elemTypeOf(op.Result(0).Type()), 32) {
		return ir.OpErrorf(op, "tt.histogram result must hold i32 counts")
	}
	src, dst, err := l.srcDstLayouts(op)
	if err != nil {
		return err
	}
	if !src.cta.isTrivial() {
		// Each CTA would count only its share.
		return ir.OpErrorf(op, "tt.histogram of a tensor the CTAs of a cluster split (CTA bases %v) would have to add counts across CTAs, which is not supported", src.cta)
	}
	off, err := l.sharedOffset(op, int(bins)*4)
	if err != nil {
		return err
	}
	vals := rw.RemappedN(op.Operand(0))
	var masks []ir.Value
	if op.NumOperands() > 1 {
		masks = rw.RemappedN(op.Operand(1))
	}
	g := newGPU(e)
	shared := memOpts{}
	tid := e.fs.threadID(l)
	nT := int64(l.numThreads())
	addr := func(bin ir.Value) ir.Value { return e.smemAddr(off, e.mulC(bin, 4)) }

	for base := int64(0); base < bins; base += nT {
		idx := e.addC(tid, base)
		var pred ir.Value
		if base+nT > bins {
			pred = e.icmpC(llvm.ICmpSLT, idx, bins)
		}
		g.store(addr(idx), pred, []ir.Value{e.i32c(0)}, shared)
	}
	g.barrier()
	owner := e.ownerPredicate(src)
	// As Triton 3.6 does (a ballot per value bit, bins padded to at least
	// the lanes of a warp: 32 on NVIDIA, 64 on CDNA), only the low
	// log2(max(bins, lanes)) bits of a value select its bin: out-of-range
	// values wrap, into a real bin or a dropped padding bin.
	wrap := max(bins, int64(l.lanes()))
	for r, v := range vals {
		if !src.isUniqueReg(r) {
			continue
		}
		bin := e.andC(e.intResize(v, e.i32(), false), wrap-1)
		var inRange ir.Value
		if wrap > bins {
			inRange = e.icmpC(llvm.ICmpULT, bin, bins)
		}
		pred := e.andBool(e.andBool(inRange, first(masks, r)), owner)
		g.atomicRMW(memory.RMWAdd, memory.SemRelaxed, memory.ScopeCTA, addr(bin), e.i32c(1), pred)
	}
	g.barrier()
	out := make([]ir.Value, dst.numRegs)
	canon := dst.canonicalRegs()
	for r := range out {
		if canon[r] != r {
			out[r] = out[canon[r]]
			continue
		}
		// Every CTA counted all bins: a result split over CTAs reads the
		// bins of its share.
		out[r] = g.load(addr(e.globalCoord(dst, r, 0)), nil, nil, []ir.Type{e.i32()}, shared)[0]
	}
	rw.ReplaceOpN(op, [][]ir.Value{out})
	return nil
}
