package arith

import "github.com/ttcompiler/tt/ir"

// Exported constant-folding helpers for other dialects' folders (math,
// tt). Operands are fold operand attributes: integer/float attributes or
// dense elements (splat or not); #ub.poison propagates; nil (unknown)
// operands make the fold fail.

// FoldIntUnary folds fn over the elements of an integer constant. fn gets
// the element bits and returns the result bits (truncated to the result
// element width) and whether it folds.
func FoldIntUnary(ctx *ir.Context, resType ir.Type, a ir.Attribute, fn func(x uint64) (uint64, bool)) ir.Attribute {
	return foldIntUnary(ctx, resType, a, fn)
}

// FoldIntBinary folds fn element-wise over two integer constants.
func FoldIntBinary(ctx *ir.Context, resType ir.Type, a, b ir.Attribute, fn func(x, y uint64) (uint64, bool)) ir.Attribute {
	return foldIntBinary(ctx, resType, a, b, fn)
}

// FoldFloatUnary folds fn over the elements of a float constant; results
// are rounded to the result element type.
func FoldFloatUnary(ctx *ir.Context, resType ir.Type, a ir.Attribute, fn func(x float64) (float64, bool)) ir.Attribute {
	return foldFloatUnary(ctx, resType, a, fn)
}

// FoldFloatBinary folds fn element-wise over two float constants.
func FoldFloatBinary(ctx *ir.Context, resType ir.Type, a, b ir.Attribute, fn func(x, y float64) (float64, bool)) ir.Attribute {
	return foldFloatBinary(ctx, resType, a, b, fn)
}

// RoundTo rounds v to the nearest value of float type ft (ties to even;
// NaN when a finite-only format overflows).
func RoundTo(ft *ir.FloatType, v float64) float64 { return roundTo(ft, v) }

// SignExtendBits sign-extends the low w bits of v.
func SignExtendBits(v uint64, w int) int64 { return sext(v, w) }

// Mask returns the w low bits set.
func Mask(w int) uint64 { return mask(w) }
