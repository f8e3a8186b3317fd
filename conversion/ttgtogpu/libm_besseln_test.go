package ttgtogpu_test

import (
	"fmt"
	"math"
	"math/big"
	"math/rand"
	"strings"
	"testing"

	"github.com/ttcompiler/tt/conversion/ttgtogpu"
)

// Go models of libdevice's __nv_jnf, __nv_ynf, __nv_jn and __nv_yn,
// transcribed from their libdevice code: orders 0 and 1 and the
// recurrences' seeds are the models of __nv_j0f .. __nv_y1 (libdevice
// inlines those functions); i32 arithmetic wraps as PTX's does (Go's
// int32); sqrt.approx is the simulator's (the exact root, rounded);
// cvt.rzi makes NaN 0. In f32 the forward steps' fma.rn flushes under the
// FTZ reflect; plain fdiv, fmul and fsub never do, and the backward
// step's product and the sum's 2 J term are fused into their sums, as
// Triton's fp fusion does where libdevice's code has them in one block.

// jnMillerF32 is __nv_jnf's backward recurrence from order start.
func jnMillerF32(n, start int32, x float32) float32 {
	var jip1, lambda, sum float32
	ji := float32(1)
	big, scale := f32bits(0x430C6BF520000000), f32bits(0x3CD203AFA0000000)
	for i := start; i >= 1; i-- {
		t := float32(float32(i)*2) / x
		jim1 := fmaf(t, ji, -jip1)
		if fabsf(jim1) > big {
			jim1, jip1, lambda, sum = float32(jim1*scale), float32(ji*scale), float32(lambda*scale), float32(sum*scale)
		} else {
			jip1 = ji
		}
		if i-1 == n {
			lambda = jim1
		}
		if i&1 != 0 {
			sum = fmaf(2, jim1, sum)
		}
		ji = jim1
	}
	return lambda / (sum - ji)
}

func libdeviceJnf(n int32, x float32, m libdeviceMode) float32 {
	switch {
	case n == 0:
		return libdeviceJ0f(x, m)
	case n == 1:
		return libdeviceJ1f(x, m)
	case n < 0:
		return math.Float32frombits(0x7FFFFFFF)
	}
	order := n
	if n > 4 {
		order++
	}
	if m.flush(fabsf(x)) > float32(order) {
		twoOverX := 2 / x
		ji, jim1 := libdeviceJ1f(x, m), libdeviceJ0f(x, m)
		for i := int32(1); i < n; i++ {
			ji, jim1 = m.fma(float32(float32(i)*ji), twoOverX, -jim1), ji
		}
		return ji
	}
	root := float32(math.Sqrt(float64(float32(n * 40))))
	start := (n + cvtRziS32(float64(root))) >> 1 << 1
	return jnMillerF32(n, start, x)
}

func libdeviceYnf(n int32, x float32, m libdeviceMode) float32 {
	switch {
	case n == 0:
		return libdeviceY0f(x, m)
	case n == 1:
		return libdeviceY1f(x, m)
	case n < 0 || !(x >= 0):
		return math.Float32frombits(0x7FFFFFFF)
	}
	if a := m.flush(fabsf(x)); a < 0x1p-126 {
		return -1e9 / a
	}
	twoOverX := 2 / x
	yi, yim1 := libdeviceY1f(x, m), libdeviceY0f(x, m)
	for i := int32(1); i < n; i++ {
		yi, yim1 = m.fma(float32(float32(i)*twoOverX), yi, -yim1), yi
	}
	if yi != yi {
		return float32(math.Inf(-1))
	}
	return yi
}

// jnMillerF64 is __nv_jn's backward recurrence from order start; values
// are judged large by their f32 rounding.
func jnMillerF64(n, start int32, x float64) float64 {
	var jip1, lambda, sum float64
	ji := 1.0
	twoOverX := 2 / x
	for i := start; i >= 1; i-- {
		jim1 := math.FMA(float64(float64(i)*twoOverX), ji, -jip1)
		if math.Abs(float64(float32(jim1))) > 1e15 {
			jim1, jip1, lambda, sum = float64(jim1*1e-15), float64(ji*1e-15), float64(lambda*1e-15), float64(sum*1e-15)
		} else {
			jip1 = ji
		}
		if i-1 == n {
			lambda = jim1
		}
		if i&1 != 0 {
			sum = math.FMA(2, jim1, sum)
		}
		ji = jim1
	}
	return lambda / (sum - ji)
}

