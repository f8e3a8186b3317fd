package interp

import (
	"math"
	"math/bits"

	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/numeric"
)

// Math functions are computed in float64 and rounded once to the result
// type, which is correctly rounded in all but rare cases. The GPU is less
// accurate for some of them: Triton lowers f32 math.exp/exp2 to
// ex2.approx, math.log/log2 to lg2.approx, math.sin/cos to sin/cos.approx,
// math.sqrt/rsqrt to the .approx forms, and other functions to libdevice
// (which is accurate to 1-4 ulp). Expect differences of a few ulp from the
// GPU (sin.approx/cos.approx lose accuracy for large arguments), and use
// tolerances. f16/bf16 math is computed in float32 and rounded back, as
// Triton does. Exact operations (floor, ceil, trunc, round, absf, fma,
// tt.precise_sqrt, the classification predicates) match bit for bit.
//
// Measured against an H200 (testdata/cases math_fns, 120 values in
// [-6, 6]), largest difference: tl.exp 3 ulp, tl.exp2/log/sqrt/rsqrt/sin
// and x/y 1 ulp, libdevice exp/erf/log1p 1 ulp, tanh/pow 2 ulp;
// tl.div_rn, tl.sqrt_rn, fma, floor and ceil 0.
var mathUnary = map[string]func(float64) float64{
	"math.exp":   math.Exp,
	"math.exp2":  math.Exp2,
	"math.expm1": math.Expm1,
	"math.log":   math.Log,
	"math.log2":  math.Log2,
	"math.log10": math.Log10,
	"math.log1p": math.Log1p,
	"math.sqrt":  math.Sqrt,
	"math.rsqrt": func(x float64) float64 { return 1 / math.Sqrt(x) },
	"math.cbrt":  math.Cbrt,
	"math.sin":   math.Sin,
	"math.cos":   math.Cos,
	"math.tan":   math.Tan,
	"math.asin":  math.Asin,
	"math.acos":  math.Acos,
	"math.atan":  math.Atan,
	"math.sinh":  math.Sinh,
	"math.cosh":  math.Cosh,
	"math.tanh":  math.Tanh,
	"math.asinh": math.Asinh,
	"math.acosh": math.Acosh,
	"math.atanh": math.Atanh,
	"math.erf":   math.Erf,
	"math.erfc":  math.Erfc,
	"math.floor": math.Floor,
	"math.ceil":  math.Ceil,
	"math.trunc": math.Trunc,
	// math.round rounds half away from zero; roundeven half to even.
	"math.round":      math.Round,
	"math.roundeven":  math.RoundToEven,
	"tt.precise_sqrt": math.Sqrt,
}

