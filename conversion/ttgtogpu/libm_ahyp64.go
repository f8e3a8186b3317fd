package ttgtogpu

import (
	"math"

	"github.com/ttcompiler/tt/dialects/gpu"
	"github.com/ttcompiler/tt/dialects/llvm"
	"github.com/ttcompiler/tt/ir"
)

// libdevice's __nv_asinh, __nv_acosh and __nv_atanh in the operations and
// order of their libdevice code, so that tt's results are Triton's bits.
// Each ends in libdevice's f64 log1p(y), inlined: where y's high word,
// read as an f32, puts y in about (-0.4, 0.67), a polynomial in y/(y+2)
// (ahyp64Log1pPoly), elsewhere __nv_log(1 + y) (ahyp64Log); asinh and
// acosh take a plain logarithm plus ln 2 instead far from the origin, and
// log1p's argument (with a square root, ahyp64Sqrt) only near it. Those
// two choices are branches of the thread as in libdevice's code: one
// around the square root, one between the polynomial and the logarithm,
// whose single evaluation serves both the far path's log and log1p's.
// The f64 operations take no FTZ reflect; the approximate rcp and rsqrt
// are .ftz as libdevice writes them, on operands never subnormal.

func init() {
	registerUnaryAlgorithms(map[string]func(e *emitter, x ir.Value, ftz bool) ir.Value{
		"__nv_asinh": (*emitter).asinhLibdeviceF64,
		"__nv_acosh": (*emitter).acoshLibdeviceF64,
		"__nv_atanh": (*emitter).atanhLibdeviceF64,
	})
}

// Bits of libdevice's f64 constants and thresholds.
const (
	ahyp64Ln2Hi     = 0x3FE62E42FEFA39EF // ln 2 in two parts
	ahyp64Ln2Lo     = 0x3C7ABC9E3B39803F
	ahyp64AsinhFar  = 0x43E0000000000000 // 2^63: asinh is log(2|x|) from there
	ahyp64AcoshFar  = 0x4330000000000000 // 2^52: acosh is log(2(x-1)) from there
	ahyp64SmallHi   = 0x3FE55555         // log1p's polynomial between these high
	ahyp64SmallLo   = 0xBFD99999         // words, as f32s: y in about (-0.4, 0.67)
	ahyp64Sqrt2Hi   = 0x3FF6A09E         // the high word of sqrt(2)
	ahyp64ExpMagic  = 0x4330000000000000 // 2^52: its low word, sign-flipped, holds an exponent
	ahyp64ExpOffset = 0x4330000080000000 // 2^52 + 2^31: subtracted, leaves that exponent
)

// ahyp64LogCoeffs is __nv_log's polynomial in v = u^2, u = 2(m-1)/(m+1),
// highest power first: log(m) = u + u v P(v).
var ahyp64LogCoeffs = []uint64{0x3EB1380B3AE80F1E, 0x3ED0EE258B7A8B04, 0x3EF3B2669F02676F,
	0x3F1745CBA9AB0956, 0x3F3C71C72D1B5154, 0x3F624924923BE72D, 0x3F8999999999A3C4,
	0x3FB5555555555554}

// ahyp64Log1pCoeffs is __nv_log1p's polynomial in s^2, s = y - y q with q
// = y/(y+2), highest power first: log1p(y) = y - y q + s^3 P(s^2).
var ahyp64Log1pCoeffs = []uint64{0x3EB372FB2FBE14B5, 0x3ED087FFCEB2DC44, 0x3EF3B9FF890F468C,
	0x3F17457EFD51BAF8, 0x3F3C71C8DE3CE825, 0x3F6249248FA4661F, 0x3F899999999D70C4,
	0x3FB5555555555462}

// asinhLibdeviceF64 is __nv_asinh: with a = |x|, log1p(a + x^2 / (1 +
// sqrt(x^2 + 1))) (x^2 by mul.rn, uncontracted), or from a = 2^63 on
// (inf and NaN too) ln 2 + log(a); x's sign or'ed into the result.
func (e *emitter) asinhLibdeviceF64(x ir.Value, _ bool) ir.Value {
	f64, i64 := e.f64(), e.i64()
	one := e.cFloat(f64, 1)
	a := e.intrinsic("fabs", f64, x)
	far := e.icmp(llvm.ICmpSGE, e.bitcast(a, i64), e.cInt(i64, ahyp64AsinhFar))
	near := e.icmp(llvm.ICmpSLT, e.bitcast(a, i64), e.cInt(i64, ahyp64AsinhFar))
	y := e.chooseOrKeep(near, func() ir.Value {
		sq := newGPU(e).rounded(gpu.FMulOp, gpu.RoundRN, false, x, x)
		root := e.ahyp64Sqrt(e.fmaF64(x, x, one))
		return e.fadd(a, e.fbin("llvm.fdiv", sq, e.fadd(one, root)))
	}, a)
	return e.withSignOfF64(e.ahyp64Log1p(y, far), x)
}

