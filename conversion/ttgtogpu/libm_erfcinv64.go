package ttgtogpu

import (
	"math"

	"github.com/ttcompiler/tt/dialects/llvm"
	"github.com/ttcompiler/tt/ir"
)

// libdevice's f64 __nv_erfcinv, __nv_normcdfinv and __nv_rsqrt in the
// operations and order of their libdevice code, so that tt's results are
// Triton's bits: fma.rn.d, add.rn.d and mul.rn.d (never fused), plain
// fadd, fmul and fdiv (div.rn.f64) where libdevice has them, the refined
// rcp.approx.ftz.f64 of __nv_erfinv's logarithm (erfinvLogF64) and of
// __nv_log, rsqrt.approx.ftz.f64 (libdevice's inline assembly, refined by
// a Newton step) and the plain rsqrt.approx.f64 (llvm.nvvm.rsqrt.approx.d,
// not refined). f64 code takes no FTZ reflect. The simulator evaluates
// the approximate instructions exactly and rounds; on the GPU their bits
// are the hardware's, so __nv_rsqrt's result there is whatever
// rsqrt.approx.f64 gives, here the rounded 1/sqrt(x).

var _ = registerLibm(func() {
	registerUnaryAlgorithms(map[string]func(e *emitter, x ir.Value, ftz bool) ir.Value{
		"__nv_erfcinv":    func(e *emitter, x ir.Value, _ bool) ir.Value { return e.erfcinvLibdeviceF64(x) },
		"__nv_normcdfinv": func(e *emitter, x ir.Value, _ bool) ir.Value { return e.normcdfinvLibdeviceF64(x) },
		// libdevice's __nv_rsqrt is the one instruction.
		"__nv_rsqrt": func(e *emitter, x ir.Value, _ bool) ir.Value { return newGPU(e).unary("rsqrt_approx", x, false) },
	})
})

const (
	erfcinvF64CentralLow  = 0x3F4FA4D2AD8F904D // 0.000966: the central polynomial on [this, 2 - this]
	erfcinvF64CentralHigh = 0x3FFFFC0B65AA4E0E
	erfcinvF64FarTail     = 0x2B2BFF2F         // the high word of 1e-100: the far tail below it
	normcdfinvMSqrt2Hi    = 0xBFF6A09E667F3BCC // -sqrt(2) in two parts
	normcdfinvMSqrt2Lo    = 0xBCA21165F626CDD5
)

// erfcinvF64NearNum and erfcinvF64NearDen are the numerator and
// denominator of the near tail's rational function in t = 1/sqrt(-ln p),
// from the highest power down: erfcinv = num(t)/(t den(t)); den's leading
// coefficient is 1.
var erfcinvF64NearNum = []uint64{0x3FEBE9222591AFAB, 0x4000A0E7333839AA, 0x4008768CF7E57D5C,
	0x400B77E7E28DA583, 0x3FF34F26A4F99CF9, 0x3FC1F674ADB019ED, 0x3F75DDAE9506431D, 0x3F0ADA49AA32489C}

var erfcinvF64NearDen = []uint64{0x4001E90FF51C2197, 0x40111EA3A7CF3820, 0x4011A0E4A4749594,
	0x400D4E977D38C14D, 0x3FF37FD567EC0D5F, 0x3FC1FB9D7F676033, 0x3F75DDCDF98946E4, 0x3F0ADA42D79D8DBB}

// erfcinvF64FarNum and erfcinvF64FarDen are the same for the far tail.
var erfcinvF64FarNum = []uint64{0x3FE8E2101C71B0BF, 0x3FFA2013964E259C, 0x3FDABFE90921BE68,
	0x3F97E41314DE00D4, 0x3F311BD487102E94}

var erfcinvF64FarDen = []uint64{0x3FF59895C30BAA54, 0x3FFAE8E5956A143F, 0x3FDACCE85FF7383D,
	0x3F97E43B6CAC34FE, 0x3F311BD08289EB12}

