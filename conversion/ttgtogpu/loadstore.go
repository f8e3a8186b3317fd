package ttgtogpu

import (
	"math"

	"github.com/ttcompiler/tt/analysis/axisinfo"
	"github.com/ttcompiler/tt/conversion"
	"github.com/ttcompiler/tt/dialects/llvm"
	"github.com/ttcompiler/tt/dialects/tt"
	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/ir"
)

// accessInfo is what axis analysis says about a global access, computed
// before the conversion starts (it needs the original SSA values).
type accessInfo struct {
	vec int // elements moved by one vector access
	// zeroOther: an async copy's `other` is absent or all zeros.
	zeroOther bool
}

// planAccesses computes the vector width of every tt.load, tt.store and
// atomic: min(128 bits, contiguity of the pointer along the layout's
// fastest dimension), limited by how many consecutive elements share a
// mask value (Triton's getVectorSize and getMaskAlignment).
func (l *lowering) planAccesses() map[*ir.Operation]accessInfo {
	out := map[*ir.Operation]accessInfo{}
	ir.WalkOps(l.module, func(op *ir.Operation) {
		var mask ir.Value
		switch op.Name() {
		case "tt.load":
			mask = tt.LoadOp{Operation: op}.Mask()
		case "tt.store":
			mask = tt.StoreOp{Operation: op}.Mask()
		case "tt.atomic_rmw":
			mask = tt.AtomicRMWOp{Operation: op}.Mask()
		case "tt.atomic_cas":
		case "ttg.async_copy_global_to_local":
			other := ttg.AsyncCopyOp{Operation: op}.Other()
			out[op] = accessInfo{vec: asyncCopyVec(l.axis, op), zeroOther: other == nil || isZeroSplat(other)}
			return
		case "amdg.buffer_load", "amdg.buffer_store":
			out[op] = accessInfo{vec: bufferVectorSize(l.axis, bufferView(op))}
			return
		default:
			return
		}
		out[op] = accessInfo{vec: vectorSize(l.axis, op.Operand(0), mask)}
	})
	return out
}

func vectorSize(a *axisinfo.Module, ptr, mask ir.Value) int {
	t, ok := ptr.Type().(*ir.RankedTensorType)
	if !ok {
		return 1
	}
	pt, ok := t.Elem.(*tt.PointerType)
	if !ok {
		return 1
	}
	bits := storageBits(pt.Pointee)
	vec := min(a.Contiguity(ptr), max(128/bits, 1))
	if mask != nil {
		vec = min(vec, a.MaskAlignment(mask))
	}
	if vec < 1 || !isPow2(int64(vec)) {
		return 1
	}
	return vec
}

// storageBits is the size of an element in memory (i1 is a byte,
// pointers 64 bits).
func storageBits(t ir.Type) int {
	switch t := t.(type) {
	case *tt.PointerType, *llvm.PointerType:
		return 64
	default:
		return max(ir.BitWidth(t), 8)
	}
}

// memType is the integer type of an element in memory.
func (e *emitter) memType(elem ir.Type) ir.Type {
	return ir.IntegerTypeOf(e.ctx(), storageBits(elem))
}

// lowerAddPtr: one getelementptr per register, scaled by the pointee's
// size in memory.
func (l *lowering) lowerAddPtr(op *ir.Operation, e *emitter, rw *conversion.Rewriter) error {
	pointee := tt.ElementTypeOfPtr(op.Operand(0).Type())
	if pointee == nil {
		return ir.OpErrorf(op, "tt.addptr of a non-pointer")
	}
	elem := e.memType(pointee)
	return elementwise(func(e *emitter, _ *ir.Operation, a []ir.Value, _ ir.Type) (ir.Value, error) {
		return e.gep(elem, a[0], a[1]), nil
	})(l, op, e, rw)
}