// acoshLibdeviceF64 is __nv_acosh: with t = x - 1, log1p(t + sqrt(x t +
// t)) (x t + t one fma) for t in [+0, 2^52), where t = +0 gives +0; ln 2
// + log(t) elsewhere: from 2^52 on, and for t negative or NaN, whose log
// is NaN.
func (e *emitter) acoshLibdeviceF64(x ir.Value, _ bool) ir.Value {
	f64, i64 := e.f64(), e.i64()
	t := e.fsub(x, e.cFloat(f64, 1))
	bits := e.bitcast(t, i64)
	far := e.icmp(llvm.ICmpUGE, bits, e.cInt(i64, ahyp64AcoshFar))
	near := e.icmp(llvm.ICmpULT, bits, e.cInt(i64, ahyp64AcoshFar))
	y := e.chooseOrKeep(near, func() ir.Value { return e.fadd(t, e.ahyp64Sqrt(e.fmaF64(x, t, t))) }, t)
	r := e.ahyp64Log1p(y, far)
	// A zero high word: t = +0 (x = 1), where the square root is 0 inf.
	return e.selectV(e.icmp(llvm.ICmpULT, bits, e.cInt(i64, 1<<32)), t, r)
}

// atanhLibdeviceF64 is __nv_atanh: log1p(2a / (1 - a)) / 2 with a = |x|,
// x's sign or'ed into the result.
func (e *emitter) atanhLibdeviceF64(x ir.Value, _ bool) ir.Value {
	f64 := e.f64()
	a := e.intrinsic("fabs", f64, x)
	y := e.fbin("llvm.fdiv", e.fmul(e.cFloat(f64, 2), a), e.fsub(e.cFloat(f64, 1), a))
	return e.withSignOfF64(e.fmul(e.cFloat(f64, 0.5), e.ahyp64Log1p(y, nil)), x)
}

// ahyp64Log1p is libdevice's log1p(y) as __nv_asinh, __nv_acosh and
// __nv_atanh inline it, a branch between its polynomial and log(1 + y);
// where far (if not nil) holds, ln 2 + log(y) instead (asinh's and
// acosh's far path), taken on the logarithm's side of the branch.
func (e *emitter) ahyp64Log1p(y, far ir.Value) ir.Value {
	f64, f32 := e.f64(), e.f32()
	bound := func(bits uint32) ir.Value { return e.cFloat(f32, float64(math.Float32frombits(bits))) }
	hi := e.highWordAsF32(y)
	small := e.and(e.fcmp(llvm.FCmpOLT, hi, bound(ahyp64SmallHi)), e.fcmp(llvm.FCmpOGT, hi, bound(ahyp64SmallLo)))
	if far != nil {
		small = e.selectV(far, e.cBool(false), small)
	}
	return e.choose(small, f64, func() ir.Value { return e.ahyp64Log1pPoly(y) }, func() ir.Value {
		z := e.fadd(y, e.cFloat(f64, 1))
		if far == nil {
			return e.ahyp64Log(z)
		}
		l := e.ahyp64Log(e.selectV(far, y, z))
		return e.selectV(far, e.fadd(e.f64Const(ahyp64Ln2Hi), l), l)
	})
}

// ahyp64Log1pPoly is __nv_log1p's path for small y: q = y/(y+2) (div.rn),
// s = y - y q, and y - y q + s^3 P(s^2).
func (e *emitter) ahyp64Log1pPoly(y ir.Value) ir.Value {
	q := e.fbin("llvm.fdiv", y, e.fadd(y, e.cFloat(e.f64(), 2)))
	yq := e.fmul(e.fneg(y), q)
	s := e.fadd(y, yq)
	s2 := e.fmul(s, s)
	p := e.fmul(e.hornerBitsF64(ahyp64Log1pCoeffs, s2), s2)
	return e.fadd(e.fmaF64(p, s, yq), y)
}

