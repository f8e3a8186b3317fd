package ttgtogpu_test

import (
	"math"
	"math/rand"
	"testing"

	"github.com/ttcompiler/tt/conversion/ttgtogpu"
)

// A Go model of libdevice's __nv_powf as Triton builds it, transcribed
// from its libdevice code: under the FTZ reflect each fma, mul.rn, add.rn
// and fabs flushes subnormal operands and results. Under fp fusion a plain
// fmul feeding a plain fadd or fsub is one fma (LLVM's NVPTX backend fuses
// aggressively, whatever the product's other uses; Triton 3.6's PTX for
// libdevice.pow shows these fmas and mul.rn and add.rn kept as such, with
// the reflect and without). rcp.approx and ex2.approx (.ftz in
// libdevice's code either way) are taken as the simulator takes them: the
// exact value, rounded.

// libdevicePowfReduce is libdevice's powf's reduction of |x| (a) to
// 2^k mant, mant in (sqrt(1/2), sqrt(2)].
func libdevicePowfReduce(a float32, m libdeviceMode) (mant, k float32) {
	ax, bias := fabsf(m.flush(a)), float32(-127)
	if !m.ftz && ax < 0x1p-126 {
		ax, bias = ax*0x1p24, -151
	}
	bits := math.Float32bits(ax)
	mant = math.Float32frombits(bits&0x7FFFFF | 0x3F800000)
	k = bias + float32(bits>>23)
	if mant > f32bits(0x3FF6A09E60000000) {
		mant, k = mant*0.5, k+1
	}
	return mant, k
}

// libdevicePowfProduct is y log|x| as libdevice's powf forms it: hi + lo.
func libdevicePowfProduct(a, b float32, m libdeviceMode) (hi, lo float32) {
	// log|x|: |x| = 2^k mant, log mant = u + u^3 P(u^2) + corr.
	mant, k := libdevicePowfReduce(a, m)
	f := mant - 1
	rcp := ftz32(float32(1 / float64(ftz32(mant+1)))) // rcp.approx.ftz
	twoF := 2 * f
	u := twoF * rcp
	u2 := u * u
	p := m.fma(f32bits(0x3F631E1FC0000000), u2, f32bits(0x3F8995EC60000000))
	p = m.fma(p, u2, f32bits(0x3FB55557A0000000))
	p = m.mul(m.mul(p, u2), u)
	corr := m.mul(rcp, m.fma(-u, f, 2*m.plus(-twoF, rcp, f))) // (2(f - u) - u f) / (mant+1)
	s := m.plus(twoF, rcp, p)                                 // u + p
	t := m.plus(twoF, rcp, -s) + p + corr
	hi = s + t
	lo = (s - hi) + t
	kHi, kLo := m.mul(k, f32bits(0x3FE62E4000000000)), m.mul(k, f32bits(0x3EB7F7D1C0000000))
	s = kHi + hi
	t = (kHi - s) + hi + lo + kLo
	logHi := s + t
	logLo := (s - logHi) + t
	// y times it.
	y := b
	if fabsf(m.flush(b)) > f32bits(0x46FED09BE0000000) {
		y = b * 0x1p-13
	}
	prod := m.mul(y, logHi)
	err := m.fma(y, logLo, m.fma(y, logHi, -prod))
	err = m.fma(0, logHi, err)
	hi = m.add(prod, err)
	lo = m.add(m.add(prod, -hi), err)
	return hi, lo
}