// memOptsOf returns the cache modifiers of a load or store.
func memOptsOf(op *ir.Operation) memOpts {
	switch op.Name() {
	case "tt.load":
		ld := tt.LoadOp{Operation: op}
		return memOpts{Cache: ld.Cache(), Evict: ld.Evict(), Volatile: ld.IsVolatile()}
	case "tt.store":
		st := tt.StoreOp{Operation: op}
		return memOpts{Cache: st.Cache(), Evict: st.Evict()}
	}
	return memOpts{}
}

// wordLayout says how a vector of vec elements of elemBits bits moves: as
// nWords words of wordBits bits (Triton: words of at most
// max(32, elemBits) bits).
func wordLayout(vec, elemBits int) (wordBits, nWords int) {
	total := vec * elemBits
	wordBits = min(total, max(32, elemBits))
	return wordBits, total / wordBits
}

// packWords packs element values (already in memory form) into words.
func (e *emitter) packWords(vals []ir.Value, elem ir.Type, wordBits int) []ir.Value {
	eb := storageBits(elem)
	if wordBits == eb {
		out := make([]ir.Value, len(vals))
		for i, v := range vals {
			out[i] = e.toMemory(v, elem, true)
		}
		return out
	}
	per := wordBits / eb
	wt := ir.IntegerTypeOf(e.ctx(), wordBits)
	var out []ir.Value
	if eb >= 16 {
		// Whole registers: a vector bitcast (mov.b32 {lo, hi}), which costs
		// nothing, where shifts and ors would each be an instruction. The
		// lanes keep their register type, so that the lanes of a packed
		// conversion's result fold back into it.
		for w := 0; w < len(vals)/per; w++ {
			ws := append([]ir.Value(nil), vals[w*per:(w+1)*per]...)
			if !sameTypeOfWidth(ws, eb) {
				for j, v := range ws {
					ws[j] = e.toMemory(v, elem, false)
				}
			}
			out = append(out, e.packLanes(ws))
		}
		return out
	}
	for w := 0; w < len(vals)/per; w++ {
		if word := wordOfParts(vals[w*per:(w+1)*per], eb, wt); word != nil {
			out = append(out, word)
			continue
		}
		var acc ir.Value
		for j := 0; j < per; j++ {
			bits := e.zext(e.toMemory(vals[w*per+j], elem, false), wt)
			bits = e.shlC(bits, int64(j*eb))
			if acc == nil {
				acc = bits
			} else {
				acc = e.orDisjoint(acc, bits)
			}
		}
		out = append(out, acc)
	}
	return out
}

// sameTypeOfWidth reports whether vals share one type of the given bit
// width.
func sameTypeOfWidth(vals []ir.Value, bits int) bool {
	for _, v := range vals {
		if v.Type() != vals[0].Type() || ir.BitWidth(v.Type()) != bits {
			return false
		}
	}
	return true
}

// unpackWords is the inverse of packWords.
func (e *emitter) unpackWords(words []ir.Value, elem ir.Type, wordBits int) []ir.Value {
	eb := storageBits(elem)
	if wordBits == eb {
		out := make([]ir.Value, len(words))
		for i, w := range words {
			out[i] = e.fromMemory(w, elem)
		}
		return out
	}
	per := wordBits / eb
	mt := e.memType(elem)
	var out []ir.Value
	if rt := e.l.scalarType(elem); eb >= 16 && rt != nil && ir.BitWidth(rt) == eb {
		// The inverse of packWords' vector bitcast: mov.b32 {lo, hi}.
		vt := ir.Vector(e.ctx(), []int64{int64(per)}, rt)
		for _, w := range words {
			out = append(out, e.lanes(e.bitcast(w, vt))...)
		}
		return out
	}
	for _, w := range words {
		for j := 0; j < per; j++ {
			out = append(out, e.fromMemory(e.trunc(e.lshrC(w, int64(j*eb)), mt), elem))
		}
	}
	return out
}