// ahyp64Log is __nv_log: x = 2^e m with m in [sqrt(2)/2, sqrt(2))
// (subnormals scaled by 2^54 first), log(m) = u + u v P(v) with u = 2(m -
// 1)/(m + 1) (a reciprocal from rcp.approx and one cubic Newton step) and
// v = u^2, the rounding error of u carried as a correction; e ln 2 added
// in two parts. Zeros give -inf, negatives and NaN NaN, +inf +inf: x inf
// + inf, selected.
func (e *emitter) ahyp64Log(x ir.Value) ir.Value {
	f64, i32, i64 := e.f64(), e.i32(), e.i64()
	c := func(v float64) ir.Value { return e.cFloat(f64, v) }
	// A high word below 0x00100000 (zero, subnormal, negative): scaled.
	tiny := e.icmp(llvm.ICmpSLT, e.bitcast(x, i64), e.cInt(i64, 0x0010000000000000))
	xs := e.selectV(tiny, e.fmul(x, c(0x1p54)), x)
	bits := e.bitcast(xs, i64)
	ex := e.add(e.selectV(tiny, e.cInt(i32, -1023-54), e.cInt(i32, -1023)), e.trunc(e.lshrC(bits, 52), i32))
	mbits := e.or(e.andC(bits, math.MinInt64|0x000FFFFFFFFFFFFF), e.cInt(i64, 0x3FF0000000000000)) // sign and fraction
	big := e.icmp(llvm.ICmpSGT, mbits, e.cInt(i64, ahyp64Sqrt2Hi<<32|0xFFFFFFFF))
	mbits = e.selectV(big, e.sub(mbits, e.cInt(i64, 1<<52)), mbits)
	ex = e.add(ex, e.zext(big, i32))
	m := e.bitcast(mbits, f64)
	f, sum := e.fsub(m, c(1)), e.fadd(m, c(1))
	r := e.reciprocalLibdeviceF64(sum)
	u := e.fmul(f, r)
	u = e.fadd(u, u)
	v := e.fmul(u, u)
	p := e.hornerBitsF64(ahyp64LogCoeffs, v)
	corr := e.fmul(r, e.fmaF64(e.fneg(u), f, e.fmul(c(2), e.fsub(f, u))))
	tail := e.fmaF64(e.fmul(p, v), u, corr)
	word := e.zext(e.xor(ex, e.cInt(i32, math.MinInt32)), i64)
	ef := e.fsub(e.bitcast(e.or(word, e.cInt(i64, ahyp64ExpMagic)), f64), e.f64Const(ahyp64ExpOffset))
	ln2Hi := e.f64Const(ahyp64Ln2Hi)
	h := e.fmaF64(ef, ln2Hi, u)
	lost := e.fsub(e.fmaF64(e.fneg(ef), ln2Hi, h), u)
	l := e.fadd(h, e.fmaF64(ef, e.f64Const(ahyp64Ln2Lo), e.fsub(tail, lost)))
	inf := c(math.Inf(1))
	special := e.selectV(e.fcmp(llvm.FCmpOEQ, e.highWordAsF32(xs), e.cFloat(e.f32(), 0)), c(math.Inf(-1)), e.fmaF64(xs, inf, inf))
	normal := e.and(e.icmp(llvm.ICmpSGE, bits, e.cInt(i64, 1<<32)), e.icmp(llvm.ICmpSLT, bits, e.cInt(i64, 0x7FF0000000000000)))
	return e.selectV(normal, l, special)
}

// ahyp64Sqrt is sqrt(s) as __nv_asinh and __nv_acosh compute it:
// rsqrt.approx.ftz.f64 (libdevice's inline assembly) refined by Newton
// steps on the root g = s r and the half reciprocal h = r/2.
func (e *emitter) ahyp64Sqrt(s ir.Value) ir.Value {
	i64 := e.i64()
	r := newGPU(e).unary("rsqrt_approx", s, true)
	h := e.bitcast(e.sub(e.bitcast(r, i64), e.cInt(i64, 1<<52)), e.f64()) // r/2 by its exponent
	g := e.fmul(s, r)
	g = e.fmaF64(e.fmaF64(g, e.fneg(g), s), h, g)
	h = e.fmaF64(e.fmaF64(r, e.fneg(g), e.cFloat(e.f64(), 1)), h, h)
	return e.fmaF64(e.fmaF64(g, e.fneg(g), s), h, g)
}
