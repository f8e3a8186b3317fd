package ttgtogpu

import (
	"math"

	"github.com/ttcompiler/tt/dialects/llvm"
	"github.com/ttcompiler/tt/ir"
)

// Float arithmetic. f32 and f64 map to LLVM ops and the fast-math
// instructions Triton uses; f16 keeps the ops the hardware has for it;
// bf16 and the 8-bit formats compute in f32 and round back (for one
// add, sub, mul, div or sqrt, f32 has enough precision that rounding twice
// gives the correctly rounded result), but for bf16's add, sub and mul on
// targets that have them (hasBF16Arithmetic).

// promoted reports whether arithmetic on t is done in f32.
func promoted(t ir.Type) bool {
	ft, ok := t.(*ir.FloatType)
	if !ok {
		return false
	}
	return ft.Kind == ir.BF16
}

func isF32(t ir.Type) bool { ft, ok := t.(*ir.FloatType); return ok && ft.Kind == ir.F32 }
func isF64(t ir.Type) bool { ft, ok := t.(*ir.FloatType); return ok && ft.Kind == ir.F64 }

// inF32 evaluates f on the operands widened to f32 and rounds the result
// back to t (to nearest even).
func (e *emitter) inF32(t ir.Type, args []ir.Value, f func(args []ir.Value) ir.Value) ir.Value {
	wide := make([]ir.Value, len(args))
	for i, a := range args {
		wide[i] = e.extToF32(a)
	}
	return e.truncFromF32(f(wide), t)
}

// halfOrF32 runs f in f32 for every type but f64 (which f handles itself).
func (e *emitter) f32Math(t ir.Type, args []ir.Value, f func(args []ir.Value) ir.Value) ir.Value {
	if isF32(t) {
		return f(args)
	}
	return e.inF32(t, args, f)
}

// fcmpAny compares floats of any format (the narrow ones widened, which
// is exact).
func (e *emitter) fcmpAny(p llvm.FCmpPredicate, a, b ir.Value) ir.Value {
	if promoted(a.Type()) {
		a, b = e.extToF32(a), e.extToF32(b)
	}
	return e.fcmp(p, a, b)
}

