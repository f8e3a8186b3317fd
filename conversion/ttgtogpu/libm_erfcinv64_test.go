package ttgtogpu_test

import (
	"math"
	"math/big"
	"math/rand"
	"testing"
)

// Models of libdevice's f64 __nv_erfcinv, __nv_normcdfinv and __nv_rsqrt,
// transcribed from their libdevice code in plain Go float64 arithmetic:
// math.FMA for fma.rn.d, products converted explicitly so that Go never
// fuses them into a sum, rcp.approx.ftz.f64 as the simulator takes it
// (the refined reciprocal log64Reciprocal), rsqrt.approx.f64 and
// rsqrt.approx.ftz.f64 as 1/math.Sqrt(x) (the simulator's value; the
// GPU's is the hardware's). The far tail inlines __nv_log
// (libdeviceLogF64).

var (
	// erfcinv64LogCoeffs: the odd series of __nv_erfinv's logarithm past
	// its first term, in s^2.
	erfcinv64LogCoeffs = []uint64{0x3FB5C5C218C775C9, 0x3FA55CF59CDC5D89, 0x3FAEFD18CF6EBB9C, 0x3FB10682EDCB8D1B,
		0x3FB3B1DD3AC7FC96, 0x3FB745CB459B54A6, 0x3FBC71C741A0669F, 0x3FC249249209112E, 0x3FC99999999A06C1,
		0x3FD5555555555535}
	erfcinv64Central = []uint64{0xBBB135D2E746E627, 0xBC08DDF93324D327, 0x3C37B83EEF0B7C9F, 0x3C69BA72CD589B91,
		0xBCA33689090A6B96, 0x3C782E11898132E0, 0x3CFDE4ACFD9E26BA, 0xBD26D33EED66C487, 0xBD36F2167040D8E2,
		0x3D872A22C2D77E20, 0xBDAC8859C4E5C0AF, 0xBDCDC583D118A561, 0x3E120F47CCF46B3C, 0xBE31A9E38DC84D60,
		0xBE5F36CD6D3D46A9, 0x3E9C6B4F5D03B787, 0xBEB6E8A5434AE8A2, 0xBEED1D1F7B8736F6, 0x3F2879C2A212F024,
		0xBF4845769484FCA8, 0xBF78B6C33114F909, 0x3FCEBD80D9B13E28, 0x3FFA755E7C99AE86}
	erfcinv64NearNum = []uint64{0x3FEBE9222591AFAB, 0x4000A0E7333839AA, 0x4008768CF7E57D5C, 0x400B77E7E28DA583,
		0x3FF34F26A4F99CF9, 0x3FC1F674ADB019ED, 0x3F75DDAE9506431D, 0x3F0ADA49AA32489C}
	erfcinv64NearDen = []uint64{0x4001E90FF51C2197, 0x40111EA3A7CF3820, 0x4011A0E4A4749594, 0x400D4E977D38C14D,
		0x3FF37FD567EC0D5F, 0x3FC1FB9D7F676033, 0x3F75DDCDF98946E4, 0x3F0ADA42D79D8DBB}
	erfcinv64FarNum = []uint64{0x3FE8E2101C71B0BF, 0x3FFA2013964E259C, 0x3FDABFE90921BE68, 0x3F97E41314DE00D4,
		0x3F311BD487102E94}
	erfcinv64FarDen = []uint64{0x3FF59895C30BAA54, 0x3FFAE8E5956A143F, 0x3FDACCE85FF7383D, 0x3F97E43B6CAC34FE,
		0x3F311BD08289EB12}
)

// erfcinv64Log is ln(y) for a normal y in (0, 1] as __nv_erfinv (and
// __nv_erfcinv) compute it: y = 2^e m, e even, m in [1/2, 2); ln(m) =
// 2 atanh(s), s = (m - 1)/(m + 1) corrected once by its residual.
func erfcinv64Log(y float64) float64 {
	lo, hi := misc64Words(y)
	e := int32(hi>>20&0x7FE) - 1022
	ef := misc64OfWords(uint32(e)^0x80000000, 0x43300000) - misc64OfWords(0x80000000, 0x43300000)
	m := misc64OfWords(lo, hi&0x801FFFFF+0x3FE00000)
	f := m - 1
	r := log64Reciprocal(m + 1)
	q := float64(f * r)
	res := math.FMA(-q, f, math.FMA(-2, q, f))
	s := math.FMA(res, r, q)
	s2 := float64(s * s)
	p := hornerBitsModel64(erfcinv64LogCoeffs, s2)
	h := math.FMA(float64(p*s2), s, s)
	return math.FMA(ef, misc64Bits(0x3FE62E42FEFA39EF), h+h)
}

