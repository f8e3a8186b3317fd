package numeric

import (
	"math"
)

// Pow is x^y in f64 within about an ulp, with C99 Annex F's special
// cases: the interpreter's __nv_pow and the reference for the lowering
// (conversion/ttgtogpu/libm_pow.go), which computes the same steps in
// the same order. Go's math.Pow multiplies out the integer part of y and
// errs by many ulps for large y (14 ulps at pow(1e-300, 0.25)).
//
// |x|^y = exp(y log|x|), log|x| as a double-double (about 2^-66
// relative; the product with y must be good to 2^-54 absolutely when it
// is as large as 745): x = 2^e (1+f) with 1+f in [sqrt(2)/2, sqrt(2)),
// log(1+f) = 2 atanh(s), s = f/(2+f) = 2 (s + s z Q(z)), z = s^2,
// Q = 1/3 + z/5 + z^2/7 + ...; s, z, Q's leading term and the sums are
// double-doubles, Q's tail plain f64.
func Pow(x, y float64) float64 {
	switch {
	case y == 0 || x == 1:
		return 1
	case x != x || y != y:
		return x + y
	}
	ax, ay := math.Abs(x), math.Abs(y)
	isInt := math.Trunc(y) == y
	odd := isInt && math.Trunc(y*0.5) != y*0.5
	var r float64
	switch {
	case math.IsInf(ay, 0):
		switch {
		case ax == 1:
			return 1
		case (ax > 1) != (y < 0):
			return math.Inf(1)
		}
		return 0
	case ax == 0:
		r = 0
		if y < 0 {
			r = math.Inf(1)
		}
	case math.IsInf(ax, 0):
		r = math.Inf(1)
		if y < 0 {
			r = 0
		}
	case x < 0 && !isInt:
		return math.NaN()
	default:
		hi, lo := LogDD(ax)
		p := y * hi
		r = ExpDD(p, math.FMA(y, lo, math.FMA(y, hi, -p)))
	}
	if math.Signbit(x) && odd {
		return -r
	}
	return r
}

// Splits of constants: hi + lo is the constant to about 2^-106.
const (
	ln2Exact   = 0.693147180559945309417232121458176568075500134360255254120680009
	log2eExact = 1.442695040888963407359924681001892137426645954152985934135449407
	// Ln2Hi is ln 2 to 32 significant bits: its product with an exponent
	// (at most 11 bits) is exact.
	Ln2Hi = 0.693147180369123816490173339843750
	Ln2Lo = ln2Exact - Ln2Hi
	// ThirdHi is 1/3 rounded to f64 (written out: a conversion of the
	// exact constant would leave ThirdLo 0), ThirdLo what it misses.
	// Ln2Near is ln 2 rounded to f64, Ln2Tail what it misses; Log2eHi is
	// log2(e) rounded.
	Ln2Near   = 0.69314718055994528622676398299518041312694549560546875
	Ln2Tail   = ln2Exact - Ln2Near
	Log2eHi   = 1.442695040888963387004650940070860087871551513671875
	ThirdHi   = 0.333333333333333314829616256247390992939472198486328125 // 1/3 rounded, exactly
	ThirdLo   = 1.0/3 - ThirdHi
	sqrt2Man  = 0x6a09e667f3bcd // the mantissa bits of sqrt(2)
	mantMask  = 1<<52 - 1
	LogDDTail = 12 // the terms of Q after 1/3 (z < 2^-5: below 2^-66)
)

// LogSplit is x = 2^e (1+f) for a positive finite x, with 1+f in
// [sqrt(2)/2, sqrt(2)) and f exact.
func LogSplit(x float64) (e, f float64) {
	bias := 1023
	if x < 0x1p-1022 {
		x *= 0x1p54
		bias += 54
	}
	b := math.Float64bits(x)
	mant := b & mantMask
	ex := int(b>>52&0x7ff) - bias
	top := uint64(1023)
	if mant > sqrt2Man {
		top, ex = 1022, ex+1
	}
	return float64(ex), math.Float64frombits(mant|top<<52) - 1
}

func fastTwoSum(a, b float64) (s, err float64) {
	s = a + b
	return s, b - (s - a)
}

func ddMul(ah, al, bh, bl float64) (h, l float64) {
	p := ah * bh
	e := math.FMA(ah, bh, -p)
	return fastTwoSum(p, math.FMA(ah, bl, math.FMA(al, bh, e)))
}

// ddAdd is (ah + al) + (bh + bl) for |ah| >= |bh|.
func ddAdd(ah, al, bh, bl float64) (h, l float64) {
	s, e := fastTwoSum(ah, bh)
	return fastTwoSum(s, e+(al+bl))
}

