package ttgtogpu

import (
	"math"

	"github.com/ttcompiler/tt/dialects/gpu"
	"github.com/ttcompiler/tt/dialects/llvm"
	"github.com/ttcompiler/tt/ir"
)

// libdevice's __nv_exp10f, __nv_sinhf, __nv_coshf, __nv_cbrtf and
// __nv_rcbrtf in the operations and order of their libdevice code, so that
// tt's results are Triton's bits (as libm_expf.go does for expf). ftz is
// Triton's FTZ reflect: it picks the .ftz forms of libdevice's fma, mul.rn,
// fabs, lg2 and div.approx; the ex2.approx and rcp.approx libdevice writes
// with .ftz unconditionally keep it, and its plain fadd, fsub and fmul
// never flush.

var _ = registerLibm(func() {
	registerUnaryAlgorithms(map[string]func(e *emitter, x ir.Value, ftz bool) ir.Value{
		"__nv_exp10f": (*emitter).exp10LibdeviceF32,
		"__nv_sinhf":  (*emitter).sinhLibdeviceF32,
		"__nv_coshf":  (*emitter).coshLibdeviceF32,
		"__nv_cbrtf":  (*emitter).cbrtLibdeviceF32,
		"__nv_rcbrtf": (*emitter).rcbrtLibdeviceF32,
	})
})

// libdevice's f32 constants: their f32 bits,
const (
	log2Of10HiF32 = 0x40549A78 // log2(10) rounded to f32
	log2Of10LoF32 = 0x33979A37 // log2(10) less log2Of10HiF32
	log2EF32      = 0x3FB8AA3B // log2(e) rounded to f32
	ln2HiF32      = 0x3F317218 // ln(2) rounded to f32
	ln2LoF32      = 0xB102E308 // ln(2) less ln2HiF32 (negative)
)

// and the f64 bits LLVM prints them with.
const (
	thirdF32      = 0x3FD5555560000000 // 1/3 rounded to f32
	minusThirdF32 = 0xBFD5555560000000
)

// sinhF32Coeffs is __nv_sinhf's polynomial in x^2 below |x| = 1 (sinh x =
// x + x^3 P(x^2)), from the highest power down.
var sinhF32Coeffs = []uint64{0x3EC7A15B40000000, 0x3F29FFE920000000, 0x3F81111340000000, 0x3FC5555560000000}

// exp10LibdeviceF32 is __nv_exp10f: __nv_expf's algorithm with log2(10),
// in two parts, where expf has log2(e).
func (e *emitter) exp10LibdeviceF32(x ir.Value, ftz bool) ir.Value {
	return e.exp2ProductLibdeviceF32(x, log2Of10HiF32, log2Of10LoF32, ftz)
}

// exp2ProductLibdeviceF32 is 2^(x (hi + lo)), hi + lo the base-2 logarithm
// of a base in two f32 parts (their bits), as __nv_expf and __nv_exp10f
// compute it: k = floor(252 sat(x hi/252 + 1/2)) - 126, clamped to
// [-126, 126] by the saturation and formed in the low mantissa bits of a
// float by a fma rounded down; ex2.approx of the reduced x hi - k + x lo
// times 2^k, its bits shifted from that float's.
func (e *emitter) exp2ProductLibdeviceF32(x ir.Value, hiBits, loBits uint32, ftz bool) ir.Value {
	f32, i32 := e.f32(), e.i32()
	c := func(v float32) ir.Value { return e.cFloat(f32, float64(v)) }
	g := newGPU(e)
	hi, lo := math.Float32frombits(hiBits), math.Float32frombits(loBits)
	t := e.fmaRN(x, c(hi/252), c(0.5), ftz) // hi/252 rounded once, as LLVM folds libdevice's fdiv
	s := g.rounded(gpu.SaturateOp, gpu.RoundNone, ftz, t)
	const magic = 12582912 // 1.5 * 2^23: k sits in the low mantissa bits
	j := g.rounded(gpu.FMAOp, gpu.RoundRM, ftz, s, c(252), c(magic-126+127))
	k := e.fsub(j, c(magic+127))
	r := e.fmaRN(x, c(hi), e.fneg(k), ftz)
	r = e.fmaRN(x, c(lo), r, ftz)
	scale := e.bitcast(e.shl(e.bitcast(j, i32), e.cInt(i32, 23)), f32)
	return e.fmul(g.unary("ex2_approx", r, true), scale)
}

// expQuarterLibdeviceF32 is e^ax / 4 for ax = |x| (or NaN), libdevice's
// exponential kernel of sinhf and coshf: j = trunc(ax log2(e)) (mul.rn)
// clamped to 126, r = ax - j ln(2) with ln(2) in two parts, then
// ex2.approx(r log2(e)) times 2^(j-2), built from the low bits of
// j + 1.5 2^23 + 125.
func (e *emitter) expQuarterLibdeviceF32(ax ir.Value, ftz bool) ir.Value {
	f32, i32 := e.f32(), e.i32()
	c := func(v float32) ir.Value { return e.cFloat(f32, float64(v)) }
	bits := func(b uint32) ir.Value { return c(math.Float32frombits(b)) }
	g := newGPU(e)
	j := e.intrinsic("trunc", f32, e.mulRNF32(ax, bits(log2EF32), ftz))
	// libdevice clamps |j| to 126 keeping its sign; j is not negative here.
	j = e.selectV(e.fcmp(llvm.FCmpOGT, j, c(126)), c(126), j)
	r := e.fmaRN(j, bits(ln2HiF32^1<<31), ax, ftz) // -ln(2)'s parts: their sign bits flipped
	r = e.fmaRN(j, bits(ln2LoF32^1<<31), r, ftz)
	const magic = 12582912 // 1.5 * 2^23
	scale := e.bitcast(e.shl(e.bitcast(e.fadd(j, c(magic+127-2)), i32), e.cInt(i32, 23)), f32)
	return e.fmul(g.unary("ex2_approx", e.fmul(r, bits(log2EF32)), true), scale)
}

