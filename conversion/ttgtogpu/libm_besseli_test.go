package ttgtogpu_test

import (
	"math"
	"math/big"
	"math/rand"
	"testing"

	"github.com/ttcompiler/tt/conversion/ttgtogpu"
)

// Go models of libdevice's __nv_cyl_bessel_i0f, __nv_cyl_bessel_i1f,
// __nv_cyl_bessel_i0 and __nv_cyl_bessel_i1, transcribed from their
// libdevice code: in f32 the fma.rn, mul.rn, add.rn, fabs and
// rsqrt.approx flush subnormals under the FTZ reflect (libdeviceMode),
// plain fmul never does; rcp.approx (.ftz either way), rsqrt.approx and
// ex2.approx are taken as the simulator takes them (the exact value,
// rounded). e^(a/2) - 1 is __nv_expm1f's model (libdeviceExpm1f, written
// for the reflect; from a/2 > 4 on none of its operands or results is
// subnormal, so it is the code without the reflect too) and e^(a/2) in
// f64 __nv_exp's (libdeviceExp64); the f64 reciprocal and rsqrt are
// libdevice's refinements of the approximations (log64Reciprocal,
// normRsqrt64). No plain product feeds a plain sum, so fp fusion changes
// nothing.

// besselIModelF32 is I0 (odd false) or I1 of x.
func besselIModelF32(x float32, odd bool, m libdeviceMode) float32 {
	from, far := uint64(0x4022000000000000), []uint64{0x3FD65174C0000000, 0xBF765961A0000000, 0x3FA112E0E0000000,
		0x3F9C8EFC40000000, 0x3FA988A4A0000000, 0x3FD9884520000000}
	series := []uint64{0x3C06E52020000000, 0x3C70B56EC0000000, 0x3D08110240000000, 0x3D8489DB60000000,
		0x3E00412280000000, 0x3E7231AB40000000, 0x3EDC723380000000, 0x3F3C71BEC0000000, 0x3F90000040000000,
		0x3FD0000000000000, 0x3FF0000000000000}
	if odd {
		from, far = 0x40202B8520000000, []uint64{0xBFE0179A80000000, 0x3F9D27A5C0000000, 0xBFA8F404A0000000,
			0xBFA7C3D520000000, 0xBFC3266960000000, 0x3FD9884560000000}
		series = []uint64{0x3C49AF7BA0000000, 0x3CB8A95820000000, 0x3D46E19000000000, 0x3DC23858A0000000,
			0x3E3852D5C0000000, 0x3EA6BFFFC0000000, 0x3F0C71F2A0000000, 0x3F655552E0000000, 0x3FB0000020000000}
	}
	a := m.flush(fabsf(x))
	if a >= f32bits(from) && a < float32(math.Inf(1)) {
		p := besselChainModel(m, far, rcpFTZ(a))
		s := float32(p * m.flush(float32(1/math.Sqrt(float64(m.flush(a))))))
		u := libdeviceExpm1f(float32(0.5 * a))
		r := m.add(m.mul(m.mul(s, u), m.add(u, 2)), s)
		if odd {
			r = orSign(r, x)
		}
		return r
	}
	if !odd {
		return besselChainModel(m, series, float32(a*a))
	}
	x2 := float32(x * x)
	return m.fma(x, float32(besselChainModel(m, series, x2)*x2), float32(0.5*x))
}

