package ttgtogpu

import (
	"math"

	"github.com/ttcompiler/tt/dialects/llvm"
	"github.com/ttcompiler/tt/ir"
)

// libdevice's __nv_jnf, __nv_ynf, __nv_jn and __nv_yn (order n: i32,
// then x) in the operations and order of their libdevice code, so that
// tt's results are Triton's bits. They build on the ports of J0, J1, Y0
// and Y1 (libm_besself.go, libm_bessel64.go), which libdevice inlines.
//
// n = 0 and n = 1 are those functions; n < 0 is NaN (0x7FFFFFFF in f32,
// 0xFFF8000000000000 in f64). For n >= 2:
//   - Y_n recurs forward from Y0 and Y1, Y_(i+1) = (2i/x) Y_i - Y_(i-1),
//     n - 1 steps (stable: Y grows with its order); a NaN at the end
//     (an overflow met inf - inf) becomes -inf. x < 0 and NaN give NaN;
//     tiny x gives -1e9/|x| in f32 (-inf) and -(2/pi)/x in f64.
//   - J_n recurs forward from J0 and J1 in the same way where |x| > n + 1
//     (n > 4) or n (f32), or |x| > n - 1 (f64); elsewhere (NaN included)
//     by Miller's backward recurrence from order m = n + sqrt(40 n) (f32,
//     sqrt.approx) or n + sqrt(60 n) (f64, sqrt.rn), made even: from
//     J_(m+1) = 0 and J_m = 1, down to J_0, scaled by 1e-15 whenever a
//     value passes 1e15 in magnitude (in f64 judged by its f32
//     rounding), the value at n kept, and normalized by J_0 + 2 (J_2 +
//     J_4 + ...) = 1. At x = 0 and tiny |x| (up to about 4e-17 for n = 2
//     and 2e-12 for n = 1000 in f32, 4e-39 and 7e-13 in f64) the steps
//     overflow and the result is NaN, as libdevice's is (J_n is below
//     1e-33 there).
//
// The recurrences are loops of the thread (emitter.whileLoop) whose trip
// count is libdevice's: n - 1 forward, m backward, whatever n is (n =
// 2^31 - 1 takes about 2^31 steps, in libdevice's code as in tt's); the
// code stays one loop whatever n, a constant n included. Where tt cannot branch (a warp-specialized partition,
// one block until the warp-specialization lowering) these functions are
// refused with a located error rather than unrolled.
//
// Where libdevice's products feed its sums in one block they are fused,
// as Triton's fp fusion does (contractFMA): in f32 J's backward step
// (2i/x) J_i - J_(i+1), and the sum's 2 J term in both types.

var _ = registerLibm(func() {
	libdeviceAlgorithms["__nv_jnf"] = func(e *emitter, a []ir.Value, ftz bool) ir.Value { return e.jnLibdeviceF32(a[0], a[1], ftz) }
	libdeviceAlgorithms["__nv_ynf"] = func(e *emitter, a []ir.Value, ftz bool) ir.Value { return e.ynLibdeviceF32(a[0], a[1], ftz) }
	libdeviceAlgorithms["__nv_jn"] = func(e *emitter, a []ir.Value, _ bool) ir.Value { return e.jnLibdeviceF64(a[0], a[1]) }
	libdeviceAlgorithms["__nv_yn"] = func(e *emitter, a []ir.Value, _ bool) ir.Value { return e.ynLibdeviceF64(a[0], a[1]) }
})

// Constants of the recurrences: the backward one's rescaling threshold
// and factor (as f32 constants in f64 spelling, and as f64), and the
// tiny arguments where Y_n is not recurred.
const (
	besselNBigF32       = 0x430C6BF520000000 // 1e15
	besselNScaleF32     = 0x3CD203AFA0000000 // 1e-15
	besselNTinyF64      = 0x000730D67819E8D2 // below it, yn gives -(2/pi)/x
	besselNTinyNumerF32 = -1e9               // ynf's numerator below 2^-126: -1e9/|x| (-inf)
)

// besselRecurrenceHere reports whether the insertion point can take the
// recurrences' loops; where it cannot, it records a located error for
// sym.
func (e *emitter) besselRecurrenceHere(sym string) bool {
	if e.canBranch() {
		return true
	}
	e.l.fail(ir.Errorf(e.loc, "'%s' recurs over its order n in a loop of the thread, which tt cannot emit here (in a warp-specialized partition)", sym))
	return false
}

