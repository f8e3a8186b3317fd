package interp

import (
	"math"
	"math/bits"

	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/numeric"
)

// tt.extern_elementwise calls a function of a device library by symbol.
// The interpreter knows the CUDA libdevice functions (__nv_*) that Triton's
// libdevice module exposes and the matching AMD OCML names (__ocml_*_f32 /
// _f64) for the common math; an unknown symbol is a located error. Values
// follow the function's definition (correctly rounded where libdevice
// documents 0 ulp, within an ulp or so of libdevice otherwise; see
// mathops.go). The _rn/_rz/_rd/_ru variants round as named.

// externFn computes element i of r from the arguments.
type externFn func(r *Tensor, args []*Tensor, i int)

var externs = map[string]externFn{}

func init() {
	registerElementwise("tt.extern_elementwise", buildExtern)

	// Float functions of one argument: name -> float64 implementation,
	// registered as __nv_<name>f (f32), __nv_<name> (f64) and OCML names.
	unary := map[string]func(float64) float64{
		"exp": math.Exp, "exp2": math.Exp2, "exp10": numeric.Exp10,
		"expm1": math.Expm1, "log": math.Log, "log2": math.Log2, "log10": numeric.Log10, "log1p": numeric.Log1p,
		"sqrt": math.Sqrt, "rsqrt": func(x float64) float64 { return 1 / math.Sqrt(x) }, "cbrt": math.Cbrt,
		"rcbrt": func(x float64) float64 { return 1 / math.Cbrt(x) },
		"sin":   math.Sin, "cos": math.Cos, "tan": numeric.Tan, "asin": numeric.Asin, "acos": numeric.Acos, "atan": math.Atan,
		"sinh": numeric.Sinh, "cosh": numeric.Cosh, "tanh": math.Tanh, "asinh": math.Asinh, "acosh": math.Acosh,
		"atanh": math.Atanh, "sinpi": func(x float64) float64 { return sinpi(x) },
		"cospi": func(x float64) float64 { return sinpi(x + 0.5) },
		"erf":   math.Erf, "erfc": math.Erfc, "erfinv": math.Erfinv, "erfcinv": math.Erfcinv,
		"erfcx":   func(x float64) float64 { return math.Exp(x*x) * math.Erfc(x) },
		"lgamma":  func(x float64) float64 { v, _ := math.Lgamma(x); return v },
		"tgamma":  math.Gamma,
		"normcdf": func(x float64) float64 { return 0.5 * math.Erfc(-x/math.Sqrt2) },
		"normcdfinv": func(x float64) float64 {
			return -math.Sqrt2 * math.Erfcinv(2*x)
		},
		"j0": math.J0, "j1": math.J1, "y0": math.Y0, "y1": math.Y1,
		"cyl_bessel_i0": func(x float64) float64 { return numeric.Bessel(numeric.BesselI0).Eval(x) },
		"cyl_bessel_i1": func(x float64) float64 { return numeric.Bessel(numeric.BesselI1).Eval(x) },
		"fabs":          math.Abs, "floor": math.Floor, "ceil": math.Ceil, "trunc": math.Trunc,
		"round": math.Round, "rint": math.RoundToEven, "nearbyint": math.RoundToEven,
		"logb": math.Logb,
		"saturate": func(x float64) float64 {
			if x != x || x <= 0 {
				return 0
			}
			return math.Min(x, 1)
		},
	}
	for name, f := range unary {
		f := f
		fn := func(r *Tensor, a []*Tensor, i int) { setFloat(r, i, f(floatAt(a[0], i))) }
		addMathExtern(name, fn)
	}
	for _, n := range []string{"0", "1"} { // OCML's names for I0 and I1
		for _, w := range []string{"f32", "f64"} {
			externs["__ocml_i"+n+"_"+w] = externs["__ocml_cyl_bessel_i"+n+"_"+w]
		}
	}
	for _, name := range []string{"fast_exp", "fast_log", "fast_log2", "fast_log10", "fast_exp10", "fast_sin", "fast_cos", "fast_tan"} {
		f := unary[name[5:]]
		externs["__nv_"+name+"f"] = func(r *Tensor, a []*Tensor, i int) { setFloat(r, i, f(floatAt(a[0], i))) }
	}
	binary := map[string]func(a, b float64) float64{
		"pow": numeric.Pow, "fmod": math.Mod, "remainder": math.Remainder, "atan2": math.Atan2,
		"hypot": math.Hypot, "fdim": fdim, "copysign": math.Copysign, "nextafter": nil,
		"fmax": func(a, b float64) float64 { return numeric.MaxNumF64(a, b) },
		"fmin": func(a, b float64) float64 { return numeric.MinNumF64(a, b) },
	}
	for name, f := range binary {
		f := f
		fn := func(r *Tensor, a []*Tensor, i int) { setFloat(r, i, f(floatAt(a[0], i), floatAt(a[1], i))) }
		if name == "nextafter" {
			fn = func(r *Tensor, a []*Tensor, i int) {
				if x, y := floatAt(a[0], i), floatAt(a[1], i); x == y {
					setFloat(r, i, y) // C99 (and libdevice): y, so nextafter(0, -0) = -0
					return
				}
				if r.Elem.Kind == KF32 {
					r.F32[i] = math.Nextafter32(a[0].F32[i], a[1].F32[i])
					return
				}
				setFloat(r, i, math.Nextafter(floatAt(a[0], i), floatAt(a[1], i)))
			}
		}
		if name == "fmax" || name == "fmin" {
			// Exact on every format: pick an operand bit for bit.
			fns := floatBinary["arith.maxnumf"]
			if name == "fmin" {
				fns = floatBinary["arith.minnumf"]
			}
			fn = func(r *Tensor, a []*Tensor, i int) {
				r.setBits(i, applyFloat2(r.Elem, nil, 1, a[0].gather(nil, []int{i}), a[1].gather(nil, []int{i}), fns).bitsAt(0))
			}
		}
		addMathExtern(name, fn)
	}
	externs["__nv_fast_powf"] = externs["__nv_powf"]
	externs["__nv_fdividef"] = func(r *Tensor, a []*Tensor, i int) { setFloat(r, i, floatAt(a[0], i)/floatAt(a[1], i)) }
	fma := func(r *Tensor, a []*Tensor, i int) {
		if r.Elem.Kind == KF32 {
			r.F32[i] = numeric.FMA32(a[0].F32[i], a[1].F32[i], a[2].F32[i])
			return
		}
		setFloat(r, i, math.FMA(floatAt(a[0], i), floatAt(a[1], i), floatAt(a[2], i)))
	}
	addMathExtern("fma", fma)
	// Float functions with an integer argument or result.
	withInt := map[string]externFn{
		"ldexp": func(r *Tensor, a []*Tensor, i int) {
			setFloat(r, i, math.Ldexp(floatAt(a[0], i), int(int32(a[1].Bits[i]))))
		},
		"scalbn": func(r *Tensor, a []*Tensor, i int) {
			setFloat(r, i, math.Ldexp(floatAt(a[0], i), int(int32(a[1].Bits[i]))))
		},
		"powi": func(r *Tensor, a []*Tensor, i int) {
			n := int32(a[1].Bits[i])
			if r.Elem.Kind == KF32 {
				r.F32[i] = powiBySquaring(a[0].F32[i], n)
				return
			}
			setFloat(r, i, powiBySquaring(floatAt(a[0], i), n))
		},
		"ilogb": func(r *Tensor, a []*Tensor, i int) {
			v := floatAt(a[0], i)
			e := int64(math.Ilogb(v))
			if v != v {
				e = math.MinInt32 // libdevice's ilogb(NaN); Go gives MaxInt32
			}
			r.Bits[i] = trunc(uint64(e), r.Elem.Width)
		},
		"signbit": func(r *Tensor, a []*Tensor, i int) { r.Bits[i] = boolBits(math.Signbit(floatAt(a[0], i))) },
	}
	for name, fn := range withInt {
		addMathExtern(name, fn)
	}
	classify := map[string]func(float64) bool{
		"isnan": math.IsNaN, "isinf": func(v float64) bool { return math.IsInf(v, 0) },
		"finite": func(v float64) bool { return !math.IsInf(v, 0) && v == v },
	}
	for name, f := range classify {
		f := f
		fn := func(r *Tensor, a []*Tensor, i int) { r.Bits[i] = boolBits(f(floatAt(a[0], i))) }
		externs["__nv_"+name+"f"] = fn
		externs["__nv_"+name+"d"] = fn
		externs["__ocml_"+name+"_f32"] = fn
		externs["__ocml_"+name+"_f64"] = fn
	}
	externs["__nv_isfinited"] = externs["__nv_finited"]
	externs["__nv_signbitd"] = externs["__nv_signbit"]

	// Correctly rounded arithmetic with an explicit rounding direction.
	dirs := map[string]roundDir{"rn": rn, "rz": rz, "rd": rd, "ru": ru}
	for suffix, d := range dirs {
		d := d
		op2 := func(f func(a, b float64) (float64, float64)) externFn {
			return func(r *Tensor, a []*Tensor, i int) {
				s, e := f(floatAt(a[0], i), floatAt(a[1], i))
				setRounded(r, i, s, e, d)
			}
		}
		for _, p := range []struct {
			f32, f64 string
			f        func(a, b float64) (float64, float64)
		}{
			{"__nv_fadd_", "__nv_dadd_", addErr},
			{"__nv_fsub_", "__nv_dsub_", func(a, b float64) (float64, float64) { return addErr(a, -b) }},
			{"__nv_fmul_", "__nv_dmul_", mulErr},
			{"__nv_fdiv_", "__nv_ddiv_", divErr},
		} {
			externs[p.f32+suffix] = op2(p.f)
			externs[p.f64+suffix] = op2(p.f)
		}
		sq := func(r *Tensor, a []*Tensor, i int) {
			s, e := sqrtErr(floatAt(a[0], i))
			setRounded(r, i, s, e, d)
		}
		externs["__nv_fsqrt_"+suffix] = sq
		externs["__nv_dsqrt_"+suffix] = sq
		rcp := func(r *Tensor, a []*Tensor, i int) {
			s, e := divErr(1, floatAt(a[0], i))
			setRounded(r, i, s, e, d)
		}
		externs["__nv_frcp_"+suffix] = rcp
		externs["__nv_drcp_"+suffix] = rcp
		fmaD := func(r *Tensor, a []*Tensor, i int) {
			s, e := fmaErr(floatAt(a[0], i), floatAt(a[1], i), floatAt(a[2], i))
			setRounded(r, i, s, e, d)
		}
		externs["__nv_fmaf_"+suffix] = fmaD
		externs["__nv_fma_"+suffix] = fmaD
		// float -> integer conversions with rounding direction.
		for _, cv := range []struct {
			name   string
			signed bool
		}{{"__nv_float2int_", true}, {"__nv_float2uint_", false}, {"__nv_float2ll_", true}, {"__nv_float2ull_", false},
			{"__nv_double2int_", true}, {"__nv_double2uint_", false}, {"__nv_double2ll_", true}, {"__nv_double2ull_", false}} {
			signed := cv.signed
			externs[cv.name+suffix] = func(r *Tensor, a []*Tensor, i int) {
				v := floatAt(a[0], i)
				switch d {
				case rn:
					v = math.RoundToEven(v)
				case rd:
					v = math.Floor(v)
				case ru:
					v = math.Ceil(v)
				}
				r.Bits[i] = floatToInt(v, r.Elem.Width, signed)
			}
		}
	}
	// Bit reinterpretations.
	for _, name := range []string{"__nv_float_as_int", "__nv_float_as_uint", "__nv_int_as_float", "__nv_uint_as_float",
		"__nv_double_as_longlong", "__nv_longlong_as_double"} {
		externs[name] = func(r *Tensor, a []*Tensor, i int) { r.setBits(i, a[0].bitsAt(i)) }
	}

	// Integer functions.
	ints := map[string]func(a []uint64, w int) uint64{
		"abs":      func(a []uint64, w int) uint64 { return absBits(a[0], w) },
		"llabs":    func(a []uint64, w int) uint64 { return absBits(a[0], w) },
		"umulhi":   func(a []uint64, w int) uint64 { return numeric.MulHiUI(a[0], a[1], w) },
		"mulhi":    func(a []uint64, w int) uint64 { return numeric.MulHiSI(a[0], a[1], w) },
		"umul64hi": func(a []uint64, w int) uint64 { return numeric.MulHiUI(a[0], a[1], w) },
		"mul64hi":  func(a []uint64, w int) uint64 { return numeric.MulHiSI(a[0], a[1], w) },
		"popc":     func(a []uint64, w int) uint64 { return uint64(bits.OnesCount64(a[0])) },
		"popcll":   func(a []uint64, w int) uint64 { return uint64(bits.OnesCount64(a[0])) },
		"clz":      func(a []uint64, w int) uint64 { return uint64(bits.LeadingZeros32(uint32(a[0]))) },
		"clzll":    func(a []uint64, w int) uint64 { return uint64(bits.LeadingZeros64(a[0])) },
		"ffs":      func(a []uint64, w int) uint64 { return ffs(uint64(uint32(a[0]))) },
		"ffsll":    func(a []uint64, w int) uint64 { return ffs(a[0]) },
		"brev":     func(a []uint64, w int) uint64 { return uint64(bits.Reverse32(uint32(a[0]))) },
		"brevll":   func(a []uint64, w int) uint64 { return bits.Reverse64(a[0]) },
		"min":      func(a []uint64, w int) uint64 { return numeric.MinSI(a[0], a[1], w) },
		"max":      func(a []uint64, w int) uint64 { return numeric.MaxSI(a[0], a[1], w) },
		"umin":     func(a []uint64, w int) uint64 { return numeric.MinUI(a[0], a[1], w) },
		"umax":     func(a []uint64, w int) uint64 { return numeric.MaxUI(a[0], a[1], w) },
		"llmin":    func(a []uint64, w int) uint64 { return numeric.MinSI(a[0], a[1], w) },
		"llmax":    func(a []uint64, w int) uint64 { return numeric.MaxSI(a[0], a[1], w) },
		"ullmin":   func(a []uint64, w int) uint64 { return numeric.MinUI(a[0], a[1], w) },
		"ullmax":   func(a []uint64, w int) uint64 { return numeric.MaxUI(a[0], a[1], w) },
		"hadd": func(a []uint64, w int) uint64 {
			return trunc(uint64((int64(sext(a[0], w))+int64(sext(a[1], w)))>>1), w)
		},
		"rhadd": func(a []uint64, w int) uint64 {
			return trunc(uint64((int64(sext(a[0], w))+int64(sext(a[1], w))+1)>>1), w)
		},
		"uhadd":  func(a []uint64, w int) uint64 { return (a[0] + a[1]) >> 1 },
		"urhadd": func(a []uint64, w int) uint64 { return (a[0] + a[1] + 1) >> 1 },
		"sad": func(a []uint64, w int) uint64 {
			d := int64(sext(a[0], w)) - int64(sext(a[1], w))
			if d < 0 {
				d = -d
			}
			return trunc(uint64(d)+a[2], w)
		},
		"usad": func(a []uint64, w int) uint64 {
			d := a[0] - a[1]
			if a[1] > a[0] {
				d = a[1] - a[0]
			}
			return trunc(d+a[2], w)
		},
		"byte_perm": func(a []uint64, w int) uint64 {
			src := uint64(uint32(a[0])) | uint64(uint32(a[1]))<<32
			var r uint64
			for k := 0; k < 4; k++ {
				sel := a[2] >> (4 * uint(k)) & 7
				r |= (src >> (8 * sel) & 0xFF) << (8 * uint(k))
			}
			return r
		},
	}
	for name, f := range ints {
		f := f
		externs["__nv_"+name] = func(r *Tensor, a []*Tensor, i int) {
			vals := make([]uint64, len(a))
			for k, t := range a {
				vals[k] = t.Bits[i]
			}
			r.Bits[i] = trunc(f(vals, r.Elem.Width), r.Elem.Width)
		}
	}

	// Rounded to nearest even, then to a 64-bit integer (saturating, NaN
	// 0); and Triton's AMD helpers (__triton_hip_*), which its AMD
	// libdevice module calls beside OCML, each of any operand width.
	llrint := func(r *Tensor, a []*Tensor, i int) {
		r.Bits[i] = floatToInt(math.RoundToEven(floatAt(a[0], i)), r.Elem.Width, true)
	}
	externs["__nv_llrint"], externs["__nv_llrintf"], externs["__triton_hip_llrint"] = llrint, llrint, llrint
	externs["__triton_hip_fabs"] = externs["__nv_fabs"]
	externs["__triton_hip_iabs"] = externs["__nv_abs"]
	externs["__triton_hip_fast_expf"] = externs["__nv_fast_expf"]
	externs["__triton_hip_fast_tanhf"] = externs["__nv_tanhf"]
	externs["__triton_hip_fast_fdividef"] = externs["__nv_fdividef"]
}