// wordType is the type a word of wordBits is moved as: the element type
// itself when a word is one element of a 32- or 64-bit float, else an
// integer.
func (e *emitter) wordType(elem ir.Type, wordBits int) ir.Type {
	if wordBits == ir.BitWidth(elem) && (isF32(elem) || isF64(elem)) {
		return elem
	}
	return ir.IntegerTypeOf(e.ctx(), wordBits)
}

// toMemory converts a register value to its memory word form: itself when
// keepFloat allows and it is a 32/64-bit float, else its bits (i1 widened
// to a byte).
func (e *emitter) toMemory(v ir.Value, elem ir.Type, keepFloat bool) ir.Value {
	t := v.Type()
	if keepFloat && (isF32(t) || isF64(t)) {
		return v
	}
	if ir.IsInteger(t, 1) {
		return e.zext(v, e.i8())
	}
	return e.toBits(v)
}

// fromMemory converts a word holding one element back to the register
// type of elem.
func (e *emitter) fromMemory(w ir.Value, elem ir.Type) ir.Value {
	rt := e.l.scalarType(elem)
	if rt == nil {
		rt = elem // already a register type
	}
	if w.Type() == rt {
		return w
	}
	if ir.IsInteger(rt, 1) {
		return e.trunc(w, rt)
	}
	return e.fromBits(w, rt)
}

// lowerLoad: each vector of vec consecutive registers is one predicated
// gpu.load of at most 128 bits from the address of its first register;
// masked-off elements take `other` (zero when absent). Registers that
// repeat an element reuse its load.
func (l *lowering) lowerLoad(op *ir.Operation, e *emitter, rw *conversion.Rewriter) error {
	ld := tt.LoadOp{Operation: op}
	if tt.IsTensorPointer(ld.Ptr().Type()) {
		return ir.OpErrorf(op, "loads through block pointers must be rewritten first (triton-rewrite-tensor-pointer)")
	}
	elem := tt.ElementTypeOfPtr(ld.Ptr().Type())
	opts := memOptsOf(op)
	ptrs := rw.RemappedN(ld.Ptr())
	var masks, others []ir.Value
	if m := ld.Mask(); m != nil {
		masks = rw.RemappedN(m)
	}
	if o := ld.Other(); o != nil {
		others = rw.RemappedN(o)
	}
	rt, isTensor := op.Result(0).Type().(*ir.RankedTensorType)
	if !isTensor {
		vals := l.loadVector(e, ptrs[0], first(masks, 0), sliceOrNil(others, 0, 1), elem, 1, opts)
		rw.ReplaceOp(op, vals)
		return nil
	}
	lay, err := l.opLayout(op, rt)
	if err != nil {
		return err
	}
	vec := l.access[op].vec
	if vec < 1 || lay.numRegs%vec != 0 {
		vec = 1
	}
	canon := lay.canonicalRegs()
	out := make([]ir.Value, lay.numRegs)
	for g := 0; g < lay.numRegs; g += vec {
		if canon[g] != g {
			for i := g; i < g+vec; i++ {
				out[i] = out[canon[i]]
			}
			continue
		}
		vals := l.loadVector(e, ptrs[g], first(masks, g), sliceOrNil(others, g, g+vec), elem, vec, opts)
		copy(out[g:], vals)
	}
	rw.ReplaceOpN(op, [][]ir.Value{out})
	return nil
}

func first(vs []ir.Value, i int) ir.Value {
	if vs == nil {
		return nil
	}
	return vs[i]
}

func sliceOrNil(vs []ir.Value, i, j int) []ir.Value {
	if vs == nil {
		return nil
	}
	return vs[i:j]
}

