package ttgtogpu_test

import (
	"math"
	"math/rand"
	"testing"

	"github.com/ttcompiler/tt/conversion/ttgtogpu"
)

// TestFmodF32Sim: __nv_fmodf on NVIDIA is C's fmodf exactly (math.Mod of
// the float32 operands, exact in float64), with Triton's FTZ reflect
// (subnormal operands flushed, and subnormal results where the quotient is
// at most 2^23, as on the H200) and without it (nothing flushed), for
// quotients up to 2^277: x and y of every exponent, y subnormal, quotients
// on both sides of 2^23 (where libdevice's fast path ends), the specials
// (NaN, x infinite or y zero give NaN, y infinite gives x, the zero result
// keeps x's sign). LLVM's frem expansion, x - y trunc(x / y), fails it once
// x / y passes 2^24.
func TestFmodF32Sim(t *testing.T) {
	r := rand.New(rand.NewSource(3))
	inf, nan := math.Inf(1), math.NaN()
	// The last two: subnormal results, flushed (quotient below 2^23) and
	// kept (above), Triton's bits on the H200.
	xs := []float64{0, math.Copysign(0, -1), 5, -5, 5.5, 1e30, -1e30, 3.4e38, inf, -inf, nan, 1, 7, 1e-40, 6,
		0x1p23, 0x1p23 + 1, 0x1p24 - 1, 3 * 0x1p-149, -0x1p-126,
		-1.0213190831623287e-32, -8.82120833069245e+20}
	ys := []float64{1, 1, 3, 3, -2, 1e-30, 7e-45, 1e-38, 1, 2, 1, inf, 0, 1, 1e-40,
		1, 1, 1, 0x1p-149, 0x1p-149,
		1.851758607498055e-38, -8.804564970902283e-37}
	for len(xs) < 8192 {
		x := math.Float32frombits(r.Uint32())
		y := math.Float32frombits(r.Uint32())
		switch r.Intn(4) {
		case 0: // quotients below 2^26, across the fast path's end
			y = x / float32(math.Ldexp(1+r.Float64(), r.Intn(26)))
		case 1: // subnormal divisors
			y = math.Float32frombits(r.Uint32()&0x807FFFFF | 1)
		}
		xs, ys = append(xs, float64(x)), append(ys, float64(y))
	}
	c := externCase{args: []string{"f32", "f32"}, res: "f32", syms: []string{"__nv_fmodf"}}
	for _, ftz := range []bool{true, false} {
		var got []float64
		if ftz {
			got = c.run(t, sm90, [][]float64{xs, ys}).sim[0]
		} else {
			got = simulateExternWith(t, c, [][]float64{xs, ys}, func(o *ttgtogpu.Options) { o.NoReflectFTZ = true })[0]
		}
		bad := 0
		for i := range xs {
			x, y := float64(float32(xs[i])), float64(float32(ys[i]))
			if ftz {
				x, y = float64(ftz32(float32(x))), float64(ftz32(float32(y)))
			}
			want := float32(math.Mod(x, y))
			if ftz && math.Abs(x) <= 0x1p23*math.Abs(y) { // libdevice's fast path, .ftz
				want = ftz32(want)
			}
			got := float32(got[i])
			if math.Float32bits(got) != math.Float32bits(want) && !(got != got && want != want) {
				if bad++; bad <= 5 {
					t.Errorf("ftz %v: fmodf(%g, %g) = %g, want %g", ftz, xs[i], ys[i], got, want)
				}
			}
		}
		if bad > 0 {
			t.Errorf("ftz %v: %d of %d results are not C's fmodf", ftz, bad, len(xs))
		}
	}
}

// TestFmodF64Sim: __nv_fmod on NVIDIA is C's fmod exactly (math.Mod), for
// operands of every exponent, subnormal ones included (quotients up to
// 2^2100), quotients on both sides of each loop trip's 49 binades,
// significands sharing their leading bits, and the specials; LLVM's frem
// expansion fails it once x / y passes 2^53.
func TestFmodF64Sim(t *testing.T) {
	r := rand.New(rand.NewSource(5))
	inf, nan := math.Inf(1), math.NaN()
	xs := []float64{0, math.Copysign(0, -1), 5, -5, 5.5, 1e300, -1e300, math.MaxFloat64, inf, -inf, nan, 1, 7, 5e-324, 1e-310, 3e-310}
	ys := []float64{1, 1, 3, 3, -2, 1e-300, 5e-324, 1e-310, 1, 2, 1, inf, 0, 1, 1e-310, 1e-310}
	for len(xs) < 8192 {
		x := math.Float64frombits(r.Uint64())
		y := math.Float64frombits(r.Uint64())
		switch r.Intn(5) {
		case 0: // quotients below 2^120, across a loop trip's 49 binades
			y = x / math.Ldexp(1+r.Float64(), r.Intn(120))
		case 1: // subnormal divisors
			y = math.Float64frombits(r.Uint64()&0x800FFFFFFFFFFFFF | 1)
		case 2: // significands that share their leading bits
			y = math.Float64frombits(math.Float64bits(x)&^(1<<uint(r.Intn(52))) - uint64(r.Intn(1<<20))<<52)
		}
		xs, ys = append(xs, x), append(ys, y)
	}
	res := externCase{args: []string{"f64", "f64"}, res: "f64", syms: []string{"__nv_fmod"}}.run(t, sm90, [][]float64{xs, ys})
	bad := 0
	for i := range xs {
		want, got := math.Mod(xs[i], ys[i]), res.sim[0][i]
		if math.Float64bits(got) != math.Float64bits(want) && !(got != got && want != want) {
			if bad++; bad <= 5 {
				t.Errorf("fmod(%g, %g) = %g, want %g", xs[i], ys[i], got, want)
			}
		}
	}
	if bad > 0 {
		t.Errorf("%d of %d results are not C's fmod", bad, len(xs))
	}
}
