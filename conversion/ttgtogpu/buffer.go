package ttgtogpu

import (
	"github.com/ttcompiler/tt/analysis/axisinfo"
	"github.com/ttcompiler/tt/conversion"
	"github.com/ttcompiler/tt/dialects/amdgpu"
	"github.com/ttcompiler/tt/dialects/memory"
	"github.com/ttcompiler/tt/dialects/tt"
	"github.com/ttcompiler/tt/ir"
)

// AMD buffer ops (amdg.buffer_load / amdg.buffer_store, which Triton's
// tritonamdgpu-convert-buffer-ops makes of global accesses): a scalar base
// pointer and a tensor of i32 element offsets. They lower like tt.load and
// tt.store on the pointers base + offset: predicated gpu.load/gpu.store of
// up to 128 bits. Triton converts only accesses whose offsets it proves
// non-negative and below 2 GiB, where the hardware's buffer range check
// (out-of-range reads give 0, writes are dropped) never fires; tt does not
// emulate that check for other offsets.

// bufferOp is the view of a buffer load or store.
type bufferOp struct {
	op                        *ir.Operation
	ptr, offsets, mask, other ir.Value
	value                     ir.Value // stores
	stride                    ir.Value
	data                      *ir.RankedTensorType // the loaded or stored tensor
}

func bufferView(op *ir.Operation) bufferOp {
	one := func(vs []ir.Value) ir.Value {
		if len(vs) == 1 {
			return vs[0]
		}
		return nil
	}
	d := amdgpu.BufferLoad
	if op.Name() == "amdg.buffer_store" {
		d = amdgpu.BufferStore
	}
	b := bufferOp{op: op, ptr: one(d.Operand(op, "ptr")), offsets: one(d.Operand(op, "offsets")),
		mask: one(d.Operand(op, "mask")), stride: one(d.Operand(op, "stride"))}
	if op.Name() == "amdg.buffer_store" {
		b.value = one(d.Operand(op, "value"))
		b.data, _ = b.value.Type().(*ir.RankedTensorType)
	} else {
		b.other = one(d.Operand(op, "other"))
		b.data, _ = op.Result(0).Type().(*ir.RankedTensorType)
	}
	return b
}

// bufferVectorSize is the vector width of a buffer access: contiguous,
// aligned offsets (ContiguityBits), a base pointer aligned to the vector,
// at most 128 bits, and a mask constant over the vector.
func bufferVectorSize(a *axisinfo.Module, b bufferOp) int {
	pt, ok := b.ptr.Type().(*tt.PointerType)
	if !ok || b.data == nil {
		return 1
	}
	bits := storageBits(pt.Pointee)
	vec := min(a.ContiguityBits(b.offsets, bits), max(128/bits, 1))
	baseAlign := int64(1)
	if info, ok := a.Info(b.ptr); ok && info.Rank() == 1 {
		baseAlign = max(info.Divisibility[0]/int64(max(bits/8, 1)), 1)
	}
	vec = min(vec, int(min(baseAlign, 1<<10)))
	if b.mask != nil {
		vec = min(vec, a.MaskAlignment(b.mask))
	}
	for vec > 1 && !isPow2(int64(vec)) {
		vec--
	}
	return max(vec, 1)
}

// bufferPointers returns the per-register pointers base + offset.
func (l *lowering) bufferPointers(e *emitter, b bufferOp, rw *conversion.Rewriter) ([]ir.Value, ir.Type, error) {
	if b.stride != nil {
		return nil, nil, ir.OpErrorf(b.op, "'%s' with a stride is not supported", b.op.Name())
	}
	if b.data == nil {
		return nil, nil, ir.OpErrorf(b.op, "'%s' must move a tensor", b.op.Name())
	}
	pt, ok := b.ptr.Type().(*tt.PointerType)
	if !ok {
		return nil, nil, ir.OpErrorf(b.op, "'%s' needs a scalar base pointer", b.op.Name())
	}
	base := rw.RemappedN(b.ptr)[0]
	offs := rw.RemappedN(b.offsets)
	elem := e.memType(pt.Pointee)
	ptrs := make([]ir.Value, len(offs))
	for i, o := range offs {
		ptrs[i] = e.gep(elem, base, o)
	}
	return ptrs, pt.Pointee, nil
}

func bufferCache(op *ir.Operation) memOpts {
	if a, ok := op.Attr("cache").(*ir.IntegerAttr); ok {
		return memOpts{Cache: memory.CacheModifier(a.Int())}
	}
	return memOpts{}
}

// lowerBufferLoad loads each vector of registers from base + offset, with
// other (or zero) where the mask is false.
func (l *lowering) lowerBufferLoad(op *ir.Operation, e *emitter, rw *conversion.Rewriter) error {
	b := bufferView(op)
	ptrs, elem, err := l.bufferPointers(e, b, rw)
	if err != nil {
		return err
	}
	lay, err := l.opLayout(op, b.data)
	if err != nil {
		return err
	}
	var masks, others []ir.Value
	if b.mask != nil {
		masks = rw.RemappedN(b.mask)
	}
	if b.other != nil {
		others = rw.RemappedN(b.other)
	}
	vec := l.access[op].vec
	if vec < 1 || lay.numRegs%vec != 0 {
		vec = 1
	}
	opts := bufferCache(op)
	canon := lay.canonicalRegs()
	out := make([]ir.Value, lay.numRegs)
	for g := 0; g < lay.numRegs; g += vec {
		if canon[g] != g {
			for i := g; i < g+vec; i++ {
				out[i] = out[canon[i]]
			}
			continue
		}
		copy(out[g:], l.loadVector(e, ptrs[g], first(masks, g), sliceOrNil(others, g, g+vec), elem, vec, opts))
	}
	rw.ReplaceOpN(op, [][]ir.Value{out})
	return nil
}

// lowerBufferStore stores each vector of registers to base + offset where
// the mask holds, by the canonical holders of the data.
func (l *lowering) lowerBufferStore(op *ir.Operation, e *emitter, rw *conversion.Rewriter) error {
	b := bufferView(op)
	ptrs, elem, err := l.bufferPointers(e, b, rw)
	if err != nil {
		return err
	}
	lay, err := l.opLayout(op, b.data)
	if err != nil {
		return err
	}
	vals := rw.RemappedN(b.value)
	var masks []ir.Value
	if b.mask != nil {
		masks = rw.RemappedN(b.mask)
	}
	vec := l.access[op].vec
	if vec < 1 || lay.numRegs%vec != 0 {
		vec = 1
	}
	opts := bufferCache(op)
	owner := e.ownerPredicate(lay)
	for g := 0; g < lay.numRegs; g += vec {
		if !lay.isUniqueReg(g) {
			continue
		}
		l.storeVector(e, ptrs[g], e.andBool(first(masks, g), owner), vals[g:g+vec], elem, vec, opts)
	}
	rw.EraseOp(op)
	return nil
}
