package ttgtogpu

import (
	"github.com/ttcompiler/tt/conversion"
	"github.com/ttcompiler/tt/dialects/llvm"
	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
	"github.com/ttcompiler/tt/linearlayout"
)

// Shared memory buffers (ttg.local_*): a memdesc value is the address of
// its first element. Registers move to and from the buffer through the
// inverse of the buffer's shared layout (coordinates -> element offset),
// vectorized like a layout conversion's scratch accesses.

// bufferPlan returns the transfer plan between a register layout and the
// shared layout of a memdesc type, seen through view. With clusters, both
// are the CTA's shares, which must be the same part of the tensor.
func (l *lowering) bufferPlan(op *ir.Operation, mt *ttg.MemDescType, regs *regLayout, view memView) (*cvtPlan, error) {
	sh, err := l.sharedCTALayout(op, mt)
	if err != nil {
		return nil, err
	}
	if !sh.cta.equal(regs.cta) {
		return nil, ir.OpErrorf(op, "the registers and the shared buffer %s are split over the CTAs of a cluster differently (CTA bases %v and %v), which would move data between CTAs (distributed shared memory)", asm.TypeString(mt), regs.cta, sh.cta)
	}
	if err := sh.checkView(op, view); err != nil {
		return nil, err
	}
	bits := storageBits(mt.Elem)
	p := &cvtPlan{src: regs, dst: regs, bits: bits, inv: sh.inv, numRounds: 1}
	p.roundLog = sh.inv.TotalOutDimSizeLog2()
	p.regXor = p.viewXor(view)
	return p, nil
}

// sharedCTA is a shared buffer's layout as one CTA addresses it: its
// share of the buffer (the whole buffer without clusters).
type sharedCTA struct {
	inv   linearlayout.LinearLayout // coordinates in the CTA's share -> element offset
	cta   ctaSplit                  // where each CTA's share lies in the buffer
	shape []int64                   // the CTA's share of the buffer (trailing alloc dims)
}

// checkView refuses a sub-view whose offsets reach into the share of
// another CTA of the cluster.
func (s *sharedCTA) checkView(op *ir.Operation, view memView) error {
	for d, o := range view.offsets {
		if d < len(s.shape) && o&int64(s.cta.mask(d)) != 0 {
			return ir.OpErrorf(op, "a sub-view at offsets %v of a buffer the CTAs of a cluster split (CTA bases %v) starts in another CTA's share", view.offsets, s.cta)
		}
	}
	return nil
}

// sharedCTALayout returns the layout of a buffer in one CTA: the inverse
// of its shared layout (coordinates -> element offset from the buffer's
// start) over the CTA's share, and the CTA split. The answer is
// memoized per type (lowering.sharedLayouts): callers only read it.
func (l *lowering) sharedCTALayout(op *ir.Operation, mt *ttg.MemDescType) (*sharedCTA, error) {
	if sh, ok := l.sharedLayouts[mt]; ok {
		return sh, nil
	}
	sh, err := l.newSharedCTALayout(op, mt)
	if err != nil {
		return nil, err
	}
	if l.sharedLayouts == nil {
		l.sharedLayouts = map[*ttg.MemDescType]*sharedCTA{}
	}
	l.sharedLayouts[mt] = sh
	return sh, nil
}