// erfcinvRationalF64 is num(t)/(t den(t)), den's leading 1 added by an
// fadd; the quotient is a correctly rounded division.
func (e *emitter) erfcinvRationalF64(num, den []uint64, t ir.Value) ir.Value {
	n := e.hornerBitsF64(num, t)
	d := e.fadd(t, e.f64Const(den[0]))
	for _, c := range den[1:] {
		d = e.fmaF64(d, t, e.f64Const(c))
	}
	return e.fbin("llvm.fdiv", n, e.fmul(d, t))
}

// erfcinvLibdeviceF64 is __nv_erfcinv, which __nv_normcdfinv inlines
// unchanged. On [0.000966, 1.999034] it is (1 - a) P(w), w = -ln(a (2 - a))
// - 3.125, with __nv_erfinv's polynomial and logarithm (libm_erfinv.go);
// (1 - a) P as one fma. Elsewhere, with p = a or, from 1 on (by the high
// word), 2 - a: for p from 1e-100 on (its high word read as an f32) a
// rational function of t = 1/sqrt(-ln p), ln p again __nv_erfinv's and
// t from rsqrt.approx.ftz.f64 refined by one step; below (zero,
// subnormals, negative p and NaN included) another rational function of
// rsqrt.approx.f64(-ln p), ln p from __nv_log; negated from 1 on. Both
// splits are libdevice's branches (e.choose).
func (e *emitter) erfcinvLibdeviceF64(a ir.Value) ir.Value {
	f64, f32 := e.f64(), e.f32()
	c := func(v float64) ir.Value { return e.cFloat(f64, v) }
	g := newGPU(e)
	twoMinusA := e.addRNF64(c(2), e.fneg(a))
	central := e.and(e.fcmp(llvm.FCmpOGE, a, e.f64Const(erfcinvF64CentralLow)),
		e.fcmp(llvm.FCmpOLE, a, e.f64Const(erfcinvF64CentralHigh)))
	return e.choose(central, f64, func() ir.Value {
		l := e.erfinvLogF64(e.mulRNF64(twoMinusA, a))
		p := e.hornerBitsF64(erfinvF64Central, e.fsub(e.fneg(l), c(3.125)))
		return e.fmaF64(p, e.fneg(a), p)
	}, func() ir.Value {
		above := e.icmpC(llvm.ICmpSGE, e.highWordOfF64(a), 0x3FF00000) // a >= 1 by its high word
		p := e.selectV(above, twoMinusA, a)
		near := e.fcmp(llvm.FCmpOGE, e.highWordAsF32(p), e.cFloat(f32, float64(math.Float32frombits(erfcinvF64FarTail))))
		t := e.choose(near, f64, func() ir.Value {
			s := e.fneg(e.erfinvLogF64(p))
			// One step of Newton's iteration for 1/sqrt(s) from y, with
			// its second-order term: y + (3/8 d + 1/2) d y, d = 1 - s y^2.
			y := g.unary("rsqrt_approx", s, true)
			d := e.fmaF64(s, e.fneg(e.mulRNF64(y, y)), c(1))
			r := e.fmaF64(e.fmaF64(c(0.375), d, c(0.5)), e.mulRNF64(d, y), y)
			return e.erfcinvRationalF64(erfcinvF64NearNum, erfcinvF64NearDen, r)
		}, func() ir.Value {
			r := g.unary("rsqrt_approx", e.fneg(e.logLibdeviceF64(p)), false)
			return e.erfcinvRationalF64(erfcinvF64FarNum, erfcinvF64FarDen, r)
		})
		return e.selectV(above, e.fneg(t), t)
	})
}

// normcdfinvLibdeviceF64 is __nv_normcdfinv: Φ^-1(x) = -sqrt(2)
// erfcinv(2x), -sqrt(2) in two parts (the low part's product first, the
// high part's fused onto it), plus 0 under add.rn (so that -0 becomes +0).
func (e *emitter) normcdfinvLibdeviceF64(x ir.Value) ir.Value {
	t := e.erfcinvLibdeviceF64(e.fadd(x, x))
	r := e.fmaF64(e.f64Const(normcdfinvMSqrt2Hi), t, e.fmul(e.f64Const(normcdfinvMSqrt2Lo), t))
	return e.addRNF64(r, e.cFloat(e.f64(), 0))
}