// addMathExtern registers a float function under its libdevice f32/f64
// names and OCML names.
func addMathExtern(name string, fn externFn) {
	externs["__nv_"+name+"f"] = fn
	externs["__nv_"+name] = fn
	externs["__ocml_"+name+"_f32"] = fn
	externs["__ocml_"+name+"_f64"] = fn
	externs["__ocml_"+name+"_f16"] = fn
}

func setRounded(r *Tensor, i int, s, e float64, d roundDir) {
	if r.Elem.Kind == KF32 {
		r.F32[i] = round32(s, e, d)
		return
	}
	setFloat(r, i, round64(s, e, d))
}

func boolBits(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}

func absBits(v uint64, w int) uint64 {
	if int64(sext(v, w)) < 0 {
		return trunc(-sext(v, w), w)
	}
	return v
}

func ffs(v uint64) uint64 {
	if v == 0 {
		return 0
	}
	return uint64(bits.TrailingZeros64(v) + 1)
}

// fdim is C99's: x - y where x > y, +0 otherwise, NaN for a NaN
// (Go's math.Dim(inf, inf) is NaN).
func fdim(x, y float64) float64 {
	if x > y || x != x || y != y {
		return x - y
	}
	return 0
}

func sinpi(x float64) float64 {
	// Reduce exactly before multiplying by pi so that integers give 0.
	r := math.Mod(x, 2)
	return math.Sin(math.Pi * r)
}

