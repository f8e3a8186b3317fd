package ttgtogpu_test

import (
	"fmt"
	"math"
	"math/big"
	"math/rand"
	"testing"

	"github.com/ttcompiler/tt/conversion/ttgtogpu"
	"github.com/ttcompiler/tt/internal/exactround"
	"github.com/ttcompiler/tt/numeric"
)

// libdevice's arithmetic with an explicit rounding mode (libm_rounded.go),
// simulated with and without the FTZ reflect, against a reference of its
// own: the exact result as a big.Rat (for square roots Go's correctly
// rounded math.Sqrt and an exact comparison of its square), big.Rat's
// nearest float, and the neighbour the mode asks for, with IEEE 754's
// special values and signs of zero; under the reflect the f32 operands
// and results are flushed (.ftz). Operands: random bit patterns of every
// exponent, halfway cases (a sum half an ulp off, a product of 1.5 and an
// odd significand, odd subnormals halved), results that overflow (to the
// largest finite value or infinity by the mode and sign) or fall below
// the normal range, cancellations, and the specials.

var roundingSuffixes = []string{"rn", "rz", "rd", "ru"}

// refFormat is the f32 or f64 format of the reference.
type refFormat struct{ f32 bool }

// max is the format's largest finite value.
func (f refFormat) max() float64 {
	if f.f32 {
		return math.MaxFloat32
	}
	return math.MaxFloat64
}

// refModes maps the symbols' mode suffixes to the reference's.
var refModes = map[string]exactround.Mode{"rn": exactround.Nearest, "rz": exactround.TowardZero,
	"rd": exactround.Down, "ru": exactround.Up}

// choose rounds a nonzero exact value of sign neg in mode given c, its
// nearest value (±inf beyond the range), and cmp, the sign of c - exact
// (internal/exactround).
func (f refFormat) choose(c float64, cmp int, neg bool, mode string) float64 {
	return exactround.Pick(c, cmp, neg, f.f32, refModes[mode])
}

// round rounds a nonzero exact rational in mode.
func (f refFormat) round(x *big.Rat, mode string) float64 {
	return exactround.Rat(x, f.f32, refModes[mode])
}

func rat(x float64) *big.Rat { return new(big.Rat).SetFloat64(x) }

// flush32 is x with a subnormal f32 replaced by a zero of its sign.
func flush32(x float64) float64 {
	if math.Abs(x) < 0x1p-126 {
		return math.Copysign(0, x)
	}
	return x
}

// zeroSum is the sign IEEE 754 gives an exact zero sum of addends of
// signs na and nc: theirs where they agree, else -0 toward -inf only.
func zeroSum(na, nc bool, mode string) float64 {
	if na && nc || na != nc && mode == "rd" {
		return math.Copysign(0, -1)
	}
	return 0
}