func libdeviceJn(n int32, x float64) float64 {
	switch {
	case n == 0:
		return libdeviceJ0F64(x)
	case n == 1:
		return libdeviceJ1F64(x)
	case n < 0:
		return math.Float64frombits(0xFFF8000000000000)
	}
	if math.Abs(x) > float64(n)-1 {
		twoOverX := 2 / x
		ji, jim1 := libdeviceJ1F64(x), libdeviceJ0F64(x)
		for i := int32(1); i < n; i++ {
			ji, jim1 = math.FMA(float64(float64(i)*twoOverX), ji, -jim1), ji
		}
		return ji
	}
	start := (n + cvtRziS32(math.Sqrt(float64(n*60)))) >> 1 << 1
	return jnMillerF64(n, start, x)
}

func libdeviceYn(n int32, x float64) float64 {
	nan := math.Float64frombits(0xFFF8000000000000)
	switch {
	case n == 0:
		return libdeviceY0F64(x)
	case n == 1:
		return libdeviceY1F64(x)
	case n < 0 || !(x >= 0):
		return nan
	case math.Abs(x) < misc64Bits(0x000730D67819E8D2):
		return -misc64Bits(bessel64TwoOverPi) / x
	}
	twoOverX := 2 / x
	yi, yim1 := libdeviceY1F64(x), libdeviceY0F64(x)
	for i := int32(1); i < n; i++ {
		yi, yim1 = math.FMA(float64(float64(i)*twoOverX), yi, -yim1), yi
	}
	if yi != yi {
		return math.Inf(-1)
	}
	return yi
}

// The reference: J_n and Y_n of n >= 0 at x > 0 in big.Float arithmetic,
// rounded once to f64 (far below the bounds checked, which are absolute
// or in f32 ulps; an f64 ulp where yn's are reported).
//   - J_n from its power series sum (-1)^k (x/2)^(2k+n) / (k! (k+n)!) in
//     enough bits to carry its terms' cancellation (they reach about e^x)
//     where x <= 60 or x < n; elsewhere forward from J0 and J1, stable
//     while the order stays below x.
//   - Y_n forward from Y0 and Y1 (stable: Y grows with its order).
//   - J0, J1, Y0 and Y1 from their series (bigBesselSeries) up to 60,
//     from Hankel's expansion beyond (its smallest term there about
//     e^-120 of the result).

// bigBesselJSeries is J_n(x) by its power series.
func bigBesselJSeries(n int, x float64) *big.Float {
	prec := uint(320 + 1.5*x)
	f := func(v float64) *big.Float { return new(big.Float).SetPrec(prec).SetFloat64(v) }
	half := f(x / 2)
	term := f(1)
	for k := 1; k <= n; k++ { // (x/2)^n / n!
		term.Mul(term, half)
		term.Quo(term, f(float64(k)))
	}
	q := new(big.Float).SetPrec(prec).Mul(half, half)
	q.Neg(q)
	sum := f(0)
	for k := 0; ; k++ {
		sum.Add(sum, term)
		term.Mul(term, q)
		term.Quo(term, f(float64((k+1)*(k+1+n))))
		if term.Sign() == 0 || float64(k) > x && term.MantExp(nil) < -int(prec)+8 {
			return sum
		}
	}
}