func buildExtern(c *compiler, op *ir.Operation) (runFn, error) {
	sym := ""
	if s, ok := op.Attr("symbol").(*ir.StringAttr); ok {
		sym = s.Value
	}
	fn, ok := externs[sym]
	if !ok {
		return nil, ir.OpErrorf(op, "external function %q is not known to the interpreter", sym)
	}
	re, err := c.resultElem(op, 0)
	if err != nil {
		return nil, err
	}
	return func(x *execCtx, in *instr) error {
		ts, n, shape, err := operands(x, in)
		if err != nil {
			return err
		}
		r := newTensorN(re, shape, n)
		for i := 0; i < n; i++ {
			fn(r, ts, i)
		}
		x.set(in, 0, r)
		return nil
	}, nil
}

// powiBySquaring is libdevice's powi and powif: x^n by squaring over |n|'s
// bits from the lowest, each product rounded to T, and 1/r for n < 0
// (its subnormals kept: the interpreter has no FTZ reflect).
func powiBySquaring[T float32 | float64](x T, n int32) T {
	r, e := T(1), uint32(n)
	if n < 0 {
		e = -e // |INT_MIN| is 2^31, read unsigned
	}
	for ; e != 0; e >>= 1 {
		if e&1 != 0 {
			r = T(r * x)
		}
		x = T(x * x)
	}
	if n < 0 {
		return 1 / r
	}
	return r
}