// besselLowOrder is the result for n < 2: f0 at n = 0, f1 at n = 1, nan
// below.
func (e *emitter) besselLowOrder(n, f0, f1, nan ir.Value) ir.Value {
	r := e.selectV(e.icmpC(llvm.ICmpEQ, n, 1), f1, nan)
	return e.selectV(e.icmpC(llvm.ICmpEQ, n, 0), f0, r)
}

// besselForward recurs F_(i+1) = step(i, F_i, F_(i-1)) from F_1 = f1 and
// F_0 = f0 for i = 1 .. n-1 (n >= 2): F_n.
func (e *emitter) besselForward(n, f0, f1 ir.Value, step func(i, fi, fim1 ir.Value) ir.Value) ir.Value {
	// The trip count is n - 1; the loop is always emitted as one
	// (besselRecurrenceHere), so whileLoop's unrolled bound goes unused.
	out := e.whileLoop([]ir.Value{e.i32c(1), f1, f0}, 0, func(v []ir.Value) ir.Value {
		return e.icmp(llvm.ICmpSLT, v[0], n)
	}, func(v []ir.Value) []ir.Value {
		return []ir.Value{e.addC(v[0], 1), step(v[0], v[1], v[2]), v[1]}
	})
	return out[1]
}

// besselMiller is J_n by the backward recurrence from order start (even,
// or less than 1 for none): step(i, J_i, J_(i+1)) is J_(i-1), big(v)
// whether a value is to be rescaled, scale the factor; the result is
// lambda / (sum - J_0) in the element type of scale.
func (e *emitter) besselMiller(n, start, scale ir.Value, step func(i, ji, jip1 ir.Value) ir.Value, big func(v ir.Value) ir.Value) ir.Value {
	t := scale.Type()
	zero, one := e.cFloat(t, 0), e.cFloat(t, 1)
	// down is one step from order i: J_(i-1), with J_i (the next step's
	// J_(i+1)), lambda and the sum scaled down in the rare step where
	// J_(i-1) is big (a branch, as in libdevice), lambda taken at order
	// n, and J_(i-1) added to the sum where i is odd (J_(i-1) of even
	// order).
	down := func(v []ir.Value, odd bool) []ir.Value {
		i, jip1, lambda, sum, ji := v[0], v[1], v[2], v[3], v[4]
		jim1 := step(i, ji, jip1)
		r := e.chooseOrKeepValues(big(jim1), func() []ir.Value {
			return []ir.Value{e.fmul(jim1, scale), e.fmul(ji, scale), e.fmul(lambda, scale), e.fmul(sum, scale)}
		}, []ir.Value{jim1, ji, lambda, sum})
		jim1, jip1, lambda, sum = r[0], r[1], r[2], r[3]
		im1 := e.addC(i, -1)
		lambda = e.selectV(e.icmp(llvm.ICmpEQ, im1, n), jim1, lambda)
		if odd {
			sum = e.fadd(sum, e.fmul(e.cFloat(t, 2), jim1))
		}
		return []ir.Value{im1, jip1, lambda, sum, jim1}
	}
	// The values: i, J_(i+1), lambda (J_n once reached), the sum, J_i.
	// start is even, so the steps come in pairs, an even i and then an
	// odd one: a loop trip takes both (libdevice's loop, as LLVM unrolls
	// it), and no step tests i's parity.
	out := e.whileLoop([]ir.Value{start, zero, zero, zero, one}, 0, func(v []ir.Value) ir.Value {
		return e.icmpC(llvm.ICmpSGE, v[0], 1)
	}, func(v []ir.Value) []ir.Value { return down(down(v, false), true) })
	return e.fbin("llvm.fdiv", out[2], e.fsub(out[3], out[4]))
}

