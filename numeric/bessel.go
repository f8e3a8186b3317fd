package numeric

import (
	"math"
	"math/big"
	"sync"
)

// Bessel functions of the first and second kind (J0, J1, Y0, Y1) and the
// modified ones of the first kind (I0, I1), which Triton's libdevice
// exposes (__nv_j0, __nv_y1, __nv_cyl_bessel_i0, ...). The GPU lowering
// (conversion/ttgtogpu) evaluates the tables below with f64 arithmetic;
// BesselTable.Eval is the same algorithm in Go, which the interpreter uses
// for I0 and I1 (Go's math package has no modified Bessel functions).
//
// J and Y, for |x| below BesselAsymptotic:
//
//	|x| < BesselTaylorStart  the Maclaurin series, J0 = P(x^2),
//	                         J1 = x P(x^2)
//	up to BesselAsymptotic   a Taylor polynomial in t = |x| - m around
//	                         the midpoint m of the interval of width 4
//	                         that |x| falls in
//
// Y has a logarithmic singularity at 0: Y0 = (2/pi) ln(x) J0 + S0 and
// Y1 = (2/pi) ln(x) J1 - 2/(pi x) + S1 with S0 and S1 entire (the series
// of A&S 9.1.11 and 9.1.13 without their ln(x) terms), so Y is computed
// from J's tables and S's, built the same way.
//
// From BesselAsymptotic on, Hankel's expansion: with chi = x - (2n+1)pi/4,
//
//	J_n = sqrt(2/(pi x)) (P cos chi - Q sin chi)
//	Y_n = sqrt(2/(pi x)) (P sin chi + Q cos chi)
//
// P = sum (-1)^k a_2k / x^2k, Q = sum (-1)^k a_2k+1 / x^(2k+1),
// a_k = prod_{j<=k} (4n^2 - (2j-1)^2) / (k! 8^k). The series diverges; its
// smallest term at x = 24 is below 1e-17, which is why the polynomial
// pieces reach that far.
//
// I0 and I1 have no cancellation in their Maclaurin series (all terms
// positive), which is used up to BesselAsymptotic; beyond,
// I_n = e^x / sqrt(2 pi x) sum (-1)^k a_k / x^k.
//
// Every coefficient is computed once, on first use, in 320-bit arithmetic
// from the series (whose cancellation at |x| <= 26 costs under 40 bits)
// and rounded to f64.

const (
	// BesselTaylorStart is where the Maclaurin pieces of J and S end.
	BesselTaylorStart = 4.0
	// BesselAsymptotic is where the asymptotic expansions take over.
	BesselAsymptotic = 24.0
	// BesselTaylorHalf is half the width of a Taylor piece.
	BesselTaylorHalf = 2.0

	besselPrec       = 320
	besselSmallDeg   = 17 // J, S: in x^2, on |x| < 4
	besselTaylorDeg  = 26 // in t, |t| <= 2
	besselIDeg       = 42 // I: in x^2, on |x| < 24
	besselAsymTerms  = 22 // Hankel terms (a_0 .. a_21)
	besselSeriesTerm = 90 // Maclaurin terms behind the Taylor shifts
)

// BesselKind names one of the six functions.
type BesselKind int

const (
	BesselJ0 BesselKind = iota
	BesselJ1
	BesselY0
	BesselY1
	BesselI0
	BesselI1
)

// Order is the function's order n (0 or 1).
func (k BesselKind) Order() int { return int(k) % 2 }

// BesselPiece is a polynomial approximation: Small, the Maclaurin
// coefficients in x^2 (times x for order 1) for |x| < BesselTaylorStart
// (J, S) or BesselAsymptotic (I); Taylor[i], the coefficients in
// t = |x| - Mids[i] (J, S only).
type BesselPiece struct {
	Small  []float64
	Mids   []float64
	Taylor [][]float64
}

// BesselTable holds everything one function needs. For Y, Reg is S (the
// entire part) and J is the matching J's piece; for J, Reg is J itself;
// for I, Reg.Small is the series. P and Q (J, Y) are the Hankel series in
// 1/x^2 (Q without its leading 1/x); Asym (I) is the series in 1/x.
type BesselTable struct {
	Kind BesselKind
	Reg  BesselPiece
	J    *BesselPiece
	P, Q []float64
	Asym []float64
}

