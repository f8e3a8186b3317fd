package math

import (
	gomath "math"
	"math/bits"

	"github.com/ttcompiler/tt/dialects/arith"
	"github.com/ttcompiler/tt/ir"
)

// Folders. Exact operations (abs, rounding, copysign, integer ops) fold
// for every float type. Like MLIR, which calls the host libm, the
// transcendental functions fold only f32 and f64: computed in float64 and
// rounded to the result type (a correctly rounded f32 result; f64 results
// may differ from glibc's in the last place in rare cases).

func init() {
	exact := func(d *ir.OpDef, f func(float64) float64) {
		d.Fold = unaryFold(func(x float64, _ *ir.FloatType) (float64, bool) { return f(x), true })
	}
	exact(AbsFOp, gomath.Abs)
	exact(CeilOp, gomath.Ceil)
	exact(FloorOp, gomath.Floor)
	exact(TruncOp, gomath.Trunc)
	exact(RoundOp, gomath.Round)
	exact(RoundEvenOp, gomath.RoundToEven)

	libm := func(d *ir.OpDef, f func(float64) float64, domain func(float64) bool) {
		d.Fold = unaryFold(func(x float64, ft *ir.FloatType) (float64, bool) {
			if ft.Kind != ir.F32 && ft.Kind != ir.F64 || domain != nil && !domain(x) {
				return 0, false
			}
			return f(x), true
		})
	}
	nonNeg := func(x float64) bool { return !gomath.Signbit(x) }
	libm(SqrtOp, gomath.Sqrt, nonNeg)
	libm(ExpOp, gomath.Exp, nil)
	libm(Exp2Op, gomath.Exp2, nil)
	libm(ExpM1Op, gomath.Expm1, nil)
	libm(LogOp, gomath.Log, nonNeg)
	libm(Log2Op, gomath.Log2, nonNeg)
	libm(Log10Op, gomath.Log10, nonNeg)
	libm(Log1pOp, gomath.Log1p, func(x float64) bool { return !gomath.Signbit(x + 1) })
	libm(SinOp, gomath.Sin, nil)
	libm(CosOp, gomath.Cos, nil)
	libm(TanOp, gomath.Tan, nil)
	libm(TanhOp, gomath.Tanh, nil)
	libm(SinhOp, gomath.Sinh, nil)
	libm(CoshOp, gomath.Cosh, nil)
	libm(AsinOp, gomath.Asin, nil)
	libm(AcosOp, gomath.Acos, nil)
	libm(AtanOp, gomath.Atan, nil)
	libm(AsinhOp, gomath.Asinh, nil)
	libm(AcoshOp, gomath.Acosh, nil)
	libm(AtanhOp, gomath.Atanh, nil)
	libm(ErfOp, gomath.Erf, nil)
	libm(ErfcOp, gomath.Erfc, nil)

	CopySignOp.Fold = binaryFold(func(x, y float64, _ *ir.FloatType) (float64, bool) { return gomath.Copysign(x, y), true })
	binLibm := func(d *ir.OpDef, f func(x, y float64) float64) {
		d.Fold = binaryFold(func(x, y float64, ft *ir.FloatType) (float64, bool) {
			if ft.Kind != ir.F32 && ft.Kind != ir.F64 {
				return 0, false
			}
			return f(x, y), true
		})
	}
	binLibm(Atan2Op, gomath.Atan2)
	binLibm(PowFOp, gomath.Pow)

	AbsIOp.Fold = intUnaryFold(func(x uint64, w int) uint64 {
		if arith.SignExtendBits(x, w) < 0 {
			return -x
		}
		return x
	})
	CtlzOp.Fold = intUnaryFold(func(x uint64, w int) uint64 { return uint64(bits.LeadingZeros64(x&arith.Mask(w)) - (64 - w)) })
	CttzOp.Fold = intUnaryFold(func(x uint64, w int) uint64 {
		if x&arith.Mask(w) == 0 {
			return uint64(w)
		}
		return uint64(bits.TrailingZeros64(x))
	})
	CtPopOp.Fold = intUnaryFold(func(x uint64, w int) uint64 { return uint64(bits.OnesCount64(x & arith.Mask(w))) })
	IPowIOp.Fold = foldIPowI
}

func resultElem(op *ir.Operation) ir.Type { return ir.ElementTypeOrSelf(op.Result(0).Type()) }

func unaryFold(f func(x float64, ft *ir.FloatType) (float64, bool)) func(*ir.Operation, []ir.Attribute) []ir.FoldResult {
	return func(op *ir.Operation, operands []ir.Attribute) []ir.FoldResult {
		ft, ok := resultElem(op).(*ir.FloatType)
		if !ok {
			return nil
		}
		a := arith.FoldFloatUnary(op.Context(), op.Result(0).Type(), operands[0], func(x float64) (float64, bool) { return f(x, ft) })
		return attrResult(a)
	}
}

func binaryFold(f func(x, y float64, ft *ir.FloatType) (float64, bool)) func(*ir.Operation, []ir.Attribute) []ir.FoldResult {
	return func(op *ir.Operation, operands []ir.Attribute) []ir.FoldResult {
		ft, ok := resultElem(op).(*ir.FloatType)
		if !ok {
			return nil
		}
		a := arith.FoldFloatBinary(op.Context(), op.Result(0).Type(), operands[0], operands[1], func(x, y float64) (float64, bool) { return f(x, y, ft) })
		return attrResult(a)
	}
}

func intUnaryFold(f func(x uint64, w int) uint64) func(*ir.Operation, []ir.Attribute) []ir.FoldResult {
	return func(op *ir.Operation, operands []ir.Attribute) []ir.FoldResult {
		w := ir.BitWidth(resultElem(op))
		a := arith.FoldIntUnary(op.Context(), op.Result(0).Type(), operands[0], func(x uint64) (uint64, bool) {
			return f(x, w) & arith.Mask(w), true
		})
		return attrResult(a)
	}
}

// foldIPowI is MLIR's IPowIOp folder: exponentiation by squaring with
// wraparound; 0 to a negative power does not fold.
func foldIPowI(op *ir.Operation, operands []ir.Attribute) []ir.FoldResult {
	w := ir.BitWidth(resultElem(op))
	m := arith.Mask(w)
	a := arith.FoldIntBinary(op.Context(), op.Result(0).Type(), operands[0], operands[1], func(base, power uint64) (uint64, bool) {
		if power&m == 0 {
			return 1, true
		}
		if arith.SignExtendBits(power, w) < 0 {
			switch {
			case base&m == 0:
				return 0, false
			case base&m == 1:
				return 1, true
			case base&m != m:
				return 0, true
			case power&1 == 1:
				return m, true
			}
			return 1, true
		}
		result, cur, p := uint64(1), base, power&m
		for {
			if p&1 == 1 {
				result = result * cur & m
			}
			p >>= 1
			if p == 0 {
				return result, true
			}
			cur = cur * cur & m
		}
	})
	return attrResult(a)
}

func attrResult(a ir.Attribute) []ir.FoldResult {
	if a == nil {
		return nil
	}
	return []ir.FoldResult{{Attr: a}}
}