// bigHankel01 is J_n(x) and Y_n(x) for n = 0, 1 by Hankel's expansion
// (A&S 9.2.5-9.2.10), summed to its smallest term, in prec bits.
func bigHankel01(n int, x float64, prec uint) (j, y *big.Float) {
	f := func(v float64) *big.Float { return new(big.Float).SetPrec(prec).SetFloat64(v) }
	bx, mu := f(x), f(float64(4*n*n))
	p, q, term := f(0), f(0), f(1)
	last := new(big.Float).SetInf(false)
	for k := 0; k < 400; k++ {
		mag := new(big.Float).Abs(term)
		if mag.Cmp(last) > 0 || mag.MantExp(nil) < -int(prec) {
			break
		}
		last = mag
		switch k % 4 {
		case 0:
			p.Add(p, term)
		case 1:
			q.Add(q, term)
		case 2:
			p.Sub(p, term)
		case 3:
			q.Sub(q, term)
		}
		term.Mul(term, new(big.Float).SetPrec(prec).Sub(mu, f(float64((2*k+1)*(2*k+1)))))
		term.Quo(term, new(big.Float).SetPrec(prec).Mul(f(float64(8*(k+1))), bx))
	}
	s, c := bigSinCosOf(x)
	// With chi = x - (2n+1) pi/4: sqrt(2) cos(chi) and sqrt(2) sin(chi).
	cosChi, sinChi := new(big.Float).SetPrec(prec).Add(c, s), new(big.Float).SetPrec(prec).Sub(s, c)
	if n == 1 {
		cosChi, sinChi = new(big.Float).SetPrec(prec).Sub(s, c), new(big.Float).SetPrec(prec).Neg(new(big.Float).SetPrec(prec).Add(s, c))
	}
	amp := new(big.Float).SetPrec(prec).Mul(bigPiRef, bx)
	amp.Sqrt(amp) // sqrt(2/(pi x)) / sqrt(2)
	mul := func(a, b *big.Float) *big.Float { return new(big.Float).SetPrec(prec).Mul(a, b) }
	j = new(big.Float).SetPrec(prec).Sub(mul(p, cosChi), mul(q, sinChi))
	y = new(big.Float).SetPrec(prec).Add(mul(p, sinChi), mul(q, cosChi))
	return j.Quo(j, amp), y.Quo(y, amp)
}

// bigBessel01 is J0, J1, Y0 and Y1 at x > 0.
func bigBessel01(x float64) (j0, j1, y0, y1 *big.Float) {
	if x > 60 {
		j0, y0 = bigHankel01(0, x, bigPrec)
		j1, y1 = bigHankel01(1, x, bigPrec)
		return
	}
	prec := uint(320 + 1.5*x)
	return bigBesselSeries(0, false, x, prec), bigBesselSeries(1, false, x, prec),
		bigBesselSeries(0, true, x, prec), bigBesselSeries(1, true, x, prec)
}

// bigRecurForward is F_n from F_0 and F_1 by F_(k+1) = (2k/x) F_k - F_(k-1).
func bigRecurForward(n int, x float64, f0, f1 *big.Float) *big.Float {
	if n == 0 {
		return f0
	}
	prec := f0.Prec()
	bx := new(big.Float).SetPrec(prec).SetFloat64(x)
	for k := 1; k < n; k++ {
		t := new(big.Float).SetPrec(prec).Quo(new(big.Float).SetPrec(prec).SetInt64(int64(2*k)), bx)
		t.Mul(t, f1)
		f0, f1 = f1, t.Sub(t, f0)
	}
	return f1
}

// bigBesselN is J_n(x) (y false) or Y_n(x) for n >= 0 and any x, with
// the special values of the functions (J_n(-x) = (-1)^n J_n(x); Y_n NaN
// below 0, -inf at 0; both 0 at +inf).
func bigBesselN(n int, y bool, x float64) float64 {
	sign := 1.0
	switch {
	case math.IsNaN(x) || y && x < 0:
		return math.NaN()
	case y && x == 0:
		return math.Inf(-1)
	case math.IsInf(x, 0):
		return 0
	case x == 0:
		if n == 0 {
			return 1
		}
		return 0
	case x < 0:
		x, sign = -x, float64(1-2*(n&1))
	}
	var r *big.Float
	switch {
	case y:
		_, _, y0, y1 := bigBessel01(x)
		r = bigRecurForward(n, x, y0, y1)
	case x <= 60 || float64(n) >= x:
		r = bigBesselJSeries(n, x)
	default:
		j0, j1, _, _ := bigBessel01(x)
		r = bigRecurForward(n, x, j0, j1)
	}
	v, _ := r.Float64()
	return sign * v
}