// erfcinv64Rational is num(t)/(t den(t)), den's leading 1 added first.
func erfcinv64Rational(num, den []uint64, t float64) float64 {
	n := hornerBitsModel64(num, t)
	d := t + misc64Bits(den[0])
	for _, c := range den[1:] {
		d = math.FMA(d, t, misc64Bits(c))
	}
	return n / float64(d*t)
}

// rsqrtApprox64 is rsqrt.approx.f64 as the simulator takes it; with ftz,
// rsqrt.approx.ftz.f64 (operand and result flushed; neither is subnormal
// where __nv_erfcinv uses it).
func rsqrtApprox64(x float64, ftz bool) float64 {
	if !ftz {
		return 1 / math.Sqrt(x)
	}
	return log64FlushF64(1 / math.Sqrt(log64FlushF64(x)))
}

func libdeviceErfcinv64(a float64) float64 {
	twoMinusA := 2 - a // add.rn
	if a >= misc64Bits(0x3F4FA4D2AD8F904D) && a <= misc64Bits(0x3FFFFC0B65AA4E0E) {
		l := erfcinv64Log(float64(twoMinusA * a)) // mul.rn
		p := hornerBitsModel64(erfcinv64Central, -l-3.125)
		return math.FMA(p, -a, p)
	}
	_, ahi := misc64Words(a)
	above := int32(ahi) >= 0x3FF00000
	p := a
	if above {
		p = twoMinusA
	}
	_, phi := misc64Words(p)
	var t float64
	if math.Float32frombits(phi) >= math.Float32frombits(0x2B2BFF2F) {
		s := -erfcinv64Log(p)
		y := rsqrtApprox64(s, true)
		d := math.FMA(s, -float64(y*y), 1)                      // y*y: mul.rn
		r := math.FMA(math.FMA(0.375, d, 0.5), float64(d*y), y) // d*y: mul.rn
		t = erfcinv64Rational(erfcinv64NearNum, erfcinv64NearDen, r)
	} else {
		r := rsqrtApprox64(-libdeviceLogF64(p), false)
		t = erfcinv64Rational(erfcinv64FarNum, erfcinv64FarDen, r)
	}
	if above {
		return -t
	}
	return t
}

func libdeviceNormcdfinv64(x float64) float64 {
	t := libdeviceErfcinv64(x + x)
	r := math.FMA(misc64Bits(0xBFF6A09E667F3BCC), t, float64(misc64Bits(0xBCA21165F626CDD5)*t))
	var zero float64
	return r + zero // add.rn: -0 becomes +0
}

func libdeviceRsqrt64(x float64) float64 { return rsqrtApprox64(x, false) }

// bigErfcinvOf is the x >= 0 with erfc(x) = y for y in (0, 1], in bigPrec
// bits: Newton's iteration on ln(erfc(x)) = ln(y), x + sqrt(pi)/2
// erfcx(x) (ln(erfcx(x)) - x^2 - ln(y)), from erfcinvRef's f64 value (or
// sqrt(-ln(y)) where that fails), until a step falls below 2^-90 x. ln
// erfc is concave: past its first step the iteration converges
// monotonically.
func bigErfcinvOf(y float64) *big.Float {
	nf := func() *big.Float { return new(big.Float).SetPrec(bigPrec) }
	x0 := erfcinvRef(y)
	if math.IsNaN(x0) || math.IsInf(x0, 0) {
		x0 = math.Sqrt(-math.Log(y))
	}
	x := bigF(x0)
	lnY := bigLogOf(y)
	halfSqrtPi := nf().Quo(bigSqrtPi, bigF(2))
	for i := 0; i < 20; i++ {
		ex := bigErfcxOf(x)
		g := bigLnOf(ex)
		g.Sub(g, nf().Mul(x, x))
		g.Sub(g, lnY)
		step := nf().Mul(g, ex)
		step.Mul(step, halfSqrtPi)
		x.Add(x, step)
		if step.Sign() == 0 || step.MantExp(nil) < x.MantExp(nil)-90 {
			break
		}
	}
	return x
}

// erfcinvSigned is erfcinv(y) for y in (0, 2): -erfcinv(2 - y) above 1
// (2 - y exact there).
func erfcinvSigned(y float64) *big.Float {
	if y > 1 {
		v := bigErfcinvOf(2 - y)
		return v.Neg(v)
	}
	return bigErfcinvOf(y)
}

