package ttgtogpu

import (
	"math"

	"github.com/ttcompiler/tt/dialects/gpu"
	"github.com/ttcompiler/tt/dialects/llvm"
	"github.com/ttcompiler/tt/ir"
)

// libdevice's __nv_cyl_bessel_i0f, __nv_cyl_bessel_i1f,
// __nv_cyl_bessel_i0 and __nv_cyl_bessel_i1 in the operations and order of
// their libdevice code, so that tt's results on NVIDIA are Triton's bits
// (other targets keep libm_bessel.go's f64 algorithm).
//
// Each is a branch on a = |x|:
//   - near 0, the even power series of I0 (a polynomial in a^2 ending in
//     1/4, 1) or x (1/2 + a^2 P(a^2)) for I1;
//   - from about 9 (f32 I0), 8.08 (f32 I1), 11.05 (f64 I0) or 11 (f64 I1),
//     the large-argument form e^a / sqrt(a) P(1/a), P a polynomial in the
//     reciprocal (rcp.approx.ftz; refined by two fmas in f64), e^a taken
//     as the square of e^(a/2) so that it overflows only where the
//     result does. In f32, e^(a/2) - 1 = u comes from __nv_expm1f's code
//     and e^a s = (u (u + 2)) s + s in non-contracting mul.rn/add.rn; in
//     f64, z = __nv_exp's code at a/2 and the result (s P) z z, s the
//     refined rsqrt.approx.ftz.f64 of a.
//
// The far form is taken for finite a only in f32 (+inf falls to the
// series, which gives +inf); in f64 only where a's high word is below
// 2^125's, so that a^2 and the series give +inf (NaN stays NaN). I1 puts
// x's sign bit on the far form's result; its series is odd in x by
// construction.

var _ = registerLibm(func() {
	registerUnaryAlgorithms(map[string]func(e *emitter, x ir.Value, ftz bool) ir.Value{
		"__nv_cyl_bessel_i0f": func(e *emitter, x ir.Value, ftz bool) ir.Value { return e.besselILibdeviceF32(x, &besselI0F32, ftz) },
		"__nv_cyl_bessel_i1f": func(e *emitter, x ir.Value, ftz bool) ir.Value { return e.besselILibdeviceF32(x, &besselI1F32, ftz) },
		"__nv_cyl_bessel_i0":  func(e *emitter, x ir.Value, _ bool) ir.Value { return e.besselILibdeviceF64(x, &besselI0F64) },
		"__nv_cyl_bessel_i1":  func(e *emitter, x ir.Value, _ bool) ir.Value { return e.besselILibdeviceF64(x, &besselI1F64) },
	})
})

// besselIF32 is one f32 function: where its far form starts, that form's
// polynomial in 1/a and the series' coefficients (all from the highest
// power down, f32 constants in f64 spelling), and whether it is I1.
type besselIF32 struct {
	farFrom     uint64
	far, series []uint64
	odd         bool
}

var (
	besselI0F32 = besselIF32{
		farFrom: 0x4022000000000000, // 9
		far:     []uint64{0x3FD65174C0000000, 0xBF765961A0000000, 0x3FA112E0E0000000, 0x3F9C8EFC40000000, 0x3FA988A4A0000000, 0x3FD9884520000000},
		series: []uint64{0x3C06E52020000000, 0x3C70B56EC0000000, 0x3D08110240000000, 0x3D8489DB60000000, 0x3E00412280000000,
			0x3E7231AB40000000, 0x3EDC723380000000, 0x3F3C71BEC0000000, 0x3F90000040000000, 0x3FD0000000000000, 0x3FF0000000000000},
	}
	besselI1F32 = besselIF32{
		farFrom: 0x40202B8520000000, // 8.085
		far:     []uint64{0xBFE0179A80000000, 0x3F9D27A5C0000000, 0xBFA8F404A0000000, 0xBFA7C3D520000000, 0xBFC3266960000000, 0x3FD9884560000000},
		series: []uint64{0x3C49AF7BA0000000, 0x3CB8A95820000000, 0x3D46E19000000000, 0x3DC23858A0000000, 0x3E3852D5C0000000,
			0x3EA6BFFFC0000000, 0x3F0C71F2A0000000, 0x3F655552E0000000, 0x3FB0000020000000},
		odd: true,
	}
)

// besselILibdeviceF32 is __nv_cyl_bessel_i0f or __nv_cyl_bessel_i1f (f) of
// an f32 x; ftz is Triton's FTZ reflect.
func (e *emitter) besselILibdeviceF32(x ir.Value, f *besselIF32, ftz bool) ir.Value {
	f32 := e.f32()
	c := func(v float64) ir.Value { return e.cFloat(f32, v) }
	a := e.besselAbsF32(x, ftz)
	far := e.and(e.fcmp(llvm.FCmpOGE, a, e.f32Const(f.farFrom)), e.fcmp(llvm.FCmpOLT, a, c(math.Inf(1))))
	return e.choose(far, f32, func() ir.Value {
		g := newGPU(e)
		mul := func(p, q ir.Value) ir.Value { return g.rounded(gpu.FMulOp, gpu.RoundRN, ftz, p, q) }
		add := func(p, q ir.Value) ir.Value { return g.rounded(gpu.FAddOp, gpu.RoundRN, ftz, p, q) }
		w := g.unary("rcp_approx", a, true) // libdevice's inline PTX: .ftz whatever the reflect
		s := e.fmul(e.fmaChainF32(f.far, w, ftz), g.unary("rsqrt_approx", a, ftz))
		u := e.expm1LibdeviceF32(e.fmul(c(0.5), a), ftz) // e^(a/2) - 1
		r := add(mul(mul(s, u), add(u, c(2))), s)
		if f.odd {
			i32 := e.i32()
			sign := e.and(e.bitcast(x, i32), e.cInt(i32, math.MinInt32))
			r = e.bitcast(e.or(e.bitcast(r, i32), sign), f32)
		}
		return r
	}, func() ir.Value {
		if !f.odd {
			return e.fmaChainF32(f.series, e.fmul(a, a), ftz)
		}
		// x (1/2 + x^2 P(x^2)) as x (x^2 P) + x/2, of x itself.
		x2 := e.fmul(x, x)
		return e.fmaRN(x, e.fmul(e.fmaChainF32(f.series, x2, ftz), x2), e.fmul(c(0.5), x), ftz)
	})
}

