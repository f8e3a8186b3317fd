package ttgtogpu

import (
	"github.com/ttcompiler/tt/analysis/axisinfo"
	"github.com/ttcompiler/tt/conversion"
	"github.com/ttcompiler/tt/dialects/amdgpu"
	"github.com/ttcompiler/tt/dialects/gpu"
	"github.com/ttcompiler/tt/dialects/memory"
	"github.com/ttcompiler/tt/dialects/tt"
	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/ir"
)

// AMD buffer ops (amdg.buffer_load / amdg.buffer_store, which Triton's
// tritonamdgpu-convert-buffer-ops makes of global accesses): a scalar base
// pointer and a tensor of i32 element offsets. Loads and stores become
// gpu.buffer_load / gpu.buffer_store of up to 128 bits at the byte offset
// offset*size (an i32 product, as Triton's BufferEmitter computes it),
// with the mask as predicate: the hardware's raw buffer access, whose
// range check makes out-of-range reads zero and drops out-of-range
// writes. Buffer atomics lower like tt atomics on the pointers base +
// offset (one thread per element, with the scratch broadcast of their
// results); Triton converts only atomics whose offsets it proves in
// range, where the range check never fires. The optional stride (the byte
// distance between a block's rows, which convert-buffer-ops records) is a
// cache-swizzling hint: it does not change the addresses, and 3.6's
// lowering builds every buffer resource with stride 0 (its swizzling is
// compiled out), so it is ignored here too.

// bufferOp is the view of a buffer load or store.
type bufferOp struct {
	op                        *ir.Operation
	ptr, offsets, mask, other ir.Value
	value                     ir.Value             // stores
	data                      *ir.RankedTensorType // the loaded or stored tensor
}

// one is the single value of an optional operand group, or nil.
func one(vs []ir.Value) ir.Value {
	if len(vs) == 1 {
		return vs[0]
	}
	return nil
}

