package ttgtogpu

import (
	"math"

	"github.com/ttcompiler/tt/conversion"
	"github.com/ttcompiler/tt/dialects/arith"
	"github.com/ttcompiler/tt/dialects/gpu"
	"github.com/ttcompiler/tt/dialects/llvm"
	"github.com/ttcompiler/tt/dialects/tt"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

// 8-bit floats. The LLVM dialect has no 8-bit float types, so an fp8
// value lives in an i8 register (its bit pattern), as in Triton's LLVM
// lowering. Conversions to and from f8E4M3FN and f8E5M2 are integer and
// f32 sequences that give exactly what Triton's PTX conversions give on
// NVIDIA: rounding to nearest even with saturation (overflow and ±inf
// become ±max finite, cvt's .satfinite), NaN becomes 0x7F; widening is
// exact (NaN -> 0x7FFFFFFF). f8E5M2 also rounds toward zero, as Triton
// does, through f16 (±inf stays ±inf). They work on every architecture.

// fp8Format describes an 8-bit float format.
type fp8Format struct {
	expBits, mantBits, bias int
	maxCode                 int64 // largest finite magnitude's bits
}

func fp8FormatOf(t ir.Type) (fp8Format, bool) {
	switch {
	case isKind(t, ir.F8E4M3FN):
		return fp8Format{4, 3, 7, 0x7e}, true
	case isKind(t, ir.F8E5M2):
		return fp8Format{5, 2, 15, 0x7b}, true
	}
	return fp8Format{}, false
}

// isAnyFP8 reports whether t is an 8-bit float type.
func isAnyFP8(t ir.Type) bool {
	ft, ok := t.(*ir.FloatType)
	return ok && ft.Width() == 8
}

// fp8Dispatch wraps the lowering of a float conversion: conversions
// touching 8-bit formats take the fp8 path.
func fp8Dispatch(plain loweringFn) loweringFn {
	return func(l *lowering, op *ir.Operation, e *emitter, rw *conversion.Rewriter) error {
		from, to := ir.ElementTypeOrSelf(op.Operand(0).Type()), ir.ElementTypeOrSelf(op.Result(0).Type())
		if !isAnyFP8(from) && !isAnyFP8(to) {
			return plain(l, op, e, rw)
		}
		return l.lowerFP8Convert(op, e, rw, from, to)
	}
}

func (l *lowering) lowerFP8Convert(op *ir.Operation, e *emitter, rw *conversion.Rewriter, from, to ir.Type) error {
	for _, t := range []ir.Type{from, to} {
		if _, ok := fp8FormatOf(t); isAnyFP8(t) && !ok {
			return ir.OpErrorf(op, "'%s' on %s is not supported (only f8E4M3FN and f8E5M2)", op.Name(), asm.TypeString(t))
		}
	}
	ff, fromFP8 := fp8FormatOf(from)
	tf, toFP8 := fp8FormatOf(to)
	if fromFP8 && toFP8 {
		return ir.OpErrorf(op, "conversions between 8-bit float formats are not supported")
	}
	rz := false
	if toFP8 {
		switch op.Name() {
		case "tt.fp_to_fp":
			m, ok := (tt.FpToFpOp{Operation: op}).Rounding()
			rz = ok && m == tt.RoundRTZ
		case "arith.truncf":
			if m, ok := arith.RoundingModeOf(op); ok && m != arith.ToNearestEven {
				if m != arith.TowardZero {
					return ir.OpErrorf(op, "8-bit floats round to nearest even or toward zero only")
				}
				rz = true
			}
		}
		if rz && !isKind(to, ir.F8E5M2) {
			return ir.OpErrorf(op, "rounding toward zero to %s is not supported (Triton rounds it to nearest even only)", asm.TypeString(to))
		}
	}
	if !isF32(from) && !isF64(from) && !isKind(from, ir.F16) && !isKind(from, ir.BF16) && !fromFP8 {
		return ir.OpErrorf(op, "cannot convert %s to %s", asm.TypeString(from), asm.TypeString(to))
	}
	if !l.opts.NoFP8PairConversions && l.target.hasFP8PairConversions() {
		// f8E5M2 is the top byte of an f16: widened to f32 element by
		// element it is a shift and one cvt, no more than a pair's
		// share. Widened to f16 it is the same shift, then through f32
		// and back so that NaN codes become the canonical NaN (0x7FFF)
		// as on the GPU; cvt.rn.f16x2.e5m2x2 gives that NaN itself
		// (measured on an H200 over every code, 2026-11-29), for two
		// elements.
		widenPairs := isKind(from, ir.F8E4M3FN) || (isKind(from, ir.F8E5M2) && isKind(to, ir.F16))
		if widenPairs && l.widenFP8Pairs(op, e, rw, from, to) {
			return nil
		}
		if isKind(from, ir.F8E5M2) && isKind(to, ir.BF16) && l.widenE5M2ToBF16Pairs(op, e, rw) {
			return nil
		}
		if toFP8 && !rz && l.narrowFP8Pairs(op, e, rw, to) {
			return nil
		}
	}
	return elementwise(func(e *emitter, _ *ir.Operation, a []ir.Value, _ ir.Type) (ir.Value, error) {
		if fromFP8 {
			return e.fp8Decode(a[0], ff, to), nil
		}
		x := a[0]
		if isF64(x.Type()) {
			x = e.truncFloat(x, e.f32(), gpu.RoundRN) // Triton converts f64 through f32 as well
		}
		x = e.extToF32(x)
		if rz {
			return e.fp8E5M2TowardZero(x), nil
		}
		return e.fp8Encode(x, tf), nil
	})(l, op, e, rw)
}

// widenFP8Pairs lowers an 8-bit float tensor's widening to f16, bf16 or
// f32 two registers at a time, as Triton does on sm_89 and newer: the
// pair's bytes into an i16, one cvt.rn.f16x2.e4m3x2 or .e5m2x2 (exact, NaN
// to the canonical f16 NaN), then to the
// result type (f16 as it is; bf16 through f32, exact, rounded as a pair;
// f32 exactly). It reports false, having built nothing, where the
// registers do not pair up (then the elements convert one by one).
func (l *lowering) widenFP8Pairs(op *ir.Operation, e *emitter, rw *conversion.Rewriter, from, to ir.Type) bool {
	if !(isKind(to, ir.F16) || isKind(to, ir.BF16) || isF32(to)) {
		return false
	}
	vals, ok := l.pairedRegisters(op, rw)
	if !ok {
		return false
	}
	format := gpu.FP8FormatOf(from.(*ir.FloatType).Kind)
	f16, f32 := ir.F16Type(e.ctx()), e.f32()
	rw.ReplaceOpN(op, [][]ir.Value{convertPairs(vals, func(a, b ir.Value) []ir.Value {
		bits := e.bytesAt(a, 0, b, 1, e.i16())
		h := e.lanes(gpu.NewCvt(e.b, e.loc, ir.Vector(e.ctx(), []int64{2}, f16), gpu.CvtOptions{Rounding: gpu.RoundRN, FP8: format}, bits).Result(0))
		switch {
		case isKind(to, ir.F16):
			return h
		case isF32(to):
			return []ir.Value{e.extFloat(h[0], f32), e.extFloat(h[1], f32)}
		case l.target.hasPackedNarrowing():
			return e.lanes(gpu.NewCvt(e.b, e.loc, ir.Vector(e.ctx(), []int64{2}, to), gpu.CvtOptions{Rounding: gpu.RoundRN},
				e.extFloat(h[0], f32), e.extFloat(h[1], f32)).Result(0))
		}
		return []ir.Value{e.truncFromF32(e.extFloat(h[0], f32), to), e.truncFromF32(e.extFloat(h[1], f32), to)}
	})})
	return true
}

// widenE5M2ToBF16Pairs lowers an f8E5M2 tensor's widening to bf16 two
// registers at a time, as Triton does on sm_90: the two bytes placed in
// the high bytes of the two halves of a word, their magnitudes shifted
// right by 3 into the bf16 exponent and mantissa fields and the signs
// kept, so that each half is the fp8 value times 2^-112, then one bf16
// multiplication a half by 2^112 (the difference of the biases). The
// results are fp8E5M2ToBF16's, element by element: finite values exact
// (subnormals included: bf16 arithmetic keeps subnormals), ±inf and the
// NaNs finite as Triton computes them. It reports false, having built
// nothing, where the registers do not pair up.
func (l *lowering) widenE5M2ToBF16Pairs(op *ir.Operation, e *emitter, rw *conversion.Rewriter) bool {
	vals, ok := l.pairedRegisters(op, rw)
	if !ok {
		return false
	}
	bf16 := ir.BF16Type(e.ctx())
	scale := e.cFloat(bf16, math.Ldexp(1, 112))
	rw.ReplaceOpN(op, [][]ir.Value{convertPairs(vals, func(a, b ir.Value) []ir.Value {
		w := e.bytesAt(a, 1, b, 3, e.i32())
		mag := e.lshrC(e.andC(w, 0x7f007f00), 3)
		x := e.orDisjoint(mag, e.andC(w, 0x80008000))
		h := e.lanes(e.bitcast(x, ir.Vector(e.ctx(), []int64{2}, bf16)))
		return []ir.Value{e.fmul(h[0], scale), e.fmul(h[1], scale)}
	})})
	return true
}

// bytesAt returns an integer of type wt (i16 or i32) holding byte a (an
// i8) at byte position pa and byte b at pb, its other bytes unspecified.
// Where a and b are bytes of 16- or 32-bit words (unpackWords' llvm.trunc
// of llvm.lshr by a multiple of 8, as a load's bytes are), that is one
// gpu.prmt of the words (16-bit ones zero-extended first); otherwise the
// bytes are zero-extended, shifted into place and or'ed.
func (e *emitter) bytesAt(a ir.Value, pa int, b ir.Value, pb int, wt ir.Type) ir.Value {
	wa, ia, oka := byteOfWord(a)
	wb, ib, okb := byteOfWord(b)
	if oka && okb {
		wa, wb = e.zext(wa, e.i32()), e.zext(wb, e.i32())
		// prmt's selector: nibble k picks result byte k from bytes 0-3 of
		// its first operand and 4-7 of its second.
		sel := int64(ia)<<(4*pa) | int64(4+ib)<<(4*pb)
		return e.intResize(e.prmt(wa, wb, e.i32c(sel)), wt, false)
	}
	return e.orDisjoint(e.shlC(e.zext(a, wt), int64(8*pa)), e.shlC(e.zext(b, wt), int64(8*pb)))
}

// byteOfWord returns the 16- or 32-bit word and byte index that v (an
// i8) is a byte of (partOfWord).
func byteOfWord(v ir.Value) (ir.Value, int, bool) {
	w, i, ok := partOfWord(v, 8)
	if !ok || !ir.IsInteger(w.Type(), 16) && !ir.IsInteger(w.Type(), 32) {
		return nil, 0, false
	}
	return w, i, true
}

// fp8Encode rounds an f32 to nearest even into an 8-bit format,
// saturating (see the file comment).
func (e *emitter) fp8Encode(x ir.Value, f fp8Format) ir.Value {
	bits := e.bitcast(x, e.i32())
	sign := e.lshrC(e.andC(bits, math.MinInt32), 24)
	a := e.andC(bits, 0x7fffffff)
	// Normal range: round the f32 mantissa to mantBits bits (carries move
	// into the exponent), then rebias the exponent.
	sh := int64(23 - f.mantBits)
	half := e.add(e.i32c(int64(1)<<(sh-1)-1), e.andC(e.lshrC(a, sh), 1))
	normal := e.sub(e.lshrC(e.add(a, half), sh), e.i32c(int64(127-f.bias)<<f.mantBits))
	// Subnormal range (below the smallest normal 2^(1-bias)): adding 2^k,
	// whose f32 ulp is the format's subnormal step, rounds |x| to a
	// multiple of that step; the mantissa bits of the sum count the steps.
	k := 1 - f.bias - f.mantBits + 23
	magic := e.cFloat(e.f32(), math.Ldexp(1, k))
	sum := e.bitcast(e.fadd(e.bitcast(a, e.f32()), magic), e.i32())
	sub := e.sub(sum, e.i32c(int64(math.Float32bits(float32(math.Ldexp(1, k))))))
	minNormal := int64(math.Float32bits(float32(math.Ldexp(1, 1-f.bias))))
	code := e.selectV(e.icmpC(llvm.ICmpULT, a, minNormal), sub, normal)
	code = e.intrinsic("smin", e.i32(), code, e.i32c(f.maxCode))
	code = e.orDisjoint(code, sign)
	isNaN := e.icmpC(llvm.ICmpUGT, a, 0x7f800000)
	code = e.selectV(isNaN, e.i32c(0x7f), code)
	return e.trunc(code, e.i8())
}

// fp8E5M2TowardZero: f8E5M2 is the top byte of an f16, so rounding the f32
// toward zero to f16 and dropping the low byte rounds toward zero.
func (e *emitter) fp8E5M2TowardZero(x ir.Value) ir.Value {
	h := e.truncFloat(x, ir.F16Type(e.ctx()), gpu.RoundRZ)
	return e.trunc(e.lshrC(e.bitcast(h, e.i16()), 8), e.i8())
}

// narrowFP8Pairs lowers a rounding to nearest even into f8E4M3FN or
// f8E5M2 two registers at a time, as Triton does on sm_89 and newer: the
// two values in f32 (f16 and bf16 exactly, f64 rounded first, as Triton
// does), one cvt.rn.satfinite.e4m3x2.f32 (or .e5m2x2) into an i16, its two
// bytes the results. It reports false, having built nothing, where the
// registers do not pair up.
func (l *lowering) narrowFP8Pairs(op *ir.Operation, e *emitter, rw *conversion.Rewriter, to ir.Type) bool {
	vals, ok := l.pairedRegisters(op, rw)
	if !ok {
		return false
	}
	format := gpu.FP8FormatOf(to.(*ir.FloatType).Kind)
	f32 := func(x ir.Value) ir.Value {
		if isF64(x.Type()) {
			return e.truncFloat(x, e.f32(), gpu.RoundRN)
		}
		return e.extToF32(x)
	}
	rw.ReplaceOpN(op, [][]ir.Value{convertPairs(vals, func(a, b ir.Value) []ir.Value {
		w := gpu.NewCvt(e.b, e.loc, e.i16(), gpu.CvtOptions{Rounding: gpu.RoundRN, Satfinite: true, FP8: format}, f32(a), f32(b)).Result(0)
		return []ir.Value{e.trunc(w, e.i8()), e.trunc(e.lshrC(w, 8), e.i8())}
	})})
	return true
}

// fp8E5M2ToBF16 widens f8E5M2 to bf16 as Triton's NVIDIA code does: the
// magnitude's bits shifted into a float's exponent and mantissa and
// multiplied by 2^112 (the difference of the biases), the sign put back.
// Finite values come out exact; ±inf and the NaNs are not special-cased
// and come out finite (±65536, ±81920, ±98304, ±114688), which is what
// Triton computes (numeric.FpToFp, checked on an H200).
func (e *emitter) fp8E5M2ToBF16(b ir.Value) ir.Value {
	w := e.zext(b, e.i32())
	mag := e.bitcast(e.shlC(e.andC(w, 0x7f), 21), e.f32())
	x := e.bitcast(e.fmul(mag, e.cFloat(e.f32(), math.Ldexp(1, 112))), e.i32())
	x = e.orDisjoint(x, e.shlC(e.andC(w, 0x80), 24))
	return e.truncFromF32(e.bitcast(x, e.f32()), ir.BF16Type(e.ctx())) // exact: three significant bits
}

// fp8Decode widens an 8-bit float (its bits in an i8) to the float type to,
// exactly (f8E5M2 to bf16 as Triton does, fp8E5M2ToBF16).
func (e *emitter) fp8Decode(b ir.Value, f fp8Format, to ir.Type) ir.Value {
	if f.expBits == 5 && isKind(to, ir.BF16) {
		return e.fp8E5M2ToBF16(b)
	}
	w := e.zext(b, e.i16())
	var x ir.Value
	if f.expBits == 5 {
		// f8E5M2 is the top byte of an f16.
		x = e.extFloat(e.bitcast(e.shlC(w, 8), ir.F16Type(e.ctx())), e.f32())
	} else {
		// Read the bits as an f16 with the exponent field shifted into
		// place; the biases differ by 8, so scale by 2^8 (subnormals map
		// to subnormals). 0x7F/0xFF are NaN.
		mag := e.andC(w, 0x7f)
		h := e.orDisjoint(e.shlC(e.andC(w, 0x80), 8), e.shlC(mag, 7))
		x = e.fmul(e.extFloat(e.bitcast(h, ir.F16Type(e.ctx())), e.f32()), e.cFloat(e.f32(), 256))
		nan := e.bitcast(e.i32c(0x7fffffff), e.f32())
		x = e.selectV(e.icmpC(llvm.ICmpEQ, mag, 0x7f), nan, x)
	}
	switch {
	case isF32(to):
		return x
	case isF64(to):
		return e.extFloat(x, to)
	}
	return e.truncFromF32(x, to) // fp8 values are exact in f16 and bf16
}