// besselIF64 is one f64 function: the high word of |x| from which the far
// form applies (up to 2^125's), that form's polynomial in 1/a, the
// series' coefficients (from the highest power down), and whether it is
// I1, whose products are libdevice's non-contracting mul.rn.
type besselIF64 struct {
	farFromHi   int64
	far, series []uint64
	odd         bool
}

const besselIF64FarToHi = 0x47C00000 // the high word of 2^125

var (
	besselI0F64 = besselIF64{
		farFromHi: 0x402619FC, // 11.05
		far: []uint64{0x41F2F851FC237B1D, 0x41FFEFDD4FF37461, 0xC1FA8A1907F57F70, 0x41E10B6852851C22, 0xC1B925FC57CCB350,
			0x41885261A7176974, 0xC1506BFA24BE44DB, 0x411003CC0DA58B08, 0xC0C6E73AA6A2C47A, 0x40785E17BC10541A,
			0xC0216C6690365068, 0x3FD934E08086004C, 0x3FB6AA7C7D428943, 0x3FA6EAC2735A091E, 0x3F9DEBAA90561E71,
			0x3F9CB94DDFD23F70, 0x3FA9884533D30179, 0x3FD9884533D43657},
		series: []uint64{0x37D4D7F592957DA6, 0x3858C41D50AB516F, 0x39095DDA3F2C417B, 0x39A367189A01363E, 0x3A3E90745678B866,
			0x3AD416D14FA3A4BD, 0x3B669D021FDE720E, 0x3BF5601014E95430, 0x3C80B313C0325230, 0x3D0522A42FFEF890,
			0x3D8522A440809476, 0x3E002E85C07BA843, 0x3E723456789B9DE8, 0x3EDC71C71C71B63C, 0x3F3C71C71C71C7C2,
			0x3F8FFFFFFFFFFFFB, 0x3FD0000000000000, 0x3FF0000000000000},
	}
	besselI1F64 = besselIF64{
		farFromHi: 0x40260000, // 11
		far: []uint64{0x41D8729DA7E5A092, 0xC20A9923A6810426, 0x42015D3DB3C5FFE0, 0xC1E4D2D89A3913C1, 0x41BDCDFF9B080398,
			0xC18C5F2E01FB2FF9, 0x4152FCFB5FD54150, 0xC1126D4CD831FC06, 0x40CA49ABC2CAD407, 0xC07BF09A8D0B4BCF,
			0x4023F8F8F6F26890, 0xBFDD6E31961ECE73, 0xBFBBBDC121C5123B, 0xBFAD76AACF55FC53, 0xBFA4F1C4FF86494B,
			0xBFA7EFC0E3C7167E, 0xBFC32633E6DECF48, 0x3FD9884533D43649},
		series: []uint64{0x38268D52E367973F, 0x38A76B71C28918B0, 0x3958082FE6606ACB, 0x39F0EC04908E2753, 0x3A88D983808A730D,
			0x3B1E21624AF0555A, 0x3BAF18024073231E, 0x3C3AB810D07C53A4, 0x3CC2C97677FAB629, 0x3D4522A42918D8A1,
			0x3DC27E4FB8F617FC, 0x3E3845C8A0ABD799, 0x3EA6C16C16C369A2, 0x3F0C71C71C71A4B2, 0x3F65555555555681,
			0x3FAFFFFFFFFFFFF1},
		odd: true,
	}
)

// besselILibdeviceF64 is __nv_cyl_bessel_i0 or __nv_cyl_bessel_i1 (f).
func (e *emitter) besselILibdeviceF64(x ir.Value, f *besselIF64) ir.Value {
	f64 := e.f64()
	c := func(v float64) ir.Value { return e.cFloat(f64, v) }
	mul := e.fmul
	if f.odd {
		mul = e.mulRNF64
	}
	a := e.intrinsic("fabs", f64, x)
	hi := e.highWordOfF64(a)
	far := e.and(e.icmpC(llvm.ICmpSGE, hi, f.farFromHi), e.icmpC(llvm.ICmpSLT, hi, besselIF64FarToHi))
	return e.choose(far, f64, func() ir.Value {
		p := e.hornerBitsF64(f.far, e.reciprocalLibdeviceF64(a))
		q := mul(p, e.rsqrtRefinedF64(a))
		z := e.expLibdeviceF64(e.fmul(c(0.5), a), false) // e^(a/2)
		r := mul(mul(q, z), z)
		if f.odd {
			r = e.withSignOfF64(r, x)
		}
		return r
	}, func() ir.Value {
		if !f.odd {
			return e.hornerBitsF64(f.series, e.fmul(a, a))
		}
		x2 := e.mulRNF64(x, x)
		return e.fmaF64(x, e.mulRNF64(e.hornerBitsF64(f.series, x2), x2), e.fmul(c(0.5), x))
	})
}
