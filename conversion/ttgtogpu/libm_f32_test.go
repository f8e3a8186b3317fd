package ttgtogpu_test

import (
	"math"
	"math/rand"
	"testing"

	"github.com/ttcompiler/tt/numeric"
)

// A Go model of libdevice's __nv_logf, __nv_log2f, __nv_tanhf, __nv_sinf, __nv_cosf and __nv_erff under
// the FTZ reflect (libm_f32.go describes them), each operation rounded to
// float32 as the GPU rounds it; the approximate ex2 and rcp are taken as
// the simulator takes them (the exact value, rounded).

func fmaf(a, b, c float32) float32 { return numeric.FMA32(a, b, c) }

func f32bits(b uint64) float32 { return float32(math.Float64frombits(b)) }

func libdeviceLogf(a float32, log2 bool) float32 {
	x, bias := a, float32(0)
	if a < 0x1p-126 {
		x, bias = a*0x1p23, -23
	}
	offset, coeffs := int32(0x3F2AAAAB), []uint64{
		0xBFC0AA04E0000000, 0x3FC2073EC0000000, 0xBFBF19B980000000, 0x3FC1E52AA0000000,
		0xBFC55B1720000000, 0x3FC99DA160000000, 0xBFCFFFE440000000, 0x3FD5554F00000000, 0xBFE0000000000000}
	if log2 {
		offset, coeffs = 0x3F3504F3, []uint64{
			0x3FB8D64FE0000000, 0xBFC58FE600000000, 0x3FC5F9E540000000, 0xBFC6E9C860000000, 0x3FCA417E80000000,
			0xBFCEC79160000000, 0x3FD277F320000000, 0xBFD7154920000000, 0x3FDEC70940000000, 0xBFE7154760000000}
	}
	bits := int32(math.Float32bits(x))
	e := (bits - offset) & -0x800000
	m := math.Float32frombits(uint32(bits - e))
	ex := fmaf(float32(e), 0x1p-23, bias)
	f := m - 1
	p := fmaf(f32bits(coeffs[0]), f, f32bits(coeffs[1]))
	for _, c := range coeffs[2:] {
		p = fmaf(p, f, f32bits(c))
	}
	var r float32
	if log2 {
		q := p * f
		q *= f
		r = fmaf(f, f32bits(0x3FF7154760000000), q) + ex
	} else {
		r = fmaf(ex, f32bits(0x3FE62E4300000000), fmaf(p*f, f, f))
	}
	inf := float32(math.Inf(1))
	if math.Float32bits(x) >= 0x7F800000 {
		r = fmaf(x, inf, inf)
	}
	if x == 0 {
		r = float32(math.Inf(-1))
	}
	return r
}

func libdeviceTanhf(a float32) float32 {
	ax := float32(math.Abs(float64(a)))
	sign := math.Float32bits(a) & 0x80000000
	if ax >= f32bits(0x3FE3333340000000) {
		t := float32(math.Exp2(float64(ax * f32bits(0x4007154760000000))))
		s := fmaf(float32(1/float64(1+t)), -2, 1)
		if ax >= f32bits(0x4022059680000000) {
			s = 1
		}
		return math.Float32frombits(math.Float32bits(s) | sign)
	}
	if ax < 0x1p-126 {
		return math.Float32frombits(sign)
	}
	x2 := a * a
	p := fmaf(f32bits(0x3F901E1040000000), x2, f32bits(0xBFAAC795C0000000))
	p = fmaf(p, x2, f32bits(0x3FC10B2820000000))
	p = fmaf(p, x2, f32bits(0xBFD5553DA0000000))
	p = fmaf(p, x2, 0)
	return fmaf(p, a, a)
}