// refRounded is op (add, sub, mul, fma, div, rcp, sqrt) of args rounded
// in mode, flushing f32 subnormals where ftz.
func refRounded(op, mode string, f refFormat, ftz bool, args ...float64) float64 {
	if f.f32 && ftz {
		for i := range args {
			args[i] = flush32(args[i])
		}
	}
	var a, b, c float64
	a = args[0]
	if len(args) > 1 {
		b = args[1]
	}
	if len(args) > 2 {
		c = args[2]
	}
	finite := func(xs ...float64) bool {
		for _, x := range xs {
			if math.IsInf(x, 0) || math.IsNaN(x) {
				return false
			}
		}
		return true
	}
	var r float64
	switch op {
	case "sub":
		b = -b
		fallthrough
	case "add":
		switch {
		case !finite(a, b):
			r = a + b
		case a+b == 0 && a == -b:
			r = zeroSum(math.Signbit(a), math.Signbit(b), mode)
		default:
			r = f.round(new(big.Rat).Add(rat(a), rat(b)), mode)
		}
	case "mul":
		if !finite(a, b) || a == 0 || b == 0 {
			r = a * b
		} else {
			r = f.round(new(big.Rat).Mul(rat(a), rat(b)), mode)
		}
	case "fma":
		pneg := math.Signbit(a) != math.Signbit(b)
		switch {
		case !finite(a, b, c):
			r = math.FMA(a, b, c) // IEEE 754's specials
		case a == 0 || b == 0:
			if c == 0 {
				r = zeroSum(pneg, math.Signbit(c), mode)
			} else {
				r = c
			}
		default:
			s := new(big.Rat).Mul(rat(a), rat(b))
			s.Add(s, rat(c))
			if s.Sign() == 0 {
				r = zeroSum(pneg, math.Signbit(c), mode)
			} else {
				r = f.round(s, mode)
			}
		}
	case "rcp":
		a, b = 1, a
		fallthrough
	case "div":
		if !finite(a, b) || a == 0 || b == 0 {
			r = a / b
		} else {
			r = f.round(new(big.Rat).Quo(rat(a), rat(b)), mode)
		}
	case "sqrt":
		if !finite(a) || a <= 0 {
			r = math.Sqrt(a) // NaN below zero, ±0, +inf
		} else {
			s := math.Sqrt(a)
			if f.f32 {
				s = float64(float32(s)) // exact: 53 >= 2*24 + 2
			}
			r = f.choose(s, new(big.Rat).Mul(rat(s), rat(s)).Cmp(rat(a)), false, mode)
		}
	default:
		panic(op)
	}
	if f.f32 && ftz {
		r = flush32(r)
	}
	return r
}

// roundingOperands draws n operand triples of a format (see the file's
// comment), each slice of length n.
func roundingOperands(r *rand.Rand, f refFormat, n int) (xs, ys, zs []float64) {
	prec, minNormal := 53, 0x1p-1022
	if f.f32 {
		prec, minNormal = 24, 0x1p-126
	}
	minSub := math.Ldexp(minNormal, 1-prec)
	toF := func(x float64) float64 {
		if f.f32 {
			return float64(float32(x))
		}
		return x
	}
	random := func() float64 {
		if f.f32 {
			switch r.Intn(4) {
			case 0:
				return float64(math.Float32frombits(r.Uint32()))
			case 1:
				return float64(math.Float32frombits(r.Uint32() & 0x807fffff)) // subnormal
			}
			return toF(r.NormFloat64() * math.Ldexp(1, r.Intn(40)-20))
		}
		switch r.Intn(4) {
		case 0:
			return math.Float64frombits(r.Uint64())
		case 1:
			return math.Float64frombits(r.Uint64() & 0x800fffffffffffff)
		}
		return r.NormFloat64() * math.Ldexp(1, r.Intn(80)-40)
	}
	odd := func() float64 { // an odd significand whose triple has prec+1 bits, in [1, 4/3)
		lo, span := int64(1)<<(prec-1), int64(1)<<(prec+1)/3-int64(1)<<(prec-1)
		return math.Ldexp(float64((lo+r.Int63n(span))|1), 1-prec)
	}
	nan, inf := math.NaN(), math.Inf(1)
	specials := []float64{nan, inf, -inf, 0, math.Copysign(0, -1), minSub, -minSub, minNormal, -minNormal, f.max(), -f.max(), 1, -1, 3 * minSub, 0.5}
	for i := 0; i < n; i++ {
		x, y, z := random(), random(), random()
		switch i % 8 {
		case 0: // x + half an ulp of x, and around it
			x = odd() * math.Ldexp(1, r.Intn(20)-10)
			y = math.Ldexp(1, int(math.Floor(math.Log2(x)))-prec) * float64(1-2*r.Intn(2))
			z = toF(y * float64(r.Intn(3)-1) / 4)
		case 1: // a product of 1.5 and an odd significand: a tie
			x, y, z = 1.5*float64(1-2*r.Intn(2)), odd()*math.Ldexp(1, r.Intn(20)-10), 0
		case 2: // an odd subnormal halved or scaled by 3/4 (ties and near ties below the normal range)
			x, y = float64(2*r.Intn(1000)+1)*minSub, []float64{0.5, 0.75, 0.25, 2}[r.Intn(4)]
			z = minSub * float64(r.Intn(3)-1)
		case 3: // overflow and the range's edge
			x = f.max() * (1 - float64(r.Intn(3))*math.Ldexp(1, -prec))
			y = []float64{f.max(), 1 + math.Ldexp(1, 1-prec), 2, 0.5, x * math.Ldexp(1, -prec)}[r.Intn(5)] * float64(1-2*r.Intn(2))
		case 4: // cancellation: z = -x*y rounded, x and -x(1 + ulp)
			z = -toF(x * y)
			if r.Intn(2) == 0 {
				y = -toF(x * (1 + math.Ldexp(1, 1-prec)))
			}
		case 5: // specials
			x, y, z = specials[r.Intn(len(specials))], specials[r.Intn(len(specials))], specials[r.Intn(len(specials))]
		case 6: // tiny products and quotients into the subnormal range
			x = toF(math.Ldexp(1+r.Float64(), -prec-r.Intn(60)))
			y = toF(math.Ldexp(1+r.Float64(), minExpOf(f)+prec-r.Intn(60)+30))
			if r.Intn(2) == 0 {
				y = 1 / y
				y = toF(y)
			}
		}
		xs, ys, zs = append(xs, toF(x)), append(ys, toF(y)), append(zs, toF(z))
	}
	return xs, ys, zs
}

