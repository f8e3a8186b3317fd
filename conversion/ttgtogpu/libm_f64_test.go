package ttgtogpu_test

import (
	"encoding/binary"
	"math"
	"math/big"
	"math/rand"
	"strings"
	"testing"

	"github.com/ttcompiler/tt/ir"
)

// TestF64MathSim runs f64 exp, exp2, log, log2 and erf (libm_f64.go,
// libm_erf.go), lowered
// and executed in the SIMT simulator, on the special values, the edges of
// overflow, underflow and the subnormals, powers of two and random values
// over the whole exponent range, and compares with the correctly rounded
// values (bigmath, below; Go's math package is off by many ulps for log2
// near 1, log of subnormals and exp near overflow): special cases exactly,
// everything else within 1 ulp.
func TestF64MathSim(t *testing.T) {
	const n = 1024
	x := []float64{0, math.Copysign(0, -1), 1, 2, 8, 0.5, 1024, 3, 10, -1, -2.5, 1e-300, 1e300,
		math.SmallestNonzeroFloat64, 3 * math.SmallestNonzeroFloat64, 0x1p-1022, 0x1.fffffffffffffp-1023,
		math.MaxFloat64, math.Inf(1), math.Inf(-1), math.NaN(),
		709.78, 709.79, 710, -708.4, -745.1, -745.2, -746, 1023.9, 1024, -1022, -1074, -1074.5, -1075,
		0.34657359, -0.34657359, 1e-17, -1e-17, math.Sqrt2, math.Sqrt2 / 2, 1 + 0x1p-52, 1 - 0x1p-53, math.E,
		0.4999999999999999, 0.5, 0.75, 1.4999999999, 1.5, 2.25, 3.99, 4, 4.5, 5, 5.5, 5.9999, 6, 6.5, -0.3, -5.2, 27}
	r := rand.New(rand.NewSource(7))
	for len(x) < n/4 {
		x = append(x, r.NormFloat64()*3)
	}
	for len(x) < n/2 {
		x = append(x, (r.Float64()*2-1)*7) // erf's intervals
	}
	for len(x) < n {
		// Any finite bit pattern: every exponent, both signs.
		v := math.Float64frombits(r.Uint64())
		if math.IsNaN(v) || math.IsInf(v, 0) {
			continue
		}
		x = append(x, v)
	}
	funcs := []struct {
		name string
		ref  func(float64) float64
	}{{"exp", bigExp}, {"exp2", bigExp2}, {"log", bigLog}, {"log2", bigLog2}, {"erf", bigErf}}
	c := externCase{args: []string{"f64"}, res: "f64", lowered: func(lowered *ir.Operation) {
		if s := print(lowered); strings.Contains(s, "llvm.intr.exp") || strings.Contains(s, "llvm.intr.log") {
			t.Errorf("f64 math left as an LLVM intrinsic the emitters cannot select")
		}
	}}
	for _, f := range funcs {
		c.syms = append(c.syms, "math."+f.name)
	}
	forTargets(t, func(t *testing.T, tg gpuTarget) {
		// The reference is the correctly rounded value; the interpreter
		// (Go's math package) is not one here (see above).
		c.checkUlps(t, x, c.run(t, tg, [][]float64{x}), func(k int, v float64) float64 { return funcs[k].ref(v) },
			func(int) float64 { return 1 }, math.Inf(1))
	})
}

// ulpDistance is how many f64 values lie between want and got (0 when
// both are NaN or equal; +Inf for a NaN against a number or different
// infinities).
func ulpDistance(want, got float64) float64 {
	switch {
	case math.IsNaN(want) || math.IsNaN(got):
		if math.IsNaN(want) && math.IsNaN(got) {
			return 0
		}
		return math.Inf(1)
	case want == got:
		return 0
	case math.IsInf(want, 0) || math.IsInf(got, 0):
		return math.Inf(1)
	}
	ordered := func(v float64) int64 {
		b := int64(math.Float64bits(v))
		if b < 0 {
			b = math.MinInt64 - b
		}
		return b
	}
	return math.Abs(float64(ordered(want) - ordered(got)))
}

// The reference: exp and log in 256-bit big.Float arithmetic (series
// after range reduction), rounded once to f64.

const bigPrec = 256