// jnLibdeviceF32 is __nv_jnf of an i32 n and an f32 x; ftz is Triton's
// FTZ reflect.
func (e *emitter) jnLibdeviceF32(n, x ir.Value, ftz bool) ir.Value {
	f32, i32 := e.f32(), e.i32()
	c := func(v float64) ir.Value { return e.cFloat(f32, v) }
	nan := e.bitcast(e.i32c(besselF32NaN), f32)
	if !e.besselRecurrenceHere("__nv_jnf") {
		return nan
	}
	a := e.besselAbsF32(x, ftz)
	order := e.add(n, e.zext(e.icmpC(llvm.ICmpSGT, n, 4), i32))
	forward := e.and(e.icmpC(llvm.ICmpSGT, n, 1), e.fcmp(llvm.FCmpOGT, a, e.cast("llvm.sitofp", order, f32)))
	j0 := e.chooseOrKeep(e.or(e.icmpC(llvm.ICmpEQ, n, 0), forward), func() ir.Value { return e.j0LibdeviceF32(x, ftz) }, c(0))
	j1 := e.chooseOrKeep(e.or(e.icmpC(llvm.ICmpEQ, n, 1), forward), func() ir.Value { return e.j1LibdeviceF32(x, ftz) }, c(0))
	return e.choose(e.icmpC(llvm.ICmpSLT, n, 2), f32, func() ir.Value { return e.besselLowOrder(n, j0, j1, nan) }, func() ir.Value {
		return e.choose(forward, f32, func() ir.Value {
			twoOverX := e.fbin("llvm.fdiv", c(2), x)
			return e.besselForward(n, j0, j1, func(i, ji, jim1 ir.Value) ir.Value {
				return e.fmaRN(e.fmul(e.cast("llvm.sitofp", i, f32), ji), twoOverX, e.fneg(jim1), ftz)
			})
		}, func() ir.Value {
			// m from sqrt.approx of 40 n (i32 arithmetic wrapping as
			// PTX's does; cvt.rzi makes a NaN root 0).
			root := newGPU(e).unary("sqrt_approx", e.cast("llvm.sitofp", e.mul(n, e.i32c(40)), f32), ftz)
			start := e.shlC(e.ashr(e.add(n, e.cast("llvm.fptosi", root, i32)), e.i32c(1)), 1)
			return e.besselMiller(n, start, e.f32Const(besselNScaleF32), func(i, ji, jip1 ir.Value) ir.Value {
				t := e.fbin("llvm.fdiv", e.fmul(e.cast("llvm.sitofp", i, f32), c(2)), x)
				return e.fsub(e.fmul(t, ji), jip1) // fused, as in libdevice's block
			}, func(v ir.Value) ir.Value {
				// libdevice's fabs here flushes under the reflect, which
				// cannot change the comparison.
				return e.fcmp(llvm.FCmpOGT, e.intrinsic("fabs", f32, v), e.f32Const(besselNBigF32))
			})
		})
	})
}

// ynLibdeviceF32 is __nv_ynf of an i32 n and an f32 x; ftz is Triton's
// FTZ reflect.
func (e *emitter) ynLibdeviceF32(n, x ir.Value, ftz bool) ir.Value {
	f32 := e.f32()
	c := func(v float64) ir.Value { return e.cFloat(f32, v) }
	nan := e.bitcast(e.i32c(besselF32NaN), f32)
	if !e.besselRecurrenceHere("__nv_ynf") {
		return nan
	}
	a := e.besselAbsF32(x, ftz)
	nonNegative := e.fcmp(llvm.FCmpOGE, x, c(0))
	recur := e.and(e.icmpC(llvm.ICmpSGT, n, 1), e.and(nonNegative, e.fcmp(llvm.FCmpOGE, a, e.f32Const(besselF32MinNormal))))
	y0 := e.chooseOrKeep(e.or(e.icmpC(llvm.ICmpEQ, n, 0), recur), func() ir.Value { return e.y0LibdeviceF32(x, ftz) }, c(0))
	y1 := e.chooseOrKeep(e.or(e.icmpC(llvm.ICmpEQ, n, 1), recur), func() ir.Value { return e.y1LibdeviceF32(x, ftz) }, c(0))
	return e.choose(e.icmpC(llvm.ICmpSLT, n, 2), f32, func() ir.Value { return e.besselLowOrder(n, y0, y1, nan) }, func() ir.Value {
		return e.choose(recur, f32, func() ir.Value {
			twoOverX := e.fbin("llvm.fdiv", c(2), x)
			r := e.besselForward(n, y0, y1, func(i, yi, yim1 ir.Value) ir.Value {
				return e.fmaRN(e.fmul(e.cast("llvm.sitofp", i, f32), twoOverX), yi, e.fneg(yim1), ftz)
			})
			return e.selectV(e.fcmp(llvm.FCmpUNO, r, r), c(math.Inf(-1)), r)
		}, func() ir.Value {
			return e.selectV(nonNegative, e.fbin("llvm.fdiv", c(besselNTinyNumerF32), a), nan)
		})
	})
}