func libdeviceSinCosf(a float32, cos, ftz bool) float32 {
	bits := math.Float32bits(a)
	sign := bits & 0x80000000
	if ftz && math.Abs(float64(a)) < 0x1p-126 {
		a = math.Float32frombits(sign) // the .ftz operations flush it
	}
	var q int32
	var t float32
	switch abs := math.Abs(float64(a)); {
	case math.IsInf(abs, 0):
		q, t = 0, a*0
	case abs >= 105615:
		exp := int32(bits>>23&255) - 128
		m := uint64(bits<<8 | 0x80000000)
		table := []uint64{0x3C439041, 0xDB629599, 0xF534DDC0, 0xFC2757D1, 0x4E441529, 0xA2F9836E}
		var words [7]uint32
		var carry uint64
		for k, w := range table {
			p := w*m + carry
			words[k], carry = uint32(p), p>>32
		}
		words[6] = uint32(carry)
		idx := 4 - int(uint32(exp)>>5)
		s := uint(exp & 31)
		hi := uint32((uint64(words[idx+2])<<32 | uint64(words[idx+1])) << s >> 32)
		lo := uint32((uint64(words[idx+1])<<32 | uint64(words[idx])) << s >> 32)
		f := (uint64(hi)<<32 | uint64(lo)) << 2
		up := uint32(f>>32) >> 31
		q = int32(hi>>30 + up)
		if sign != 0 {
			q = -q
		}
		neg := sign
		if up != 0 {
			f, neg = ^f, sign^0x80000000
		}
		t = float32(float64(int64(f)) * math.Float64frombits(0x3BF921FB54442D19))
		if neg != 0 {
			t = -t
		}
	default:
		qf := float32(math.RoundToEven(float64(a * f32bits(0x3FE45F3060000000))))
		if qf == qf {
			q = int32(qf)
		}
		t = a
		for _, c := range []uint64{0xBFF921FB40000000, 0xBE74442D00000000, 0xBCF84698A0000000} {
			t = fmaf(float32(q), f32bits(c), t)
		}
	}
	if cos {
		q++
	}
	t2 := t * t
	odd := q&1 != 0
	pick := func(c, s uint64) float32 {
		if odd {
			return f32bits(c)
		}
		return f32bits(s)
	}
	base := t
	if odd {
		base = 1
	}
	scale := fmaf(t2, base, 0)
	p := f32bits(0xBF29A82A60000000)
	if odd {
		p = fmaf(f32bits(0x3EF9758000000000), t2, f32bits(0xBF56C0FDA0000000))
	}
	p = fmaf(p, t2, pick(0x3FA5555760000000, 0x3F8110BC80000000))
	p = fmaf(p, t2, pick(0xBFDFFFFFE0000000, 0xBFC5555500000000))
	r := fmaf(p, scale, base)
	if q&2 != 0 {
		r = fmaf(r, -1, 0)
	}
	return r
}

func libdeviceErff(a float32) float32 {
	sign := math.Float32bits(a) & 0x80000000
	ax := float32(math.Abs(float64(a)))
	if ax < 0x1p-126 {
		a = math.Float32frombits(sign) // the .ftz operations flush it
	}
	small := [][2]uint64{{0x3F163D2D40000000, 0x3EF1394780000000}, {0xBF4AE9A400000000, 0xBF3EAC1720000000},
		{0x3F755ABD40000000, 0x3F75908160000000}, {0xBF9B837CE0000000, 0xBFA1902C40000000},
		{0x3FBCE315E0000000, 0x3FC39F20C0000000}, {0xBFD8127580000000, 0x3FED526FC0000000},
		{0x3FC06EBA60000000, 0x3FE41B0840000000}}
	large := ax >= f32bits(0x3FF00C1FC0000000)
	c := func(k int) float32 {
		if large {
			return f32bits(small[k][1])
		}
		return f32bits(small[k][0])
	}
	u, m := a*a, a
	if large {
		u, m = ax, -ax
	}
	p := fmaf(c(0), u, c(1))
	for k := 2; k < len(small); k++ {
		p = fmaf(p, u, c(k))
	}
	r := fmaf(p, m, m)
	if !large {
		return r
	}
	away := 1 - float32(math.Exp2(float64(r)))
	return math.Float32frombits(math.Float32bits(away) | sign)
}

// libdeviceF32Inputs are specials, subnormals, values near 1 and powers
// of two, and random floats of every exponent of either sign.
func libdeviceF32Inputs(n int) []float64 {
	x := []float64{0, math.Copysign(0, -1), math.Inf(1), math.Inf(-1), math.NaN(), -1, 1, 2, 0.5, 0.6, -0.6, 9.0195,
		0x1p-149, 0x1p-130, 0x1.fffffcp-127, -0x1p-140, 1 + 0x1p-23, 1 - 0x1p-24, 0.6666667, 0.70710677, 1e-30, 1e30, 3.4e38}
	rng := rand.New(rand.NewSource(7))
	for len(x) < n {
		switch len(x) % 3 {
		case 0: // any finite float
			b := rng.Uint32()
			if b&0x7F800000 == 0x7F800000 {
				continue
			}
			x = append(x, float64(math.Float32frombits(b)))
		case 1: // near 1
			x = append(x, float64(float32(1+(rng.Float64()-0.5)*0x1p-6)))
		default: // tanh's range, and sin's and cos's up to 2^20
			x = append(x, float64(float32((rng.Float64()-0.5)*24)), float64(float32((rng.Float64()-0.5)*0x1p21)))
		}
	}
	return x
}

