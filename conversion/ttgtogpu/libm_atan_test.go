package ttgtogpu_test

import (
	"math"
	"math/big"
	"math/rand"
	"strings"
	"testing"
)

var bigPiRef = new(big.Float).SetPrec(bigPrec).Set(gaussPi(bigPrec))

// bigAtanOf is atan(v) for v >= 0 in bigPrec bits: v > 1 inverted, then
// three halvings v -> v/(1 + sqrt(1 + v^2)) and the series.
func bigAtanOf(v *big.Float) *big.Float {
	v = new(big.Float).SetPrec(bigPrec).Set(v)
	inv := v.Cmp(bigF(1)) > 0
	if inv {
		v.Quo(bigF(1), v)
	}
	for i := 0; i < 3; i++ {
		s := new(big.Float).SetPrec(bigPrec).Mul(v, v)
		s.Sqrt(s.Add(s, bigF(1)))
		v.Quo(v, s.Add(s, bigF(1)))
	}
	v2 := new(big.Float).SetPrec(bigPrec).Mul(v, v)
	sum, pow := bigF(0), new(big.Float).SetPrec(bigPrec).Set(v)
	for n := 0; n < 90; n++ {
		term := new(big.Float).SetPrec(bigPrec).Quo(pow, bigF(float64(2*n+1)))
		if n%2 == 1 {
			term.Neg(term)
		}
		sum.Add(sum, term)
		pow.Mul(pow, v2)
	}
	sum.Mul(sum, bigF(8))
	if inv {
		half := new(big.Float).SetPrec(bigPrec).Quo(bigPiRef, bigF(2))
		sum.Sub(half, sum)
	}
	return sum
}

// bigAtan2Of is atan2 from the big values of |y| and |x| (not both 0 or
// infinite) and the signs.
func bigAtan2Of(ay, ax *big.Float, yNeg, xNeg bool) float64 {
	var a *big.Float
	switch {
	case ay.Sign() == 0:
		a = bigF(0)
	case ax.Sign() == 0:
		a = new(big.Float).SetPrec(bigPrec).Quo(bigPiRef, bigF(2))
	default:
		a = bigAtanOf(new(big.Float).SetPrec(bigPrec).Quo(ay, ax))
	}
	if xNeg {
		a.Sub(bigPiRef, a)
	}
	v, _ := a.Float64()
	if yNeg {
		v = -v
	}
	return v
}

func bigAtan2(y, x float64) float64 {
	if math.IsNaN(x) || math.IsNaN(y) || math.IsInf(x, 0) || math.IsInf(y, 0) {
		return math.Atan2(y, x)
	}
	return bigAtan2Of(bigF(math.Abs(y)), bigF(math.Abs(x)), math.Signbit(y), math.Signbit(x))
}

// bigAsinAcos is asin(x) or acos(x): atan2 of x and sqrt(1 - x^2) in big.
func bigAsinAcos(x float64, acos bool) float64 {
	if math.IsNaN(x) || math.Abs(x) > 1 {
		return math.NaN()
	}
	c := new(big.Float).SetPrec(bigPrec).Mul(bigF(x), bigF(x))
	c.Sqrt(c.Sub(bigF(1), c))
	if acos {
		return bigAtan2Of(c, bigF(math.Abs(x)), false, x < 0)
	}
	return bigAtan2Of(bigF(math.Abs(x)), c, math.Signbit(x), false)
}

func bigTan(x float64) float64 {
	if math.IsNaN(x) || math.IsInf(x, 0) || x == 0 {
		return math.Tan(x)
	}
	s, c := bigSinCosOf(x)
	v, _ := s.Quo(s, c).Float64()
	return v
}

