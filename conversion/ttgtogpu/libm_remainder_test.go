package ttgtogpu_test

import (
	"math"
	"math/rand"
	"testing"

	"github.com/ttcompiler/tt/conversion/ttgtogpu"
	"github.com/ttcompiler/tt/numeric"
)

// libdeviceRemainderf is a Go model of libdevice's __nv_remainderf,
// transcribed from its code (its fmodf kernel keeping the quotient's low
// bits and twice the remainder), with or without the FTZ reflect; the
// approximate division and reciprocal as the simulator takes them (the
// exact value rounded, .ftz flushing), which the code's corrections make
// exact either way.
func libdeviceRemainderf(x, y float32, m libdeviceMode) float32 {
	ay, ax := fabsf(m.flush(y)), fabsf(m.flush(x))
	quot, twice, ans := uint32(0), 2*ax, ax
	if !(ax < ay) {
		by := 0x1p23 * ay
		if ax <= by {
			q := truncf(m.flush(float32(float64(m.flush(ax)) / float64(m.flush(ay))))) // div.approx
			r := fmaf(-ay, q, ax)
			if rb := math.Float32bits(r); rb >= math.Float32bits(ay) {
				if rb > 0x80000000 {
					q--
					if r < -ay {
						q--
					}
				} else {
					q++
					if r >= 2*ay {
						q++
						if m.fma(-3, ay, r) >= 0 {
							q++
						}
					}
				}
			}
			quot = uint32(q)
			ans = m.fma(-ay, q, ax)
			twice = fmaf(2, fmaf(-ay, q, ax), 0)
		} else {
			fmaRZ := func(a, b, c float32) float32 {
				if m.ftz {
					return fmaDir(a, b, c, numeric.RTZ)
				}
				return numeric.F32Directed(numeric.FMAOdd(float64(a), float64(b), float64(c)), numeric.RTZ)
			}
			xb, bb := math.Float32bits(ax), math.Float32bits(by)
			ym := math.Float32frombits(bb&0x7FFFFF | 0x3F800000)
			rcp := rcpFTZ(ym)
			i := (xb>>23 - (bb>>23 - 23)) << 23
			ux := xb&0x7FFFFF | 0x3F800000
			for i != 0 && ux != 0 {
				step := min(i, 23<<23)
				r := math.Float32frombits(ux + step)
				q := m.fma(r, rcp, float32(math.Copysign(0, -1)))
				q = m.fma(m.fma(-ym, q, r), rcp, q)
				q = fmaRZ(m.fma(-ym, q, r), rcp, q)
				tq := truncf(q)
				ux = math.Float32bits(m.fma(-ym, tq, r))
				i -= step
				quot = quot<<(step>>23) + uint32(tq)
			}
			quot <<= min(i>>23, 3)
			scale := math.Float32frombits(bb >> 23 << 23)
			if !(ay > 0) || xb >= 0x7F800000 {
				scale = math.Float32frombits(0x7FFFFFFF)
			}
			rem := math.Float32frombits(ux)
			ans, twice = scale*(rem*0x1p-23), scale*(rem*0x1p-22)
		}
	}
	if !m.ftz {
		twice = 2 * ans
	}
	if twice > ay || twice == ay && quot&1 != 0 {
		if ans < 0x1p-126 && m.ftz {
			ans = 0.5 * m.fma(ay, -2, twice)
		} else {
			ans -= ay
		}
	}
	if math.Float32bits(x)>>31 != 0 && ans == ans {
		ans = -ans
	}
	return ans
}

// remainderPairs are n operand pairs of every exponent: quotients below
// 2^(quotBits+2) across the f32 fast path's end at 2^23, exact halves
// (the ties, odd and even), subnormal divisors and results, and the
// specials; f32 values when f32.
func remainderPairs(n, quotBits int, f32 bool) (xs, ys []float64) {
	inf, nan := math.Inf(1), math.NaN()
	xs = []float64{0, math.Copysign(0, -1), 5, -5, 7, -7, 5.5, 1, 3, 2.5, 3.5, -2.5, 1e30, inf, -inf, nan, 1, 7, 6, 0x1p23 + 1,
		0x1p24 + 1, 3 * 0x1p-149, -0x1p-126, 1e-40, 3e38, 3e38, 1}
	ys = []float64{1, 1, 2, 2, 2, 2, -2, nan, 2, 1, 1, 1, 1e-30, 1, 2, 1, inf, 0, 4, 2,
		2, 0x1p-148, 0x1p-148, 1, 2e38, inf, -inf}
	r := rand.New(rand.NewSource(int64(quotBits)))
	round := func(v float64) float64 {
		if f32 {
			return float64(float32(v))
		}
		return v
	}
	random := func() float64 {
		if f32 {
			return float64(math.Float32frombits(r.Uint32()))
		}
		return math.Float64frombits(r.Uint64())
	}
	for len(xs) < n {
		x, y := random(), random()
		switch r.Intn(5) {
		case 0: // quotients of any size up to 2^quotBits
			y = round(x / math.Ldexp(1+r.Float64(), r.Intn(quotBits)))
		case 1: // subnormal divisors
			if f32 {
				y = float64(math.Float32frombits(r.Uint32()&0x807FFFFF | 1))
			} else {
				y = math.Float64frombits(r.Uint64()&0x800FFFFFFFFFFFFF | 1)
			}
		case 2: // ties: x = (k + 1/2) y
			k := float64(r.Intn(1 << 20))
			y = round(math.Ldexp(float64(r.Intn(1<<10)|1), r.Intn(200)-100))
			x = round((k + 0.5) * y)
		case 3: // around the fast path's end, 2^23 quotients
			y = round(math.Abs(x) / math.Ldexp(1+r.Float64()/4, 22+r.Intn(3)))
		}
		xs, ys = append(xs, x), append(ys, y)
	}
	return xs, ys
}

