package ttgtogpu_test

import (
	"math"
	"math/big"
	"math/rand"
	"testing"

	"github.com/ttcompiler/tt/conversion/ttgtogpu"
)

// Go models of libdevice's __nv_norm3df, __nv_norm4df, __nv_rnorm3df,
// __nv_rnorm4df, __nv_rhypotf and their f64 versions, transcribed from
// their libdevice code: the f32 ones with or without the FTZ reflect
// (fabs, fmin, fmax, fma, sqrt.approx and rsqrt.approx flush under it,
// plain adds and multiplies never do), the f64 ones in float64 arithmetic
// with math.FMA for fma.rn.d; the approximate instructions as the
// simulator takes them (sqrt correctly rounded, rsqrt 1/sqrt in float64,
// rounded).

// minNum and maxNum are fmin and fmax: a NaN operand gives the other.
func minNum[T float32 | float64](a, b T) T {
	if a != a || b < a {
		return b
	}
	return a
}

func maxNum[T float32 | float64](a, b T) T {
	if a != a || b > a {
		return b
	}
	return a
}

// normSorted is libdevice's min/max network: the magnitudes from the
// second largest down to the smallest, then the largest.
func normSorted[T float32 | float64](mags []T) []T {
	mins := []T{minNum(mags[0], mags[1])}
	big := maxNum(mags[0], mags[1])
	for _, m := range mags[2:] {
		mins = append(mins, minNum(big, m))
		big = maxNum(big, m)
	}
	var out []T
	for i := len(mins) - 1; i >= 0; i-- {
		out = append(out, mins[i])
	}
	return append(out, big)
}

// libdeviceNormf is __nv_norm3df, __nv_norm4df (recip false),
// __nv_rnorm3df or __nv_rnorm4df of args.
func libdeviceNormf(args []float32, recip bool, m libdeviceMode) float32 {
	mags := make([]float32, len(args))
	for i, a := range args {
		mags[i] = fabsf(m.flush(a))
	}
	sum := mags[0] + mags[1]
	if len(mags) == 3 {
		sum += mags[2]
	} else {
		sum = (sum + mags[3]) + mags[2]
	}
	sorted := normSorted(mags)
	big := sorted[len(sorted)-1]
	k := math.Float32bits(big)&0xFE000000 - 0x3F800000 + 0x800000
	down, up := math.Float32frombits(0x3F800000-k), math.Float32frombits(k+0x3F800000)
	x := sorted[0] * down
	p := x * x
	for _, v := range sorted[1:] {
		x := v * down
		p = m.fma(x, x, p)
	}
	if recip {
		r := m.flush(float32(1/math.Sqrt(float64(m.flush(p))))) * down
		if sum != sum {
			r = sum
		}
		if math.IsInf(float64(big), 1) {
			r = 0
		}
		return r
	}
	r := m.flush(float32(math.Sqrt(float64(m.flush(p))))) * up
	if !(sum > big) {
		r = sum
	}
	if math.IsInf(float64(big), 1) {
		r = float32(math.Inf(1))
	}
	return r
}

// libdeviceRhypotf is __nv_rhypotf.
func libdeviceRhypotf(a, b float32, m libdeviceMode) float32 {
	ab, bb := int32(math.Float32bits(fabsf(m.flush(a)))), int32(math.Float32bits(fabsf(m.flush(b))))
	lo, hi := math.Float32frombits(uint32(min(ab, bb))), math.Float32frombits(uint32(max(ab, bb)))
	k := math.Float32bits(hi)&0xFE000000 - 0x3F800000 + 0x800000
	down := math.Float32frombits(0x3F800000 - k)
	slo, shi := lo*down, hi*down
	p := m.fma(shi, shi, slo*slo)
	r := m.flush(float32(1/math.Sqrt(float64(m.flush(p))))) * down
	if math.IsInf(float64(lo), 1) {
		r = 0
	}
	return r
}

// normRsqrt64 is libdevice's refined rsqrt.approx.ftz.f64 (the simulator's
// approximation: 1/sqrt in float64).
func normRsqrt64(x float64) float64 {
	r := 1 / math.Sqrt(x)
	t := math.FMA(x, -float64(r*r), 1)
	return math.FMA(math.FMA(0.375, t, 0.5), float64(t*r), r)
}

// normScale64 is 2^-k and 2^k for the largest magnitude big.
func normScale64(big float64) (down, up float64) {
	_, hi := misc64Words(big)
	k := hi&0xFFC00000 - 0x3FF00000 + 0x100000
	return misc64OfWords(0, 0x3FF00000-k), misc64OfWords(0, k+0x3FF00000)
}