func minExpOf(f refFormat) int {
	if f.f32 {
		return -126
	}
	return -1022
}

// simulateRounded runs syms (one argument list) under the reflect or
// not and returns the results.
func simulateRounded(t *testing.T, c externCase, inputs [][]float64, ftz bool) [][]float64 {
	t.Helper()
	return simulateExternWith(t, c, inputs, func(o *ttgtogpu.Options) { o.NoReflectFTZ = !ftz })
}

// sameFloat compares results in the format's bits (NaNs equal).
func sameFloat(f refFormat, got, want float64) bool {
	if math.IsNaN(got) || math.IsNaN(want) {
		return math.IsNaN(got) && math.IsNaN(want)
	}
	if f.f32 {
		return math.Float32bits(float32(got)) == math.Float32bits(float32(want))
	}
	return math.Float64bits(got) == math.Float64bits(want)
}

func TestLibdeviceRoundedSim(t *testing.T) {
	const n = 8192
	groups := []struct {
		ops   []string // reference names
		f32   []string // symbol prefixes, f32 and f64
		f64   []string
		arity int
	}{
		{[]string{"add", "sub", "mul", "div"}, []string{"__nv_fadd_", "__nv_fsub_", "__nv_fmul_", "__nv_fdiv_"},
			[]string{"__nv_dadd_", "__nv_dsub_", "__nv_dmul_", "__nv_ddiv_"}, 2},
		{[]string{"fma"}, []string{"__nv_fmaf_"}, []string{"__nv_fma_"}, 3},
		{[]string{"rcp", "sqrt"}, []string{"__nv_frcp_", "__nv_fsqrt_"}, []string{"__nv_drcp_", "__nv_dsqrt_"}, 1},
	}
	for _, f := range []refFormat{{f32: true}, {f32: false}} {
		ty := map[bool]string{true: "f32", false: "f64"}[f.f32]
		xs, ys, zs := roundingOperands(rand.New(rand.NewSource(7)), f, n)
		for _, g := range groups {
			var syms, ops, modes []string
			prefixes := g.f64
			if f.f32 {
				prefixes = g.f32
			}
			for k, p := range prefixes {
				for _, m := range roundingSuffixes {
					syms, ops, modes = append(syms, p+m), append(ops, g.ops[k]), append(modes, m)
				}
			}
			args := make([]string, g.arity)
			for i := range args {
				args[i] = ty
			}
			c := externCase{args: args, res: ty, syms: syms}
			inputs := [][]float64{xs, ys, zs}[:g.arity]
			for _, ftz := range []bool{true, false} {
				t.Run(fmt.Sprintf("%s/%s/ftz=%v", ty, g.ops[0], ftz), func(t *testing.T) {
					res := simulateRounded(t, c, inputs, ftz)
					bad := 0
					for k, sym := range syms {
						for i := 0; i < n; i++ {
							operands := make([]float64, g.arity)
							for j := range operands {
								operands[j] = inputs[j][i]
							}
							want := refRounded(ops[k], modes[k], f, ftz, operands...)
							if got := res[k][i]; !sameFloat(f, got, want) {
								if bad++; bad <= 10 {
									t.Errorf("%s%v = %g (%x), want %g (%x)", sym, inputs2(inputs, i), got, got, want, want)
								}
							}
						}
					}
				})
			}
		}
	}
}

