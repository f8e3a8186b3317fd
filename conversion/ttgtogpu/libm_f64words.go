package ttgtogpu

import (
	"math"

	"github.com/ttcompiler/tt/dialects/gpu"
	"github.com/ttcompiler/tt/ir"
)

// What the ports of libdevice's f64 functions share (libm_*64.go): their
// constants as bit patterns, their polynomials, and libdevice's habit of
// working on an f64's two 32-bit words (d2i.lo, d2i.hi, lohi.i2d).

// f64Const is the f64 of bits.
func (e *emitter) f64Const(bits uint64) ir.Value {
	return e.cFloat(e.f64(), math.Float64frombits(bits))
}

// hornerBitsF64 is the polynomial of coefficients (their bits, from the
// highest power down) at x, in fused multiply-adds.
func (e *emitter) hornerBitsF64(coeffs []uint64, x ir.Value) ir.Value {
	p := e.f64Const(coeffs[0])
	for _, c := range coeffs[1:] {
		p = e.fmaF64(p, x, e.f64Const(c))
	}
	return p
}

// wordsOfF64 is x's low and high 32-bit words (d2i.lo, d2i.hi).
func (e *emitter) wordsOfF64(x ir.Value) (lo, hi ir.Value) {
	bits := e.bitcast(x, e.i64())
	return e.trunc(bits, e.i32()), e.trunc(e.lshrC(bits, 32), e.i32())
}

// f64OfWords is the f64 of its low and high words (lohi.i2d).
func (e *emitter) f64OfWords(lo, hi ir.Value) ir.Value {
	i64 := e.i64()
	return e.bitcast(e.or(e.shlC(e.zext(hi, i64), 32), e.zext(lo, i64)), e.f64())
}

// highWordOfF64 is x's high word.
func (e *emitter) highWordOfF64(x ir.Value) ir.Value {
	_, hi := e.wordsOfF64(x)
	return hi
}

// highWordAsF32 is x's high word read as an f32, as libdevice compares
// magnitudes cheaply.
func (e *emitter) highWordAsF32(x ir.Value) ir.Value { return e.bitcast(e.highWordOfF64(x), e.f32()) }

// withSignOfF64 is r with x's sign bit or-ed in (r not negative).
func (e *emitter) withSignOfF64(r, x ir.Value) ir.Value {
	i64 := e.i64()
	sign := e.andC(e.bitcast(x, i64), math.MinInt64)
	return e.bitcast(e.or(e.bitcast(r, i64), sign), e.f64())
}

// reciprocalLibdeviceF64 is 1/d as libdevice refines rcp.approx.ftz.f64:
// with r the approximation and t = 1 - d r, r + r (t + t^2).
func (e *emitter) reciprocalLibdeviceF64(d ir.Value) ir.Value {
	r := newGPU(e).unary("rcp_approx", d, true)
	t := e.fmaF64(e.fneg(d), r, e.cFloat(e.f64(), 1))
	return e.fmaF64(e.fmaF64(t, t, t), r, r)
}

// addToExponentF64 is x with k << 20 added to its high word: x 2^k where
// the exponent stays in range, as libdevice scales by powers of two.
func (e *emitter) addToExponentF64(x, k ir.Value) ir.Value {
	lo, hi := e.wordsOfF64(x)
	return e.f64OfWords(lo, e.add(hi, e.shlC(k, 20)))
}

// addRNF64 and mulRNF64 are add.rn.f64 and mul.rn.f64, which ptxas never
// contracts into an fma (libdevice's __dadd_rn, __dmul_rn).
func (e *emitter) addRNF64(a, b ir.Value) ir.Value {
	return newGPU(e).rounded(gpu.FAddOp, gpu.RoundRN, false, a, b)
}

func (e *emitter) mulRNF64(a, b ir.Value) ir.Value {
	return newGPU(e).rounded(gpu.FMulOp, gpu.RoundRN, false, a, b)
}