func bigF(v float64) *big.Float { return new(big.Float).SetPrec(bigPrec).SetFloat64(v) }

// bigLn2 is ln 2 = 2 atanh(1/3).
var bigLn2 = bigAtanh2(new(big.Float).SetPrec(bigPrec).Quo(bigF(1), bigF(3)))

// bigAtanh2 is 2 atanh(s) = 2 (s + s^3/3 + s^5/5 + ...) for |s| < 1/2.
func bigAtanh2(s *big.Float) *big.Float {
	sum := new(big.Float).SetPrec(bigPrec)
	s2 := new(big.Float).SetPrec(bigPrec).Mul(s, s)
	pow := new(big.Float).SetPrec(bigPrec).Set(s)
	eps := new(big.Float).SetMantExp(bigF(1), -bigPrec-8)
	for k := 0; ; k++ {
		term := new(big.Float).SetPrec(bigPrec).Quo(pow, bigF(float64(2*k+1)))
		sum.Add(sum, term)
		if term.Abs(term).Cmp(eps) < 0 {
			break
		}
		pow.Mul(pow, s2)
	}
	return sum.Mul(sum, bigF(2))
}

// bigLogOf is ln(x) for a finite x > 0.
func bigLogOf(x float64) *big.Float {
	m, e := math.Frexp(x) // x = m 2^e, m in [1/2, 1)
	bm := bigF(m)
	s := new(big.Float).SetPrec(bigPrec).Quo(new(big.Float).SetPrec(bigPrec).Sub(bm, bigF(1)), new(big.Float).SetPrec(bigPrec).Add(bm, bigF(1)))
	l := bigAtanh2(s)
	return l.Add(l, new(big.Float).SetPrec(bigPrec).Mul(bigLn2, bigF(float64(e))))
}

// bigExpOf is e^y rounded to f64 for y = the exact value of x*scale.
func bigExpOf(y *big.Float) float64 {
	yf, _ := y.Float64()
	switch {
	case yf > 710:
		return math.Inf(1)
	case yf < -746:
		return 0
	}
	kf := math.Round(yf / math.Ln2)
	r := new(big.Float).SetPrec(bigPrec).Sub(y, new(big.Float).SetPrec(bigPrec).Mul(bigLn2, bigF(kf)))
	sum, term := bigF(1), bigF(1)
	eps := new(big.Float).SetMantExp(bigF(1), -bigPrec-8)
	for n := 1; ; n++ {
		term.Mul(term, r)
		term.Quo(term, bigF(float64(n)))
		sum.Add(sum, term)
		if new(big.Float).Abs(term).Cmp(eps) < 0 {
			break
		}
	}
	v, _ := sum.SetMantExp(sum, int(kf)).Float64()
	return v
}

func bigExp(x float64) float64 {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return math.Exp(x)
	}
	return bigExpOf(bigF(x))
}

func bigExp2(x float64) float64 {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return math.Exp2(x)
	}
	return bigExpOf(new(big.Float).SetPrec(bigPrec).Mul(bigF(x), bigLn2))
}

func bigLog(x float64) float64 {
	if math.IsNaN(x) || math.IsInf(x, 0) || x <= 0 {
		return math.Log(x)
	}
	v, _ := bigLogOf(x).Float64()
	return v
}

func bigLog2(x float64) float64 {
	if math.IsNaN(x) || math.IsInf(x, 0) || x <= 0 {
		return math.Log2(x)
	}
	v, _ := new(big.Float).SetPrec(bigPrec).Quo(bigLogOf(x), bigLn2).Float64()
	return v
}

// bigErf is erf(x) from its Maclaurin series at 512 bits (erf rounds to
// +-1 beyond 6).
func bigErf(x float64) float64 {
	switch {
	case math.IsNaN(x):
		return x
	case math.Abs(x) >= 6.5:
		return math.Copysign(1, x)
	}
	v, _ := erfSeries(x, 512).Float64()
	return v
}