// TestLibdeviceRemainderF32Sim: __nv_remainderf on NVIDIA, lowered and run
// in the simulator with and without Triton's FTZ reflect, gives the
// model's bits for every operand pair, and the model is C's remainderf
// exactly (math.Remainder of the float32 operands, exact in float64; the
// documented 0 ulps), the FTZ reflect's flushed operands and results
// aside (a subnormal result may come out as a zero there).
func TestLibdeviceRemainderF32Sim(t *testing.T) {
	xs, ys := remainderPairs(8192, 280, true)
	c := externCase{args: []string{"f32", "f32"}, res: "f32", syms: []string{"__nv_remainderf"}}
	for _, ftz := range []bool{true, false} {
		mode := libdeviceMode{ftz: ftz, fuse: true}
		got := simulateExternWith(t, c, [][]float64{xs, ys}, func(o *ttgtogpu.Options) { o.NoReflectFTZ = !ftz })[0]
		bad, inexact := 0, 0
		for i := range xs {
			x, y := float32(xs[i]), float32(ys[i])
			g, want := float32(got[i]), libdeviceRemainderf(x, y, mode)
			if math.Float32bits(g) != math.Float32bits(want) && !(g != g && want != want) {
				if bad++; bad <= 5 {
					t.Errorf("ftz %v: remainderf(%g, %g) = %g (%#x), libdevice %g (%#x)", ftz, x, y, g, math.Float32bits(g), want, math.Float32bits(want))
				}
			}
			exact := float32(math.Remainder(float64(mode.flush(x)), float64(mode.flush(y))))
			flushed := ftz && math.Abs(float64(exact)) < 0x1p-126 && want == 0
			if math.Float32bits(want) != math.Float32bits(exact) && !(want != want && exact != exact) && !flushed {
				if inexact++; inexact <= 5 {
					t.Errorf("ftz %v: the model's remainderf(%g, %g) = %g, C's %g", ftz, x, y, want, exact)
				}
			}
		}
		if bad > 0 || inexact > 0 {
			t.Errorf("ftz %v: %d of %d results differ from libdevice's, %d of the model's from C's", ftz, bad, len(xs), inexact)
		}
	}
}

// TestLibdeviceRemainderF64Sim: __nv_remainder on NVIDIA is C's remainder
// exactly (math.Remainder), as libdevice's is (the documented 0 ulps), for
// operands of every exponent (quotients up to 2^2100), subnormal ones,
// ties of both parities, divisors whose double overflows, and the
// specials.
func TestLibdeviceRemainderF64Sim(t *testing.T) {
	xs, ys := remainderPairs(8192, 2100, false)
	xs = append(xs, math.MaxFloat64, -math.MaxFloat64, 0x1.8p1023, 0x1p1023, 5e-324, 1e-310)
	ys = append(ys, 0x1.8p1023, 0x1.ffffffffffffep1023, 0x1p1023, 0x1.8p1022, 5e-324, 5e-324)
	for len(xs)&(len(xs)-1) != 0 {
		xs, ys = append(xs, 1), append(ys, 1)
	}
	got := simulateExternWith(t, externCase{args: []string{"f64", "f64"}, res: "f64", syms: []string{"__nv_remainder"}},
		[][]float64{xs, ys}, func(*ttgtogpu.Options) {})[0]
	bad := 0
	for i := range xs {
		want := math.Remainder(xs[i], ys[i])
		if math.Float64bits(got[i]) != math.Float64bits(want) && !(got[i] != got[i] && want != want) {
			if bad++; bad <= 5 {
				t.Errorf("remainder(%g, %g) = %g, want %g", xs[i], ys[i], got[i], want)
			}
		}
	}
	if bad > 0 {
		t.Errorf("%d of %d results are not C's remainder", bad, len(xs))
	}
}