func inputs2(in [][]float64, i int) []float64 {
	var out []float64
	for _, xs := range in {
		out = append(out, xs[i])
	}
	return out
}

// TestLibdeviceRoundedReference: the reference's own halfway and
// overflow cases, so that a reference which rounded every tie one way,
// or overflowed alike in every mode, would fail here.
func TestLibdeviceRoundedReference(t *testing.T) {
	f32, f64 := refFormat{f32: true}, refFormat{f32: false}
	up := float64(math.Nextafter32(1, 2))
	for _, c := range []struct {
		op, mode string
		f        refFormat
		args     []float64
		want     float64
	}{
		{"add", "rn", f32, []float64{1, 0x1p-24}, 1},                     // tie to even
		{"add", "rn", f32, []float64{up, 0x1p-24}, up + 0x1p-23},         // tie to even, upward
		{"add", "ru", f32, []float64{1, 0x1p-40}, up},                    //
		{"mul", "rn", f64, []float64{3 * 0x1p-1074, 0.5}, 2 * 0x1p-1074}, // subnormal tie
		{"mul", "rz", f32, []float64{0x1p100, 0x1p100}, math.MaxFloat32},
		{"mul", "rd", f32, []float64{-0x1p100, 0x1p100}, math.Inf(-1)},
		{"add", "rd", f64, []float64{1, -1}, math.Copysign(0, -1)},
		{"sqrt", "ru", f64, []float64{2}, math.Sqrt2},
		{"sqrt", "rz", f64, []float64{2}, math.Nextafter(math.Sqrt2, 0)},
		{"div", "rz", f32, []float64{1, 3}, float64(math.Nextafter32(float32(1.0/3), 0))},
	} {
		if got := refRounded(c.op, c.mode, c.f, false, c.args...); !sameFloat(c.f, got, c.want) {
			t.Errorf("reference %s_%s%v = %g, want %g", c.op, c.mode, c.args, got, c.want)
		}
	}
}

// rsqrtRN is 1/sqrt(x) for a positive finite x, correctly rounded to f32
// (from 200 bits: the exact value is never a midpoint, nor within 2^-100
// of one).
func rsqrtRN(x float64) float32 {
	s := new(big.Float).SetPrec(200).SetFloat64(x)
	s.Sqrt(s)
	s.Quo(new(big.Float).SetPrec(200).SetInt64(1), s)
	v, _ := s.Float32()
	return v
}

