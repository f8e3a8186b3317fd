package ttgtogpu_test

import (
	"math"
	"math/rand"
	"testing"

	"github.com/ttcompiler/tt/conversion/ttgtogpu"
	"github.com/ttcompiler/tt/numeric"
)

// A Go model of libdevice's __nv_atanf, __nv_atan2f, __nv_asinf and
// __nv_acosf, transcribed from their libdevice code. Under the FTZ reflect
// (invTrigFTZ true) fabs, fma, mul.rn, fmax, fmin and sqrt.approx flush
// subnormal operands and results (their .ftz forms); plain adds,
// multiplies and divisions (div.rn) never do. sqrt.approx is taken as the
// simulator takes it (the exact value, rounded).

// invTrigFTZ is Triton's FTZ reflect, as the model's .ftz operations see it.
type invTrigFTZ bool

// flush is what a .ftz operation does to an operand or result.
func (ftz invTrigFTZ) flush(x float32) float32 {
	if ftz {
		return ftz32(x)
	}
	return x
}

// fma is fma.rn[.ftz].
func (ftz invTrigFTZ) fma(a, b, c float32) float32 {
	if ftz {
		return fmaFTZ(a, b, c)
	}
	return fmaf(a, b, c)
}

// abs is fabs[.ftz].
func (ftz invTrigFTZ) abs(x float32) float32 { return float32(math.Abs(float64(ftz.flush(x)))) }

// atanKernel is atan(t) for t in [0, 1]: t + t s N(s)/D(s).
func (ftz invTrigFTZ) atanKernel(t float32) float32 {
	s := ftz.flush(ftz.flush(t) * ftz.flush(t)) // mul.rn
	n := ftz.fma(s, f32bits(0xBFEA58FD40000000), f32bits(0xC016B31060000000))
	n = ftz.fma(n, s, f32bits(0xC01A4320E0000000))
	n = float32(n * s)
	n = float32(n * t)
	d := s + f32bits(0x4026ABB800000000)
	d = ftz.fma(d, s, f32bits(0x403CD7AC00000000))
	d = ftz.fma(d, s, f32bits(0x4033B25900000000))
	return ftz.fma(n, 1/d, t)
}

func (ftz invTrigFTZ) atanf(a float32) float32 {
	ax := ftz.abs(a)
	t := ax
	if ax > 1 {
		t = 1 / ax
	}
	r := ftz.atanKernel(t)
	if ax > 1 {
		r = f32bits(0x3FF921FB60000000) - r
	}
	if ax <= float32(math.Inf(1)) {
		r = orSign(r, a)
	}
	return r
}

func (ftz invTrigFTZ) atan2f(a, b float32) float32 { // atan2(a, b): a is y, b is x
	bx, ay := ftz.abs(b), ftz.abs(a)
	neg := int32(math.Float32bits(b)) < 0
	pick := func(ifNeg, ifPos uint64) float32 {
		if neg {
			return f32bits(ifNeg)
		}
		return f32bits(ifPos)
	}
	inf := float32(math.Inf(1))
	switch {
	case bx == 0 && ay == 0:
		return orSign(pick(0x400921FB60000000, 0), a)
	case bx == inf && ay == inf:
		return orSign(pick(0x4002D97C80000000, 0x3FE921FB60000000), a)
	}
	// fmax and fmin of (flushed) magnitudes: a NaN yields the other.
	hi := float32(numeric.MaxNumF64(float64(ay), float64(bx)))
	lo := float32(numeric.MinNumF64(float64(ay), float64(bx)))
	r := ftz.atanKernel(lo / hi)
	if ay > bx {
		r = f32bits(0x3FF921FB60000000) - r
	}
	if neg {
		r = f32bits(0x400921FB60000000) - r
	}
	r = orSign(r, a)
	if sum := bx + ay; !(sum <= inf) {
		return sum
	}
	return r
}

// asinKernel is asin's kernel of ax = |x|: y + y^3 P(y^2) with y = ax, or
// above 0.57 y = sqrt((1 - ax)/2); also whether ax is above.
func (ftz invTrigFTZ) asinKernel(ax float32) (float32, bool) {
	above := ax > f32bits(0x3FE23D70A0000000)
	y := ax
	if above {
		h := float32(0.5 * float32(1-ax))
		y = ftz.flush(float32(math.Sqrt(float64(ftz.flush(h))))) // sqrt.approx
	}
	s := float32(y * y)
	p := f32bits(0x3FAA7F2820000000)
	for _, c := range []uint64{0x3F929A5D20000000, 0x3FA7F083E0000000, 0x3FB3292520000000, 0x3FC5557280000000} {
		p = ftz.fma(p, s, f32bits(c))
	}
	return ftz.fma(float32(p*s), y, y), above
}

func (ftz invTrigFTZ) asinf(a float32) float32 {
	r, above := ftz.asinKernel(ftz.abs(a))
	if above {
		r = ftz.fma(-2, r, f32bits(0x3FF921FB60000000))
	}
	if r <= float32(math.Inf(1)) {
		r = orSign(r, a)
	}
	return r
}

func (ftz invTrigFTZ) acosf(a float32) float32 {
	r, above := ftz.asinKernel(ftz.abs(a))
	if above {
		r = 2 * r
	} else {
		r = f32bits(0x3FF921FB60000000) - r
	}
	if a < 0 {
		r = f32bits(0x400921FB60000000) - r
	}
	return r
}