// libdeviceNorm is __nv_norm3d, __nv_norm4d (recip false), __nv_rnorm3d
// or __nv_rnorm4d of args.
func libdeviceNorm(args []float64, recip bool) float64 {
	mags := make([]float64, len(args))
	sum := 0.0
	for i, a := range args {
		mags[i] = math.Abs(a)
		if i == 0 {
			sum = mags[0]
		} else {
			sum += mags[i]
		}
	}
	sorted := normSorted(mags)
	big := sorted[len(sorted)-1]
	down, up := normScale64(big)
	x := float64(sorted[0] * down)
	p := float64(x * x)
	for _, v := range sorted[1:] {
		x := float64(v * down)
		p = math.FMA(x, x, p)
	}
	if recip {
		r := float64(normRsqrt64(p) * down)
		if !(sum > 0) {
			r = sum + math.Inf(1)
		}
		if math.IsInf(big, 1) {
			r = 0
		}
		return r
	}
	r := float64(float64(p*normRsqrt64(minNum(p, math.MaxFloat64))) * up)
	if !(sum > big) {
		r = sum
	}
	if _, hi := misc64Words(big); hi >= 0x7FF00000 {
		r = big
	}
	return r
}

// libdeviceRhypot is __nv_rhypot.
func libdeviceRhypot(a, b float64) float64 {
	ab, bb := math.Float64bits(math.Abs(a)), math.Float64bits(math.Abs(b))
	lo, hi := math.Float64frombits(min(ab, bb)), math.Float64frombits(max(ab, bb))
	down, _ := normScale64(hi)
	slo, shi := float64(lo*down), float64(hi*down)
	r := float64(normRsqrt64(math.FMA(shi, shi, float64(slo*slo))) * down)
	if _, rhi := misc64Words(r); rhi >= 0x7FF00000 {
		switch {
		case hi != hi:
			r = hi + lo
		case math.IsInf(hi, 1):
			r = 0
		default:
			r = math.Inf(1)
		}
		if math.IsInf(lo, 1) {
			r = 0
		}
	}
	return r
}

// bigNorm is sqrt(sum of squares) of args (recip: its reciprocal) in
// 256-bit arithmetic: +inf (recip 0) where an argument is infinite, else
// NaN where one is NaN; recip of zeros +inf.
func bigNorm(args []float64, recip bool) *big.Float {
	nan := false
	for _, a := range args {
		if math.IsInf(a, 0) {
			if recip {
				return big.NewFloat(0)
			}
			return big.NewFloat(math.Inf(1))
		}
		nan = nan || a != a
	}
	if nan {
		return nil
	}
	s := new(big.Float).SetPrec(bigPrec)
	for _, a := range args {
		s.Add(s, new(big.Float).SetPrec(bigPrec).Mul(bigF(a), bigF(a)))
	}
	if s.Sign() == 0 {
		if recip {
			return big.NewFloat(math.Inf(1))
		}
		return s
	}
	s.Sqrt(s)
	if recip {
		s.Quo(new(big.Float).SetPrec(bigPrec).SetInt64(1), s)
	}
	return s
}

// bigNormOf is bigNorm as a float64 (NaN for nil): for f32, the f32
// rounding of the exact value as a float64.
func bigNormOf(args []float64, recip, f32 bool) float64 {
	v := bigNorm(args, recip)
	switch {
	case v == nil:
		return math.NaN()
	case f32:
		r, _ := v.Float32()
		return float64(r)
	}
	r, _ := v.Float64()
	return r
}

// normInputs are k argument slices of n values: specials and subnormals
// among random magnitudes of every binade, arguments of equal size and
// far apart in size, sums that overflow or underflow; tiny is the
// smallest subnormal, huge the largest finite value.
func normInputs(rng *rand.Rand, n, k int, tiny, huge float64, binades int) [][]float64 {
	specials := []float64{0, math.Copysign(0, -1), math.Inf(1), math.Inf(-1), math.NaN(), tiny, -tiny, 1, -1, huge, -huge}
	out := make([][]float64, k)
	for j := range out {
		out[j] = make([]float64, n)
	}
	for i := 0; i < n; i++ {
		base := math.Ldexp(rng.Float64()+0.5, rng.Intn(2*binades)-binades)
		for j := range out {
			var v float64
			switch (i + j) % 6 {
			case 0: // a special
				v = specials[rng.Intn(len(specials))]
			case 1: // like the others
				v = base * (1 + rng.Float64()/8)
			case 2: // far apart
				v = base * math.Ldexp(rng.Float64()+0.5, rng.Intn(80)-40)
			case 3: // any binade
				v = math.Ldexp(rng.Float64()+0.5, rng.Intn(2*binades)-binades)
			case 4: // near the largest
				v = huge * (1 - rng.Float64()/4)
			default: // near the smallest normals and below
				v = tiny * math.Ldexp(rng.Float64()+0.5, rng.Intn(40))
			}
			if rng.Intn(2) == 0 {
				v = -v
			}
			out[j][i] = v
		}
	}
	return out
}

// forBothReflectsN is forBothReflects for functions of several
// arguments, without the interpreter's run (it knows none of these).
func forBothReflectsN(t *testing.T, c externCase, inputs [][]float64, check func(t *testing.T, res [][]float64, mode libdeviceMode)) {
	for _, ftz := range []bool{true, false} {
		t.Run(map[bool]string{true: "reflect ftz", false: "no reflect ftz"}[ftz], func(t *testing.T) {
			res := simulateExternWith(t, c, inputs, func(o *ttgtogpu.Options) { o.NoReflectFTZ = !ftz })
			check(t, res, libdeviceMode{ftz: ftz, fuse: true})
		})
	}
}