// erfSeries is erf(x) from its Maclaurin series, 2/sqrt(pi) times the sum
// of (-1)^n x^(2n+1) / (n! (2n+1)), in prec-bit arithmetic (enough bits
// for the series' cancellation are the caller's to choose).
func erfSeries(x float64, prec uint) *big.Float {
	pi := gaussPi(prec)
	a := new(big.Float).SetPrec(prec).SetFloat64(x)
	a2 := new(big.Float).SetPrec(prec).Mul(a, a)
	sum, term := new(big.Float).SetPrec(prec), new(big.Float).SetPrec(prec).Set(a)
	eps := new(big.Float).SetMantExp(big.NewFloat(1), -int(prec))
	for n := 0; ; n++ {
		c := new(big.Float).SetPrec(prec).Quo(term, new(big.Float).SetPrec(prec).SetInt64(int64(2*n+1)))
		sum.Add(sum, c)
		if c.Abs(c).Cmp(eps) < 0 || x == 0 {
			break
		}
		term.Mul(term, a2)
		term.Quo(term, new(big.Float).SetPrec(prec).SetInt64(int64(n+1)))
		term.Neg(term)
	}
	return sum.Mul(sum, new(big.Float).SetPrec(prec).Quo(new(big.Float).SetPrec(prec).SetInt64(2), new(big.Float).SetPrec(prec).Sqrt(pi)))
}

// TestErfF32Sim: f32 erf (math.erf and libdevice's __nv_erff through
// tt.extern_elementwise) is the f64 erf rounded once: within an ulp of the
// correctly rounded f32 value.
func TestErfF32Sim(t *testing.T) {
	const n = 512
	r := rand.New(rand.NewSource(11))
	x := []float32{0, -0, 1e-30, 0.5, -0.5, 1, 2, 3.9, 4, 6, -6, 10, float32(math.Inf(1)), float32(math.Inf(-1)), float32(math.NaN())}
	for len(x) < n {
		x = append(x, (r.Float32()*2-1)*5)
	}
	src := `module {
  tt.func public @erf32(%x: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %o: !tt.ptr<f32> {tt.divisibility = 16 : i32}) {
    %r = tt.make_range {end = 512 : i32, start = 0 : i32} : tensor<512xi32>
    %xs = tt.splat %x : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>>
    %xp = tt.addptr %xs, %r : tensor<512x!tt.ptr<f32>>, tensor<512xi32>
    %v = tt.load %xp : tensor<512x!tt.ptr<f32>>
    %os = tt.splat %o : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>>
    %op0 = tt.addptr %os, %r : tensor<512x!tt.ptr<f32>>, tensor<512xi32>
    %c512 = arith.constant dense<512> : tensor<512xi32>
    %op1 = tt.addptr %op0, %c512 : tensor<512x!tt.ptr<f32>>, tensor<512xi32>
    %e = math.erf %v : tensor<512xf32>
    tt.store %op0, %e : tensor<512x!tt.ptr<f32>>
    %l = tt.extern_elementwise %v {libname = "", libpath = "", pure = true, symbol = "__nv_erff"} : (tensor<512xf32>) -> tensor<512xf32>
    tt.store %op1, %l : tensor<512x!tt.ptr<f32>>
    tt.return
  }
}`
	forTargets(t, func(t *testing.T, tg gpuTarget) {
		m := ttirKernelFor(t, tg, src, 4)
		args := []diffArg{f32Buf(x), zeroBuf("f32", 2*n)}
		simulateLowered(t, m, "erf32", [3]int{1, 1, 1}, args, nil)
		for k := 0; k < 2; k++ {
			for i, v := range x {
				got := math.Float32frombits(binary.LittleEndian.Uint32(args[1].buf[4*(k*n+i):]))
				want := float32(bigErf(float64(v)))
				if d := ulpDistance32(want, got); d > 1 {
					t.Errorf("output %d: erf(%v) = %v, want %v", k, v, got, want)
				}
			}
		}
	})
}

// ulpDistance32 is ulpDistance for f32.
func ulpDistance32(want, got float32) float64 {
	if math.IsNaN(float64(want)) || math.IsNaN(float64(got)) || math.IsInf(float64(want), 0) || math.IsInf(float64(got), 0) {
		return ulpDistance(float64(want), float64(got))
	}
	ordered := func(v float32) int64 {
		b := int64(int32(math.Float32bits(v)))
		if b < 0 {
			b = math.MinInt32 - b
		}
		return b
	}
	return math.Abs(float64(ordered(want) - ordered(got)))
}