// loadVector emits one predicated vector load of vec elements.
func (l *lowering) loadVector(e *emitter, ptr, pred ir.Value, others []ir.Value, elem ir.Type, vec int, opts memOpts) []ir.Value {
	wordBits, nWords := wordLayout(vec, storageBits(elem))
	wt := e.wordType(elem, wordBits)
	types := make([]ir.Type, nWords)
	for i := range types {
		types[i] = wt
	}
	var otherWords []ir.Value
	if others != nil && !allZeroConsts(others) {
		otherWords = e.packWords(others, elem, wordBits)
		for i, w := range otherWords {
			if w.Type() != wt {
				otherWords[i] = e.bitcast(w, wt)
			}
		}
	}
	if pred != nil && isIntConst(pred, 1) {
		pred = nil
	}
	words := newGPU(e).load(ptr, pred, otherWords, types, opts)
	return e.unpackWords(words, elem, wordBits)
}

// allZeroConsts reports whether every value is a zero constant.
func allZeroConsts(vs []ir.Value) bool {
	for _, v := range vs {
		def := v.DefiningOp()
		if def == nil || def.Name() != "llvm.mlir.constant" {
			return false
		}
		switch a := def.Attr("value").(type) {
		case *ir.IntegerAttr:
			if a.Bits != 0 {
				return false
			}
		case *ir.FloatAttr:
			if a.Value != 0 || math.Signbit(a.Value) {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// lowerStore: one predicated gpu.store per vector, issued only for the
// canonical copy of the data (registers, lanes, warps and the CTAs of a
// cluster that repeat an element do not store it again).
func (l *lowering) lowerStore(op *ir.Operation, e *emitter, rw *conversion.Rewriter) error {
	st := tt.StoreOp{Operation: op}
	if tt.IsTensorPointer(st.Ptr().Type()) {
		return ir.OpErrorf(op, "stores through block pointers must be rewritten first (triton-rewrite-tensor-pointer)")
	}
	elem := tt.ElementTypeOfPtr(st.Ptr().Type())
	opts := memOptsOf(op)
	ptrs := rw.RemappedN(st.Ptr())
	vals := rw.RemappedN(st.Value())
	var masks []ir.Value
	if m := st.Mask(); m != nil {
		masks = rw.RemappedN(m)
	}
	rt, isTensor := st.Value().Type().(*ir.RankedTensorType)
	if !isTensor {
		// Every thread holds the scalar; one (of the cluster) stores it.
		pred := e.andBool(first(masks, 0), e.clusterLeader())
		l.storeVector(e, ptrs[0], pred, vals, elem, 1, opts)
		rw.EraseOp(op)
		return nil
	}
	lay, err := l.opLayout(op, rt)
	if err != nil {
		return err
	}
	vec := l.access[op].vec
	if vec < 1 || lay.numRegs%vec != 0 {
		vec = 1
	}
	owner := e.globalOwnerPredicate(lay)
	for g := 0; g < lay.numRegs; g += vec {
		if !lay.isUniqueReg(g) {
			continue
		}
		pred := e.andBool(first(masks, g), owner)
		l.storeVector(e, ptrs[g], pred, vals[g:g+vec], elem, vec, opts)
	}
	rw.EraseOp(op)
	return nil
}

// storeVector emits one predicated vector store.
func (l *lowering) storeVector(e *emitter, ptr, pred ir.Value, vals []ir.Value, elem ir.Type, vec int, opts memOpts) {
	wordBits, _ := wordLayout(vec, storageBits(elem))
	wt := e.wordType(elem, wordBits)
	words := e.packWords(vals, elem, wordBits)
	for i, w := range words {
		if w.Type() != wt {
			words[i] = e.bitcast(w, wt)
		}
	}
	if pred != nil && isIntConst(pred, 1) {
		pred = nil
	}
	newGPU(e).store(ptr, pred, words, opts)
}

// threadZero is the predicate tid == 0.
func (e *emitter) threadZero() ir.Value {
	return e.fs.once(e.l, "tid0", func(pe *emitter) ir.Value {
		return pe.icmpC(llvm.ICmpEQ, pe.fs.threadID(pe.l), 0)
	})
}