// newSharedCTALayout is sharedCTALayout without the memo.
func (l *lowering) newSharedCTALayout(op *ir.Operation, mt *ttg.MemDescType) (*sharedCTA, error) {
	if _, padded := mt.Encoding.(*ttg.PaddedSharedEncoding); padded {
		return nil, ir.OpErrorf(op, "padded shared layouts are not supported")
	}
	ll, err := ttg.TypeLinearLayout(mt)
	if err != nil {
		return nil, ir.OpErrorf(op, "cannot lower %s: %v", asm.TypeString(mt), err)
	}
	names := dimNames(len(mt.Dims))
	if !sameNames(ll.OutDimNames(), names) {
		return nil, ir.OpErrorf(op, "shared layout does not match the buffer's rank")
	}
	ll = ll.TransposeOuts(names)
	local, split, shape, err := splitOverCTAs(ll, names, []string{linearlayout.Offset})
	if err != nil {
		return nil, ir.OpErrorf(op, "cannot lower %s: %v", asm.TypeString(mt), err)
	}
	if split.numBits() > l.ctaBits {
		return nil, ir.OpErrorf(op, "the shared layout of %s spans %d CTAs, the module's clusters have %d (\"ttg.num-ctas\")", asm.TypeString(mt), 1<<split.numBits(), 1<<l.ctaBits)
	}
	inv, err := local.Invert()
	if err != nil {
		return nil, ir.OpErrorf(op, "shared layout of %s is not invertible: %v", asm.TypeString(mt), err)
	}
	return &sharedCTA{inv: inv, cta: split.padded(l.ctaBits, len(names)), shape: shape}, nil
}

// storeToBuffer writes the registers of a tensor into a buffer.
func (l *lowering) storeToBuffer(e *emitter, op *ir.Operation, base ir.Value, mt *ttg.MemDescType, view memView, value ir.Value, vals []ir.Value) error {
	lay, err := l.opLayout(op, value.Type())
	if err != nil {
		return err
	}
	p, err := l.bufferPlan(op, mt, lay, view)
	if err != nil {
		return err
	}
	elem := l.scalarType(mt.Elem)
	if st := l.planStMatrix(lay, p); st != nil && ir.BitWidth(elem) == p.bits {
		st.store(e, base, vals, p.bits)
		return nil
	}
	mask := int64(1)<<p.roundLog - 1
	owner := e.ownerPredicate(lay)
	p.transferAt(e, base, lay, 0, mask, func(regs []int, addr ir.Value) {
		part := make([]ir.Value, len(regs))
		for i, r := range regs {
			part[i] = vals[r]
		}
		words := e.packWords(part, elem, vectorWordBits(len(regs), p.bits))
		newGPU(e).store(addr, owner, words, memOpts{})
	})
	return nil
}

func (l *lowering) lowerLocalAlloc(op *ir.Operation, e *emitter, rw *conversion.Rewriter) error {
	mt, ok := op.Result(0).Type().(*ttg.MemDescType)
	if !ok {
		return ir.OpErrorf(op, "expected a memdesc result")
	}
	need, err := l.bufferBytes(op)
	if err != nil {
		return err
	}
	off, err := l.sharedOffset(op, need)
	if err != nil {
		return err
	}
	base := e.smemAddr(off, e.i32c(0))
	if op.NumOperands() > 0 {
		init := op.Operand(0)
		if _, err := l.opLayout(op, init.Type()); err != nil {
			return err
		}
		if err := l.storeToBuffer(e, op, base, mt, memView{}, init, rw.RemappedN(init)); err != nil {
			return err
		}
	}
	rw.ReplaceOp(op, []ir.Value{base})
	return nil
}

func (l *lowering) lowerLocalStore(op *ir.Operation, e *emitter, rw *conversion.Rewriter) error {
	value, dstBuf := op.Operand(0), op.Operand(1)
	mt, ok := dstBuf.Type().(*ttg.MemDescType)
	if !ok {
		return ir.OpErrorf(op, "expected a memdesc destination")
	}
	if _, err := l.opLayout(op, value.Type()); err != nil {
		return err
	}
	if err := l.storeToBuffer(e, op, rw.Remapped(dstBuf), mt, l.viewOfOperand(op, 1), value, rw.RemappedN(value)); err != nil {
		return err
	}
	rw.EraseOp(op)
	return nil
}

