package numeric

import (
	"math"
	"math/big"
	"math/rand"
	"testing"
)

// bigBessel is the function at x from its defining series at 1500 bits
// (exact to far below an f64 ulp for |x| <= 60): J and I from their
// Maclaurin series, Y from A&S 9.1.11/9.1.13 with ln(x/2) computed by
// big-float series.
func bigBessel(k BesselKind, x float64) float64 {
	const prec = 1500
	f := func(v float64) *big.Float { return new(big.Float).SetPrec(prec).SetFloat64(v) }
	n := k.Order()
	half := f(x / 2)
	q := new(big.Float).SetPrec(prec).Mul(half, half) // x^2/4
	if k < BesselI0 {
		q.Neg(q)
	}
	// sum_k q^k / (k! (k+n)!) times (x/2)^n, and the same weighted by
	// psi(k+1) + psi(k+n+1) (without the gammas) for Y.
	sum, wsum := f(0), f(0)
	term := f(1)
	if n == 1 {
		term = new(big.Float).SetPrec(prec).Set(half)
	}
	h := f(0) // H_k
	eps := new(big.Float).SetMantExp(f(1), -prec)
	for i := 0; i < 2000; i++ {
		sum.Add(sum, term)
		hn := new(big.Float).SetPrec(prec).Add(h, new(big.Float).SetPrec(prec).Quo(f(1), f(float64(i+n))))
		if n == 0 {
			hn = h
		}
		// psi(k+1)+psi(k+n+1) + 2 gamma = H_k + H_{k+n}
		wsum.Add(wsum, new(big.Float).SetPrec(prec).Mul(term, new(big.Float).SetPrec(prec).Add(h, hn)))
		term = new(big.Float).SetPrec(prec).Mul(term, q)
		term.Quo(term, f(float64((i+1)*(i+1+n))))
		h = new(big.Float).SetPrec(prec).Add(h, new(big.Float).SetPrec(prec).Quo(f(1), f(float64(i+1))))
		if i > 10 && new(big.Float).Abs(term).Cmp(eps) < 0 {
			break
		}
	}
	if k < BesselY0 || k >= BesselI0 {
		v, _ := sum.Float64()
		return v
	}
	b := newBesselBig()
	pi := new(big.Float).SetPrec(prec).Set(b.pi)
	lnHalf := bigLn(x/2, prec)
	lg := new(big.Float).SetPrec(prec).Add(lnHalf, b.gamma)
	y := new(big.Float).SetPrec(prec).Mul(lg, sum)
	y.Mul(y, f(2))
	// A&S 9.1.13: Y0 = (2/pi) [(ln(x/2) + gamma) J0 + sum (-1)^(k+1) H_k
	// (x^2/4)^k / (k!)^2].
	if n == 0 {
		// wsum = sum 2 H_k (-x^2/4)^k / (k!)^2.
		y.Sub(y, wsum)
		y.Quo(y, pi)
	} else {
		// Y1 = (2/pi) ln(x/2) J1 - 2/(pi x) - (1/pi) sum (psi(k+1)+psi(k+2)) ...
		// with psi sums = H_k + H_{k+1} - 2 gamma: -(1/pi)(wsum - 2 gamma J1).
		y.Sub(y, wsum)
		y.Sub(y, new(big.Float).SetPrec(prec).Quo(f(2), f(x)))
		y.Quo(y, pi)
	}
	v, _ := y.Float64()
	return v
}

// bigLn is ln(v) for v > 0: v = 2^e m, ln m = 2 atanh((m-1)/(m+1)).
func bigLn(v float64, prec uint) *big.Float {
	fr, e := math.Frexp(v)
	f := func(v float64) *big.Float { return new(big.Float).SetPrec(prec).SetFloat64(v) }
	at := func(s *big.Float) *big.Float {
		s2 := new(big.Float).SetPrec(prec).Mul(s, s)
		sum, t := f(0), new(big.Float).SetPrec(prec).Set(s)
		for k := 0; k < 5000; k++ {
			sum.Add(sum, new(big.Float).SetPrec(prec).Quo(t, f(float64(2*k+1))))
			t.Mul(t, s2)
			if t.Sign() == 0 || t.MantExp(nil) < -int(prec) {
				break
			}
		}
		return sum.Mul(sum, f(2))
	}
	m := f(fr)
	lnm := at(new(big.Float).SetPrec(prec).Quo(new(big.Float).SetPrec(prec).Sub(m, f(1)), new(big.Float).SetPrec(prec).Add(m, f(1))))
	ln2 := at(new(big.Float).SetPrec(prec).Quo(f(1), f(3)))
	return lnm.Add(lnm, ln2.Mul(ln2, f(float64(e))))
}

