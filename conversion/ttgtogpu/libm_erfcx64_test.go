package ttgtogpu_test

import (
	"math"
	"math/big"
	"math/rand"
	"testing"
)

// Models of libdevice's f64 __nv_erfcx and __nv_normcdf, transcribed from
// their libdevice code in plain Go float64 arithmetic: math.FMA for
// fma.rn.d, products converted explicitly so that Go never fuses them
// into a sum, rcp.approx.ftz.f64 as the simulator takes it (the refined
// reciprocal log64Reciprocal). normcdf inlines __nv_erfc
// (libdeviceErfcF64) and erfcx __nv_exp (libdeviceExp64).

var (
	erfcx64Coeffs = []uint64{0xBDF8774AD4E0BFD7, 0xBE44E1C6FD03D328, 0xBE4330149F7A56B6, 0x3E7BEDDED8376273,
		0x3E6F9254C3ABF22B, 0xBEAB9068C2148CF0, 0x3E94C6454DB34009, 0x3ED7F1C378F2311D, 0xBEE78E051C6D5C58,
		0xBEF995B4EAD14A90, 0x3F23BE27CF0A29B2, 0xBF2A1DEF3E81672E, 0xBF48D4ABE68C1713, 0x3F749C67210DD6B4,
		0xBF9096238568E357, 0x3FA3079EDF8C2DC9, 0xBFB0FB06DFF601FC, 0x3FB7FEE004DFBCDC, 0xBFB9DDB23C3DB8C6,
		0x3FB16ECEFCFA5FDA, 0x3F8F7F5DF66FB6D6, 0xBFC1DF1AD154A29D, 0x3FF3BA5916E9FD7F}
)

// libdeviceErfcxKernel64 is erfcx(a) for a >= 0 below 32: P(z)/(1 + 2a),
// z = (a - 4)/(a + 4), z and the quotient each corrected once by their
// residuals.
func libdeviceErfcxKernel64(a float64) float64 {
	r := log64Reciprocal(a + 4)
	z := float64((a - 4) * r)
	res := math.FMA(-4, z+1, a)
	res = math.FMA(-z, a, res)
	z = math.FMA(r, res, z)
	p := hornerBitsModel64(erfcx64Coeffs, z)
	rd := log64Reciprocal(math.FMA(2, a, 1))
	w := float64(p * rd)
	res = math.FMA(a, float64(-2*w), p) - w
	return math.FMA(res, rd, w)
}

func libdeviceErfcx64(x float64) float64 {
	lo, hi := misc64Words(x)
	var t float64
	if float32(math.Abs(float64(math.Float32frombits(hi)))) < 3 {
		t = libdeviceErfcxKernel64(misc64OfWords(lo, hi&0x7FFFFFFF))
	} else { // 1/(x sqrt(pi)) (1 - 1/(2x^2) + 3/(4x^4) - 15/(8x^6) + 105/(16x^8) - 945/(32x^10))
		r := 1 / x
		r2 := float64(r * r)
		s := math.FMA(-29.53125, r2, 6.5625)
		s = math.FMA(s, r2, -1.875)
		s = math.FMA(s, r2, 0.75)
		s = math.FMA(s, r2, -0.5)
		s = math.FMA(s, r2, 1)
		t = float64(s * float64(r*misc64Bits(0x3FE20DD750429B6D)))
	}
	if int32(hi) >= 0 {
		return t
	}
	sq := float64(x * x)
	sqErr := math.FMA(x, x, -sq)
	e := libdeviceExp64(sq)
	twice := e + e
	if math.IsInf(twice, 1) {
		return twice
	}
	return math.FMA(twice, sqErr, twice) - t
}

func libdeviceNormcdf64(x float64) float64 {
	a := x
	if math.Abs(x) > 38.5 {
		a = math.Copysign(38.5, x)
	}
	c := misc64Bits(0xBFE6A09E667F3BCD)
	hi := float64(a * c) // mul.rn
	lo := math.FMA(a, c, -hi)
	lo = math.FMA(a, misc64Bits(0x3C8BDD3413B26456), lo)
	y := hi + lo
	z := libdeviceErfcF64(y)
	if _, h := misc64Words(a); h > 0xBFF00000 {
		yErr := (hi - y) + lo
		z = math.FMA(float64(float64(-2*y)*z), yErr, z)
	}
	return 0.5 * z
}

// bigSqrtPi is sqrt(pi) in bigPrec bits.
var bigSqrtPi = new(big.Float).SetPrec(bigPrec).Sqrt(gaussPi(bigPrec))

// bigErfcxOf is erfcx(u) = e^(u^2) erfc(u) for a finite u >= 0 in bigPrec
// bits: below 2, e^(u^2) - 2/sqrt(pi) sum 2^n u^(2n+1)/(2n+1)!! (positive
// terms; the difference cancels fewer than 6 bits); from 2, Laplace's
// continued fraction 1/sqrt(pi) / (u + (1/2)/(u + 1/(u + (3/2)/(u +
// ...)))), 200 levels deep below 4 (relative error 5e-33 at 2 against
// 5000 levels), 100 from 4 (1e-42 there): far below 2^-53 either way.
func bigErfcxOf(u *big.Float) *big.Float {
	nf := func() *big.Float { return new(big.Float).SetPrec(bigPrec) }
	if u.Cmp(bigF(2)) < 0 {
		u2 := nf().Mul(u, u)
		step := nf().Mul(u2, bigF(2))
		term, sum := nf().Set(u), nf().Set(u)
		for n := 0; term.Sign() != 0 && term.MantExp(nil) > sum.MantExp(nil)-bigPrec-8; n++ {
			term.Mul(term, step)
			term.Quo(term, bigF(float64(2*n+3)))
			sum.Add(sum, term)
		}
		sum.Quo(sum.Mul(sum, bigF(2)), bigSqrtPi)
		e := bigExpBig(u2)
		return e.Sub(e, sum)
	}
	depth := 100
	if u.Cmp(bigF(4)) < 0 {
		depth = 200
	}
	f := nf().Set(u)
	for k := depth; k >= 1; k-- {
		f = f.Add(nf().Quo(bigF(float64(k)/2), f), u)
	}
	return nf().Quo(bigF(1), f.Mul(f, bigSqrtPi))
}