func libdevicePowf(a, b float32, m libdeviceMode) float32 {
	hi, lo := libdevicePowfProduct(a, b, m)
	if math.Float32bits(hi) == 0x42B17218 {
		hi, lo = math.Float32frombits(0x42B17217), lo+0x1p-17
	}
	// e^hi: 2^j e^(hi - j ln(2)), ln(2) in two parts.
	log2e := math.Float32frombits(0x3FB8AA3B)
	j := truncf(m.mul(hi, log2e))
	if fabsf(m.flush(j)) > 126 {
		j = float32(math.Copysign(126, float64(j)))
	}
	r := m.fma(j, -math.Float32frombits(0x3F317218), hi)
	r = m.fma(j, math.Float32frombits(0x3102E308), r)
	scale := math.Float32frombits(math.Float32bits(j+12583039) << 23)
	v := ex2FTZ(r*log2e) * scale
	if v != float32(math.Inf(1)) {
		v = m.fma(v, lo, v)
	}
	// The special cases, in libdevice's order.
	odd := fabsf(m.flush(b-2*truncf(0.5*b))) == 1
	if a < 0 && odd {
		v = -v
	}
	switch {
	case a == 0:
		v = 0
		if odd {
			v = a + a
		}
		if b < 0 {
			v = float32(math.Copysign(math.Inf(1), float64(v)))
		}
	case a < 0 && b != truncf(b):
		v = math.Float32frombits(0x7FFFFFFF)
	}
	fa, fb := fabsf(m.flush(a)), fabsf(m.flush(b))
	inf := float32(math.Inf(1))
	if int32(math.Float32bits(fa+fb)) >= 0x7F800000 {
		switch {
		case a != a || b != b:
			v = a + b
		case fb == inf:
			bits := uint32(0)
			if fa > 1 {
				bits = 0x7F800000
			}
			if b < 0 {
				bits ^= 0x7F800000
			}
			if a == -1 {
				bits = 0x3F800000
			}
			v = math.Float32frombits(bits)
		case fa == inf:
			bits := uint32(0)
			if b >= 0 {
				bits = 0x7F800000
			}
			if a < 0 && odd {
				bits ^= 0x80000000
			}
			v = math.Float32frombits(bits)
		}
	}
	if a == 1 || b == 0 {
		v = 1
	}
	return v
}

// powfInputs are pairs (x, y): every pairing of special values (zeros,
// subnormals, infinities, NaN, +-1, odd and even integers, huge and
// non-integer y), powInputs' pairs, y log|x| just around the value
// libdevice moves (ln(2^128)) and at overflow and underflow, random bits;
// a power-of-two count.
func powfInputs() (xs, ys []float64) {
	special := []float64{0, math.Copysign(0, -1), 1, -1, 2, -2, 0.5, -0.5, 3, -3, 1.5, -1.5, 0.75,
		math.Inf(1), math.Inf(-1), math.NaN(), 1e-40, -1e-40, 0x1p-149, 3e38, -3e38, 16777215, -16777215,
		16777216, 1e35, -1e35, 1 + 0x1p-23, 1 - 0x1p-24, 0x1p-126, 7.5}
	for _, x := range special {
		for _, y := range special {
			xs, ys = append(xs, x), append(ys, y)
		}
	}
	px, py := powInputs(2048, 128, 5)
	xs, ys = append(xs, px...), append(ys, py...)
	rng := rand.New(rand.NewSource(13))
	ln2to128 := 128 * math.Ln2
	for len(xs) < 3584 {
		x := float32(math.Exp(rng.Float64()*8 - 4))
		switch len(xs) % 4 {
		case 0: // y log x near ln(2^128), where libdevice moves hi an ulp
			y := float32(ln2to128 / math.Log(float64(x)) * (1 + (rng.Float64()-0.5)*0x1p-21))
			xs, ys = append(xs, float64(x)), append(ys, float64(y))
		case 1: // around the clamp of j and the underflow to zero
			e := []float64{87.3, 88.7, -87.3, -88.0, -88.8, -103}[rng.Intn(6)]
			xs, ys = append(xs, float64(x)), append(ys, float64(float32(e/math.Log(float64(x))*(1+(rng.Float64()-0.5)*1e-2))))
		default: // any floats, and negative x with integer y
			b := rng.Uint32()
			xs, ys = append(xs, float64(math.Float32frombits(b))), append(ys, float64(math.Float32frombits(rng.Uint32())))
			xs, ys = append(xs, -float64(x)), append(ys, math.Round(rng.NormFloat64()*40))
		}
	}
	for len(xs) < 4096 {
		xs, ys = append(xs, math.Abs(rng.NormFloat64()*4)), append(ys, rng.NormFloat64()*8)
	}
	for i := range xs {
		xs[i], ys[i] = float64(float32(xs[i])), float64(float32(ys[i]))
	}
	return xs[:4096], ys[:4096]
}

// simulatePowf runs __nv_powf on sm_90 lowered with the options set by
// opts in the simulator.
func simulatePowf(t *testing.T, xs, ys []float64, opts func(*ttgtogpu.Options)) []float64 {
	t.Helper()
	c := externCase{args: []string{"f32", "f32"}, res: "f32", syms: []string{"__nv_powf"}}
	return simulateExternWith(t, c, [][]float64{xs, ys}, opts)[0]
}

