package ttgtogpu

import (
	"math"
	"sync"

	"github.com/ttcompiler/tt/conversion"
	"github.com/ttcompiler/tt/dialects/llvm"
	"github.com/ttcompiler/tt/ir"
)

// tt.extern_elementwise calls a function of an external library (libdevice
// on NVIDIA). tt links no bitcode, so the common libdevice functions are
// implemented here with the instruction sequences their libdevice versions
// compile to under Triton's settings (fast approximations with ftz for
// the f32 transcendental functions, correctly rounded ops where libdevice
// promises them); others are reported.

type externFn func(e *emitter, a []ir.Value, res ir.Type) ir.Value

// externTable is the extern functions by symbol, built once (after every
// file's init has registered its libdevice algorithms).
var externTable = sync.OnceValue(buildExternTable)

func buildExternTable() map[string]externFn {
	g := func(e *emitter) gpuB { return newGPU(e) }
	intr := func(name string) externFn {
		return func(e *emitter, a []ir.Value, res ir.Type) ir.Value { return e.intrinsic(name, res, a...) }
	}
	// reflected: libdevice's own body is the approximate instruction,
	// with .ftz where __nvvm_reflect("__CUDA_FTZ") is on.
	reflected := func(name string) externFn {
		return func(e *emitter, a []ir.Value, _ ir.Type) ir.Value { return g(e).unary(name, a[0], e.reflectFTZ()) }
	}
	// flushed: libdevice's body is the instruction with .ftz under the
	// FTZ reflect (floorf, ceilf, fabsf): a subnormal argument counts as
	// a zero of its sign, floor(-1e-40) = -0 rather than -1 (NVIDIA; AMD
	// keeps f32 subnormals).
	flushed := func(name string) externFn {
		return func(e *emitter, a []ir.Value, res ir.Type) ir.Value {
			return e.intrinsic(name, res, e.flushF32(a[0], e.l.target.libdeviceMath() && e.reflectFTZ()))
		}
	}
	// reflectedOf: the approximate instruction of x scaled by k
	// (__nv_fast_expf: ex2.approx of x log2(e)).
	reflectedOf := func(name string, k float64) externFn {
		return func(e *emitter, a []ir.Value, _ ir.Type) ir.Value {
			return g(e).unary(name, e.fmul(a[0], e.cFloat(a[0].Type(), k)), e.reflectFTZ())
		}
	}
	// sinCos: libdevice's accurate sinf or cosf (libm_f32.go).
	sinCos := func(cos bool) externFn {
		return func(e *emitter, a []ir.Value, _ ir.Type) ir.Value {
			return e.sinCosLibdeviceF32(a[0], cos, e.reflectFTZ())
		}
	}
	pow := func(e *emitter, a []ir.Value, res ir.Type) ir.Value { return e.powAny(a[0], a[1], res) }
	viaF64 := func(f func(e *emitter, x ir.Value) ir.Value) externFn {
		return func(e *emitter, a []ir.Value, res ir.Type) ir.Value {
			return e.throughF64(res, a, func(w []ir.Value) ir.Value { return f(e, w[0]) })
		}
	}
	atan2 := func(e *emitter, a []ir.Value, res ir.Type) ir.Value {
		return e.throughF64(res, a, func(w []ir.Value) ir.Value { return e.atan2F64(w[0], w[1]) })
	}
	ldexp := func(e *emitter, a []ir.Value, res ir.Type) ir.Value { return e.ldexpAny(a[0], a[1], res) }
	fdim := func(e *emitter, a []ir.Value, _ ir.Type) ir.Value { return e.fdimAny(a[0], a[1]) }
	nextafter := func(e *emitter, a []ir.Value, _ ir.Type) ir.Value { return e.nextafterAny(a[0], a[1]) }
	signbit := func(e *emitter, a []ir.Value, res ir.Type) ir.Value { return e.signbitAny(a[0], res) }
	isfinite := func(e *emitter, a []ir.Value, res ir.Type) ir.Value { return e.isfiniteAny(a[0], res) }
	ilogb := func(e *emitter, a []ir.Value, res ir.Type) ir.Value { return e.ilogbAny(a[0], res) }
	hypot := func(e *emitter, a []ir.Value, res ir.Type) ir.Value {
		return e.throughF64(res, a, func(w []ir.Value) ir.Value { return e.hypotF64(w[0], w[1]) })
	}
	isnan := func(e *emitter, a []ir.Value, res ir.Type) ir.Value {
		return e.zext(e.fcmp(llvm.FCmpUNO, a[0], a[0]), res)
	}
	isinf := func(e *emitter, a []ir.Value, res ir.Type) ir.Value {
		inf := e.fcmp(llvm.FCmpOEQ, e.intrinsic("fabs", a[0].Type(), a[0]), e.cFloat(a[0].Type(), posInf))
		return e.zext(inf, res)
	}
	t := map[string]externFn{
		"__nv_expf":       func(e *emitter, a []ir.Value, _ ir.Type) ir.Value { return e.expF32(a[0]) },
		"__nv_fast_expf":  reflectedOf("ex2_approx", math.Log2E),
		"__nv_exp2f":      reflected("ex2_approx"),
		"__nv_logf":       func(e *emitter, a []ir.Value, _ ir.Type) ir.Value { return e.logLibdeviceF32(a[0], false) },
		"__nv_fast_logf":  func(e *emitter, a []ir.Value, _ ir.Type) ir.Value { return e.logF32(a[0]) },
		"__nv_log2f":      func(e *emitter, a []ir.Value, _ ir.Type) ir.Value { return e.logLibdeviceF32(a[0], true) },
		"__nv_fast_log2f": reflected("lg2_approx"),
		"__nv_sqrtf":      reflected("sqrt_approx"),
		"__nv_rsqrtf":     reflected("rsqrt_approx"),
		"__nv_sinf":       sinCos(false),
		"__nv_fast_sinf":  reflected("sin_approx"),
		"__nv_cosf":       sinCos(true),
		"__nv_fast_cosf":  reflected("cos_approx"),
		"__nv_tanhf":      func(e *emitter, a []ir.Value, _ ir.Type) ir.Value { return e.tanhLibdeviceF32(a[0], e.reflectFTZ()) },
		"__nv_exp":        func(e *emitter, a []ir.Value, _ ir.Type) ir.Value { return e.expF64(a[0]) },
		"__nv_exp2":       func(e *emitter, a []ir.Value, _ ir.Type) ir.Value { return e.exp2F64(a[0]) },
		"__nv_log":        func(e *emitter, a []ir.Value, _ ir.Type) ir.Value { return e.logF64(a[0]) },
		"__nv_log2":       func(e *emitter, a []ir.Value, _ ir.Type) ir.Value { return e.log2F64(a[0]) },
		"__nv_sin":        func(e *emitter, a []ir.Value, _ ir.Type) ir.Value { return e.trigF64(a[0], false) },
		"__nv_cos":        func(e *emitter, a []ir.Value, _ ir.Type) ir.Value { return e.trigF64(a[0], true) },
		"__nv_erf":        func(e *emitter, a []ir.Value, res ir.Type) ir.Value { return e.erfAny(a[0], res, false) },
		"__nv_erff":       func(e *emitter, a []ir.Value, res ir.Type) ir.Value { return e.erfAny(a[0], res, true) },
		"__nv_pow":        pow,
		"__nv_powf":       pow,
		"__nv_fast_powf":  pow,
		"__nv_powi":       pow,
		"__nv_powif":      pow,
		"__nv_atan":       viaF64((*emitter).atanF64),
		"__nv_atanf":      viaF64((*emitter).atanF64),
		"__nv_asin":       viaF64((*emitter).asinF64),
		"__nv_asinf":      viaF64((*emitter).asinF64),
		"__nv_acos":       viaF64((*emitter).acosF64),
		"__nv_acosf":      viaF64((*emitter).acosF64),
		"__nv_tan":        viaF64((*emitter).tanF64),
		"__nv_tanf":       viaF64((*emitter).tanF64),
		"__nv_atan2":      atan2, "__nv_atan2f": atan2,
		"__nv_ldexp": ldexp, "__nv_ldexpf": ldexp, "__nv_scalbn": ldexp, "__nv_scalbnf": ldexp,
		"__nv_fdim": fdim, "__nv_fdimf": fdim, "__nv_nextafter": nextafter, "__nv_nextafterf": nextafter,
		"__nv_signbitd": signbit, "__nv_signbitf": signbit, "__nv_isfinited": isfinite, "__nv_finitef": isfinite,
		"__nv_ilogb": ilogb, "__nv_ilogbf": ilogb, "__nv_hypot": hypot, "__nv_hypotf": hypot,
		"__nv_logb": viaF64((*emitter).logbF64), "__nv_logbf": viaF64((*emitter).logbF64),
		// Where libdevice's erfcxf (libm_erfcinv.go) is not computed (AMD:
		// it multiplies rounding toward zero), its f64 algorithm, rounded
		// once.
		"__nv_erfcxf": viaF64((*emitter).erfcxLibdeviceF64),
		"__nv_cbrt":   viaF64((*emitter).cbrtF64), "__nv_cbrtf": viaF64((*emitter).cbrtF64),
		"__nv_rcbrt": viaF64((*emitter).rcbrtF64), "__nv_rcbrtf": viaF64((*emitter).rcbrtF64),
		"__nv_erfc": viaF64((*emitter).erfcF64), "__nv_erfcf": viaF64((*emitter).erfcF64),
		"__nv_log1p":       viaF64((*emitter).log1pF64),
		"__nv_log1pf":      viaF64((*emitter).log1pF64),
		"__nv_expm1":       viaF64((*emitter).expm1F64),
		"__nv_expm1f":      viaF64((*emitter).expm1F64),
		"__nv_log10":       viaF64((*emitter).log10F64),
		"__nv_log10f":      viaF64((*emitter).log10F64),
		"__nv_fast_log10f": viaF64((*emitter).log10F64),
		"__nv_exp10":       viaF64((*emitter).exp10F64),
		"__nv_exp10f":      viaF64((*emitter).exp10F64),
		"__nv_fast_exp10f": viaF64((*emitter).exp10F64),
		"__nv_sinh":        viaF64((*emitter).sinhF64),
		"__nv_sinhf":       viaF64((*emitter).sinhF64),
		"__nv_cosh":        viaF64((*emitter).coshF64),
		"__nv_coshf":       viaF64((*emitter).coshF64),
		"__nv_tanh":        viaF64((*emitter).tanhF64),
		"__nv_asinh":       viaF64((*emitter).asinhF64),
		"__nv_asinhf":      viaF64((*emitter).asinhF64),
		"__nv_acosh":       viaF64((*emitter).acoshF64),
		"__nv_acoshf":      viaF64((*emitter).acoshF64),
		"__nv_atanh":       viaF64((*emitter).atanhF64),
		"__nv_atanhf":      viaF64((*emitter).atanhF64),
		"__nv_fsqrt_rn":    intr("sqrt"),
		"__nv_sqrt":        intr("sqrt"),
		"__nv_dsqrt_rn":    intr("sqrt"),
		"__nv_fabsf":       flushed("fabs"),
		"__nv_fabs":        intr("fabs"),
		"__nv_floorf":      flushed("floor"),
		"__nv_floor":       intr("floor"),
		"__nv_ceilf":       flushed("ceil"),
		"__nv_ceil":        intr("ceil"),
		"__nv_truncf":      intr("trunc"),
		"__nv_trunc":       intr("trunc"),
		"__nv_roundf":      intr("round"),
		"__nv_round":       intr("round"),
		"__nv_rintf":       intr("roundeven"),
		"__nv_rint":        intr("roundeven"),
		"__nv_nearbyintf":  intr("roundeven"),
		"__nv_fmaf":        intr("fma"),
		"__nv_fma":         intr("fma"),
		"__nv_fmaf_rn":     intr("fma"),
		"__nv_fmaxf":       intr("maxnum"),
		"__nv_fmax":        intr("maxnum"),
		"__nv_fminf":       intr("minnum"),
		"__nv_fmin":        intr("minnum"),
		"__nv_copysignf":   intr("copysign"),
		"__nv_copysign":    intr("copysign"),
		"__nv_fdividef":    func(e *emitter, a []ir.Value, _ ir.Type) ir.Value { return g(e).divFull(a[0], a[1]) },
		"__nv_fdiv_rn":     func(e *emitter, a []ir.Value, _ ir.Type) ir.Value { return e.fbin("llvm.fdiv", a[0], a[1]) },
		"__nv_ddiv_rn":     func(e *emitter, a []ir.Value, _ ir.Type) ir.Value { return e.fbin("llvm.fdiv", a[0], a[1]) },
		"__nv_fmodf":       func(e *emitter, a []ir.Value, _ ir.Type) ir.Value { return e.frem(a[0], a[1]) },
		"__nv_fmod":        func(e *emitter, a []ir.Value, _ ir.Type) ir.Value { return e.frem(a[0], a[1]) },
		"__nv_isnanf":      isnan, "__nv_isnand": isnan,
		"__nv_isinff": isinf, "__nv_isinfd": isinf,
		"__nv_abs":   func(e *emitter, a []ir.Value, _ ir.Type) ir.Value { return e.iabs(a[0]) },
		"__nv_llabs": func(e *emitter, a []ir.Value, _ ir.Type) ir.Value { return e.iabs(a[0]) },
		"__nv_min":   intr("smin"), "__nv_max": intr("smax"),
		"__nv_umin": intr("umin"), "__nv_umax": intr("umax"),
		"__nv_llmin": intr("smin"), "__nv_llmax": intr("smax"),
		"__nv_ullmin": intr("umin"), "__nv_ullmax": intr("umax"),
		"__nv_mulhi":   func(e *emitter, a []ir.Value, _ ir.Type) ir.Value { return g(e).mulhi(a[0], a[1], false) },
		"__nv_umulhi":  func(e *emitter, a []ir.Value, _ ir.Type) ir.Value { return g(e).mulhi(a[0], a[1], true) },
		"__nv_mul64hi": func(e *emitter, a []ir.Value, _ ir.Type) ir.Value { return g(e).mulhi(a[0], a[1], false) },
		"__nv_umul64hi": func(e *emitter, a []ir.Value, _ ir.Type) ir.Value {
			return g(e).mulhi(a[0], a[1], true)
		},
		"__nv_popc": func(e *emitter, a []ir.Value, res ir.Type) ir.Value {
			return e.intResize(e.intrinsic("ctpop", a[0].Type(), a[0]), res, false)
		},
		"__nv_popcll": func(e *emitter, a []ir.Value, res ir.Type) ir.Value {
			return e.intResize(e.intrinsic("ctpop", a[0].Type(), a[0]), res, false)
		},
	}
	for name, k := range besselFns {
		t[name] = func(e *emitter, a []ir.Value, res ir.Type) ir.Value { return e.besselAny(k, a[0], res) }
	}
	libdeviceTables()
	for name, f := range libdeviceAlgorithms {
		t[name] = onNVIDIA(f, t[name])
	}
	return t
}