// besselNCase is one argument pair.
type besselNCase struct {
	n int32
	x float64
}

// besselNInputs are the test's (n, x): every n in -5..40 at specials,
// zeros and subnormals, both signs of x around each n (where the f32 and
// f64 forward and backward recurrences meet), random arguments over (0,
// 50) and a log-uniform spread up to 1e30 (for f32) or 1e300; then a few
// large orders (100, 128, 1000, with arguments below and beyond them).
func besselNInputs(f32 bool) []besselNCase {
	rng := rand.New(rand.NewSource(77))
	var cs []besselNCase
	top := 300.0
	if f32 {
		top = 30
	}
	for n := int32(-5); n <= 40; n++ {
		fn := float64(n)
		xs := []float64{0, math.Copysign(0, -1), math.Inf(1), math.Inf(-1), math.NaN(), 1e-40, 1e-310, -1e-30, 1e-17, 1e-14,
			-2e-13, 1e-12, 1e-8, 0.5,
			1, -1, 2.404825557695773, 8, 9, fn - 1, fn, fn + 1, fn + 2, math.Nextafter(fn+1, 0), math.Nextafter(fn+1, 100),
			-fn - 1.5, fn / 2, 1.5 * fn, 2 * fn, 1e5, 1e20, -3e7}
		for k := 0; k < 12; k++ {
			xs = append(xs, rng.Float64()*50, -rng.Float64()*50, math.Pow(10, rng.Float64()*top))
		}
		for _, x := range xs {
			cs = append(cs, besselNCase{n, x})
		}
	}
	for _, n := range []int32{100, 128, 1000} {
		fn := float64(n)
		for _, x := range []float64{0.5, 3, 30, fn / 2, fn - 1, fn, fn + 1, fn + 2, 1.2 * fn, 3 * fn, 1e6} {
			cs = append(cs, besselNCase{n, x}, besselNCase{n, -x})
		}
	}
	return cs
}

// besselNArgs pads cases to a power-of-two tile (repeating them) and
// splits them into the kernel's two arguments.
func besselNArgs(cs []besselNCase) (ns, xs []float64) {
	size := 1
	for size < len(cs) {
		size *= 2
	}
	for i := 0; i < size; i++ {
		c := cs[i%len(cs)]
		ns, xs = append(ns, float64(c.n)), append(xs, c.x)
	}
	return ns, xs
}

// besselNWorst keeps a symbol's worst error of one kind and where.
type besselNWorst struct {
	err float64
	at  besselNCase
}

func (w *besselNWorst) note(err float64, at besselNCase) {
	if err > w.err || err != err {
		w.err, w.at = err, at
	}
}