// powfFusionSlack is the ulps by which Triton's fp fusion may take powf's
// results further from the correctly rounded value than libdevice's own
// bound. libdevice forms the correction of u = 2f/(m+1) (|x| = 2^k m, f =
// m - 1) from f - u, exact for a rounded u (Sterbenz); fused, f - u takes
// the unrounded product and is rounded itself, by up to f^2/(2+f) 2^-24,
// which the correction doubles and divides by m + 1 (2/(m+1) < 1.2):
// log|x| errs by up to 1.2 f^2/(2+f) 2^-24 more, y log|x| by |y| times
// that, and so the result relatively, which is at most 2^24 times as many
// ulps.
func powfFusionSlack(x, y float32, m libdeviceMode) float64 {
	mant, _ := libdevicePowfReduce(x, m)
	f := float64(mant) - 1
	return 1.2 * math.Abs(float64(y)) * f * f / (2 + f)
}

// TestLibdevicePowF32Sim: __nv_powf on NVIDIA, lowered and run in the
// simulator, gives the model's bits for every input pair (the special
// cases, subnormals, overflow and underflow included), under Triton's
// defaults (FTZ reflect, fp fusion) and with either turned off. The model
// is within libdevice's documented 4 ulps of the correctly rounded value
// where that is normal without fp fusion; with it, within 4 ulps plus
// powfFusionSlack (Triton's bits: up to about 20 ulps for large |y|, x
// near sqrt(2) or sqrt(1/2) and results near overflow or underflow).
// Under the reflect subnormal x (which its log takes as 2^-127) and results
// below 2^-125 (which a flushed intermediate may make 0) are left out.
func TestLibdevicePowF32Sim(t *testing.T) {
	xs, ys := powfInputs()
	edge := 0
	for i := range xs {
		if hi, _ := libdevicePowfProduct(float32(xs[i]), float32(ys[i]), libdeviceMode{true, true}); math.Float32bits(hi) == 0x42B17218 {
			edge++
		}
	}
	if edge < 4 {
		t.Errorf("only %d inputs reach y log|x| = 88.72284", edge)
	}
	c := externCase{args: []string{"f32", "f32"}, res: "f32", syms: []string{"__nv_powf"}}
	defaults := c.run(t, sm90, [][]float64{xs, ys}).sim[0]
	for _, mode := range []struct {
		name string
		libdeviceMode
		opts func(*ttgtogpu.Options)
	}{
		{"defaults", libdeviceMode{ftz: true, fuse: true}, nil},
		{"no reflect ftz", libdeviceMode{ftz: false, fuse: true}, func(o *ttgtogpu.Options) { o.NoReflectFTZ = true }},
		{"no fp fusion", libdeviceMode{ftz: true, fuse: false}, func(o *ttgtogpu.Options) { o.NoFPFusion = true }},
	} {
		t.Run(mode.name, func(t *testing.T) {
			res := defaults
			if mode.opts != nil {
				res = simulatePowf(t, xs, ys, mode.opts)
			}
			worst, worstAt, worstSlack, mismatches := 0.0, [2]float64{}, 0.0, 0
			for i := range xs {
				x, y := float32(xs[i]), float32(ys[i])
				got, want := float32(res[i]), libdevicePowf(x, y, mode.libdeviceMode)
				if math.Float32bits(got) != math.Float32bits(want) && !(got != got && want != want) {
					if mismatches++; mismatches <= 5 {
						t.Errorf("__nv_powf(%g, %g) = %g (%#x), libdevice %g (%#x)", x, y, got, math.Float32bits(got), want, math.Float32bits(want))
					}
				}
				e := bigPow(float64(x), float64(y))
				if math.IsNaN(e) || math.IsInf(e, 0) || math.Abs(e) < 0x1p-126 || math.Abs(e) > math.MaxFloat32 ||
					mode.ftz && (math.Abs(e) < 0x1p-125 || x != 0 && math.Abs(float64(x)) < 0x1p-126) {
					continue
				}
				u, bound := ulpDistance32(float32(e), want), 4.0
				if mode.fuse {
					bound += powfFusionSlack(x, y, mode.libdeviceMode)
				}
				if u > bound {
					t.Errorf("__nv_powf(%g, %g): the model is %g ulps from the correctly rounded value, the bound is %.3g", x, y, u, bound)
				}
				if u > worst {
					worst, worstAt = u, [2]float64{xs[i], ys[i]}
				}
				worstSlack = math.Max(worstSlack, u-4)
			}
			if mismatches > 0 {
				t.Errorf("%d of %d results differ from libdevice's", mismatches, len(xs))
			}
			t.Logf("at most %g ulps from the correctly rounded value (at %g); %g beyond libdevice's 4", worst, worstAt, math.Max(worstSlack, 0))
		})
	}
}