// libdeviceAlgorithm computes a libdevice function of args in libdevice's
// own operations and order, its directed roundings and .ftz forms included
// (gpu.fma and its kin), or an exact function exactly (fmod), so that the
// results are Triton's bits; ftz is Triton's FTZ reflect.
type libdeviceAlgorithm func(e *emitter, args []ir.Value, ftz bool) ir.Value

// libdeviceAlgorithms are the functions so computed on NVIDIA, by
// symbol (libm_*.go register them); on other targets the table's own entry
// applies. Read it, and externSignatures, only after libdeviceTables.
var libdeviceAlgorithms = map[string]libdeviceAlgorithm{}

// libmRegistrations are the libm_*.go files' registrations into
// libdeviceAlgorithms and externSignatures, in file order, run by the
// first libdeviceTables: run at package initialization, they and the
// signature table built hundreds of closures and map entries, a third of
// a millisecond of every process start, for kernels that mostly call no
// library function.
var (
	libmRegistrations []func()
	libmOnce          sync.Once
)

// registerLibm records a file's registrations (the result only lets a
// package-level var run it).
func registerLibm(f func()) bool {
	libmRegistrations = append(libmRegistrations, f)
	return true
}

// libdeviceTables completes libdeviceAlgorithms and externSignatures.
func libdeviceTables() {
	libmOnce.Do(func() {
		externSignatures = baseExternSignatures()
		for _, f := range libmRegistrations {
			f()
		}
	})
}