// LogDD is log(x) as hi + lo for a positive finite x.
func LogDD(x float64) (hi, lo float64) {
	e, f := LogSplit(x)
	dh, dl := fastTwoSum(2, f)
	sh := f / dh
	sl := (math.FMA(-sh, dh, f) - sh*dl) / dh
	zh, zl := ddMul(sh, sl, sh, sl)
	tail := 1 / float64(2*LogDDTail+3)
	for k := LogDDTail - 1; k >= 1; k-- {
		tail = math.FMA(tail, zh, 1/float64(2*k+3))
	}
	qh, ql := fastTwoSum(ThirdHi, tail*zh)
	ql += ThirdLo
	th, tl := ddMul(zh, zl, qh, ql)
	th, tl = ddMul(sh, sl, th, tl)
	lh, ll := ddAdd(sh, sl, th, tl)
	lh, ll = 2*lh, 2*ll
	eh, el := fastTwoSum(e*Ln2Hi, e*Ln2Lo)
	if math.Abs(eh) >= math.Abs(lh) {
		return ddAdd(eh, el, lh, ll)
	}
	return ddAdd(lh, ll, eh, el)
}

// ExpTaylorDegree is the degree of e^r's Taylor polynomial on
// |r| <= ln2/2 (remainder below 1e-17).
const ExpTaylorDegree = 13

// ExpDD is e^(hi + lo) for |lo| tiny against hi.
func ExpDD(hi, lo float64) float64 {
	switch {
	case hi >= 710:
		return math.Inf(1)
	case hi <= -746:
		return 0
	}
	k := math.RoundToEven(hi * Log2eHi)
	r := math.FMA(-k, Ln2Near, hi)
	r = math.FMA(-k, Ln2Tail, r) + lo
	inv := make([]float64, ExpTaylorDegree+1)
	inv[0] = 1
	for n := 1; n <= ExpTaylorDegree; n++ {
		inv[n] = inv[n-1] / float64(n)
	}
	p := inv[ExpTaylorDegree]
	for n := ExpTaylorDegree - 1; n >= 0; n-- {
		p = math.FMA(p, r, inv[n])
	}
	k1 := int(k) >> 1
	return p * math.Ldexp(1, k1) * math.Ldexp(1, int(k)-k1)
}

// ln10 and log10e to more digits than a float64 holds, and rounded to
// float64 (written in hex, exactly, so that the constant arithmetic below
// subtracts the rounded value: a conversion of a constant to float64 keeps
// its digits in constant expressions).
const (
	ln10     = 2.30258509299404568401799145468436420760110148862877297603332790096757260967735248023599720508959829834196778404228
	ln10Hi   = 0x1.26bb1bbb55516p+01
	log10e   = 0.43429448190325182765112891891660508229439700580366656611445378316586464920887077472922494933843174831870610674476630
	log10eHi = 0x1.bcb7b1526e50ep-02
)

// Ln10 and Log10e as hi + lo: hi rounded to f64, lo the rest rounded.
// Constant arithmetic is exact, so the compiler splits them (parsing the
// decimals with math/big was a sixth of the package inits of a process).
var (
	Ln10Hi, Ln10Lo     float64 = ln10Hi, ln10 - ln10Hi
	Log10eHi, Log10eLo float64 = log10eHi, log10e - log10eHi
)

// Log1p is log(1+x) within about half an ulp: u = 1+x rounded, log u as
// a double-double, plus the rounding error of u divided by u.
func Log1p(x float64) float64 {
	switch {
	case x != x || x == math.Inf(1):
		return x
	case x == -1:
		return math.Inf(-1)
	case x < -1:
		return math.NaN()
	}
	u := 1 + x
	var c float64
	if x > 1 {
		c = 1 - (u - x) // |x| > 1: the error of x + 1
	} else {
		c = x - (u - 1)
	}
	hi, lo := LogDD(u)
	return hi + (lo + c/u)
}

// Log10 is log10(x): the double-double log times log10(e).
func Log10(x float64) float64 {
	switch {
	case x != x || x == math.Inf(1):
		return x
	case x == 0:
		return math.Inf(-1)
	case x < 0:
		return math.NaN()
	}
	hi, lo := LogDD(x)
	return math.FMA(hi, Log10eHi, math.FMA(hi, Log10eLo, lo*Log10eHi))
}

// Exp10 is 10^x: e^(x ln10) with the product as a double-double.
func Exp10(x float64) float64 {
	if x != x {
		return x
	}
	p := x * Ln10Hi
	return ExpDD(p, math.FMA(x, Ln10Lo, math.FMA(x, Ln10Hi, -p)))
}