// TestLibdeviceF32MathSim: on NVIDIA, math.log, math.log2, math.tanh,
// math.sin, math.cos and math.erf on f32 and their libdevice symbols,
// lowered and run in the simulator, give the Go model's bits for every
// input (specials, subnormals and sin's and cos's huge arguments
// included), and the model is within 1 ulp of the correctly rounded log
// and log2, 2 ulps of tanh and erf, and 2 ulps or 2^-22 of sin and cos
// (libdevice's bounds). The
// approximate instructions they replaced (which the simulator evaluates
// exactly and rounds) differ from the model on a share of the inputs, so
// the bitwise check fails on them.
func TestLibdeviceF32MathSim(t *testing.T) {
	const n = 2048
	x := libdeviceF32Inputs(n)
	syms := []string{"math.log", "math.log2", "math.tanh", "math.sin", "math.cos", "math.erf",
		"__nv_logf", "__nv_log2f", "__nv_tanhf", "__nv_sinf", "__nv_cosf", "__nv_erff"}
	fn := func(k int) int { return k % 6 }
	model := func(k int, v float32) float32 {
		switch fn(k) {
		case 0:
			return libdeviceLogf(v, false)
		case 1:
			return libdeviceLogf(v, true)
		case 2:
			return libdeviceTanhf(v)
		case 5:
			return libdeviceErff(v)
		}
		return libdeviceSinCosf(v, fn(k) == 4, true)
	}
	c := externCase{args: []string{"f32"}, res: "f32", syms: syms}
	res := c.run(t, sm90, [][]float64{x})
	for k, sym := range syms {
		worst, mismatches := 0.0, 0
		for i, v := range x {
			got, want := float32(res.sim[k][i]), model(k, float32(v))
			if math.Float32bits(got) != math.Float32bits(want) && !(got != got && want != want) {
				if mismatches++; mismatches <= 5 {
					t.Errorf("%s(%g) = %g (%#x), libdevice %g (%#x)", sym, v, got, math.Float32bits(got), want, math.Float32bits(want))
				}
			}
			var exact float64
			switch fn(k) {
			case 0:
				exact = math.Log(float64(float32(v)))
			case 1:
				exact = math.Log2(float64(float32(v)))
			case 2:
				exact = math.Tanh(float64(float32(v)))
			case 3:
				exact = math.Sin(float64(float32(v)))
			case 4:
				exact = math.Cos(float64(float32(v)))
			default:
				exact = math.Erf(float64(float32(v)))
			}
			if math.IsNaN(exact) || math.IsInf(exact, 0) || float32(v) != 0 && math.Abs(v) < 0x1p-126 && fn(k) >= 2 {
				continue // specials compared bitwise above; tanh, sin, cos and erf flush subnormals
			}
			if fn(k) == 3 || fn(k) == 4 {
				// sin and cos: 2 ulps, or 2^-22.5 absolute near their zeros
				// (libdevice's bound).
				u := ulpDistance32(float32(exact), want)
				if d := math.Abs(float64(want) - exact); d > 0x1p-22 && u > 2 {
					t.Errorf("%s(%g): the model gives %g, off by %g", sym, v, want, d)
				}
				if math.Abs(exact) > 0x1p-4 {
					worst = math.Max(worst, u)
				}
				continue
			}
			worst = math.Max(worst, ulpDistance32(float32(exact), want))
		}
		if mismatches > 0 {
			t.Errorf("%s: %d of %d results differ from libdevice's", sym, mismatches, len(x))
		}
		bound := 1.0
		if fn(k) == 2 || fn(k) == 5 {
			bound = 2
		}
		if worst > bound {
			t.Errorf("%s: the model is %g ulps from the correctly rounded value, libdevice's bound is %g", sym, worst, bound)
		}
		t.Logf("%s: at most %g ulps from the correctly rounded value (sin and cos: where it exceeds 1/16)", sym, worst)
	}
}

// TestSinCosF32SimAMD: on gfx942 math.sin and math.cos of f32 follow the
// same algorithm with subnormals kept (AMD's f32 denormal mode is IEEE),
// not the hardware's sine: the model's bits for every input, huge
// arguments included.
func TestSinCosF32SimAMD(t *testing.T) {
	x := libdeviceF32Inputs(2048)
	c := externCase{args: []string{"f32"}, res: "f32", syms: []string{"math.sin", "math.cos"}}
	res := c.run(t, gfx942, [][]float64{x})
	for k, sym := range c.syms {
		bad := 0
		for i, v := range x {
			got, want := float32(res.sim[k][i]), libdeviceSinCosf(float32(v), k == 1, false)
			if math.Float32bits(got) != math.Float32bits(want) && !(got != got && want != want) {
				if bad++; bad <= 5 {
					t.Errorf("%s(%g) = %g, want %g", sym, v, got, want)
				}
			}
		}
		if bad > 0 {
			t.Errorf("%s: %d of %d results differ from the algorithm's", sym, bad, len(x))
		}
	}
}