// TestLibdeviceBesselNF32Sim: __nv_jnf and __nv_ynf on NVIDIA, lowered and
// run in the simulator with and without Triton's FTZ reflect, give the
// models' bits for every (n, x) of besselNInputs; and the models are
// within CUDA's documented bounds of the exact functions: jnf 2.2e-6
// absolute (stated for n = 128; checked for every n up to 128), ynf
// ceil(2 + 2.5 n) ulps for x < n and 2.2e-6 absolute from there (n >= 2;
// for n = 0, 1 y0f's and y1f's: 9 ulps below 8, 2.2e-6 absolute beyond),
// where the exact value is a normal f32; except that libdevice's jnf is
// NaN at tiny |x| (its backward steps overflow), accepted where J_n is
// below 1e-30, and logged.
func TestLibdeviceBesselNF32Sim(t *testing.T) {
	cs := besselNInputs(true)
	ns, xs := besselNArgs(cs)
	c := externCase{args: []string{"i32", "f32"}, res: "f32", syms: []string{"__nv_jnf", "__nv_ynf"}}
	exact := make([][2]float64, len(cs))
	for i, bc := range cs {
		x := float64(float32(bc.x))
		if bc.n >= 0 && bc.n <= 1000 && normalOrZero32(x) {
			exact[i] = [2]float64{bigBesselN(int(bc.n), false, x), bigBesselN(int(bc.n), true, x)}
		}
	}
	forBothReflectsN(t, c, [][]float64{ns, xs}, func(t *testing.T, res [][]float64, mode libdeviceMode) {
		models := []func(int32, float32, libdeviceMode) float32{libdeviceJnf, libdeviceYnf}
		for k, sym := range c.syms {
			mismatches := 0
			var absWorst, ulpWorst, nanTiny besselNWorst
			for i := range ns {
				n, x := int32(ns[i]), float32(xs[i])
				got, want := float32(res[k][i]), models[k](n, x, mode)
				if math.Float32bits(got) != math.Float32bits(want) && !(got != got && want != want) {
					if mismatches++; mismatches <= 5 {
						t.Errorf("%s(%d, %v) = %v (%#x), libdevice %v (%#x)", sym, n, x, got, math.Float32bits(got), want, math.Float32bits(want))
					}
				}
				if i >= len(cs) || n < 0 || n > 128 || !normalOrZero32(float64(x)) || math.IsInf(float64(x), 0) || math.IsNaN(float64(x)) {
					continue
				}
				e := exact[i][k]
				if k == 1 && x <= 0 || math.IsNaN(e) || math.Abs(e) > math.MaxFloat32 || e != 0 && math.Abs(e) < 0x1p-126 {
					continue
				}
				if k == 0 && want != want && math.Abs(e) < 1e-30 {
					nanTiny.note(math.Abs(float64(x)), cs[i]) // libdevice's NaN where J_n is negligible
					continue
				}
				ax := math.Abs(float64(x))
				inUlps := k == 1 && (n >= 2 && ax < float64(n) || n < 2 && ax < 8)
				if inUlps {
					u := ulpDistance32(float32(e), want)
					ulpWorst.note(u, cs[i])
					bound := 9.0
					if n >= 2 {
						bound = math.Ceil(2 + 2.5*float64(n))
					}
					if u > bound {
						t.Errorf("%s(%d, %v) = %v, %g ulps from %v; libdevice's bound is %g", sym, n, x, want, u, e, bound)
					}
					continue
				}
				if k == 0 && n < 2 && ax < 8 {
					continue // j0f and j1f: checked in ulps by their own test
				}
				d := math.Abs(float64(want) - e)
				absWorst.note(d, cs[i])
				if d > 2.2e-6 || d != d {
					t.Errorf("%s(%d, %v) = %v, %g from %v; libdevice's bound is 2.2e-6", sym, n, x, want, d, e)
				}
			}
			if mismatches > 0 {
				t.Errorf("%s: %d of %d results differ from libdevice's", sym, mismatches, len(ns))
			}
			t.Logf("%s: at most %g absolute (at %v), %g ulps (at %v) from the exact value; NaN for |x| up to %g (at %v)",
				sym, absWorst.err, absWorst.at, ulpWorst.err, ulpWorst.at, nanTiny.err, nanTiny.at)
		}
	})
}

