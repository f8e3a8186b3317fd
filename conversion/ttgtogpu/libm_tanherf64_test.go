package ttgtogpu_test

import (
	"math"
	"math/rand"
	"testing"
)

// Models of libdevice's __nv_tanh and __nv_erf, transcribed from its code
// in plain Go float64 arithmetic: fma.rn.d is math.FMA, ex2.approx.ftz.f32
// is ex2FTZ, rcp.approx.ftz.f64 the reciprocal rounded once (as the
// simulator takes it). Products are converted explicitly so that Go never
// fuses them into an addition.

// hornerBitsModel64 is libdevice's Horner chain of f64 constants (their
// bits, from the highest power down) in x.
func hornerBitsModel64(coeffs []uint64, x float64) float64 {
	p := math.Float64frombits(coeffs[0])
	for _, c := range coeffs[1:] {
		p = math.FMA(p, x, math.Float64frombits(c))
	}
	return p
}

// orSignModel64 is r with x's sign bit or'ed in.
func orSignModel64(r, x float64) float64 {
	return math.Float64frombits(math.Float64bits(r) | math.Float64bits(x)&(1<<63))
}

// rcpApproxFTZ64 is rcp.approx.ftz.f64 as the simulator takes it.
func rcpApproxFTZ64(x float64) float64 {
	flush := func(v float64) float64 {
		if math.Abs(v) < 0x1p-1022 {
			return math.Copysign(0, v)
		}
		return v
	}
	return flush(1 / flush(x))
}

// libdeviceOneMinusExp64 is libdevice's 1 - e^(y + tail) (__internal_mexpm1
// and its use in __nv_tanh, withTail false, and __nv_erf).
func libdeviceOneMinusExp64(y, tail float64, withTail bool) float64 {
	j := float32(math.RoundToEven(float64(float32(y) * float32(math.Float64frombits(0x3FF7154760000000)))))
	r := math.FMA(-float64(j), math.Float64frombits(0x3FE62E42FEFA39EF), y)
	p := hornerBitsModel64([]uint64{0x3E5AE904A4741B81, 0x3E928A27F89B6999, 0x3EC71DE715FF7E07, 0x3EFA019A6B0AC45A,
		0x3F2A01A017EED94F, 0x3F56C16C17F2A71B, 0x3F811111111173C4, 0x3FA555555555211A, 0x3FC5555555555540,
		0x3FE0000000000005}, r)
	q := float64(p * r)
	var em1 float64
	if withTail {
		em1 = math.FMA(q, r, tail) + r
	} else {
		em1 = math.FMA(q, r, r)
	}
	pow := float64(ex2FTZ(j))
	return math.FMA(-em1, pow, 1-pow)
}

// libdeviceTanh64 is __nv_tanh.
func libdeviceTanh64(x float64) float64 {
	a := math.Abs(x)
	if !(a >= math.Float64frombits(0x3FE4F92224DD2F1A)) {
		x2 := float64(x * x)
		p := hornerBitsModel64([]uint64{0xBEF0BC46E2F5E964, 0x3F14359F420AFC3D, 0xBF2DF9F0728C5D84, 0x3F4337D1CEC4F033,
			0xBF57D6E9674335B3, 0x3F6D6D000D7AAD3D, 0xBF8226E1F3CF1EF5, 0x3F9664F47EC0C8CF, 0xBFABA1BA1B80AB40,
			0x3FC111111110FA4A, 0xBFD5555555555550}, x2)
		return math.FMA(math.FMA(p, x2, 0), x, x)
	}
	d := 2 - libdeviceOneMinusExp64(float64(2*a), 0, false)
	y := rcpApproxFTZ64(d)
	err := math.FMA(-d, y, 1)
	err = math.FMA(err, err, err)
	r := math.FMA(2, -math.FMA(err, y, y), 1)
	if int32(math.Float64bits(a)>>32) >= 0x40330FC2 {
		r = 1
	}
	return orSignModel64(r, x)
}

