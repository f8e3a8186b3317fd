package ttgtogpu

import (
	"math"

	"github.com/ttcompiler/tt/dialects/llvm"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/numeric"
)

// Bessel functions J0, J1, Y0, Y1, I0, I1 (libdevice's __nv_j0, __nv_y1f,
// __nv_cyl_bessel_i0, ...), straight-line in f64 from the tables of
// numeric.Bessel (the algorithm and its error bounds are described
// there; numeric.BesselTable.Eval is the same computation in Go): a
// Maclaurin polynomial near 0, Taylor polynomials selected by interval up
// to numeric.BesselAsymptotic, Hankel's expansion beyond (with sin and cos
// of |x| from the f64 trig reductions, Payne-Hanek included, so that huge
// arguments keep their phase). f32 goes through f64 and one rounding.

// besselFns maps the libdevice names to the function and whether the
// argument is f32.
var besselFns = map[string]numeric.BesselKind{
	"__nv_j0f": numeric.BesselJ0, "__nv_j0": numeric.BesselJ0,
	"__nv_j1f": numeric.BesselJ1, "__nv_j1": numeric.BesselJ1,
	"__nv_y0f": numeric.BesselY0, "__nv_y0": numeric.BesselY0,
	"__nv_y1f": numeric.BesselY1, "__nv_y1": numeric.BesselY1,
	"__nv_cyl_bessel_i0f": numeric.BesselI0, "__nv_cyl_bessel_i0": numeric.BesselI0,
	"__nv_cyl_bessel_i1f": numeric.BesselI1, "__nv_cyl_bessel_i1": numeric.BesselI1,
}

// besselAny is the function at x of type t (f32 or f64).
func (e *emitter) besselAny(k numeric.BesselKind, x ir.Value, t ir.Type) ir.Value {
	if isF64(t) {
		return e.besselF64(k, x)
	}
	r := e.besselF64(k, e.op1("llvm.fpext", e.f64(), []ir.Value{x}))
	return e.op1("llvm.fptrunc", t, []ir.Value{r})
}

// besselConsts turns a coefficient row into constants.
func (e *emitter) besselConsts(c []float64) []ir.Value {
	out := make([]ir.Value, len(c))
	for i, v := range c {
		out[i] = e.cFloat(e.f64(), v)
	}
	return out
}

// besselPiece is a J or S piece at a = |x| < BesselAsymptotic: the
// Maclaurin polynomial below BesselTaylorStart, else the Taylor
// polynomial of a's interval (coefficients picked by selects).
func (e *emitter) besselPiece(p *numeric.BesselPiece, a ir.Value, order int) ir.Value {
	f64 := e.f64()
	small := e.horner(e.besselConsts(p.Small), e.fmul(a, a))
	if order == 1 {
		small = e.fmul(small, a)
	}
	last := len(p.Mids) - 1
	mid := e.cFloat(f64, p.Mids[last])
	coef := e.besselConsts(p.Taylor[last])
	for i := last - 1; i >= 0; i-- {
		in := e.fcmp(llvm.FCmpOLT, a, e.cFloat(f64, p.Mids[i]+numeric.BesselTaylorHalf))
		mid = e.selectV(in, e.cFloat(f64, p.Mids[i]), mid)
		for j, v := range p.Taylor[i] {
			coef[j] = e.selectV(in, e.cFloat(f64, v), coef[j])
		}
	}
	taylor := e.horner(coef, e.fsub(a, mid))
	return e.selectV(e.fcmp(llvm.FCmpOLT, a, e.cFloat(f64, numeric.BesselTaylorStart)), small, taylor)
}

// sinCosF64 is sin and cos of a finite ax >= 0 (both reductions, as
// trigF64).
func (e *emitter) sinCosF64(ax ir.Value) (sin, cos ir.Value) {
	f := e.codyWaite(ax)
	hq, hh, hl := e.payneHanek(ax)
	q := e.selectV(f.small, f.q, hq)
	s, c := e.sinCosKernel(e.selectV(f.small, f.rh, hh), e.selectV(f.small, f.rl, hl))
	neg := func(v ir.Value) ir.Value { return e.op1("llvm.fneg", e.f64(), []ir.Value{v}) }
	odd := e.icmpC(llvm.ICmpNE, e.andC(q, 1), 0)
	sin, cos = e.selectV(odd, c, s), e.selectV(odd, s, c)
	// q mod 4: 0 (s, c), 1 (c, -s), 2 (-s, -c), 3 (-c, s).
	sin = e.selectV(e.icmpC(llvm.ICmpNE, e.andC(q, 2), 0), neg(sin), sin)
	cos = e.selectV(e.icmpC(llvm.ICmpNE, e.andC(e.addC(q, 1), 2), 0), neg(cos), cos)
	return sin, cos
}