func (l *lowering) lowerLocalLoad(op *ir.Operation, e *emitter, rw *conversion.Rewriter) error {
	mt, ok := op.Operand(0).Type().(*ttg.MemDescType)
	if !ok {
		return ir.OpErrorf(op, "expected a memdesc operand")
	}
	lay, err := l.opLayout(op, op.Result(0).Type())
	if err != nil {
		return err
	}
	p, err := l.bufferPlan(op, mt, lay, l.viewOfOperand(op, 0))
	if err != nil {
		return err
	}
	elem := l.scalarType(mt.Elem)
	base := rw.Remapped(op.Operand(0))
	if ld := l.planLdMatrix(lay, p); ld != nil && ir.BitWidth(elem) == p.bits {
		rw.ReplaceOpN(op, [][]ir.Value{ld.emit(e, base, lay, elem, p.bits)})
		return nil
	}
	mask := int64(1)<<p.roundLog - 1
	out := make([]ir.Value, lay.numRegs)
	p.transferAt(e, base, lay, 0, mask, func(regs []int, addr ir.Value) {
		wb := vectorWordBits(len(regs), p.bits)
		_, nWords := wordLayout(len(regs), p.bits)
		types := make([]ir.Type, nWords)
		for i := range types {
			types[i] = e.wordType(elem, wb)
		}
		vals := e.unpackWords(newGPU(e).load(addr, nil, nil, types, memOpts{}), elem, wb)
		for i, r := range regs {
			out[r] = vals[i]
		}
	})
	canon := lay.canonicalRegs()
	for r, c := range canon {
		if out[r] == nil {
			out[r] = out[c]
		}
	}
	rw.ReplaceOpN(op, [][]ir.Value{out})
	return nil
}

func (l *lowering) lowerLocalDealloc(op *ir.Operation, e *emitter, rw *conversion.Rewriter) error {
	rw.EraseOp(op)
	return nil
}

// lowerMemDescIndex selects buffer i of a multi-buffered allocation: the
// leading dimension steps by the size of one buffer.
func (l *lowering) lowerMemDescIndex(op *ir.Operation, e *emitter, rw *conversion.Rewriter) error {
	src, ok := op.Operand(0).Type().(*ttg.MemDescType)
	if !ok {
		return ir.OpErrorf(op, "expected a memdesc operand")
	}
	res, ok := op.Result(0).Type().(*ttg.MemDescType)
	if !ok {
		return ir.OpErrorf(op, "expected a memdesc result")
	}
	if len(src.Dims) != len(res.Dims)+1 || len(src.AllocShape) < len(src.Dims) {
		return ir.OpErrorf(op, "ttg.memdesc_index must drop the leading dimension")
	}
	// One buffer is the allocation's trailing dims after the indexed one
	// (with clusters, the CTA's share of them).
	n := int64(1)
	alloc := allocShapePerCTA(src)
	for _, d := range alloc[len(alloc)-len(src.Dims)+1:] {
		n *= d
	}
	bytes := n * int64(storageBits(src.Elem)) / 8
	idx := e.intResize(rw.Remapped(op.Operand(1)), e.i32(), true)
	// The index is in [0, buffers) (any other selects no buffer), and the
	// allocation is far below 2^31 bytes: the offset is exact, which the
	// flags say for hoist-wgmma-descriptors (a descriptor of buffer i is
	// the first buffer's plus i buffers).
	offset := e.intBinary("llvm.mul", idx, e.cInt(idx.Type(), bytes), func(x, y int64, _ int) (int64, bool) { return x * y, true },
		named(llvm.OverflowFlagsAttrName, llvm.Overflow(e.ctx(), llvm.OverflowNSW|llvm.OverflowNUW)))
	addr := e.byteGep(rw.Remapped(op.Operand(0)), offset)
	rw.ReplaceOp(op, []ir.Value{addr})
	return nil
}

// lowerLocalBarrier: ttg.local_barrier (inserted by the barrier analysis)
// is a CTA barrier.
func (l *lowering) lowerLocalBarrier(op *ir.Operation, e *emitter, rw *conversion.Rewriter) error {
	newGPU(e).barrier()
	rw.EraseOp(op)
	return nil
}
