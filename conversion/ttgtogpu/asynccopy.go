package ttgtogpu

import (
	"math"

	"github.com/ttcompiler/tt/analysis/axisinfo"
	"github.com/ttcompiler/tt/conversion"
	"github.com/ttcompiler/tt/dialects/gpu"
	"github.com/ttcompiler/tt/dialects/memory"
	"github.com/ttcompiler/tt/dialects/tt"
	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

// Asynchronous copies from global to shared memory, as Triton 3.6's
// AsyncCopyGlobalToLocalOpConversion: every thread copies the elements
// its registers address into the buffer (through the inverse of the
// buffer's shared layout, like a local_store) with gpu.cp_async, in
// vectors of up to 16 bytes: as many elements as the pointers are
// contiguous and the mask constant (axis info, or the op's contiguity
// hint), and as the shared layout keeps consecutive. A 16-byte copy
// caches in L2 only (cg), smaller ones at all levels (ca). Threads that
// only repeat another thread's elements copy nothing. Masked-off vectors
// copy zero bytes from the source (src-size 0), which fills their
// destination with zeros, as 3.6 does; 3.6 ignores a non-zero `other`
// (its pipeliner never makes one: it selects after the local load
// instead), tt honours it: such vectors are not copied but stored from
// the `other` registers at once, so the buffer holds what the op
// specifies. ttg.async_commit_group and ttg.async_wait become
// gpu.cp_async_commit and gpu.cp_async_wait; the barrier that makes other
// warps' copies visible after a wait comes from the barrier analysis,
// which puts one after every ttg.async_wait. Tokens carry no data: they
// convert to nothing.

// asyncCopyVec is the widest vector of a ttg.async_copy_global_to_local,
// as 3.6 bounds it: the pointers' contiguity and the mask's constancy
// (axis info, computed before the conversion), raised to the op's
// contiguity hint, at most 128 bits.
func asyncCopyVec(a *axisinfo.Module, op *ir.Operation) int {
	src := op.Operand(0)
	vec := a.Contiguity(src)
	if mask := (ttg.AsyncCopyOp{Operation: op}).Mask(); mask != nil {
		vec = min(vec, a.MaskAlignment(mask))
	}
	if a, ok := op.Attr("contiguity").(*ir.IntegerAttr); ok {
		vec = max(vec, int(a.Int()))
	}
	bits := storageBits(tt.ElementTypeOfPtr(src.Type()))
	vec = min(vec, max(128/bits, 1))
	for !isPow2(int64(vec)) {
		vec--
	}
	return max(vec, 1)
}

func (l *lowering) lowerAsyncCopy(op *ir.Operation, e *emitter, rw *conversion.Rewriter) error {
	if err := l.target.asyncCopySupport(); err != nil {
		return ir.OpErrorf(op, "%v", err)
	}
	src := op.Operand(0)
	mt, ok := op.Operand(1).Type().(*ttg.MemDescType)
	if !ok {
		return ir.OpErrorf(op, "expected a memdesc destination")
	}
	lay, err := l.opLayout(op, src.Type())
	if err != nil {
		return err
	}
	ap, bits, err := l.asyncCopyAccess(op, mt, lay)
	if err != nil {
		return err
	}
	if bytes := ap.vec * bits / 8; bytes < 4 {
		return ir.OpErrorf(op, "cp.async copies 4, 8 or 16 bytes; the pointers allow vectors of %d bytes (%d contiguous %d-bit elements)",
			bytes, ap.vec, bits)
	}
	ptrs := rw.RemappedN(src)
	// The mask and other by name: either may be absent (other without a
	// mask is never read).
	cp := ttg.AsyncCopyOp{Operation: op}
	var masks, others []ir.Value
	if mask := cp.Mask(); mask != nil {
		masks = rw.RemappedN(mask)
	}
	if !l.access[op].zeroOther {
		others = rw.RemappedN(cp.Other())
	}
	owner := e.ownerPredicate(lay)
	elem := l.scalarType(mt.Elem)
	base := rw.Remapped(op.Operand(1))
	bytes := ap.vec * bits / 8
	cache := memory.CacheCA
	if bytes == 16 {
		cache = memory.CacheCG
	}
	ap.emit(e, func(idx ir.Value) ir.Value { return e.byteGep(base, e.mulC(idx, int64(bits/8))) }, int64(bits/8),
		func(regs []int, addr ir.Value) {
			var m ir.Value
			if masks != nil {
				m = masks[regs[0]]
			}
			switch {
			case m == nil:
				gpu.NewCpAsync(e.b, e.loc, addr, ptrs[regs[0]], nil, owner, bytes, cache)
			case others == nil:
				// Zero bytes from the source fill the vector with zeros.
				n := e.selectV(m, e.i32c(int64(bytes)), e.i32c(0))
				gpu.NewCpAsync(e.b, e.loc, addr, ptrs[regs[0]], n, owner, bytes, cache)
			default:
				gpu.NewCpAsync(e.b, e.loc, addr, ptrs[regs[0]], nil, e.andBool(owner, m), bytes, cache)
				part := make([]ir.Value, len(regs))
				for i, r := range regs {
					part[i] = others[r]
				}
				words := e.packWords(part, elem, vectorWordBits(len(regs), bits))
				off := e.xor(m, e.cBool(true))
				newGPU(e).store(addr, e.andBool(owner, off), words, memOpts{})
			}
		})
	rw.ReplaceOpN(op, [][]ir.Value{nil})
	return nil
}

// asyncCopyAccess plans the vectors of a ttg.async_copy_global_to_local
// into mt whose source registers lay describes, and returns them with the
// bits of an element. The plan is kept: the demand analysis (demand.go)
// asks first.
func (l *lowering) asyncCopyAccess(op *ir.Operation, mt *ttg.MemDescType, lay *regLayout) (accessPlan, int, error) {
	if c, ok := l.asyncCopies[op]; ok {
		return c.access, c.bits, nil
	}
	ap, bits, err := l.planAsyncCopy(op, mt, lay)
	if err == nil {
		if l.asyncCopies == nil {
			l.asyncCopies = map[*ir.Operation]asyncCopyPlan{}
		}
		l.asyncCopies[op] = asyncCopyPlan{access: ap, bits: bits}
	}
	return ap, bits, err
}

// asyncCopyPlan is what asyncCopyAccess keeps of a copy.
type asyncCopyPlan struct {
	access accessPlan
	bits   int
}

func (l *lowering) planAsyncCopy(op *ir.Operation, mt *ttg.MemDescType, lay *regLayout) (accessPlan, int, error) {
	src := op.Operand(0)
	pointee := tt.ElementTypeOfPtr(src.Type())
	if pointee == nil || storageBits(pointee) != storageBits(mt.Elem) {
		return accessPlan{}, 0, ir.OpErrorf(op, "copies %s elements into a buffer of %s", asm.TypeString(pointee), asm.TypeString(mt.Elem))
	}
	p, err := l.bufferPlan(op, mt, lay, l.viewOfOperand(op, 1))
	if err != nil {
		return accessPlan{}, 0, err
	}
	p.maxVec = l.access[op].vec
	mask := int64(1)<<p.roundLog - 1
	srcType, ok := src.Type().(*ir.RankedTensorType)
	if !ok {
		return accessPlan{}, 0, ir.OpErrorf(op, "expected a tensor of pointers to copy from")
	}
	// The dim along which axis info measured the pointers' contiguity.
	fastest := ttg.Order(srcType.Encoding, srcType.Shape())[0]
	return p.planAccess(lay, 0, mask, globallyContiguous(lay, fastest)), p.bits, nil
}

// globallyContiguous accepts a vector of registers whose elements follow
// each other along dim, starting at a multiple of the vector's length:
// the elements whose pointers axis info found contiguous (and whose mask
// it found constant), which one copy may read together. Axis info (and
// the op's contiguity hint) speaks of the source layout's fastest dim
// only: elements consecutive along another dim — which a transposed
// buffer keeps consecutive in shared memory — have pointers a stride
// apart, and one copy would read the wrong bytes (or fault: a 16-byte
// cp.async from a 4-byte aligned address is misaligned).
func globallyContiguous(lay *regLayout, dim int) func(regs []int) bool {
	return func(regs []int) bool {
		first := lay.regs[regs[0]]
		if len(regs) == 1 {
			return true
		}
		if first[dim]%int32(len(regs)) != 0 {
			return false
		}
		for j, r := range regs {
			for d, c := range lay.regs[r] {
				want := first[d]
				if d == dim {
					want += int32(j)
				}
				if c != want {
					return false
				}
			}
		}
		return true
	}
}

// isZeroSplat reports whether v is a constant whose every element has
// all bits zero.
func isZeroSplat(v ir.Value) bool {
	def := v.DefiningOp()
	if def == nil || def.Name() != "arith.constant" {
		return false
	}
	a, ok := def.Attr("value").(*ir.DenseElementsAttr)
	if !ok {
		return false
	}
	for i := 0; i < a.Len(); i++ {
		if a.IsFloat() && math.Float64bits(a.FloatAt(i)) != 0 || !a.IsFloat() && a.IntAt(i) != 0 {
			return false
		}
	}
	return true
}

func (l *lowering) lowerAsyncCommitGroup(op *ir.Operation, e *emitter, rw *conversion.Rewriter) error {
	if err := l.target.asyncCopySupport(); err != nil {
		return ir.OpErrorf(op, "%v", err)
	}
	gpu.NewCpAsyncCommit(e.b, e.loc)
	rw.ReplaceOpN(op, [][]ir.Value{nil})
	return nil
}

func (l *lowering) lowerAsyncWait(op *ir.Operation, e *emitter, rw *conversion.Rewriter) error {
	if err := l.target.asyncCopySupport(); err != nil {
		return ir.OpErrorf(op, "%v", err)
	}
	num, ok := op.Attr("num").(*ir.IntegerAttr)
	if !ok || num.Int() < 0 || num.Int() > 255 {
		return ir.OpErrorf(op, "ttg.async_wait needs a 'num' between 0 and 255 (cp.async.wait_group's immediate)")
	}
	gpu.NewCpAsyncWait(e.b, e.loc, int(num.Int()))
	rw.ReplaceOpN(op, [][]ir.Value{nil})
	return nil
}