func init() {
	for name, f := range mathUnary {
		f := f
		elementwiseOp(name, func(c *compiler, op *ir.Operation) (func(*execCtx, *instr, []*Tensor, int, []int) (*Tensor, error), error) {
			e, err := floatResult(c, op)
			if err != nil {
				return nil, err
			}
			return func(x *execCtx, in *instr, ts []*Tensor, n int, shape []int) (*Tensor, error) {
				return applyFloat1(e, shape, n, ts[0], f), nil
			}, nil
		})
	}
	elementwiseOp("math.absf", func(c *compiler, op *ir.Operation) (func(*execCtx, *instr, []*Tensor, int, []int) (*Tensor, error), error) {
		e, err := floatResult(c, op)
		if err != nil {
			return nil, err
		}
		return func(x *execCtx, in *instr, ts []*Tensor, n int, shape []int) (*Tensor, error) {
			return signOp(e, shape, n, ts[0], func(b, s uint64) uint64 { return b &^ s }), nil
		}, nil
	})
	elementwiseOp("math.fma", func(c *compiler, op *ir.Operation) (func(*execCtx, *instr, []*Tensor, int, []int) (*Tensor, error), error) {
		e, err := floatResult(c, op)
		if err != nil {
			return nil, err
		}
		return func(x *execCtx, in *instr, ts []*Tensor, n int, shape []int) (*Tensor, error) {
			r := newTensorN(e, shape, n)
			a, b, cc := ts[0], ts[1], ts[2]
			for i := 0; i < n; i++ {
				switch e.Kind {
				case KF32:
					r.F32[i] = numeric.FMA32(a.F32[i], b.F32[i], cc.F32[i])
				case KF64:
					r.F64[i] = math.FMA(a.F64[i], b.F64[i], cc.F64[i])
				default:
					v := numeric.FMAOdd(floatAt(a, i), floatAt(b, i), floatAt(cc, i))
					r.Bits[i] = uint64(e.Fmt.FromFloat64(v, numeric.RNE))
				}
			}
			return r, nil
		}, nil
	})
	for name, pred := range map[string]func(float64) bool{
		"math.isnan":    math.IsNaN,
		"math.isinf":    func(v float64) bool { return math.IsInf(v, 0) },
		"math.isfinite": func(v float64) bool { return !math.IsInf(v, 0) && v == v },
	} {
		pred := pred
		elementwiseOp(name, func(c *compiler, op *ir.Operation) (func(*execCtx, *instr, []*Tensor, int, []int) (*Tensor, error), error) {
			re, err := c.resultElem(op, 0)
			if err != nil {
				return nil, err
			}
			return func(x *execCtx, in *instr, ts []*Tensor, n int, shape []int) (*Tensor, error) {
				r := newTensorN(re, shape, n)
				for i := range r.Bits {
					if pred(floatAt(ts[0], i)) {
						r.Bits[i] = 1
					}
				}
				return r, nil
			}, nil
		})
	}
	elementwiseOp("math.isnormal", func(c *compiler, op *ir.Operation) (func(*execCtx, *instr, []*Tensor, int, []int) (*Tensor, error), error) {
		re, err := c.resultElem(op, 0)
		if err != nil {
			return nil, err
		}
		se, err := c.operandElem(op, 0)
		if err != nil {
			return nil, err
		}
		return func(x *execCtx, in *instr, ts []*Tensor, n int, shape []int) (*Tensor, error) {
			r := newTensorN(re, shape, n)
			for i := range r.Bits {
				if isNormal(se, ts[0], i) {
					r.Bits[i] = 1
				}
			}
			return r, nil
		}, nil
	})
	intUnary := map[string]func(v uint64, w int) uint64{
		"math.absi": func(v uint64, w int) uint64 {
			if int64(sext(v, w)) < 0 {
				return trunc(-sext(v, w), w)
			}
			return v
		},
		"math.ctlz": func(v uint64, w int) uint64 { return uint64(bits.LeadingZeros64(v) - (64 - w)) },
		"math.cttz": func(v uint64, w int) uint64 {
			if v == 0 {
				return uint64(w)
			}
			return uint64(bits.TrailingZeros64(v))
		},
		"math.ctpop": func(v uint64, w int) uint64 { return uint64(bits.OnesCount64(v)) },
	}
	for name, f := range intUnary {
		f := f
		elementwiseOp(name, func(c *compiler, op *ir.Operation) (func(*execCtx, *instr, []*Tensor, int, []int) (*Tensor, error), error) {
			e, err := intResult(c, op)
			if err != nil {
				return nil, err
			}
			return func(x *execCtx, in *instr, ts []*Tensor, n int, shape []int) (*Tensor, error) {
				r := newTensorN(e, shape, n)
				for i := range r.Bits {
					r.Bits[i] = f(ts[0].Bits[i], e.Width)
				}
				return r, nil
			}, nil
		})
	}
	elementwiseOp("math.ipowi", func(c *compiler, op *ir.Operation) (func(*execCtx, *instr, []*Tensor, int, []int) (*Tensor, error), error) {
		e, err := intResult(c, op)
		if err != nil {
			return nil, err
		}
		return func(x *execCtx, in *instr, ts []*Tensor, n int, shape []int) (*Tensor, error) {
			r := newTensorN(e, shape, n)
			for i := range r.Bits {
				r.Bits[i] = ipowi(ts[0].Bits[i], ts[1].Bits[i], e.Width)
			}
			return r, nil
		}, nil
	})
	elementwiseOp("math.fpowi", func(c *compiler, op *ir.Operation) (func(*execCtx, *instr, []*Tensor, int, []int) (*Tensor, error), error) {
		e, err := floatResult(c, op)
		if err != nil {
			return nil, err
		}
		pe, err := c.operandElem(op, 1)
		if err != nil {
			return nil, err
		}
		return func(x *execCtx, in *instr, ts []*Tensor, n int, shape []int) (*Tensor, error) {
			r := newTensorN(e, shape, n)
			for i := 0; i < n; i++ {
				p := float64(int64(sext(ts[1].Bits[i], pe.Width)))
				setFloat(r, i, roundVia(e, math.Pow(floatAt(ts[0], i), p)))
			}
			return r, nil
		}, nil
	})
	elementwiseOp("tt.clampf", buildClampF)
}

// applyFloat1 applies a float64 function elementwise, rounding once to the
// result type (through float32 for narrow formats, as the GPU computes
// them in f32).
func applyFloat1(e *Elem, shape []int, n int, a *Tensor, f func(float64) float64) *Tensor {
	r := newTensorN(e, shape, n)
	switch e.Kind {
	case KF32:
		for i, v := range a.F32[:n] {
			r.F32[i] = float32(f(float64(v)))
		}
	case KF64:
		for i, v := range a.F64[:n] {
			r.F64[i] = f(v)
		}
	default:
		for i := 0; i < n; i++ {
			setF32(r, i, float32(f(float64(f32At(a, i)))))
		}
	}
	return r
}

// roundVia rounds v to float32 first for narrow formats (which the GPU
// computes in f32).
func roundVia(e *Elem, v float64) float64 {
	if e.Kind == KSmall {
		return float64(float32(v))
	}
	return v
}

func isNormal(e *Elem, t *Tensor, i int) bool {
	v := math.Abs(floatAt(t, i))
	if v == 0 || math.IsInf(v, 0) || v != v {
		return false
	}
	switch e.Kind {
	case KF32:
		return v >= 0x1p-126
	case KF64:
		return v >= 0x1p-1022
	}
	return v >= e.Fmt.ToFloat64(1<<uint(e.Fmt.MantBits))
}

// ipowi is math.ipowi: b^e with wrapping, e < 0 gives 0 except for b = 1
// (1) and b = -1 (+-1), and b = 0 with e < 0 gives... division by zero,
// which MLIR's expansion turns into 1/0; the GPU's i32 division by zero is
// all ones.
func ipowi(b, e uint64, w int) uint64 {
	se := int64(sext(e, w))
	if se < 0 {
		sb := int64(sext(b, w))
		switch sb {
		case 1:
			return 1
		case -1:
			if se&1 != 0 {
				return numeric.Mask(w)
			}
			return 1
		case 0:
			return numeric.Mask(w)
		}
		return 0
	}
	r := uint64(1)
	for x := b; se > 0; se >>= 1 {
		if se&1 != 0 {
			r = trunc(r*x, w)
		}
		x = trunc(x*x, w)
	}
	return r
}