// besselIModelF64 is I0 (odd false) or I1 of x.
func besselIModelF64(x float64, odd bool) float64 {
	from, far := int32(0x402619FC), []uint64{0x41F2F851FC237B1D, 0x41FFEFDD4FF37461, 0xC1FA8A1907F57F70,
		0x41E10B6852851C22, 0xC1B925FC57CCB350, 0x41885261A7176974, 0xC1506BFA24BE44DB, 0x411003CC0DA58B08,
		0xC0C6E73AA6A2C47A, 0x40785E17BC10541A, 0xC0216C6690365068, 0x3FD934E08086004C, 0x3FB6AA7C7D428943,
		0x3FA6EAC2735A091E, 0x3F9DEBAA90561E71, 0x3F9CB94DDFD23F70, 0x3FA9884533D30179, 0x3FD9884533D43657}
	series := []uint64{0x37D4D7F592957DA6, 0x3858C41D50AB516F, 0x39095DDA3F2C417B, 0x39A367189A01363E,
		0x3A3E90745678B866, 0x3AD416D14FA3A4BD, 0x3B669D021FDE720E, 0x3BF5601014E95430, 0x3C80B313C0325230,
		0x3D0522A42FFEF890, 0x3D8522A440809476, 0x3E002E85C07BA843, 0x3E723456789B9DE8, 0x3EDC71C71C71B63C,
		0x3F3C71C71C71C7C2, 0x3F8FFFFFFFFFFFFB, 0x3FD0000000000000, 0x3FF0000000000000}
	if odd {
		from, far = 0x40260000, []uint64{0x41D8729DA7E5A092, 0xC20A9923A6810426, 0x42015D3DB3C5FFE0,
			0xC1E4D2D89A3913C1, 0x41BDCDFF9B080398, 0xC18C5F2E01FB2FF9, 0x4152FCFB5FD54150, 0xC1126D4CD831FC06,
			0x40CA49ABC2CAD407, 0xC07BF09A8D0B4BCF, 0x4023F8F8F6F26890, 0xBFDD6E31961ECE73, 0xBFBBBDC121C5123B,
			0xBFAD76AACF55FC53, 0xBFA4F1C4FF86494B, 0xBFA7EFC0E3C7167E, 0xBFC32633E6DECF48, 0x3FD9884533D43649}
		series = []uint64{0x38268D52E367973F, 0x38A76B71C28918B0, 0x3958082FE6606ACB, 0x39F0EC04908E2753,
			0x3A88D983808A730D, 0x3B1E21624AF0555A, 0x3BAF18024073231E, 0x3C3AB810D07C53A4, 0x3CC2C97677FAB629,
			0x3D4522A42918D8A1, 0x3DC27E4FB8F617FC, 0x3E3845C8A0ABD799, 0x3EA6C16C16C369A2, 0x3F0C71C71C71A4B2,
			0x3F65555555555681, 0x3FAFFFFFFFFFFFF1}
	}
	a := math.Abs(x)
	if hi := int32(math.Float64bits(a) >> 32); hi >= from && hi < 0x47C00000 {
		p := misc64Chain(far, log64Reciprocal(a))
		z := libdeviceExp64(float64(0.5 * a))
		r := float64(float64(float64(p*normRsqrt64(a))*z) * z)
		if odd {
			r = math.Float64frombits(math.Float64bits(r) | math.Float64bits(x)&(1<<63))
		}
		return r
	}
	if !odd {
		return misc64Chain(series, float64(a*a))
	}
	x2 := float64(x * x)
	return math.FMA(x, float64(misc64Chain(series, x2)*x2), float64(0.5*x))
}

// bigBesselI is I0 (n = 0) or I1 at x, from the series sum (x/2)^(2k+n) /
// (k! (k+n)!), whose terms are all positive, in 320-bit arithmetic: far
// below an f64 ulp; +inf past the f64 range, odd in x for I1.
func bigBesselI(n int, x float64) float64 {
	switch {
	case math.IsNaN(x):
		return x
	case math.Abs(x) > 720: // I0(720) > 1e310
		if n == 1 {
			return math.Copysign(math.Inf(1), x)
		}
		return math.Inf(1)
	}
	const prec = 320
	f := func(v float64) *big.Float { return new(big.Float).SetPrec(prec).SetFloat64(v) }
	half := f(math.Abs(x) / 2)
	q := new(big.Float).SetPrec(prec).Mul(half, half)
	term := f(1)
	if n == 1 {
		term.Set(half)
	}
	sum := f(0)
	for k := 0; ; k++ {
		sum.Add(sum, term)
		term.Mul(term, q)
		term.Quo(term, f(float64((k+1)*(k+1+n))))
		if term.Sign() == 0 || term.MantExp(nil) < sum.MantExp(nil)-prec {
			break
		}
	}
	v, _ := sum.Float64()
	if n == 1 && x < 0 {
		v = -v
	}
	return v
}