// jnLibdeviceF64 is __nv_jn of an i32 n and an f64 x.
func (e *emitter) jnLibdeviceF64(n, x ir.Value) ir.Value {
	f64, f32, i32 := e.f64(), e.f32(), e.i32()
	c := func(v float64) ir.Value { return e.cFloat(f64, v) }
	nan := e.f64Const(besselNaNF64)
	if !e.besselRecurrenceHere("__nv_jn") {
		return nan
	}
	a := e.intrinsic("fabs", f64, x)
	forward := e.and(e.icmpC(llvm.ICmpSGT, n, 1), e.fcmp(llvm.FCmpOGT, a, e.fsub(e.cast("llvm.sitofp", n, f64), c(1))))
	j0 := e.chooseOrKeep(e.or(e.icmpC(llvm.ICmpEQ, n, 0), forward), func() ir.Value { return e.j0LibdeviceF64(x) }, c(0))
	j1 := e.chooseOrKeep(e.or(e.icmpC(llvm.ICmpEQ, n, 1), forward), func() ir.Value { return e.j1LibdeviceF64(x) }, c(0))
	// Both recurrences step by fma((i (2/x)), J_i, -J_(i+-1)).
	twoOverX := func() ir.Value { return e.fbin("llvm.fdiv", c(2), x) }
	step := func(twoOverX ir.Value) func(i, fi, fo ir.Value) ir.Value {
		return func(i, fi, fo ir.Value) ir.Value {
			return e.fmaF64(e.fmul(e.cast("llvm.sitofp", i, f64), twoOverX), fi, e.fneg(fo))
		}
	}
	return e.choose(e.icmpC(llvm.ICmpSLT, n, 2), f64, func() ir.Value { return e.besselLowOrder(n, j0, j1, nan) }, func() ir.Value {
		return e.choose(forward, f64, func() ir.Value {
			return e.besselForward(n, j0, j1, step(twoOverX()))
		}, func() ir.Value {
			t := twoOverX()
			root := e.intrinsic("sqrt", f64, e.cast("llvm.sitofp", e.mul(n, e.i32c(60)), f64))
			start := e.shlC(e.ashr(e.add(n, e.cast("llvm.fptosi", root, i32)), e.i32c(1)), 1)
			return e.besselMiller(n, start, c(1e-15), step(t), func(v ir.Value) ir.Value {
				// |v| > 1e15 judged on v rounded to f32 (libdevice's
				// fabsf there flushes under the reflect, which cannot
				// change the comparison).
				r := e.intrinsic("fabs", f32, e.op1("llvm.fptrunc", f32, []ir.Value{v}))
				return e.fcmp(llvm.FCmpOGT, e.op1("llvm.fpext", f64, []ir.Value{r}), c(1e15))
			})
		})
	})
}

// ynLibdeviceF64 is __nv_yn of an i32 n and an f64 x.
func (e *emitter) ynLibdeviceF64(n, x ir.Value) ir.Value {
	f64 := e.f64()
	c := func(v float64) ir.Value { return e.cFloat(f64, v) }
	nan := e.f64Const(besselNaNF64)
	if !e.besselRecurrenceHere("__nv_yn") {
		return nan
	}
	nonNegative := e.fcmp(llvm.FCmpOGE, x, c(0))
	notTiny := e.fcmp(llvm.FCmpOGE, e.intrinsic("fabs", f64, x), e.f64Const(besselNTinyF64))
	recur := e.and(e.icmpC(llvm.ICmpSGT, n, 1), e.and(nonNegative, notTiny))
	y0 := e.chooseOrKeep(e.or(e.icmpC(llvm.ICmpEQ, n, 0), recur), func() ir.Value { return e.y0LibdeviceF64(x) }, c(0))
	y1 := e.chooseOrKeep(e.or(e.icmpC(llvm.ICmpEQ, n, 1), recur), func() ir.Value { return e.y1LibdeviceF64(x) }, c(0))
	return e.choose(e.icmpC(llvm.ICmpSLT, n, 2), f64, func() ir.Value { return e.besselLowOrder(n, y0, y1, nan) }, func() ir.Value {
		return e.choose(recur, f64, func() ir.Value {
			twoOverX := e.fbin("llvm.fdiv", c(2), x)
			r := e.besselForward(n, y0, y1, func(i, yi, yim1 ir.Value) ir.Value {
				return e.fmaF64(e.fmul(e.cast("llvm.sitofp", i, f64), twoOverX), yi, e.fneg(yim1))
			})
			return e.selectV(e.fcmp(llvm.FCmpUNO, r, r), c(math.Inf(-1)), r)
		}, func() ir.Value {
			// -(2/pi)/x of x itself: +inf at -0.
			return e.selectV(nonNegative, e.fbin("llvm.fdiv", e.f64Const(twoOverPiF64|negativeF64Bit), x), nan)
		})
	})
}