func addFloatPatterns(add func(string, scalarFn)) {
	bin := func(name string) scalarFn {
		return func(e *emitter, _ *ir.Operation, a []ir.Value, res ir.Type) (ir.Value, error) {
			if promoted(res) && !e.l.target.hasBF16Arithmetic() {
				return e.inF32(res, a, func(w []ir.Value) ir.Value { return e.fbin(name, w[0], w[1]) }), nil
			}
			return e.fbin(name, a[0], a[1]), nil
		}
	}
	add("arith.addf", bin("llvm.fadd"))
	add("arith.subf", bin("llvm.fsub"))
	add("arith.mulf", bin("llvm.fmul"))
	add("arith.divf", func(e *emitter, _ *ir.Operation, a []ir.Value, res ir.Type) (ir.Value, error) {
		if isF64(res) {
			return e.fbin("llvm.fdiv", a[0], a[1]), nil
		}
		// Triton: div.full.f32 (fast, at most two ulp from the exact quotient).
		return e.f32Math(res, a, func(w []ir.Value) ir.Value { return newGPU(e).divFull(w[0], w[1]) }), nil
	})
	add("tt.precise_divf", func(e *emitter, _ *ir.Operation, a []ir.Value, res ir.Type) (ir.Value, error) {
		if promoted(res) {
			return e.inF32(res, a, func(w []ir.Value) ir.Value { return e.fbin("llvm.fdiv", w[0], w[1]) }), nil
		}
		return e.fbin("llvm.fdiv", a[0], a[1]), nil
	})
	add("arith.remf", func(e *emitter, _ *ir.Operation, a []ir.Value, res ir.Type) (ir.Value, error) {
		if isF64(res) || isF32(res) {
			return e.frem(a[0], a[1]), nil
		}
		return e.inF32(res, a, func(w []ir.Value) ir.Value { return e.frem(w[0], w[1]) }), nil
	})
	add("arith.negf", func(e *emitter, _ *ir.Operation, a []ir.Value, res ir.Type) (ir.Value, error) {
		if promoted(res) {
			w := ir.BitWidth(res)
			return e.fromBits(e.xor(e.toBits(a[0]), e.cInt(ir.IntegerTypeOf(e.ctx(), w), int64(1)<<(w-1))), res), nil
		}
		return e.op1("llvm.fneg", res, a), nil
	})
	minmax := func(intr string) scalarFn {
		return func(e *emitter, _ *ir.Operation, a []ir.Value, res ir.Type) (ir.Value, error) {
			if promoted(res) || !isF32(res) && !isF64(res) {
				return e.inF32(res, a, func(w []ir.Value) ir.Value { return e.intrinsic(intr, w[0].Type(), w...) }), nil
			}
			return e.intrinsic(intr, res, a...), nil
		}
	}
	add("arith.maxnumf", minmax("maxnum"))
	add("arith.minnumf", minmax("minnum"))
	add("arith.maximumf", minmax("maximum"))
	add("arith.minimumf", minmax("minimum"))
	add("tt.clampf", lowerClamp)

	unaryIntr := func(intr string) scalarFn {
		return func(e *emitter, _ *ir.Operation, a []ir.Value, res ir.Type) (ir.Value, error) {
			if isF32(res) || isF64(res) {
				return e.intrinsic(intr, res, a...), nil
			}
			return e.inF32(res, a, func(w []ir.Value) ir.Value { return e.intrinsic(intr, w[0].Type(), w...) }), nil
		}
	}
	add("math.absf", func(e *emitter, _ *ir.Operation, a []ir.Value, res ir.Type) (ir.Value, error) {
		if isF32(res) || isF64(res) {
			return e.intrinsic("fabs", res, a...), nil
		}
		w := ir.BitWidth(res)
		return e.fromBits(e.andC(e.toBits(a[0]), int64(1)<<(w-1)-1), res), nil
	})
	// Triton lowers math.floor and math.ceil to libdevice's floorf and
	// ceilf on NVIDIA: the .ftz instructions under its FTZ reflect, which
	// see a subnormal f32 as a zero of its sign (floor(-1e-40) = -0).
	libdeviceRounding := func(intr string) scalarFn {
		return func(e *emitter, op *ir.Operation, a []ir.Value, res ir.Type) (ir.Value, error) {
			if isF32(res) && e.l.target.libdeviceMath() {
				return e.intrinsic(intr, res, e.flushF32(a[0], e.reflectFTZ())), nil
			}
			return unaryIntr(intr)(e, op, a, res)
		}
	}
	add("math.floor", libdeviceRounding("floor"))
	add("math.ceil", libdeviceRounding("ceil"))
	add("math.trunc", unaryIntr("trunc"))
	add("math.round", unaryIntr("round"))
	add("math.roundeven", unaryIntr("roundeven"))
	add("math.fma", unaryIntr("fma"))
	add("math.copysign", unaryIntr("copysign"))
	add("tt.precise_sqrt", unaryIntr("sqrt"))
	add("math.isnan", func(e *emitter, _ *ir.Operation, a []ir.Value, _ ir.Type) (ir.Value, error) {
		return e.fcmpAny(llvm.FCmpUNO, a[0], a[0]), nil
	})
	add("math.isinf", func(e *emitter, _ *ir.Operation, a []ir.Value, _ ir.Type) (ir.Value, error) {
		x := a[0]
		if promoted(x.Type()) {
			x = e.extToF32(x)
		}
		return e.fcmp(llvm.FCmpOEQ, e.intrinsic("fabs", x.Type(), x), e.cFloat(x.Type(), math.Inf(1))), nil
	})
	add("math.isfinite", func(e *emitter, _ *ir.Operation, a []ir.Value, _ ir.Type) (ir.Value, error) {
		x := a[0]
		if promoted(x.Type()) {
			x = e.extToF32(x)
		}
		return e.fcmp(llvm.FCmpONE, e.intrinsic("fabs", x.Type(), x), e.cFloat(x.Type(), math.Inf(1))), nil
	})

	// The transcendental functions: f32 fast-math instructions as Triton
	// emits them; f64 computed by libm_f64.go where tt has the function,
	// otherwise refused naming the libdevice function Triton would call.
	type f64Fn = func(e *emitter, x ir.Value) ir.Value
	fast := func(name, libdevice string, f func(e *emitter, x ir.Value) ir.Value, f64 f64Fn) scalarFn {
		return func(e *emitter, op *ir.Operation, a []ir.Value, res ir.Type) (ir.Value, error) {
			if isF64(res) {
				// Triton calls libdevice for every f64 math op: where tt
				// computes libdevice's own algorithm (libm_*64.go), its
				// bits on NVIDIA.
				if alg, ok := libdeviceAlgorithmOf(libdevice); ok && e.l.target.libdeviceMath() {
					return alg(e, a, e.reflectFTZ()), nil
				}
				if f64 == nil {
					return nil, ir.OpErrorf(op, "'%s' on f64 is not supported: Triton calls libdevice's %s for it, and tt implements only exp, exp2, log, log2, sin, cos, tanh and erf in f64", name, libdevice)
				}
				return f64(e, a[0]), nil
			}
			return e.f32Math(res, a, func(w []ir.Value) ir.Value { return f(e, w[0]) }), nil
		}
	}
	add("math.exp", fast("math.exp", "__nv_exp", (*emitter).expF32, (*emitter).expF64))
	// exp2 is libdevice's __nv_exp2f: the approximate instruction, .ftz
	// under the reflected FTZ flag. log and log2 are __nv_logf and
	// __nv_log2f on NVIDIA (libm_f32.go), the approximate instruction on
	// AMD.
	add("math.exp2", fast("math.exp2", "__nv_exp2", func(e *emitter, x ir.Value) ir.Value { return newGPU(e).unary("ex2_approx", x, e.reflectFTZ()) }, (*emitter).exp2F64))
	add("math.log", fast("math.log", "__nv_log", func(e *emitter, x ir.Value) ir.Value {
		if e.l.target.libdeviceMath() {
			return e.logLibdeviceF32(x, false)
		}
		return e.logF32(x)
	}, (*emitter).logF64))
	add("math.log2", fast("math.log2", "__nv_log2", func(e *emitter, x ir.Value) ir.Value {
		if e.l.target.libdeviceMath() {
			return e.logLibdeviceF32(x, true)
		}
		return newGPU(e).unary("lg2_approx", x, e.reflectFTZ())
	}, (*emitter).log2F64))
	// f64, f32, f16 and bf16 sin and cos never get here: trigDispatch
	// (libm_trig.go) takes them.
	add("math.sin", fast("math.sin", "__nv_sin", func(e *emitter, x ir.Value) ir.Value { return newGPU(e).unary("sin_approx", x, false) }, nil))
	add("math.cos", fast("math.cos", "__nv_cos", func(e *emitter, x ir.Value) ir.Value { return newGPU(e).unary("cos_approx", x, false) }, nil))
	add("math.tanh", fast("math.tanh", "__nv_tanh", func(e *emitter, x ir.Value) ir.Value {
		if e.l.target.libdeviceMath() {
			return e.tanhLibdeviceF32(x, e.reflectFTZ())
		}
		return newGPU(e).unary("tanh_approx", x, false)
	}, (*emitter).tanhF64))
	add("math.erf", func(e *emitter, _ *ir.Operation, a []ir.Value, res ir.Type) (ir.Value, error) {
		if alg, ok := libdeviceAlgorithmOf("__nv_erf"); ok && isF64(res) && e.l.target.libdeviceMath() {
			return alg(e, a, e.reflectFTZ()), nil
		}
		return e.erfAny(a[0], res, e.l.target.libdeviceMath()), nil
	})
	add("math.sqrt", func(e *emitter, _ *ir.Operation, a []ir.Value, res ir.Type) (ir.Value, error) {
		if isF64(res) {
			return e.intrinsic("sqrt", res, a...), nil
		}
		// Triton's math.sqrt is libdevice's __nv_sqrtf, which compiles to
		// sqrt.approx.ftz.f32 (sqrt.approx.f32 without the FTZ reflect).
		return e.f32Math(res, a, func(w []ir.Value) ir.Value { return newGPU(e).unary("sqrt_approx", w[0], e.reflectFTZ()) }), nil
	})
	add("math.rsqrt", func(e *emitter, _ *ir.Operation, a []ir.Value, res ir.Type) (ir.Value, error) {
		if isF64(res) {
			return e.fbin("llvm.fdiv", e.cFloat(res, 1), e.intrinsic("sqrt", res, a...)), nil
		}
		return e.f32Math(res, a, func(w []ir.Value) ir.Value { return newGPU(e).unary("rsqrt_approx", w[0], e.reflectFTZ()) }), nil
	})
}

