package numeric

import "math"

// Sinh and Cosh as the lowering computes them
// (conversion/ttgtogpu/libm_hyper.go): from expm1 near 0 and e^(a - ln2)
// beyond 22, so that they stay finite up to a = 710.47 (Go's math.Sinh
// and math.Cosh overflow from 709.78 and err by 2 ulps in between).

// hyperBig is where sinh and cosh are e^a / 2 in f64.
const hyperBig = 22

// halfExp is e^a / 2 for a >= hyperBig.
func halfExp(a float64) float64 {
	hi, lo := fastTwoSum(a, -Ln2Near)
	return ExpDD(hi, lo-Ln2Tail)
}

// Sinh is sinh(x).
func Sinh(x float64) float64 {
	a := math.Abs(x)
	var r float64
	switch {
	case x != x:
		return x
	case a >= hyperBig:
		r = halfExp(a)
	case a < 1:
		t := math.Expm1(a)
		r = 0.5 * (2*t - t*(t/(t+1)))
	default:
		t := math.Expm1(a)
		r = 0.5 * (t + t/(t+1))
	}
	return math.Copysign(r, x)
}

// Cosh is cosh(x).
func Cosh(x float64) float64 {
	a := math.Abs(x)
	switch {
	case x != x:
		return x
	case a >= hyperBig:
		return halfExp(a)
	case a < 1:
		t := math.Expm1(a)
		return 1 + t*t/(2*(t+1))
	}
	t1 := math.Expm1(a) + 1
	return 0.5*t1 + 0.5/t1
}

// Tan is sin(x)/cos(x) from Go's math.Sincos (within an ulp each; Go's
// math.Tan errs by tens of ulps near the poles of huge arguments), as
// the lowering computes it from one reduction.
func Tan(x float64) float64 {
	s, c := math.Sincos(x)
	if math.Abs(x) < 0x1p-27 {
		return x
	}
	return s / c
}

// Asin and Acos are atan2 of x and sqrt((1-x)(1+x)), as the lowering
// computes them (Go's math.Acos errs by several ulps near 1).
func Asin(x float64) float64 { return math.Atan2(x, math.Sqrt((1-x)*(1+x))) }

// Acos is acos(x); see Asin.
func Acos(x float64) float64 { return math.Atan2(math.Sqrt((1-x)*(1+x)), x) }