// besselF64 is the function at an f64 x.
func (e *emitter) besselF64(k numeric.BesselKind, x ir.Value) ir.Value {
	f64 := e.f64()
	c := func(v float64) ir.Value { return e.cFloat(f64, v) }
	tab := numeric.Bessel(k)
	n := k.Order()
	a := e.intrinsic("fabs", f64, x)
	isY := k == numeric.BesselY0 || k == numeric.BesselY1
	near := e.fcmp(llvm.FCmpOLT, a, c(numeric.BesselAsymptotic))
	var r ir.Value
	if k == numeric.BesselI0 || k == numeric.BesselI1 {
		series := e.horner(e.besselConsts(tab.Reg.Small), e.fmul(a, a))
		if n == 1 {
			series = e.fmul(series, a)
		}
		// e^a / sqrt(2 pi a) as e^(a/2) twice, so that only the last
		// product overflows.
		ac := e.selectV(near, c(numeric.BesselAsymptotic), a)
		h := e.expF64(e.fmul(ac, c(0.5)))
		s := e.fbin("llvm.fdiv", e.horner(e.besselConsts(tab.Asym), e.fbin("llvm.fdiv", c(1), ac)),
			e.intrinsic("sqrt", f64, e.fmul(c(2*math.Pi), ac)))
		r = e.selectV(near, series, e.fmul(h, e.fmul(h, s)))
		r = e.selectV(e.fcmp(llvm.FCmpOEQ, a, c(math.Inf(1))), a, r)
	} else {
		// a clamped into each branch's domain keeps the other branch's
		// arithmetic finite.
		an := e.selectV(near, a, c(0))
		v := e.besselPiece(&tab.Reg, an, n)
		if isY {
			lg := e.fmul(c(2/math.Pi), e.logF64(an))
			v = e.fmaF64(lg, e.besselPiece(tab.J, an, n), v)
			if n == 1 {
				v = e.fsub(v, e.fbin("llvm.fdiv", c(2/math.Pi), an))
			}
		}
		far := e.selectV(near, c(numeric.BesselAsymptotic), e.selectV(e.fcmp(llvm.FCmpOEQ, a, c(math.Inf(1))), c(numeric.BesselAsymptotic), a))
		sin, cos := e.sinCosF64(far)
		inv := e.fbin("llvm.fdiv", c(1), far)
		w2 := e.fmul(inv, inv)
		p := e.horner(e.besselConsts(tab.P), w2)
		q := e.fmul(e.horner(e.besselConsts(tab.Q), w2), inv)
		plus := e.fmul(e.fadd(cos, sin), c(math.Sqrt2/2))
		minus := e.fmul(e.fsub(sin, cos), c(math.Sqrt2/2))
		cosChi, sinChi := plus, minus
		if n == 1 {
			cosChi, sinChi = minus, e.op1("llvm.fneg", f64, []ir.Value{plus})
		}
		amp := e.intrinsic("sqrt", f64, e.fbin("llvm.fdiv", c(2/math.Pi), far))
		var hankel ir.Value
		if isY {
			hankel = e.fmul(amp, e.fmaF64(p, sinChi, e.fmul(q, cosChi)))
		} else {
			hankel = e.fmul(amp, e.fsub(e.fmul(p, cosChi), e.fmul(q, sinChi)))
		}
		r = e.selectV(near, v, hankel)
		r = e.selectV(e.fcmp(llvm.FCmpOEQ, a, c(math.Inf(1))), c(0), r)
		if isY {
			r = e.selectV(e.fcmp(llvm.FCmpOEQ, x, c(0)), c(math.Inf(-1)), r)
			r = e.selectV(e.fcmp(llvm.FCmpOLT, x, c(0)), c(math.NaN()), r)
		}
	}
	if n == 1 && !isY {
		r = e.selectV(e.fcmp(llvm.FCmpOLT, x, c(0)), e.op1("llvm.fneg", f64, []ir.Value{r}), r)
	}
	return e.selectV(e.fcmp(llvm.FCmpUNO, x, x), x, r)
}