var besselTables = sync.OnceValue(buildBesselTables)

// Bessel returns the table of one function.
func Bessel(k BesselKind) *BesselTable { return besselTables()[k] }

// besselTwoOverPi is 2/pi rounded to f64.
const besselTwoOverPi = 2 / math.Pi

func buildBesselTables() []*BesselTable {
	b := newBesselBig()
	jSeries := [2][]*big.Float{b.jSeries(0), b.jSeries(1)}
	sSeries := [2][]*big.Float{b.s0Series(), b.s1Series()}
	iSeries := [2][]*big.Float{b.iSeries(0), b.iSeries(1)}
	jPiece := [2]*BesselPiece{b.piece(jSeries[0], 0), b.piece(jSeries[1], 1)}
	tabs := make([]*BesselTable, 6)
	for n := 0; n < 2; n++ {
		p, q := b.hankel(n)
		tabs[BesselJ0+BesselKind(n)] = &BesselTable{Kind: BesselJ0 + BesselKind(n), Reg: *jPiece[n], J: jPiece[n], P: p, Q: q}
		tabs[BesselY0+BesselKind(n)] = &BesselTable{Kind: BesselY0 + BesselKind(n), Reg: *b.piece(sSeries[n], n), J: jPiece[n], P: p, Q: q}
		tabs[BesselI0+BesselKind(n)] = &BesselTable{Kind: BesselI0 + BesselKind(n),
			Reg: BesselPiece{Small: b.evenPart(iSeries[n], n, besselIDeg)}, Asym: b.iAsym(n)}
	}
	return tabs
}

// besselBig is the 320-bit arithmetic of the coefficient computation.
type besselBig struct{ pi, gamma, ln2 *big.Float }

func newBesselBig() *besselBig {
	parse := func(s string) *big.Float {
		v, _, err := big.ParseFloat(s, 10, besselPrec, big.ToNearestEven)
		if err != nil {
			panic(err)
		}
		return v
	}
	return &besselBig{
		pi:    parse("3.14159265358979323846264338327950288419716939937510582097494459230781640628620899862803482534211706798214808651328230664709384460955058223172535940812848111745"),
		gamma: parse("0.57721566490153286060651209008240243104215933593992359880576723488486772677766467093694706329174674951463144724980708248096050401448654283622417399764492353625"),
		ln2:   parse("0.69314718055994530941723212145817656807550013436025525412068000949339362196969471560586332699641868754200148102057068573368552023575813055703267075163507596193"),
	}
}

func (b *besselBig) f(v float64) *big.Float { return new(big.Float).SetPrec(besselPrec).SetFloat64(v) }
func (b *besselBig) mul(x, y *big.Float) *big.Float {
	return new(big.Float).SetPrec(besselPrec).Mul(x, y)
}
func (b *besselBig) quo(x, y *big.Float) *big.Float {
	return new(big.Float).SetPrec(besselPrec).Quo(x, y)
}
func (b *besselBig) add(x, y *big.Float) *big.Float {
	return new(big.Float).SetPrec(besselPrec).Add(x, y)
}

// jSeries is J_n's Maclaurin series: coefficient i of x^i.
func (b *besselBig) jSeries(n int) []*big.Float {
	c := make([]*big.Float, 2*besselSeriesTerm+2)
	for i := range c {
		c[i] = b.f(0)
	}
	// (-1)^k / (k! (k+n)! 2^(2k+n))
	t := b.quo(b.f(1), b.f(math.Ldexp(1, n)))
	for k := 0; k < besselSeriesTerm; k++ {
		if k > 0 {
			t = b.quo(t, b.f(float64(-4*k*(k+n))))
		}
		c[2*k+n] = t
	}
	return c
}

// iSeries is I_n's: J_n's without the alternating sign.
func (b *besselBig) iSeries(n int) []*big.Float {
	c := b.jSeries(n)
	for i := range c {
		c[i] = new(big.Float).Abs(c[i])
	}
	return c
}

