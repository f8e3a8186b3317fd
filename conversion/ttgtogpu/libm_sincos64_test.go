package ttgtogpu_test

import (
	"math"
	"math/rand"
	"testing"
)

// Models of libdevice's __nv_sin and __nv_cos (f64), transcribed from its
// code (the __internal_sin_cos_kerneld path of targets after sm_37) in
// plain Go float64 arithmetic: math.FMA for fma.rn.d, an explicit
// conversion where mul.rn.d must round on its own.

// sincos64Reduce is libdevice's __internal_trig_reduction_kerneld: the
// reduced argument z = a - q pi/2 and the quadrant q, Cody-Waite with
// pi/2 in three parts below 2^31, misc64TrigSlowPath from there;
// infinities give NaN and 0.
func sincos64Reduce(a float64) (z float64, q int32) {
	if math.IsInf(a, 0) {
		return float64(a * 0), 0
	}
	qf := math.RoundToEven(a * misc64Bits(0x3FE45F306DC9C883))
	switch { // d2i.rn: NaN 0, saturated
	case qf != qf:
		q = 0
	case qf >= 0x1p31:
		q = math.MaxInt32
	case qf <= -0x1p31:
		q = math.MinInt32
	default:
		q = int32(qf)
	}
	z = math.FMA(-float64(q), misc64Bits(0x3FF921FB54442D18), a)
	z = math.FMA(-float64(q), misc64Bits(0x3C91A62633145C00), z)
	z = math.FMA(-float64(q), misc64Bits(0x397B839A252049C0), z)
	if math.Abs(a) >= 0x1p31 {
		z, q = misc64TrigSlowPath(a)
	}
	return z, q
}

// sincos64Table is libdevice's __cudart_sin_cos_coeffs: eight doubles
// for sin's polynomial, eight for cos's.
var sincos64Table = [16]uint64{
	0x3DE5DB65F9785EBA, 0xBE5AE5F12CB0D246, 0x3EC71DE369ACE392, 0xBF2A01A019DB62A1,
	0x3F81111111110818, 0xBFC5555555555554, 0, 0,
	0xBDA8FF8320FD8164, 0x3E21EEA7C1EF8528, 0xBE927E4F8E06E6D9, 0x3EFA01A019DDBCE9,
	0xBF56C16C16C15D47, 0x3FA5555555555551, 0xBFE0000000000000, 0x3FF0000000000000}

// libdeviceSinCos64 is __nv_sin (cos false) or __nv_cos of a.
func libdeviceSinCos64(a float64, cos bool) float64 {
	z, q := sincos64Reduce(a)
	if cos {
		q++
	}
	return sinCosKernelModel64(q, z)
}

// sinCosKernelModel64 is libdevice's f64 sine kernel: sin(z + q pi/2) for
// the reduced z, the sine or cosine polynomial by q's parity, negated in
// quadrants 2 and 3.
func sinCosKernelModel64(q int32, z float64) float64 {
	base := 8 * (q & 1)
	z2 := float64(z * z)
	p := misc64Chain(sincos64Table[base:base+7], z2)
	r := math.FMA(p, z, z)
	if q&1 != 0 {
		r = math.FMA(p, z2, 1)
	}
	if q&2 != 0 {
		r = math.FMA(r, -1, 0)
	}
	return r
}

// sincos64Inputs are misc64Inputs (specials, subnormals, every exponent,
// arguments near multiples of pi/2 small and large, both sides of the
// switch at 2^31) with the zeros of sin and cos closest to a double and
// pi/4-ish quadrant boundaries added; n, a power of two.
func sincos64Inputs(n int) []float64 {
	x := []float64{math.Pi / 4, -math.Pi / 4, 3 * math.Pi / 4, 0x1p-26, 0x1p-27, 1e-160, -1e-160, 5e-324,
		6381956970095103 * 0x1p797, 5261692873635770 * 0x1p499, 1e15, 1e22, math.Nextafter(0x1p31, 0), 0x1p31, 0x1p30}
	rng := rand.New(rand.NewSource(2))
	for len(x) < n/4 {
		k := float64(rng.Intn(1 << 20))
		x = append(x, (k+0.5)*math.Pi/2*float64(1-2*rng.Intn(2))) // between quadrants
	}
	return append(x, misc64Inputs(n)[:n-len(x)]...)
}

// TestLibdeviceSinCosF64Sim checks __nv_sin and __nv_cos, and math.sin
// and math.cos on f64 (which Triton lowers to them), on sm_90 in the
// simulator bit for bit against the models of libdevice's code on every
// input, and the models within libdevice's documented bounds (2 ulps
// each) of the correctly rounded value (bigSinCos) where that is a
// normal f64.
func TestLibdeviceSinCosF64Sim(t *testing.T) {
	x := sincos64Inputs(4096)
	syms := []string{"__nv_sin", "__nv_cos", "math.sin", "math.cos"}
	sin := func(v float64) float64 { return libdeviceSinCos64(v, false) }
	cos := func(v float64) float64 { return libdeviceSinCos64(v, true) }
	bigSin := func(v float64) float64 { s, _ := bigSinCos(v); return s }
	bigCos := func(v float64) float64 { _, c := bigSinCos(v); return c }
	res := externCase{args: []string{"f64"}, res: "f64", syms: syms}.run(t, sm90, [][]float64{x})
	checkUnaryF64Models(t, x, res, syms, []func(float64) float64{sin, cos, sin, cos},
		[]func(float64) float64{bigSin, bigCos, bigSin, bigCos}, []float64{2, 2, 2, 2})
}