// TestLibdeviceAtanAsinAcosF32Sim: __nv_atanf, __nv_asinf, __nv_acosf and
// __nv_atan2f on NVIDIA, lowered and run in the simulator, give the
// model's bits for every input (specials, subnormals, huge and tiny
// values, |x| near 1 and asin's split at 0.57, atan2's zero and infinite
// pairs and NaNs) under Triton's defaults (FTZ reflect, fp fusion) and
// with either turned off; and the model is within libdevice's documented
// bounds of the correctly rounded value (atanf, asinf and acosf 2 ulps,
// atan2f 3) where that is normal (and no argument is a subnormal the
// reflect flushes).
func TestLibdeviceAtanAsinAcosF32Sim(t *testing.T) {
	const n = 4096
	rng := rand.New(rand.NewSource(13))
	x := libdeviceF32Inputs(2048)
	for i := 0; i < 384; i++ { // asin's and acos's domain, near +-1 and 0.57, and atan near 1 and far out
		x = append(x, float64(float32(rng.Float64()*2-1)), float64(float32(1-rng.Float64()*0x1p-12)),
			float64(float32(-1+rng.Float64()*0x1p-12)), float64(float32(0.57+(rng.Float64()-0.5)*0x1p-10)),
			float64(float32(1+(rng.Float64()-0.5)*0x1p-8)), float64(float32(math.Exp2(rng.Float64()*256-128))))
	}
	x = append(x, 0.57, 0.57000005, 0.56999993, -0.57, 1, -1, 1.0000001, -1.0000001, 0.99999994, 0x1p-12, 1e38, 0x1p126, 0x1p127, 0x1.fffffep127)
	for len(x) < n {
		x = append(x, float64(float32(rng.NormFloat64())))
	}
	x = x[:n]

	// atan2f(y, x): every pair of specials and small and large values,
	// then random pairs of any magnitudes, of magnitudes within 2^-8 of
	// each other, and of ratios near 1.
	special := []float64{0, math.Copysign(0, -1), math.Inf(1), math.Inf(-1), math.NaN(), 1, -1, 0x1p-140, -0x1p-130,
		0x1p-126, 1e-30, -1e30, 3.4e38, -0x1p127, 0.5, 2}
	var ys, xs []float64
	for _, a := range special {
		for _, b := range special {
			ys, xs = append(ys, a), append(xs, b)
		}
	}
	any32 := func() float64 { // any finite float
		for {
			if b := rng.Uint32(); b&0x7F800000 != 0x7F800000 {
				return float64(math.Float32frombits(b))
			}
		}
	}
	sign := func() float64 { return float64(rng.Intn(2)*2 - 1) }
	for len(ys) < n {
		switch len(ys) % 3 {
		case 0:
			ys, xs = append(ys, any32()), append(xs, any32())
		case 1:
			m := math.Exp2(rng.Float64()*200 - 100)
			ys, xs = append(ys, float64(float32(sign()*m*rng.Float64()))), append(xs, float64(float32(sign()*m*math.Exp2(rng.Float64()*8-4))))
		default:
			m := sign() * math.Exp2(rng.Float64()*40-20)
			ys, xs = append(ys, float64(float32(m))), append(xs, float64(float32(sign()*m*(1+(rng.Float64()-0.5)*0x1p-6))))
		}
	}

	unary := externCase{args: []string{"f32"}, res: "f32", syms: []string{"__nv_atanf", "__nv_asinf", "__nv_acosf"}}
	binary := externCase{args: []string{"f32", "f32"}, res: "f32", syms: []string{"__nv_atan2f"}}
	for _, mode := range []struct {
		name string
		ftz  invTrigFTZ
		opts func(*ttgtogpu.Options)
	}{
		{"defaults", true, nil},
		{"no reflect ftz", false, func(o *ttgtogpu.Options) { o.NoReflectFTZ = true }},
		{"no fp fusion", true, func(o *ttgtogpu.Options) { o.NoFPFusion = true }},
	} {
		t.Run(mode.name, func(t *testing.T) {
			ftz := mode.ftz
			comparable := func(v float64) bool { return !bool(ftz) || normalOrZero32(v) }
			var res1, res2 [][]float64
			if mode.opts == nil {
				res1 = unary.run(t, sm90, [][]float64{x}).sim
				res2 = binary.run(t, sm90, [][]float64{ys, xs}).sim
			} else { // simulateExternWith: libm_hyperf_test.go
				res1 = simulateExternWith(t, unary, [][]float64{x}, mode.opts)
				res2 = simulateExternWith(t, binary, [][]float64{ys, xs}, mode.opts)
			}
			models := []func(float32) float32{ftz.atanf, ftz.asinf, ftz.acosf}
			exacts := []func(float64) float64{math.Atan, math.Asin, math.Acos}
			for k, sym := range unary.syms {
				model := func(i int) float32 { return models[k](float32(x[i])) }
				exact := func(i int) (float64, bool) { return exacts[k](float64(float32(x[i]))), comparable(x[i]) }
				checkLibdeviceF32Model(t, sym, res1[k], model, exact, 2)
			}
			model := func(i int) float32 { return ftz.atan2f(float32(ys[i]), float32(xs[i])) }
			exact := func(i int) (float64, bool) {
				return math.Atan2(float64(float32(ys[i])), float64(float32(xs[i]))), comparable(ys[i]) && comparable(xs[i])
			}
			checkLibdeviceF32Model(t, "__nv_atan2f", res2[0], model, exact, 3)
		})
	}
}