// libdeviceAlgorithmOf returns the libdevice algorithm tt computes for
// name, if any.
func libdeviceAlgorithmOf(name string) (libdeviceAlgorithm, bool) {
	libdeviceTables()
	f, ok := libdeviceAlgorithms[name]
	return f, ok
}

// externSignature returns the type letters of extern function name (its
// arguments', then its result's), "" for an unknown function.
func externSignature(name string) string {
	libdeviceTables()
	return externSignatures[name]
}

// onNVIDIA is f where the target links libdevice, else other, or f
// without the FTZ reflect (NVIDIA's) where there is no other: OCML's
// functions tt computes only in libdevice's operations (erfinvf, erfcx,
// lgamma), whose round-to-nearest ops AMDGCN has too.
func onNVIDIA(f libdeviceAlgorithm, other externFn) externFn {
	return func(e *emitter, a []ir.Value, res ir.Type) ir.Value {
		if e.l.target.libdeviceMath() {
			return f(e, a, e.reflectFTZ())
		}
		if other == nil {
			return f(e, a, false)
		}
		return other(e, a, res)
	}
}

// posInf is +Inf.
var posInf = math.Inf(1)

// iabs is |x| for integers (wrapping for the most negative value).
func (e *emitter) iabs(x ir.Value) ir.Value {
	neg := e.icmpC(llvm.ICmpSLT, x, 0)
	return e.selectV(neg, e.sub(e.cInt(x.Type(), 0), x), x)
}