// reflectFTZ is libdevice's __nvvm_reflect("__CUDA_FTZ") under the
// compilation's options (Triton's enable_reflect_ftz, on by default).
func (e *emitter) reflectFTZ() bool { return !e.l.opts.NoReflectFTZ }

// expF32 is Triton's exp: ex2.approx(x * log2(e)).
func (e *emitter) expF32(x ir.Value) ir.Value {
	return newGPU(e).unary("ex2_approx", e.fmul(x, e.cFloat(x.Type(), math.Log2E)), false)
}

// logF32 is lg2.approx(x) * ln(2).
func (e *emitter) logF32(x ir.Value) ir.Value {
	return e.fmul(newGPU(e).unary("lg2_approx", x, false), e.cFloat(x.Type(), math.Ln2))
}

// frem is C's fmod as LLVM's NVPTX backend expands it: x - y*trunc(x/y),
// and x itself when y is infinite.
func (e *emitter) frem(x, y ir.Value) ir.Value {
	t := x.Type()
	q := e.fbin("llvm.fdiv", x, y)
	tq := e.intrinsic("trunc", t, q)
	r := e.intrinsic("fma", t, e.op1("llvm.fneg", t, []ir.Value{tq}), y, x)
	inf := e.fcmp(llvm.FCmpOEQ, e.intrinsic("fabs", t, y), e.cFloat(t, math.Inf(1)))
	return e.selectV(inf, x, r)
}