// s0Series is S0 = Y0 - (2/pi) ln(x) J0: (2/pi) ((gamma - ln 2) J0(x) +
// sum_{k>=1} (-1)^(k+1) H_k (x^2/4)^k / (k!)^2).
func (b *besselBig) s0Series() []*big.Float {
	j := b.jSeries(0)
	twoOverPi := b.quo(b.f(2), b.pi)
	g := new(big.Float).SetPrec(besselPrec).Sub(b.gamma, b.ln2)
	h := b.f(0)
	c := make([]*big.Float, len(j))
	for i := range c {
		c[i] = b.mul(g, j[i])
	}
	for k := 1; k < besselSeriesTerm; k++ {
		h = b.add(h, b.quo(b.f(1), b.f(float64(k))))
		// j[2k] = (-1)^k / ((k!)^2 4^k); the sum's term is -H_k j[2k].
		c[2*k] = new(big.Float).SetPrec(besselPrec).Sub(c[2*k], b.mul(h, j[2*k]))
	}
	for i := range c {
		c[i] = b.mul(twoOverPi, c[i])
	}
	return c
}

// s1Series is S1 = Y1 - (2/pi) ln(x) J1 + 2/(pi x): -(2/pi) ln 2 J1(x) -
// (1/pi) sum_k (psi(k+1) + psi(k+2)) (-1)^k (x/2)^(2k+1) / (k! (k+1)!),
// psi(k+1) = H_k - gamma.
func (b *besselBig) s1Series() []*big.Float {
	j := b.jSeries(1)
	twoOverPi := b.quo(b.f(2), b.pi)
	c := make([]*big.Float, len(j))
	for i := range c {
		c[i] = new(big.Float).Neg(b.mul(b.mul(twoOverPi, b.ln2), j[i]))
	}
	h := b.f(0) // H_k
	twoGamma := b.mul(b.f(2), b.gamma)
	for k := 0; k < besselSeriesTerm; k++ {
		hNext := b.add(h, b.quo(b.f(1), b.f(float64(k+1))))
		psi := new(big.Float).SetPrec(besselPrec).Sub(b.add(h, hNext), twoGamma)
		// j[2k+1] = (-1)^k (x/2)^(2k+1) / (k! (k+1)!) per x^(2k+1).
		term := b.quo(b.mul(psi, j[2*k+1]), b.pi)
		c[2*k+1] = new(big.Float).SetPrec(besselPrec).Sub(c[2*k+1], term)
		h = hNext
	}
	return c
}

// evenPart rounds the series' coefficients of x^(2k+n), k <= deg.
func (b *besselBig) evenPart(c []*big.Float, n, deg int) []float64 {
	out := make([]float64, deg+1)
	for k := range out {
		out[k], _ = c[2*k+n].Float64()
	}
	return out
}

// piece is a J or S function's Maclaurin piece and its Taylor pieces,
// the latter the series' derivatives at each midpoint divided by j!.
func (b *besselBig) piece(c []*big.Float, n int) *BesselPiece {
	p := &BesselPiece{Small: b.evenPart(c, n, besselSmallDeg)}
	for lo := BesselTaylorStart; lo < BesselAsymptotic; lo += 2 * BesselTaylorHalf {
		m := lo + BesselTaylorHalf
		bm := b.f(m)
		d := append([]*big.Float(nil), c...)
		row := make([]float64, besselTaylorDeg+1)
		for j := range row {
			// d is the j-th derivative's series divided by j!.
			acc := b.f(0)
			for i := len(d) - 1; i >= 0; i-- {
				acc = b.add(b.mul(acc, bm), d[i])
			}
			row[j], _ = acc.Float64()
			next := make([]*big.Float, len(d)-1)
			for i := range next {
				next[i] = b.quo(b.mul(d[i+1], b.f(float64(i+1))), b.f(float64(j+1)))
			}
			d = next
		}
		p.Mids = append(p.Mids, m)
		p.Taylor = append(p.Taylor, row)
	}
	return p
}

