package numeric

import (
	"math"
	"math/big"
	"math/rand"
	"testing"
)

// TestPowAccuracy checks Pow against exp(y ln x) evaluated from 300-bit
// logarithms (bigLn) and Go's math.Pow for the special cases, which
// follow C99 as Pow must: within 1 ulp over random bases and exponents,
// including bases near 1 with large exponents, where log x must be
// precise to about 2^-64.
func TestPowAccuracy(t *testing.T) {
	const prec = 300
	ln2 := bigLn(2, prec)
	ref := func(x, y float64) float64 {
		l := bigLn(math.Abs(x), prec)
		l.Mul(l, new(big.Float).SetPrec(prec).SetFloat64(y))
		// e^l = 2^k e^r, r = l - k ln2, by its Taylor series.
		lf, _ := l.Float64()
		k := math.Round(lf / math.Ln2)
		r := new(big.Float).SetPrec(prec).Sub(l, new(big.Float).SetPrec(prec).Mul(ln2, big.NewFloat(k)))
		sum, term := big.NewFloat(1).SetPrec(prec), big.NewFloat(1).SetPrec(prec)
		for n := 1; n < 60; n++ {
			term.Mul(term, r)
			term.Quo(term, big.NewFloat(float64(n)))
			sum.Add(sum, term)
		}
		v, _ := sum.SetMantExp(sum, int(k)).Float64()
		if x < 0 && math.Mod(y, 2) != 0 {
			v = -v
		}
		return v
	}
	r := rand.New(rand.NewSource(1))
	for i := 0; i < 3000; i++ {
		var x, y float64
		switch i % 3 {
		case 0:
			x = math.Exp2((r.Float64()*2 - 1) * 1000)
			y = (r.Float64()*2 - 1) * 1000 / math.Max(math.Abs(math.Log2(x)), 1)
		case 1:
			x = 1 + math.Exp2(-r.Float64()*50)*(r.Float64()*2-1)
			y = (r.Float64()*2 - 1) * 700 / math.Abs(math.Log(x))
		case 2:
			x, y = -math.Exp(r.NormFloat64()*3), math.Round(r.NormFloat64()*40)
		}
		if x == 1 {
			continue // y is infinite; the specials below cover it
		}
		got, want := Pow(x, y), ref(x, y)
		if got != want && math.Abs(got-want) > math.Abs(want)*0x1p-52 {
			t.Errorf("Pow(%v, %v) = %v, want %v", x, y, got, want)
		}
	}
	// Special cases exactly (the ordinary values among them within an ulp).
	specials := []float64{0, math.Copysign(0, -1), 1, -1, 2, -2, 0.5, -0.5, 3, -3, 1.5, -1.5, math.Inf(1), math.Inf(-1), math.NaN()}
	for _, x := range specials {
		for _, y := range specials {
			got, want := Pow(x, y), math.Pow(x, y)
			if want != 0 && !math.IsInf(want, 0) && math.Abs(got-want) <= math.Abs(want)*0x1p-52 {
				continue // an ordinary value, within an ulp
			}
			if math.Float64bits(got) != math.Float64bits(want) && !(got != got && want != want) {
				t.Errorf("Pow(%v, %v) = %v, want %v", x, y, got, want)
			}
		}
	}
}

// TestSplitConstants checks the hi + lo splits of ln 10 and log10 e that
// the compiler's constant arithmetic makes against the same splits made
// in 300-bit arithmetic.
func TestSplitConstants(t *testing.T) {
	split := func(decimal string) (hi, lo float64) {
		v, _, err := big.ParseFloat(decimal, 10, 300, big.ToNearestEven)
		if err != nil {
			t.Fatal(err)
		}
		hi, _ = v.Float64()
		lo, _ = v.Sub(v, new(big.Float).SetFloat64(hi)).Float64()
		return hi, lo
	}
	for _, c := range []struct {
		decimal string
		hi, lo  float64
	}{
		{"2.30258509299404568401799145468436420760110148862877297603332790096757260967735248023599720508959829834196778404228", Ln10Hi, Ln10Lo},
		{"0.43429448190325182765112891891660508229439700580366656611445378316586464920887077472922494933843174831870610674476630", Log10eHi, Log10eLo},
	} {
		if hi, lo := split(c.decimal); hi != c.hi || lo != c.lo {
			t.Errorf("%s: split %v + %v, want %v + %v", c.decimal, c.hi, c.lo, hi, lo)
		}
	}
}
