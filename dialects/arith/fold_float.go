package arith

import (
	"math"

	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/numeric"
)

// Float folders. Operands are exact values of the element type held in
// float64; foldFloatBinary rounds each result once to the element type,
// which for formats of at most 24 significand bits equals APFloat's
// correctly rounded result (2p+2 <= 53).

func init() {
	AddFOp.Fold = withTraitFolds(foldAddF)
	SubFOp.Fold = withTraitFolds(foldSubF)
	MulFOp.Fold = withTraitFolds(foldMulF)
	DivFOp.Fold = withTraitFolds(foldDivF)
	RemFOp.Fold = withTraitFolds(func(op *ir.Operation, operands []ir.Attribute) []ir.FoldResult {
		return floatFold(op, operands, func(a, b float64) float64 { return math.Mod(a, b) })
	})
	MaximumFOp.Fold = withTraitFolds(foldFMinMax(MaximumF, func(a ir.Attribute) bool { return isFloatConst(a, func(v float64) bool { return math.IsInf(v, -1) }) }))
	MinimumFOp.Fold = withTraitFolds(foldFMinMax(MinimumF, func(a ir.Attribute) bool { return isFloatConst(a, func(v float64) bool { return math.IsInf(v, 1) }) }))
	MaxNumFOp.Fold = withTraitFolds(foldFMinMax(MaxNumF, func(a ir.Attribute) bool { return isFloatConst(a, math.IsNaN) }))
	MinNumFOp.Fold = withTraitFolds(foldFMinMax(MinNumF, func(a ir.Attribute) bool { return isFloatConst(a, math.IsNaN) }))
	NegFOp.Fold = foldNegF
}

func floatFold(op *ir.Operation, operands []ir.Attribute, fn func(a, b float64) float64) []ir.FoldResult {
	return foldAttr(foldFloatBinary(op.Context(), op.Result(0).Type(), operands[0], operands[1], func(a, b float64) (float64, bool) {
		return fn(a, b), true
	}))
}

func foldAddF(op *ir.Operation, operands []ir.Attribute) []ir.FoldResult {
	if isFloatConst(operands[1], isNegZero) { // addf(x, -0) -> x
		return foldValue(op.Operand(0))
	}
	return floatFold(op, operands, func(a, b float64) float64 { return a + b })
}

func foldSubF(op *ir.Operation, operands []ir.Attribute) []ir.FoldResult {
	if isFloatConst(operands[1], isPosZero) { // subf(x, +0) -> x
		return foldValue(op.Operand(0))
	}
	return floatFold(op, operands, func(a, b float64) float64 { return a - b })
}

func foldMulF(op *ir.Operation, operands []ir.Attribute) []ir.FoldResult {
	if isFloatConst(operands[1], func(v float64) bool { return v == 1 }) { // mulf(x, 1) -> x
		return foldValue(op.Operand(0))
	}
	if fm := FastMathOf(op); fm&(FastMathNNaN|FastMathNSZ) == FastMathNNaN|FastMathNSZ &&
		isFloatConst(operands[1], func(v float64) bool { return v == 0 }) { // mulf(x, 0) -> 0
		return foldValue(op.Operand(1))
	}
	return floatFold(op, operands, func(a, b float64) float64 { return a * b })
}

func foldDivF(op *ir.Operation, operands []ir.Attribute) []ir.FoldResult {
	if isFloatConst(operands[1], func(v float64) bool { return v == 1 }) { // divf(x, 1) -> x
		return foldValue(op.Operand(0))
	}
	return floatFold(op, operands, func(a, b float64) float64 { return a / b })
}

func foldFMinMax(fn func(a, b float64) float64, neutral func(ir.Attribute) bool) func(*ir.Operation, []ir.Attribute) []ir.FoldResult {
	return func(op *ir.Operation, operands []ir.Attribute) []ir.FoldResult {
		if op.Operand(0) == op.Operand(1) {
			return foldValue(op.Operand(1))
		}
		if neutral(operands[1]) {
			return foldValue(op.Operand(0))
		}
		return floatFold(op, operands, fn)
	}
}

func foldNegF(op *ir.Operation, operands []ir.Attribute) []ir.FoldResult {
	if neg := definedBy(op.Operand(0), NegFOp); neg != nil { // negf(negf(x)) -> x
		return foldValue(neg.Operand(0))
	}
	return foldAttr(foldFloatUnary(op.Context(), op.Result(0).Type(), operands[0], func(a float64) (float64, bool) {
		return -a, true
	}))
}

// MaximumF is llvm::maximum: NaN propagates, -0 < +0.
func MaximumF(a, b float64) float64 { return llvmMinMax(a, b, true, true) }

// MinimumF is llvm::minimum: NaN propagates, -0 < +0.
func MinimumF(a, b float64) float64 { return llvmMinMax(a, b, false, true) }

// MaxNumF is llvm::maxnum: a NaN operand yields the other one.
func MaxNumF(a, b float64) float64 { return llvmMinMax(a, b, true, false) }

// MinNumF is llvm::minnum: a NaN operand yields the other one.
func MinNumF(a, b float64) float64 { return llvmMinMax(a, b, false, false) }

// llvmMinMax is the larger (isMax) or smaller of a and b with -0 < +0; a
// NaN operand is the result where propagate (the first of two), else the
// other operand is. Unlike numeric's GPU forms, a propagated NaN keeps its
// bits.
func llvmMinMax(a, b float64, isMax, propagate bool) float64 {
	switch {
	case math.IsNaN(a):
		if propagate {
			return a
		}
		return b
	case math.IsNaN(b):
		if propagate {
			return b
		}
		return a
	}
	if isMax && numeric.Less(a, b) || !isMax && numeric.Less(b, a) {
		return b
	}
	return a
}