// TestLibdeviceNormF32Sim: __nv_norm3df, __nv_norm4df, __nv_rnorm3df,
// __nv_rnorm4df and __nv_rhypotf on NVIDIA, lowered and run in the
// simulator with and without Triton's FTZ reflect, give the model's bits
// for every input (specials, subnormals, infinities against NaN,
// overflowing and underflowing sums, arguments far apart), and the model
// is within libdevice's documented bounds (norms 3 ulps, reciprocals 2)
// of the correctly rounded value where the arguments and that are normal.
func TestLibdeviceNormF32Sim(t *testing.T) {
	const n = 4096
	rng := rand.New(rand.NewSource(53))
	for _, f := range []struct {
		sym   string
		args  int
		recip bool
		bound float64
	}{
		{"__nv_norm3df", 3, false, 3}, {"__nv_norm4df", 4, false, 3},
		{"__nv_rnorm3df", 3, true, 2}, {"__nv_rnorm4df", 4, true, 2}, {"__nv_rhypotf", 2, true, 2},
	} {
		t.Run(f.sym, func(t *testing.T) {
			in := normInputs(rng, n, f.args, 0x1p-149, math.MaxFloat32, 128)
			c := externCase{res: "f32", syms: []string{f.sym}}
			for j := range in {
				c.args = append(c.args, "f32")
				for i := range in[j] {
					in[j][i] = float64(float32(in[j][i]))
				}
			}
			forBothReflectsN(t, c, in, func(t *testing.T, res [][]float64, mode libdeviceMode) {
				argsAt := func(i int) ([]float32, []float64) {
					a32, a64 := make([]float32, len(in)), make([]float64, len(in))
					for j := range in {
						a32[j], a64[j] = float32(in[j][i]), in[j][i]
					}
					return a32, a64
				}
				model := func(i int) float32 {
					a, _ := argsAt(i)
					if f.args == 2 {
						return libdeviceRhypotf(a[0], a[1], mode)
					}
					return libdeviceNormf(a, f.recip, mode)
				}
				exact := func(i int) (float64, bool) {
					_, a := argsAt(i)
					ok := true
					for _, v := range a {
						ok = ok && normalOrZero32(v)
					}
					return bigNormOf(a, f.recip, true), ok
				}
				checkLibdeviceF32Model(t, f.sym, res[0], model, exact, f.bound)
			})
		})
	}
}

// TestLibdeviceNormF64Sim: __nv_norm3d, __nv_norm4d, __nv_rnorm3d,
// __nv_rnorm4d and __nv_rhypot on NVIDIA, lowered and run in the
// simulator, give the model's bits for every input (as the f32 test's),
// and the model is within libdevice's documented bounds (norms 2 ulps,
// reciprocals 1) of the correctly rounded value, +inf counting as the
// value after DBL_MAX.
func TestLibdeviceNormF64Sim(t *testing.T) {
	const n = 2048
	rng := rand.New(rand.NewSource(59))
	for _, f := range []struct {
		sym   string
		args  int
		recip bool
		bound float64
	}{
		{"__nv_norm3d", 3, false, 2}, {"__nv_norm4d", 4, false, 2},
		{"__nv_rnorm3d", 3, true, 1}, {"__nv_rnorm4d", 4, true, 1}, {"__nv_rhypot", 2, true, 1},
	} {
		t.Run(f.sym, func(t *testing.T) {
			in := normInputs(rng, n, f.args, math.SmallestNonzeroFloat64, math.MaxFloat64, 1024)
			c := externCase{res: "f64", syms: []string{f.sym}}
			for range in {
				c.args = append(c.args, "f64")
			}
			res := simulateExternWith(t, c, in, func(*ttgtogpu.Options) {})
			argsAt := func(i int) []float64 {
				a := make([]float64, len(in))
				for j := range in {
					a[j] = in[j][i]
				}
				return a
			}
			model := func(i int) float64 {
				a := argsAt(i)
				if f.args == 2 {
					return libdeviceRhypot(a[0], a[1])
				}
				return libdeviceNorm(a, f.recip)
			}
			// At the overflow edge, where the exact value rounds to
			// DBL_MAX, libdevice's root of the scaled sum (within an ulp
			// of 4) may round up, and 2^k scales it to +inf: one step
			// past DBL_MAX in the bits' order, counted as agreeing.
			edge := 0
			ref := func(i int) float64 {
				e := bigNormOf(argsAt(i), f.recip, false)
				if m := model(i); e == math.MaxFloat64 && math.IsInf(m, 1) {
					edge++
					return m
				}
				return e
			}
			checkLibdeviceF64Model(t, f.sym, res[0], model, ref, f.bound)
			t.Logf("%s: %d results at the overflow edge are +inf", f.sym, edge)
		})
	}
}