// externSignatures lists the argument and result types each entry
// accepts: "f" f32, "d" f64, "i" i32, "l" i64; the last letter is the
// result. libdeviceTables makes it: baseExternSignatures' entries, then
// the libm_*.go registrations'.
var externSignatures map[string]string

// baseExternSignatures are the signatures not registered with the
// algorithms of libm_*.go.
func baseExternSignatures() map[string]string {
	return map[string]string{
		"__nv_erfinvf": "ff", "__nv_erfinv": "dd", "__nv_erfcinvf": "ff", "__nv_erfcxf": "ff", "__nv_normcdff": "ff",
		"__nv_normcdfinvf": "ff", "__nv_tgammaf": "ff", "__nv_lgammaf": "ff", "__nv_lgamma": "dd", "__nv_tgamma": "dd",
		"__nv_erfcinv": "dd", "__nv_erfcx": "dd", "__nv_normcdf": "dd", "__nv_normcdfinv": "dd", "__nv_rsqrt": "dd",
		"__nv_exp": "dd", "__nv_exp2": "dd", "__nv_log": "dd", "__nv_log2": "dd", "__nv_sin": "dd", "__nv_cos": "dd", "__nv_erf": "dd", "__nv_erff": "ff",
		"__nv_expf": "ff", "__nv_fast_expf": "ff", "__nv_exp2f": "ff", "__nv_logf": "ff", "__nv_fast_logf": "ff",
		"__nv_log2f": "ff", "__nv_fast_log2f": "ff", "__nv_sqrtf": "ff", "__nv_rsqrtf": "ff", "__nv_sinf": "ff",
		"__nv_fast_sinf": "ff", "__nv_cosf": "ff", "__nv_fast_cosf": "ff", "__nv_tanhf": "ff", "__nv_fsqrt_rn": "ff",
		"__nv_sqrt": "dd", "__nv_dsqrt_rn": "dd", "__nv_fabsf": "ff", "__nv_fabs": "dd", "__nv_floorf": "ff",
		"__nv_floor": "dd", "__nv_ceilf": "ff", "__nv_ceil": "dd", "__nv_truncf": "ff", "__nv_trunc": "dd",
		"__nv_roundf": "ff", "__nv_round": "dd", "__nv_rintf": "ff", "__nv_rint": "dd", "__nv_nearbyintf": "ff",
		"__nv_fmaf": "ffff", "__nv_fma": "dddd", "__nv_fmaf_rn": "ffff", "__nv_fmaxf": "fff", "__nv_fmax": "ddd",
		"__nv_fminf": "fff", "__nv_fmin": "ddd", "__nv_copysignf": "fff", "__nv_copysign": "ddd",
		"__nv_fdividef": "fff", "__nv_fdiv_rn": "fff", "__nv_ddiv_rn": "ddd", "__nv_fmodf": "fff", "__nv_fmod": "ddd",
		"__nv_isnanf": "fi", "__nv_isinff": "fi", "__nv_isnand": "di", "__nv_isinfd": "di", "__nv_abs": "ii", "__nv_llabs": "ll",
		"__nv_min": "iii", "__nv_max": "iii", "__nv_umin": "iii", "__nv_umax": "iii",
		"__nv_llmin": "lll", "__nv_llmax": "lll", "__nv_ullmin": "lll", "__nv_ullmax": "lll",
		"__nv_mulhi": "iii", "__nv_umulhi": "iii", "__nv_mul64hi": "lll", "__nv_umul64hi": "lll",
		"__nv_popc": "ii", "__nv_popcll": "li",
		"__nv_pow": "ddd", "__nv_powf": "fff", "__nv_fast_powf": "fff", "__nv_powi": "did", "__nv_powif": "fif",
		"__nv_atan": "dd", "__nv_atanf": "ff", "__nv_asin": "dd", "__nv_asinf": "ff", "__nv_acos": "dd", "__nv_acosf": "ff", "__nv_tan": "dd", "__nv_tanf": "ff", "__nv_atan2": "ddd", "__nv_atan2f": "fff",
		"__nv_ldexp": "did", "__nv_ldexpf": "fif", "__nv_scalbn": "did", "__nv_scalbnf": "fif",
		"__nv_fdim": "ddd", "__nv_fdimf": "fff", "__nv_nextafter": "ddd", "__nv_nextafterf": "fff",
		"__nv_signbitd": "di", "__nv_signbitf": "fi", "__nv_isfinited": "di", "__nv_finitef": "fi",
		"__nv_ilogb": "di", "__nv_ilogbf": "fi", "__nv_hypot": "ddd", "__nv_hypotf": "fff",
		"__nv_logb": "dd", "__nv_logbf": "ff", "__nv_cbrt": "dd", "__nv_cbrtf": "ff", "__nv_rcbrt": "dd", "__nv_rcbrtf": "ff",
		"__nv_erfc": "dd", "__nv_erfcf": "ff",
		"__nv_log1p": "dd", "__nv_log1pf": "ff", "__nv_expm1": "dd", "__nv_expm1f": "ff", "__nv_log10": "dd", "__nv_log10f": "ff",
		"__nv_fast_log10f": "ff", "__nv_exp10": "dd", "__nv_exp10f": "ff", "__nv_fast_exp10f": "ff",
		"__nv_sinh": "dd", "__nv_sinhf": "ff", "__nv_cosh": "dd", "__nv_coshf": "ff", "__nv_tanh": "dd", "__nv_asinh": "dd", "__nv_asinhf": "ff", "__nv_acosh": "dd", "__nv_acoshf": "ff", "__nv_atanh": "dd", "__nv_atanhf": "ff",
		"__nv_j0f": "ff", "__nv_j0": "dd", "__nv_j1f": "ff", "__nv_j1": "dd",
		"__nv_y0f": "ff", "__nv_y0": "dd", "__nv_y1f": "ff", "__nv_y1": "dd",
		"__nv_cyl_bessel_i0f": "ff", "__nv_cyl_bessel_i0": "dd", "__nv_cyl_bessel_i1f": "ff", "__nv_cyl_bessel_i1": "dd",
		"__nv_jnf": "iff", "__nv_jn": "idd", "__nv_ynf": "iff", "__nv_yn": "idd",
	}
}