// TestLibdeviceBesselNF64Sim: __nv_jn and __nv_yn on NVIDIA, lowered and
// run in the simulator, give the models' bits for every (n, x) of
// besselNInputs; the models are within CUDA's documented bounds of the
// exact functions: jn 5e-12 absolute (stated for n = 128; checked for
// every n up to 128), yn 5e-12 absolute for x > 1.5 n (n >= 2; for n = 0,
// 1 y0's and y1's: 7 ulps below 8, 5e-12 absolute beyond). yn's error
// for x <= 1.5 n, where CUDA states no bound, is logged, as is jn's NaN
// at tiny |x| (accepted where J_n is below 1e-75).
func TestLibdeviceBesselNF64Sim(t *testing.T) {
	cs := besselNInputs(false)
	ns, xs := besselNArgs(cs)
	c := externCase{args: []string{"i32", "f64"}, res: "f64", syms: []string{"__nv_jn", "__nv_yn"}}
	res := simulateExternWith(t, c, [][]float64{ns, xs}, func(*ttgtogpu.Options) {})
	models := []func(int32, float64) float64{libdeviceJn, libdeviceYn}
	for k, sym := range c.syms {
		mismatches := 0
		var absWorst, ulpWorst, unbounded, nanTiny besselNWorst
		for i := range ns {
			n, x := int32(ns[i]), xs[i]
			got, want := res[k][i], models[k](n, x)
			if math.Float64bits(got) != math.Float64bits(want) && !(got != got && want != want) {
				if mismatches++; mismatches <= 5 {
					t.Errorf("%s(%d, %v) = %v (%#x), libdevice %v (%#x)", sym, n, x, got, math.Float64bits(got), want, math.Float64bits(want))
				}
			}
			if i >= len(cs) || n < 0 || n > 128 || math.IsInf(x, 0) || math.IsNaN(x) || k == 1 && x <= 0 {
				continue
			}
			e := bigBesselN(int(n), k == 1, x)
			if math.IsNaN(e) || math.IsInf(e, 0) || e != 0 && math.Abs(e) < 0x1p-1022 {
				continue
			}
			ax := math.Abs(x)
			switch {
			case k == 0 && want != want && math.Abs(e) < 1e-75:
				nanTiny.note(ax, cs[i]) // libdevice's NaN where J_n is negligible
			case n < 2 && ax < 8:
				u := ulpDistance(e, want)
				ulpWorst.note(u, cs[i])
				if u > 7 {
					t.Errorf("%s(%d, %v) = %v, %g ulps from %v; libdevice's bound is 7", sym, n, x, want, u, e)
				}
			case k == 1 && n >= 2 && ax <= 1.5*float64(n):
				unbounded.note(ulpDistance(e, want), cs[i])
			default:
				d := math.Abs(want - e)
				absWorst.note(d, cs[i])
				if d > 5e-12 || d != d {
					t.Errorf("%s(%d, %v) = %v, %g from %v; libdevice's bound is 5e-12", sym, n, x, want, d, e)
				}
			}
		}
		if mismatches > 0 {
			t.Errorf("%s: %d of %d results differ from libdevice's", sym, mismatches, len(ns))
		}
		t.Logf("%s: at most %g absolute (at %v), %g ulps for n < 2 below 8 (at %v); %g ulps where no bound is stated (at %v); NaN for |x| up to %g (at %v)",
			sym, absWorst.err, absWorst.at, ulpWorst.err, ulpWorst.at, unbounded.err, unbounded.at, nanTiny.err, nanTiny.at)
	}
}

// TestLibdeviceBesselNRefusedUnbranched: where tt cannot branch (the
// partitions of a ttg.warp_specialize, single blocks until the
// warp-specialization lowering) the recurrences' loops cannot be
// emitted: __nv_jnf, __nv_ynf, __nv_jn and __nv_yn are refused there
// with a located error naming the function rather than unrolled to some
// bound. (A reduction's combine region is inlined into the function's
// body, where they lower.)
func TestLibdeviceBesselNRefusedUnbranched(t *testing.T) {
	for _, f := range []struct{ sym, ty string }{{"__nv_jnf", "f32"}, {"__nv_ynf", "f32"}, {"__nv_jn", "f64"}, {"__nv_yn", "f64"}} {
		src := fmt.Sprintf(`#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @ws(%%in: !tt.ptr<%[2]s>, %%out: !tt.ptr<%[2]s>) {
    ttg.warp_specialize(%%in, %%out)
    default {
      ttg.warp_yield
    }
    partition0(%%src: !tt.ptr<%[2]s>, %%dst: !tt.ptr<%[2]s>) num_warps(1) {
      %%r = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #blocked>
      %%p = tt.splat %%src : !tt.ptr<%[2]s> -> tensor<128x!tt.ptr<%[2]s>, #blocked>
      %%q = tt.addptr %%p, %%r : tensor<128x!tt.ptr<%[2]s>, #blocked>, tensor<128xi32, #blocked>
      %%x = tt.load %%q : tensor<128x!tt.ptr<%[2]s>, #blocked>
      %%n = arith.constant dense<3> : tensor<128xi32, #blocked>
      %%y = tt.extern_elementwise %%n, %%x {libname = "", libpath = "", pure = true, symbol = "%[1]s"} : (tensor<128xi32, #blocked>, tensor<128x%[2]s, #blocked>) -> tensor<128x%[2]s, #blocked>
      %%d = tt.splat %%dst : !tt.ptr<%[2]s> -> tensor<128x!tt.ptr<%[2]s>, #blocked>
      %%e = tt.addptr %%d, %%r : tensor<128x!tt.ptr<%[2]s>, #blocked>, tensor<128xi32, #blocked>
      tt.store %%e, %%y : tensor<128x!tt.ptr<%[2]s>, #blocked>
      ttg.warp_return
    } : (!tt.ptr<%[2]s>, !tt.ptr<%[2]s>) -> ()
    tt.return
  }
}`, f.sym, f.ty)
		err := lowerErr(parse(t, src))
		if err == nil || !strings.Contains(err.Error(), "'"+f.sym+"' recurs over its order n") {
			t.Errorf("%s in a warp-specialized partition: %v, want a located refusal", f.sym, err)
		} else {
			t.Logf("%s: %v", f.sym, err)
		}
	}
}