// erfcinvRef64 is erfcinv(y) rounded once.
func erfcinvRef64(y float64) float64 {
	switch {
	case !(y >= 0 && y <= 2):
		return math.NaN()
	case y == 0:
		return math.Inf(1)
	case y == 2:
		return math.Inf(-1)
	}
	return bigFloat64(erfcinvSigned(y))
}

// normcdfinvRef64 is Φ^-1(p) = -sqrt(2) erfcinv(2p) rounded once.
func normcdfinvRef64(p float64) float64 {
	switch {
	case !(p >= 0 && p <= 1):
		return math.NaN()
	case p == 0:
		return math.Inf(-1)
	case p == 1:
		return math.Inf(1)
	}
	v := erfcinvSigned(2 * p)
	return bigFloat64(v.Mul(v, new(big.Float).SetPrec(bigPrec).Sqrt(bigF(2))).Neg(v))
}

// rsqrtRef64 is 1/sqrt(x) rounded once.
func rsqrtRef64(x float64) float64 {
	if !(x > 0) || math.IsInf(x, 1) {
		return 1 / math.Sqrt(x)
	}
	s := new(big.Float).SetPrec(bigPrec).Sqrt(bigF(x))
	return bigFloat64(s.Quo(bigF(1), s))
}

// erfcinv64Inputs: specials, arguments outside [0, 2] and subnormals;
// each side of the central polynomial's ends (0.000966 and 1.999034), of
// the far tail's start (p's high word 0x2B2BFF2F) and of 1 (where p
// becomes 2 - a); and for normcdfinv, half of each; random values over
// (0, 2), down to the subnormals and up to 2 - 2^-52, and bit patterns.
func erfcinv64Inputs(n int) []float64 {
	x := []float64{0, math.Copysign(0, -1), math.Inf(1), math.Inf(-1), math.NaN(), -math.NaN(), 1, 2, 0.5, 1.5,
		math.Nextafter(1, 0), math.Nextafter(1, 2), math.Nextafter(2, 0), math.Nextafter(2, 3), 3, -1, -1e-300,
		math.MaxFloat64, math.SmallestNonzeroFloat64, 2 * math.SmallestNonzeroFloat64, 0x1p-1022, 0x1p-1023, 1e-310,
		1e-300, 1e-100, 1e-50, 2 - 0x1p-52, 2 - 0x1p-40, 2 - 0x1p-20, 0x1p-52, 0.25, 0.75, 0.999, 1.001}
	for _, b := range []uint64{0x3F4FA4D2AD8F904D, 0x3FFFFC0B65AA4E0E, 0x2B2BFF2F00000000} {
		for d := -3; d <= 3; d++ {
			v := misc64Bits(b + uint64(d))
			x = append(x, v, v/2)
		}
	}
	rng := rand.New(rand.NewSource(67))
	for len(x) < n {
		switch len(x) % 6 {
		case 0: // erfcinv's domain
			x = append(x, rng.Float64()*2)
		case 1: // normcdfinv's
			x = append(x, rng.Float64())
		case 2: // the tails near 0, to the subnormals
			x = append(x, math.Exp2(-rng.Float64()*1074))
		case 3: // near 2 and, for normcdfinv, near 1
			x = append(x, 2-math.Exp2(-1-rng.Float64()*51), 1-math.Exp2(-1-rng.Float64()*52))
		case 4: // the near tail's start and the central polynomial's ends
			x = append(x, math.Exp2(-8-rng.Float64()*4), math.Exp2(-325-rng.Float64()*20))
		default: // any value
			x = append(x, math.Float64frombits(rng.Uint64()))
		}
	}
	return x[:n]
}

// TestLibdeviceErfcinvF64Sim: on sm_90, __nv_erfcinv, __nv_normcdfinv and
// __nv_rsqrt lowered and run in the simulator give the models' bits on
// every input (erfcinv64Inputs), and the models are within libdevice's
// documented 6 (erfcinv), 8 (normcdfinv) and 1 (rsqrt) ulps of the
// correctly rounded values where those are normal.
func TestLibdeviceErfcinvF64Sim(t *testing.T) {
	x := erfcinv64Inputs(4096)
	syms := []string{"__nv_erfcinv", "__nv_normcdfinv", "__nv_rsqrt"}
	models := []func(float64) float64{libdeviceErfcinv64, libdeviceNormcdfinv64, libdeviceRsqrt64}
	exact := []func(float64) float64{erfcinvRef64, normcdfinvRef64, rsqrtRef64}
	res := externCase{args: []string{"f64"}, res: "f64", syms: syms}.run(t, sm90, [][]float64{x})
	checkUnaryF64Models(t, x, res, syms, models, exact, []float64{6, 8, 1})
}