// libdeviceErf64 is __nv_erf.
func libdeviceErf64(x float64) float64 {
	a := math.Abs(x)
	p := hornerBitsModel64([]uint64{0xBCF0679AFBA6F279, 0x3D47088FDB46FA5F, 0xBD8DF9F9B976A9B2, 0x3DC7F1F5590CC332,
		0xBDFA28A3CD2D56C4, 0x3E2485EE67835925, 0xBE476DB45919F583, 0x3E62D698D98C8D71, 0xBE720A2C7155D5C6,
		0xBE41D29B37CA1397, 0x3EA2EF6CC0F67A49, 0xBEC102B892333B6F, 0x3ECA30375BA9A84E, 0x3ECAAD18DEDEA43E,
		0xBEFF05355BC5B225, 0x3F10E37A3108BC8B, 0x3EFB292D828E5CB2, 0xBF4356626EBF9BFA, 0x3F5BCA68F73D6AFC,
		0xBF2B6B69EBBC280B, 0xBF9396685912A453, 0x3FBA4F4E2A1ABEF8, 0x3FE45F306DC9C8BB, 0x3FC06EBA8214DB69}, a)
	hi := math.FMA(p, a, a)
	lo := math.FMA(p, a, a-hi)
	r := libdeviceOneMinusExp64(-hi, -lo, true)
	if a >= math.Float64frombits(0x4017AFB48DC96626) {
		r = 1
	}
	return orSignModel64(r, x)
}

// tanhErf64Inputs: specials, subnormals, huge values, the edges of
// tanh's and erf's paths and tiny values, and random values over their
// ranges and every exponent; n, a power of two.
func tanhErf64Inputs(n int) []float64 {
	x := []float64{0, math.Copysign(0, -1), math.Inf(1), math.Inf(-1), math.NaN(), 1, -1, 0.5, 2, 3, 6, -6,
		math.SmallestNonzeroFloat64, -math.SmallestNonzeroFloat64, 0x1p-1022, 0x1.fffffffffffffp-1023, 1e-300, 1e-17,
		-1e-8, 0x1p-27, 0x1p-26, math.MaxFloat64, -math.MaxFloat64, 1e300, 710, 1e5,
		math.Float64frombits(0x3FE4F92224DD2F1A), math.Nextafter(math.Float64frombits(0x3FE4F92224DD2F1A), 0),
		-math.Float64frombits(0x3FE4F92224DD2F1A), math.Float64frombits(0x40330FC200000000),
		math.Nextafter(math.Float64frombits(0x40330FC200000000), 0), -19.0625, 19, 18.5, 22,
		math.Float64frombits(0x4017AFB48DC96626), math.Nextafter(math.Float64frombits(0x4017AFB48DC96626), 0),
		-math.Float64frombits(0x4017AFB48DC96626), 5.9, 5.8, 4, 2.5, 27, 0.25, 0.6552, 0.65, 0.66}
	rng := rand.New(rand.NewSource(64))
	for len(x) < n {
		switch len(x) % 4 {
		case 0: // tanh's range
			x = append(x, (rng.Float64()-0.5)*44)
		case 1: // erf's range
			x = append(x, (rng.Float64()-0.5)*13)
		case 2: // near 0 and the split
			x = append(x, (rng.Float64()-0.5)*2*math.Exp2(-rng.Float64()*40))
		default: // any finite value
			if v := math.Float64frombits(rng.Uint64()); !math.IsNaN(v) && !math.IsInf(v, 0) {
				x = append(x, v)
			}
		}
	}
	return x[:n]
}

// TestLibdeviceTanhErfF64Sim: __nv_tanh and __nv_erf on NVIDIA, lowered
// and run in the simulator, give the model's bits for every input
// (specials, subnormals, huge values and the edges of their paths
// included), and the model is within libdevice's documented bounds of the
// correctly rounded value (tanh 1 ulp, erf 2) where that is normal.
func TestLibdeviceTanhErfF64Sim(t *testing.T) {
	x := tanhErf64Inputs(4096)
	syms := []string{"__nv_tanh", "__nv_erf"}
	models := []func(float64) float64{libdeviceTanh64, libdeviceErf64}
	exact := []func(float64) float64{bigHyper["tanh"], bigErf}
	bounds := []float64{1, 2}
	res := externCase{args: []string{"f64"}, res: "f64", syms: syms}.run(t, sm90, [][]float64{x})
	checkUnaryF64Models(t, x, res, syms, models, exact, bounds)
}