func sigLetter(t ir.Type) byte {
	switch {
	case isF32(t):
		return 'f'
	case isF64(t):
		return 'd'
	case ir.IsInteger(t, 32):
		return 'i'
	case ir.IsInteger(t, 64):
		return 'l'
	}
	return '?'
}

func (l *lowering) lowerExtern(op *ir.Operation, e *emitter, rw *conversion.Rewriter) error {
	sym, _ := op.Attr("symbol").(*ir.StringAttr)
	if sym == nil {
		return ir.OpErrorf(op, "tt.extern_elementwise without a symbol")
	}
	name := sym.Value
	if op.NumOperands() > 0 {
		name = libdeviceNameOf(name, l.elemTypeOf(op.Operand(0).Type()))
	}
	fn, ok := externTable()[name]
	if !ok {
		return ir.OpErrorf(op, "external function '%s' is not supported (tt implements libdevice's functions and their OCML names)", sym.Value)
	}
	var sig []byte
	for _, v := range op.Operands() {
		sig = append(sig, sigLetter(l.elemTypeOf(v.Type())))
	}
	sig = append(sig, sigLetter(l.elemTypeOf(op.Result(0).Type())))
	if want := externSignature(name); string(sig) != want {
		return ir.OpErrorf(op, "external function '%s' called with types %q, expected %q", sym.Value, sig, want)
	}
	if _, ok := libdeviceAlgorithmOf(name); (name == "__nv_sin" || name == "__nv_cos") && !(ok && l.target.libdeviceMath()) {
		return l.lowerTrigF64(op, e, rw, name == "__nv_cos") // the huge-argument path off the common one
	}
	return elementwise(func(e *emitter, _ *ir.Operation, a []ir.Value, res ir.Type) (ir.Value, error) {
		return fn(e, a, res), nil
	})(l, op, e, rw)
}