// hankelTerms is a_k(n), k < terms, with the sign (-1)^k of I's series.
func (b *besselBig) hankelTerms(n, terms int) []*big.Float {
	a := []*big.Float{b.f(1)}
	for k := 1; k < terms; k++ {
		f := b.f(float64(4*n*n - (2*k-1)*(2*k-1)))
		a = append(a, b.quo(b.mul(a[k-1], f), b.f(float64(8*k))))
	}
	return a
}

// hankel is J and Y's P (in 1/x^2) and Q (in 1/x^2, times 1/x).
func (b *besselBig) hankel(n int) (p, q []float64) {
	a := b.hankelTerms(n, besselAsymTerms)
	for k := 0; k < len(a); k++ {
		v, _ := a[k].Float64()
		if (k/2)%2 == 1 {
			v = -v
		}
		if k%2 == 0 {
			p = append(p, v)
		} else {
			q = append(q, v)
		}
	}
	return p, q
}

// iAsym is I_n's asymptotic series in 1/x: (-1)^k a_k(n).
func (b *besselBig) iAsym(n int) []float64 {
	a := b.hankelTerms(n, besselAsymTerms)
	out := make([]float64, len(a))
	for k := range a {
		out[k], _ = a[k].Float64()
		if k%2 == 1 {
			out[k] = -out[k]
		}
	}
	return out
}

// horner is sum c[i] x^i with fused multiply-adds, as the GPU code.
func horner(c []float64, x float64) float64 {
	p := c[len(c)-1]
	for i := len(c) - 2; i >= 0; i-- {
		p = math.FMA(p, x, c[i])
	}
	return p
}

// eval is the piece at a = |x| < BesselAsymptotic (without Y's log
// terms, and without the sign of an odd function).
func (p *BesselPiece) eval(a float64, n int) float64 {
	if a < BesselTaylorStart {
		v := horner(p.Small, a*a)
		if n == 1 {
			v *= a
		}
		return v
	}
	i := int((a - BesselTaylorStart) / (2 * BesselTaylorHalf))
	return horner(p.Taylor[i], a-p.Mids[i])
}

// Eval is the function at x in f64, by the algorithm the GPU code uses.
func (t *BesselTable) Eval(x float64) float64 {
	n := t.Kind.Order()
	a := math.Abs(x)
	odd := n == 1 && x < 0
	sign := func(v float64) float64 {
		if odd {
			return -v
		}
		return v
	}
	switch {
	case x != x:
		return x
	case t.Kind >= BesselI0:
		if math.IsInf(x, 0) {
			return sign(math.Inf(1))
		}
		if a < BesselAsymptotic {
			v := horner(t.Reg.Small, a*a)
			if n == 1 {
				v *= a
			}
			return sign(v)
		}
		h := math.Exp(a / 2)
		s := horner(t.Asym, 1/a) / math.Sqrt(2*math.Pi*a)
		return sign(h * (h * s))
	case t.Kind >= BesselY0 && x < 0:
		return math.NaN()
	case t.Kind >= BesselY0 && x == 0:
		return math.Inf(-1)
	case math.IsInf(x, 0):
		return sign(0)
	case a < BesselAsymptotic:
		v := t.Reg.eval(a, n)
		if t.Kind >= BesselY0 {
			v = math.FMA(besselTwoOverPi*math.Log(a), t.J.eval(a, n), v)
			if n == 1 {
				v -= besselTwoOverPi / a
			}
		}
		return sign(v)
	}
	s, c := math.Sincos(a)
	cosChi, sinChi := BesselPhase(n, s, c)
	w := 1 / a
	p := horner(t.P, w*w)
	q := horner(t.Q, w*w) * w
	amp := math.Sqrt(besselTwoOverPi / a)
	if t.Kind >= BesselY0 {
		return amp * math.FMA(p, sinChi, q*cosChi)
	}
	return sign(amp * (p*cosChi - q*sinChi))
}

// BesselPhase is cos and sin of chi = x - (2n+1) pi/4 from s = sin x and
// c = cos x.
func BesselPhase(n int, s, c float64) (cosChi, sinChi float64) {
	plus, minus := (c+s)*math.Sqrt2/2, (s-c)*math.Sqrt2/2
	if n == 0 {
		return plus, minus
	}
	return minus, -plus
}