// TestLibdeviceRsqrtRNSim: __nv_frsqrt_rn is correctly rounded in the
// simulator (whose rsqrt.approx is the exact value rounded), with and
// without the reflect, subnormals included (flushed to ±inf with it), and
// libdevice's specials.
func TestLibdeviceRsqrtRNSim(t *testing.T) {
	r := rand.New(rand.NewSource(3))
	x := []float64{0, math.Copysign(0, -1), 1, 4, 0.25, 2, 0.5, math.MaxFloat32, 0x1p-126, 0x1p-149, 0x1p-127,
		math.Inf(1), math.Inf(-1), math.NaN(), -1, -0x1p-140, 0x1p-140, 3 * 0x1p-149, float64(math.Nextafter32(1, 2)), float64(math.Nextafter32(1, 0))}
	for len(x) < 4096 {
		switch r.Intn(3) {
		case 0:
			x = append(x, float64(math.Float32frombits(r.Uint32())))
		case 1:
			x = append(x, float64(math.Float32frombits(r.Uint32()&0x7fffff)))
		default:
			x = append(x, float64(float32(math.Ldexp(1+r.Float64(), r.Intn(250)-125))))
		}
	}
	c := externCase{args: []string{"f32"}, res: "f32", syms: []string{"__nv_frsqrt_rn"}}
	for _, ftz := range []bool{true, false} {
		res := simulateRounded(t, c, [][]float64{x}, ftz)
		for i, v := range x {
			a := v
			if ftz {
				a = flush32(a)
			}
			var want float64
			switch {
			case math.IsNaN(a) || a < 0:
				want = math.NaN()
			case a == 0:
				want = math.Copysign(math.Inf(1), a)
			case math.IsInf(a, 1):
				want = 0
			default:
				want = float64(rsqrtRN(a))
			}
			if got := res[0][i]; !sameFloat(refFormat{f32: true}, got, want) {
				t.Errorf("ftz=%v: __nv_frsqrt_rn(%g) = %g, want %g", ftz, v, got, want)
			}
		}
	}
}

// TestRsqrtRNModel: libdevice's refinement gives the correctly rounded
// 1/sqrt(m) on every f32 m in [0.5, 2) (every exponent is scaled there)
// from any approximation r within one ulp of the correctly rounded value,
// so that the simulator, whose rsqrt.approx is the exact value rounded
// (twice: through float64), computes the correctly rounded result that
// NVIDIA documents for __frsqrt_rn, as the GPU does. The step is not
// correct for every approximation within rsqrt.approx's documented
// relative error (2^-22.9): 2 ulps off, at m = 1 - 2^-23, it gives 1
// where 1 + 2^-23 is right; on the GPU the approximation's own accuracy
// must make up for that. A Go model of rsqrtRNLibdeviceF32's main path
// (numeric.FMA32 is fma.rn.f32); with -short, every 61st m.
func TestRsqrtRNModel(t *testing.T) {
	stride := uint32(1)
	if testing.Short() {
		stride = 61
	}
	n := 0
	for b := uint32(0x3f000000); b < 0x40000000; b += stride {
		m := math.Float32frombits(b)
		want := rsqrtRNFast(m)
		r0 := float32(1 / math.Sqrt(float64(m)))
		for _, r := range []float32{math.Nextafter32(r0, 0), r0, math.Nextafter32(r0, 2)} {
			if got := rsqrtRNStep(m, r); got != want {
				t.Fatalf("m = %g (%#x), approximation %g (%#x): %g (%#x), want %g (%#x)", m, b, r,
					math.Float32bits(r), got, math.Float32bits(got), want, math.Float32bits(want))
			}
		}
		n++
	}
	t.Logf("%d significands", n)
	if m, r := math.Float32frombits(0x3f7ffffe), math.Float32frombits(0x3f7fffff); rsqrtRNStep(m, r) != 1 || rsqrtRN(float64(m)) != math.Nextafter32(1, 2) {
		t.Errorf("the 2-ulp case no longer fails: the comment above is out of date")
	}
}