func bufferView(op *ir.Operation) bufferOp {
	d := map[string]ttg.Op{"amdg.buffer_load": amdgpu.BufferLoad, "amdg.buffer_store": amdgpu.BufferStore,
		"amdg.buffer_atomic_rmw": amdgpu.BufferAtomicRMW, "amdg.buffer_atomic_cas": amdgpu.BufferAtomicCAS}[op.Name()]
	b := bufferOp{op: op, ptr: one(d.Operand(op, "ptr")), offsets: one(d.Operand(op, "offsets")),
		mask: one(d.Operand(op, "mask"))}
	switch op.Name() {
	case "amdg.buffer_store":
		b.value = one(d.Operand(op, "value"))
		b.data, _ = b.value.Type().(*ir.RankedTensorType)
	case "amdg.buffer_load":
		b.other = one(d.Operand(op, "other"))
		b.data, _ = op.Result(0).Type().(*ir.RankedTensorType)
	case "amdg.buffer_atomic_rmw":
		b.value = one(d.Operand(op, "value"))
		b.data, _ = op.Result(0).Type().(*ir.RankedTensorType)
	case "amdg.buffer_atomic_cas":
		b.value = one(d.Operand(op, "val"))
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

// bufferByteOffsets returns the base pointer and the byte offset of each
// register (offset * element size, wrapping in 32 bits).
func (l *lowering) bufferByteOffsets(e *emitter, b bufferOp, rw *conversion.Rewriter) (ir.Value, []ir.Value, ir.Type, error) {
	if b.data == nil {
		return nil, nil, nil, ir.OpErrorf(b.op, "'%s' must move a tensor", b.op.Name())
	}
	pt, ok := b.ptr.Type().(*tt.PointerType)
	if !ok {
		return nil, nil, nil, ir.OpErrorf(b.op, "'%s' needs a scalar base pointer", b.op.Name())
	}
	size := int64(max(storageBits(pt.Pointee)/8, 1))
	offs := rw.RemappedN(b.offsets)
	bytes := make([]ir.Value, len(offs))
	for i, o := range offs {
		bytes[i] = e.mulC(o, size)
	}
	return rw.RemappedN(b.ptr)[0], bytes, pt.Pointee, nil
}

// truePred is the constant true predicate.
func (e *emitter) truePred() ir.Value { return e.cInt(e.i1(), 1) }

// lowerBufferLoad loads each vector of registers with gpu.buffer_load,
// with other (or zero) where the mask is false.
func (l *lowering) lowerBufferLoad(op *ir.Operation, e *emitter, rw *conversion.Rewriter) error {
	b := bufferView(op)
	base, offs, elem, err := l.bufferByteOffsets(e, b, rw)
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
	wordBits, nWords := wordLayout(vec, storageBits(elem))
	wt := e.wordType(elem, wordBits)
	types := make([]ir.Type, nWords)
	for i := range types {
		types[i] = wt
	}
	for g := 0; g < lay.numRegs; g += vec {
		if canon[g] != g {
			for i := g; i < g+vec; i++ {
				out[i] = out[canon[i]]
			}
			continue
		}
		var otherWords []ir.Value
		if os := sliceOrNil(others, g, g+vec); os != nil && !allZeroConsts(os) {
			otherWords = e.packWords(os, elem, wordBits)
			for i, w := range otherWords {
				if w.Type() != wt {
					otherWords[i] = e.bitcast(w, wt)
				}
			}
		}
		pred := first(masks, g)
		if pred == nil {
			pred = e.truePred()
		}
		words := gpu.NewBufferLoad(e.b, e.loc, base, offs[g], pred, otherWords, types, opts).Results()
		copy(out[g:], e.unpackWords(words, elem, wordBits))
	}
	rw.ReplaceOpN(op, [][]ir.Value{out})
	return nil
}

// lowerBufferStore stores each vector of registers with gpu.buffer_store
// where the mask holds, by the canonical holders of the data.
func (l *lowering) lowerBufferStore(op *ir.Operation, e *emitter, rw *conversion.Rewriter) error {
	b := bufferView(op)
	base, offs, elem, err := l.bufferByteOffsets(e, b, rw)
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
	wordBits, _ := wordLayout(vec, storageBits(elem))
	wt := e.wordType(elem, wordBits)
	for g := 0; g < lay.numRegs; g += vec {
		if !lay.isUniqueReg(g) {
			continue
		}
		words := e.packWords(vals[g:g+vec], elem, wordBits)
		for i, w := range words {
			if w.Type() != wt {
				words[i] = e.bitcast(w, wt)
			}
		}
		pred := e.andBool(first(masks, g), owner)
		if pred == nil {
			pred = e.truePred()
		}
		gpu.NewBufferStore(e.b, e.loc, base, offs[g], pred, words, opts)
	}
	rw.EraseOp(op)
	return nil
}

// lowerBufferAtomicRMW performs the read-modify-write on base + offset,
// one element at a time, as tt.atomic_rmw does on its pointers.
func (l *lowering) lowerBufferAtomicRMW(op *ir.Operation, e *emitter, rw *conversion.Rewriter) error {
	b := bufferView(op)
	ptrs, _, err := l.bufferPointers(e, b, rw)
	if err != nil {
		return err
	}
	kind, sem, scope := bufferAtomicEnums(op)
	var masks []ir.Value
	if b.mask != nil {
		masks = rw.RemappedN(b.mask)
	}
	vals := rw.RemappedN(b.value)
	return l.lowerAtomic(op, e, rw, func(r int, pred ir.Value) ir.Value {
		return newGPU(e).atomicRMW(kind, sem, scope, ptrs[r], vals[r], e.andBool(first(masks, r), pred))
	})
}

// lowerBufferAtomicCAS performs the compare-and-swap on base + offset.
func (l *lowering) lowerBufferAtomicCAS(op *ir.Operation, e *emitter, rw *conversion.Rewriter) error {
	b := bufferView(op)
	ptrs, _, err := l.bufferPointers(e, b, rw)
	if err != nil {
		return err
	}
	_, sem, scope := bufferAtomicEnums(op)
	cmps, vals := rw.RemappedN(one(amdgpu.BufferAtomicCAS.Operand(op, "cmp"))), rw.RemappedN(b.value)
	return l.lowerAtomic(op, e, rw, func(r int, pred ir.Value) ir.Value {
		return newGPU(e).atomicCAS(sem, scope, ptrs[r], cmps[r], vals[r], pred)
	})
}

// bufferAtomicEnums reads a buffer atomic's kind (rmw only), memory
// semantic and scope.
func bufferAtomicEnums(op *ir.Operation) (memory.RMWOp, memory.MemSemantic, memory.MemSyncScope) {
	get := func(name string) int64 {
		if a, ok := op.Attr(name).(*ir.IntegerAttr); ok {
			return a.Int()
		}
		return 0
	}
	return memory.RMWOp(get("atomic_rmw_op")), memory.MemSemantic(get("sem")), memory.MemSyncScope(get("scope"))
}