// TestLibdeviceBesselNSpecials: the models' values at libdevice's
// documented special cases (NaN for n < 0 and, for Y, x < 0; -inf for Y
// at 0; +0 at +inf; NaN at NaN) for orders 2..40, and the quirks of its
// code: J_n(0) is NaN for n >= 2 (the backward recurrence divides by x)
// and f64 Y_n(-0) is +inf (-(2/pi)/x of x itself).
func TestLibdeviceBesselNSpecials(t *testing.T) {
	inf, nan := math.Inf(1), math.NaN()
	same := func(a, b float64) bool { return math.Float64bits(a) == math.Float64bits(b) || a != a && b != b }
	for _, mode := range []libdeviceMode{{ftz: true, fuse: true}, {ftz: false, fuse: true}} {
		for n := int32(2); n <= 40; n++ {
			cases := []struct {
				name      string
				got, want float64
			}{
				{"jnf(-n, 1)", float64(libdeviceJnf(-n, 1, mode)), nan},
				{"jnf(n, NaN)", float64(libdeviceJnf(n, float32(nan), mode)), nan},
				{"jnf(n, +inf)", float64(libdeviceJnf(n, float32(inf), mode)), 0},
				{"jnf(n, 0)", float64(libdeviceJnf(n, 0, mode)), nan},
				{"ynf(-n, 1)", float64(libdeviceYnf(-n, 1, mode)), nan},
				{"ynf(n, -1)", float64(libdeviceYnf(n, -1, mode)), nan},
				{"ynf(n, 0)", float64(libdeviceYnf(n, 0, mode)), -inf},
				{"ynf(n, -0)", float64(libdeviceYnf(n, float32(math.Copysign(0, -1)), mode)), -inf},
				{"ynf(n, +inf)", float64(libdeviceYnf(n, float32(inf), mode)), 0},
				{"ynf(n, NaN)", float64(libdeviceYnf(n, float32(nan), mode)), nan},
				{"jn(-n, 1)", libdeviceJn(-n, 1), nan},
				{"jn(n, NaN)", libdeviceJn(n, nan), nan},
				{"jn(n, +inf)", libdeviceJn(n, inf), 0},
				{"jn(n, 0)", libdeviceJn(n, 0), nan},
				{"yn(-n, 1)", libdeviceYn(-n, 1), nan},
				{"yn(n, -1)", libdeviceYn(n, -1), nan},
				{"yn(n, 0)", libdeviceYn(n, 0), -inf},
				{"yn(n, -0)", libdeviceYn(n, math.Copysign(0, -1)), inf},
				{"yn(n, +inf)", libdeviceYn(n, inf), 0},
				{"yn(n, NaN)", libdeviceYn(n, nan), nan},
			}
			for _, c := range cases {
				if !same(c.got, c.want) {
					t.Errorf("%s with n = %d (ftz %v) = %v, want %v", c.name, n, mode.ftz, c.got, c.want)
				}
			}
		}
	}
}