// sinhLibdeviceF32 is __nv_sinhf: from |x| = 1 (a branch, as in Triton's
// code) e^|x|/2 - e^-|x|/2 from q = e^|x|/4 as 2q - div.approx(1/8, q),
// +inf from |x| = 90, with x's sign; below, x + x^3 P(x^2).
func (e *emitter) sinhLibdeviceF32(x ir.Value, ftz bool) ir.Value {
	f32 := e.f32()
	c := func(v float64) ir.Value { return e.cFloat(f32, v) }
	ax := e.intrinsic("fabs", f32, e.flushF32(x, ftz))
	large := func() ir.Value {
		q := e.expQuarterLibdeviceF32(ax, ftz)
		s := e.fmaRN(c(2), q, e.fneg(newGPU(e).fast(gpu.DivApproxOp, ftz, c(0.125), q)), ftz)
		return e.withSignOf(e.selectV(e.fcmp(llvm.FCmpOGE, ax, c(90)), c(math.Inf(1)), s), x)
	}
	small := func() ir.Value { // and NaN
		x2 := e.fmul(x, x)
		return e.fmaRN(e.fmul(e.fmaChainF32(sinhF32Coeffs, x2, ftz), x2), x, x, ftz)
	}
	return e.choose(e.fcmp(llvm.FCmpOGE, ax, c(1)), f32, large, small)
}

// coshLibdeviceF32 is __nv_coshf: e^|x|/2 + e^-|x|/2 from q = e^|x|/4 as
// 2q + div.approx(1/8, q), +inf from |x| = 90.
func (e *emitter) coshLibdeviceF32(x ir.Value, ftz bool) ir.Value {
	f32 := e.f32()
	c := func(v float64) ir.Value { return e.cFloat(f32, v) }
	ax := e.intrinsic("fabs", f32, e.flushF32(x, ftz))
	q := e.expQuarterLibdeviceF32(ax, ftz)
	r := e.fmaRN(c(2), q, newGPU(e).fast(gpu.DivApproxOp, ftz, c(0.125), q), ftz)
	return e.selectV(e.fcmp(llvm.FCmpOGE, ax, c(90)), c(math.Inf(1)), r)
}

// cbrtLibdeviceF32 is __nv_cbrtf: y = 2^(log2|x| / 3) by lg2.approx and
// ex2.approx, one Newton step y - (y - |x|/y^2)/3 with rcp.approx of y^2,
// x's sign; x + x where that is x (zeros and infinities).
func (e *emitter) cbrtLibdeviceF32(x ir.Value, ftz bool) ir.Value {
	f32 := e.f32()
	g := newGPU(e)
	ax := e.intrinsic("fabs", f32, e.flushF32(x, ftz))
	y := g.unary("ex2_approx", e.fmul(e.f32Const(thirdF32), g.unary("lg2_approx", ax, ftz)), true)
	d := e.fmaRN(g.unary("rcp_approx", e.fmul(y, y), true), e.fneg(ax), y, ftz) // y - |x|/y^2
	r := e.fmaRN(d, e.f32Const(minusThirdF32), y, ftz)
	twice := e.fadd(x, x)
	return e.cbrtFinishF32(x, twice, r, twice)
}

// rcbrtLibdeviceF32 is __nv_rcbrtf: y = 2^(-log2|x| / 3) by lg2.approx and
// ex2.approx, one Newton step y + (1 - |x| y^3) y/3, x's sign;
// rcp.approx(x) where x + x is x (zeros and infinities).
func (e *emitter) rcbrtLibdeviceF32(x ir.Value, ftz bool) ir.Value {
	f32 := e.f32()
	g := newGPU(e)
	ax := e.intrinsic("fabs", f32, e.flushF32(x, ftz))
	y := g.unary("ex2_approx", e.fmul(e.f32Const(minusThirdF32), g.unary("lg2_approx", ax, ftz)), true)
	h := e.fmaRN(e.fmul(y, y), e.fmul(e.fneg(ax), y), e.cFloat(f32, 1), ftz) // 1 - |x| y^3
	r := e.fmaRN(h, e.fmul(e.f32Const(thirdF32), y), y, ftz)
	return e.cbrtFinishF32(x, e.fadd(x, x), r, g.unary("rcp_approx", x, true))
}

// cbrtFinishF32 is cbrtf's and rcbrtf's end: r with x's sign (r negated
// where x < 0), or special where twice, x + x, is x.
func (e *emitter) cbrtFinishF32(x, twice, r, special ir.Value) ir.Value {
	r = e.selectV(e.fcmp(llvm.FCmpOLT, x, e.cFloat(e.f32(), 0)), e.fneg(r), r)
	return e.selectV(e.fcmp(llvm.FCmpOEQ, twice, x), special, r)
}