// besselIF32Inputs: the common f32 set, both sides of each far form's
// start, the overflow threshold (about 88.7 + ln terms), random
// arguments of both signs over [-100, 100], tiny ones and subnormals.
func besselIF32Inputs() []float64 {
	x := libdeviceF32Inputs(1024)
	rng := rand.New(rand.NewSource(91))
	for _, b := range []float32{9, f32bits(0x40202B8520000000), 91.9, 92, 88.7, 0x1p-126, 1e-20} {
		for k, up, down := 0, b, b; k < 6; k++ {
			x = append(x, float64(up), float64(down), -float64(up))
			up, down = math.Nextafter32(up, float32(math.Inf(1))), math.Nextafter32(down, 0)
		}
	}
	for len(x) < 3072 {
		x = append(x, float64(float32((rng.Float64()-0.5)*200)))
	}
	for len(x) < 3584 {
		x = append(x, float64(float32((rng.Float64()-0.5)*24)))
	}
	for len(x) < 4096 {
		x = append(x, math.Copysign(math.Exp2(-149+rng.Float64()*150), rng.Float64()-0.5))
	}
	return x[:4096]
}

// TestLibdeviceBesselIF32Sim: __nv_cyl_bessel_i0f and __nv_cyl_bessel_i1f
// on NVIDIA, lowered and run in the simulator with and without Triton's
// FTZ reflect, give the models' bits on every input, and the models are
// within CUDA's documented bound (6 ulps, full range) of the correctly
// rounded value (bigBesselI) where that and the argument are normal.
func TestLibdeviceBesselIF32Sim(t *testing.T) {
	x := besselIF32Inputs()
	syms := []string{"__nv_cyl_bessel_i0f", "__nv_cyl_bessel_i1f"}
	exact := make([][]float64, 2)
	for k := range syms {
		exact[k] = make([]float64, len(x))
		for i, v := range x {
			exact[k][i] = bigBesselI(k, float64(float32(v)))
		}
	}
	c := externCase{args: []string{"f32"}, res: "f32", syms: syms}
	forBothReflects(t, c, x, func(t *testing.T, res [][]float64, mode libdeviceMode) {
		for k, sym := range syms {
			checkLibdeviceF32Model(t, sym, res[k], func(i int) float32 { return besselIModelF32(float32(x[i]), k == 1, mode) },
				func(i int) (float64, bool) { return exact[k][i], normalOrZero32(float64(float32(x[i]))) }, 6)
		}
	})
}

// besselIF64Inputs: specials, both sides of each far form's start and of
// its end (2^125, by the high word), the overflow threshold (713.987),
// random arguments of both signs over [-720, 720] and over [-20, 20],
// tiny ones and subnormals.
func besselIF64Inputs() []float64 {
	rng := rand.New(rand.NewSource(92))
	x := []float64{0, math.Copysign(0, -1), math.Inf(1), math.Inf(-1), math.NaN(), 5e-324, -5e-324, 0x1p-1022, 1e-300,
		1e-20, 1, -1, 713.98, 713.99, 714, 0x1p125, 0x1p1000, math.MaxFloat64, -math.MaxFloat64}
	for _, b := range []uint64{0x402619FC00000000, 0x4026000000000000, 0x47C0000000000000, 0x47BFFFFFFFFFFFFF} {
		v := math.Float64frombits(b)
		for k, up, down := 0, v, v; k < 4; k++ {
			x = append(x, up, down, -up)
			up, down = math.Nextafter(up, math.Inf(1)), math.Nextafter(down, 0)
		}
	}
	for len(x) < 2048 {
		x = append(x, (rng.Float64()-0.5)*1440)
	}
	for len(x) < 3072 {
		x = append(x, (rng.Float64()-0.5)*40)
	}
	for len(x) < 4096 {
		x = append(x, math.Copysign(math.Exp2(-1074+rng.Float64()*1080), rng.Float64()-0.5))
	}
	return x[:4096]
}

// TestLibdeviceBesselIF64Sim: __nv_cyl_bessel_i0 and __nv_cyl_bessel_i1
// on NVIDIA, lowered and run in the simulator, give the models' bits on
// every input, and the models are within CUDA's documented bound (6
// ulps, full range) of the correctly rounded value (bigBesselI).
func TestLibdeviceBesselIF64Sim(t *testing.T) {
	x := besselIF64Inputs()
	syms := []string{"__nv_cyl_bessel_i0", "__nv_cyl_bessel_i1"}
	res := simulateExternWith(t, externCase{args: []string{"f64"}, res: "f64", syms: syms}, [][]float64{x}, func(*ttgtogpu.Options) {})
	for k, sym := range syms {
		checkLibdeviceF64Model(t, sym, res[k], func(i int) float64 { return besselIModelF64(x[i], k == 1) },
			func(i int) float64 { return bigBesselI(k, x[i]) }, 6)
	}
}