// rsqrtRNFast is rsqrtRN of an f32 m through float64 (1/sqrt within an
// ulp of float64), or math/big where that lies near a midpoint of f32.
func rsqrtRNFast(m float32) float32 {
	ex := 1 / math.Sqrt(float64(m))
	r := float32(ex)
	for _, nb := range []float32{math.Nextafter32(r, 0), math.Nextafter32(r, 2)} {
		mid := (float64(r) + float64(nb)) / 2
		if math.Abs(ex-mid) < 0x1p-40*ex {
			return rsqrtRN(float64(m))
		}
	}
	return r
}

// rsqrtRNStep is libdevice's refinement of an approximation r of
// 1/sqrt(m).
func rsqrtRNStep(m, r float32) float32 {
	r2 := r * r
	lo := numeric.FMA32(r, r, -r2)
	hi := numeric.FMA32(r2, -m, 1)
	d := numeric.FMA32(lo, -m, hi)
	k := numeric.FMA32(0.375, d, 0.5)
	return numeric.FMA32(k, d*r, r)
}

// TestLibdeviceRoundedMiscSim: __nv_saturatef (cvt.sat, exact),
// __nv_fast_fdividef (div.approx: the simulator rounds the exact
// quotient, the GPU is within 2 ulps of it) and __nv_rcp64h (rcp.approx
// of f64: the simulator rounds 1/x; the GPU keeps about 20 bits), with
// their subnormals flushed under the reflect (rcp64h always).
func TestLibdeviceRoundedMiscSim(t *testing.T) {
	x := []float64{1.5, -2, 0.25, 0, math.Copysign(0, -1), math.NaN(), math.Inf(1), 0x1p-140, -0x1p-140, 1, 0.999, 7, 1e30, -3}
	y := []float64{3, 7, -0x1p-140, 2, 5, 1, 3, 0x1p-10, 1, 0x1p127, 3, 0.1, 1e-30, -0.5}
	for len(x) < 16 {
		x, y = append(x, 1), append(y, 1)
	}
	for _, ftz := range []bool{true, false} {
		sat := simulateRounded(t, externCase{args: []string{"f32"}, res: "f32", syms: []string{"__nv_saturatef"}}, [][]float64{x}, ftz)[0]
		div := simulateRounded(t, externCase{args: []string{"f32", "f32"}, res: "f32", syms: []string{"__nv_fast_fdividef"}}, [][]float64{x, y}, ftz)[0]
		for i := range x {
			a, b := x[i], y[i]
			if ftz {
				a, b = flush32(a), flush32(b)
			}
			want := math.Min(math.Max(a, 0), 1)
			if math.IsNaN(a) {
				want = 0
			}
			if want == 0 {
				want = 0 // +0 for -0 and NaN
			}
			if !sameFloat(refFormat{f32: true}, sat[i], want) {
				t.Errorf("ftz=%v: __nv_saturatef(%g) = %g, want %g", ftz, x[i], sat[i], want)
			}
			q := float64(float32(a / b))
			if ftz {
				q = flush32(q)
			}
			if !sameFloat(refFormat{f32: true}, div[i], q) {
				t.Errorf("ftz=%v: __nv_fast_fdividef(%g, %g) = %g, want %g", ftz, x[i], y[i], div[i], q)
			}
		}
	}
	d := []float64{3, -0.1, 1e300, 0x1p-1070, math.Inf(-1), 0, 2, 1e-300, 7, 11, 13, 17, 19, 23, 29, 31}
	rcp := simulateRounded(t, externCase{args: []string{"f64"}, res: "f64", syms: []string{"__nv_rcp64h"}}, [][]float64{d}, true)[0]
	for i, v := range d {
		want := 1 / v
		if math.Abs(v) < 0x1p-1022 {
			want = math.Copysign(math.Inf(1), v) // a subnormal operand is flushed
		}
		if math.Abs(want) < 0x1p-1022 {
			want = math.Copysign(0, want)
		}
		if !sameFloat(refFormat{}, rcp[i], want) {
			t.Errorf("__nv_rcp64h(%g) = %g, want %g", v, rcp[i], want)
		}
	}
}