// erfcxRef64 is erfcx(x) rounded once: 2 e^(x^2) - erfcx(-x) for x < 0
// (+inf once e^(x^2) passes 800).
func erfcxRef64(x float64) float64 {
	switch {
	case x != x:
		return x
	case math.IsInf(x, 1):
		return 0
	case x < 0 && x*x > 800:
		return math.Inf(1)
	case x < 0:
		e := bigExpBig(new(big.Float).SetPrec(bigPrec).Mul(bigF(x), bigF(x)))
		return bigFloat64(e.Sub(e.Mul(e, bigF(2)), bigErfcxOf(bigF(-x))))
	}
	return bigFloat64(bigErfcxOf(bigF(x)))
}

// normcdfRef64 is Φ(x) = erfc(-x/sqrt(2))/2 rounded once: with u =
// |x|/sqrt(2), the lower tail erfcx(u) e^(-u^2)/2, 1 less that above 0.
func normcdfRef64(x float64) float64 {
	switch {
	case x != x:
		return x
	case x > 40:
		return 1
	case x < -40:
		return 0
	}
	u := new(big.Float).SetPrec(bigPrec).Quo(bigF(math.Abs(x)), new(big.Float).SetPrec(bigPrec).Sqrt(bigF(2)))
	u2 := new(big.Float).SetPrec(bigPrec).Mul(u, u)
	tail := bigErfcxOf(u)
	tail.Mul(tail, bigExpBig(u2.Neg(u2)))
	tail.Quo(tail, bigF(2))
	if x > 0 {
		return bigFloat64(tail.Sub(bigF(1), tail))
	}
	return bigFloat64(tail)
}

// erfcx64Inputs: specials, subnormals, the kernel's end at |x| = 32 (by
// the high word), erfcx's negative arguments up to the overflow of
// e^(x^2) (near -26.6) and beyond, the asymptotic series, normcdf's clamp
// at ±38.5, its correction from below -1 and its lower tail, where its
// results become subnormal and 0; random values over every exponent.
func erfcx64Inputs(n int) []float64 {
	x := []float64{0, math.Copysign(0, -1), math.Inf(1), math.Inf(-1), math.NaN(), -math.NaN(), 1, -1, 2, -2, 4, -4,
		32, -32, math.Nextafter(32, 0), math.Nextafter(-32, 0), misc64OfWords(0xFFFFFFFF, 0x403FFFFF), 31.99999, 33,
		26.6, -26.6, -26.62, -26.63, -26.64, -26.65, -27, -28, -30, -1e300, 1e300, math.MaxFloat64, -math.MaxFloat64,
		math.SmallestNonzeroFloat64, -math.SmallestNonzeroFloat64, 0x1p-1022, -0x1p-1022, 1e-300, -1e-300, 0x1p-30,
		38.5, -38.5, math.Nextafter(38.5, 39), math.Nextafter(-38.5, -39), math.Nextafter(38.5, 0),
		math.Nextafter(-38.5, 0), 40, -40, math.Nextafter(-1, -2), math.Nextafter(-1, 0), -1 - 0x1p-20,
		misc64OfWords(1, 0xBFF00000), misc64OfWords(0, 0xBFF00001), -37, -37.5, -38, -38.4, 8.3, 8.5, 9, -8.3}
	rng := rand.New(rand.NewSource(66))
	for len(x) < n {
		sign := float64(1 - 2*rng.Intn(2))
		switch len(x) % 6 {
		case 0: // the kernel, both signs
			x = append(x, sign*rng.Float64()*32)
		case 1: // negative arguments to e^(x^2)'s overflow
			x = append(x, -rng.Float64()*27)
		case 2: // the asymptotic series and beyond
			x = append(x, sign*math.Exp2(5+rng.Float64()*30))
		case 3: // normcdf's lower tail down to its clamp
			x = append(x, -rng.Float64()*40)
		case 4: // near 0
			x = append(x, sign*math.Exp2(-rng.Float64()*60))
		default: // any value
			x = append(x, math.Float64frombits(rng.Uint64()))
		}
	}
	return x
}

// TestLibdeviceErfcxNormcdfF64Sim: on sm_90, __nv_erfcx and __nv_normcdf
// lowered and run in the simulator give the models' bits on every input
// (erfcx64Inputs), and the models are within libdevice's documented 4
// (erfcx) and 5 (normcdf) ulps of the correctly rounded values where
// those are normal.
func TestLibdeviceErfcxNormcdfF64Sim(t *testing.T) {
	x := erfcx64Inputs(4096)
	syms := []string{"__nv_erfcx", "__nv_normcdf"}
	models := []func(float64) float64{libdeviceErfcx64, libdeviceNormcdf64}
	exact := []func(float64) float64{erfcxRef64, normcdfRef64}
	res := externCase{args: []string{"f64"}, res: "f64", syms: syms}.run(t, sm90, [][]float64{x})
	checkUnaryF64Models(t, x, res, syms, models, exact, []float64{4, 5})
}