// TestAtanSim runs atan, asin, acos, tan (one argument) and atan2 in f64
// and f32, lowered in the simulator and in the interpreter: within
// libdevice's bounds (2 ulps for each in f64; f32 1 ulp, one rounding of
// the f64 value) of the correctly rounded value, special cases exactly,
// and the interpreter (Go's math package) within 2 ulps.
func TestAtanSim(t *testing.T) {
	const n = 1024
	unary := []struct {
		name string
		ref  func(float64) float64
	}{
		{"atan", func(x float64) float64 {
			if math.IsNaN(x) || math.IsInf(x, 0) {
				return math.Atan(x)
			}
			return bigAtan2(x, 1)
		}},
		{"asin", func(x float64) float64 { return bigAsinAcos(x, false) }},
		{"acos", func(x float64) float64 { return bigAsinAcos(x, true) }},
		{"tan", bigTan},
	}
	r := rand.New(rand.NewSource(19))
	x := []float64{0, math.Copysign(0, -1), 1, -1, 0.5, -0.5, 1 - 0x1p-53, -1 + 0x1p-53, 1 + 0x1p-52, 2, 1e-300, 1e-9,
		0.0625, 0.1875, 0.9375, 16, 1e16, 1e300, math.Pi / 2, math.Pi / 4, 1e22, 0x1p30, math.MaxFloat64,
		math.SmallestNonzeroFloat64, math.Inf(1), math.Inf(-1), math.NaN()}
	for len(x) < n/2 {
		x = append(x, r.Float64()*2-1)
	}
	for len(x) < 3*n/4 {
		x = append(x, r.NormFloat64()*10)
	}
	for len(x) < n {
		x = append(x, math.Copysign(math.Exp2((r.Float64()*2-1)*1000), r.Float64()-0.5))
	}
	// atan2's y: specials crossed with x's specials, then random.
	y := make([]float64, n)
	sp := []float64{0, math.Copysign(0, -1), 1, -1, math.Inf(1), math.Inf(-1), math.NaN(), 1e-300, 1e300}
	for i := range y {
		if i < len(sp)*len(sp) {
			x[i], y[i] = sp[i%len(sp)], sp[i/len(sp)]
		} else {
			y[i] = r.NormFloat64() * math.Exp2(float64(r.Intn(40)-20))
		}
	}
	for _, ty := range []string{"f64", "f32"} {
		t.Run(ty, func(t *testing.T) {
			sfx := map[string]string{"f64": "", "f32": "f"}[ty]
			tol := map[string]float64{"f64": 2, "f32": 1}[ty]
			xs, ys := make([]float64, n), make([]float64, n)
			for i := range xs {
				xs[i], ys[i] = roundTo(ty, x[i]), roundTo(ty, y[i])
			}
			var syms []string
			for _, u := range unary {
				syms = append(syms, "__nv_"+u.name+sfx)
			}
			check := func(sym string, got, want, ip float64, args ...float64) float64 {
				d := ulpsIn(ty, want, got)
				if d > tol {
					t.Errorf("%s%v = %v, want %v (%g ulps)", sym, args, got, want, d)
				}
				// Go's math.Sincos, the interpreter's tan, reduces
				// arguments from 2^29 on to within tens of ulps only;
				// the comparison with the interpreter stops there.
				if strings.HasPrefix(sym, "__nv_tan") && math.Abs(args[0]) >= 0x1p29 {
					return d
				}
				if di := ulpsIn(ty, ip, got); di > 2*tol {
					t.Errorf("%s%v = %v, the interpreter %v", sym, args, got, ip)
				}
				return d
			}
			forTargets(t, func(t *testing.T, tg gpuTarget) {
				if libdeviceModelled(tg, ty) {
					return
				}
				res := externCase{args: []string{ty}, res: ty, syms: syms}.run(t, tg, [][]float64{xs})
				for k, u := range unary {
					worst := 0.0
					for i, v := range xs {
						worst = math.Max(worst, check(syms[k], res.sim[k][i], roundTo(ty, u.ref(v)), res.interp[k][i], v))
					}
					t.Logf("%s: at most %g ulps from the correctly rounded value", syms[k], worst)
				}
				sym := "__nv_atan2" + sfx
				res = externCase{args: []string{ty, ty}, res: ty, syms: []string{sym}}.run(t, tg, [][]float64{ys, xs})
				worst := 0.0
				for i := range xs {
					worst = math.Max(worst, check(sym, res.sim[0][i], roundTo(ty, bigAtan2(ys[i], xs[i])), res.interp[0][i], ys[i], xs[i]))
				}
				t.Logf("%s: at most %g ulps from the correctly rounded value", sym, worst)
			})
		})
	}
}