func TestBesselTableValues(t *testing.T) {
	// Published values (A&S tables, 20 digits).
	cases := []struct {
		k    BesselKind
		x, v float64
	}{
		{BesselJ0, 1, 0.76519768655796655145}, {BesselJ1, 1, 0.44005058574493351596},
		{BesselY0, 1, 0.088256964215676957983}, {BesselY1, 1, -0.78121282130028871655},
		{BesselI0, 1, 1.2660658777520083356}, {BesselI1, 1, 0.56515910399248502721},
		{BesselJ0, 10, -0.24593576445134833520}, {BesselY0, 10, 0.055671167283599391424},
		{BesselI0, 10, 2815.7166284662544715}, {BesselJ1, 30, -0.11875106261662294417},
	}
	for _, c := range cases {
		if got := Bessel(c.k).Eval(c.x); math.Abs(got-c.v) > 4e-16*math.Max(1, math.Abs(c.v)) {
			t.Errorf("kind %d at %v = %.17g, want %.17g", c.k, c.x, got, c.v)
		}
		if got := bigBessel(c.k, c.x); c.x < 30 && math.Abs(got-c.v) > 1e-16*math.Max(1, math.Abs(c.v)) {
			t.Errorf("reference kind %d at %v = %.17g, want %.17g", c.k, c.x, got, c.v)
		}
	}
}

// TestBesselAccuracy compares Eval with the 1500-bit series over
// [-60, 60] (J, Y: absolute error against the function's envelope, as
// libdevice specifies them; I: relative error) and with Go's math
// package beyond.
func TestBesselAccuracy(t *testing.T) {
	r := rand.New(rand.NewSource(3))
	var xs []float64
	for i := 0; i < 200; i++ {
		xs = append(xs, (r.Float64()*2-1)*60)
	}
	xs = append(xs, 0, 1e-300, 1e-20, 1e-8, 3.99999999, 4, 7.99, 8, 23.999999, 24, 2.404825557695773, 3.8317059702075125, 0.8935769662791675)
	for k := BesselJ0; k <= BesselI1; k++ {
		worst := 0.0
		for _, x := range xs {
			if k >= BesselY0 && k < BesselI0 && x <= 0 {
				continue
			}
			want := bigBessel(k, x)
			got := Bessel(k).Eval(x)
			var err float64
			if want == 0 {
				err = math.Abs(got) / 0x1p-1074
			} else if k >= BesselI0 {
				err = math.Abs(got-want) / math.Abs(want) / 0x1p-52
			} else {
				env := math.Min(1, math.Sqrt(2/(math.Pi*math.Abs(x)))) // the envelope
				if k >= BesselY0 && x < 1 {
					env = math.Max(1, math.Abs(want))
				}
				err = math.Abs(got-want) / env / 0x1p-52
			}
			if err > 8 || math.IsNaN(err) {
				t.Errorf("kind %d at %v = %.17g, want %.17g (%.3g ulps)", k, x, got, want, err)
			}
			worst = math.Max(worst, err)
		}
		t.Logf("kind %d: worst %.3g ulps of the envelope", k, worst)
	}
}

// TestBesselLargeAndSpecial checks large arguments against Go's math
// package (J, Y; within 1e-15 of the envelope) and the special values.
func TestBesselLargeAndSpecial(t *testing.T) {
	goFns := map[BesselKind]func(float64) float64{BesselJ0: math.J0, BesselJ1: math.J1, BesselY0: math.Y0, BesselY1: math.Y1}
	for k, f := range goFns {
		for _, x := range []float64{61, 100, 1234.5, 1e5, 3e8, 0x1p30 + 7, 1e15, 1e300} {
			got, want := Bessel(k).Eval(x), f(x)
			if env := math.Sqrt(2 / (math.Pi * x)); math.Abs(got-want) > 1e-15*env {
				t.Errorf("kind %d at %v = %.17g, Go's math %.17g", k, x, got, want)
			}
		}
	}
	inf, nan := math.Inf(1), math.NaN()
	special := []struct {
		k    BesselKind
		x, v float64
	}{
		{BesselJ0, inf, 0}, {BesselJ0, -inf, 0}, {BesselJ1, -inf, 0}, {BesselY0, 0, -inf}, {BesselY1, 0, -inf},
		{BesselY0, -1, nan}, {BesselY1, -inf, nan}, {BesselY0, inf, 0}, {BesselI0, -inf, inf}, {BesselI1, -inf, -inf},
		{BesselI0, 714, inf}, {BesselI1, -714, -inf}, {BesselJ1, 0, 0}, {BesselI1, 0, 0}, {BesselI0, 0, 1}, {BesselJ0, nan, nan},
	}
	for _, c := range special {
		got := Bessel(c.k).Eval(c.x)
		if !(got == c.v || math.IsNaN(got) && math.IsNaN(c.v)) {
			t.Errorf("kind %d at %v = %v, want %v", c.k, c.x, got, c.v)
		}
	}
	// I near overflow: e^x/sqrt(2 pi x) times the series, against math.Exp.
	if got, want := Bessel(BesselI0).Eval(700), math.Exp(700)/math.Sqrt(2*math.Pi*700)*(1+1/(8*700.)+9/(128*700.*700)); math.Abs(got/want-1) > 1e-8 {
		t.Errorf("I0(700) = %v, want about %v", got, want)
	}
}
