package amd

import (
	"math"

	"github.com/ttcompiler/tt/dialects/amdgpu"
	"github.com/ttcompiler/tt/dialects/tt"
	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/ir"
)

// The WMMA path of tritonamdgpu-accelerate-matmul (RDNA3, RDNA4).

// wmmaOperandTypes picks the (A, B, C, D) element types a WMMA of the
// version can run the dot in, the cheapest by a conversion cost: keeping a
// type is free, a widening conversion costs one, anything that can lose
// information (narrowing, int<->float, a sign change that is not a
// widening of an unsigned type) rules the set out. nil when no set fits.
func wmmaOperandTypes(ctx *ir.Context, dot *ir.Operation, version int) []ir.Type {
	f16, f32, bf16 := ir.F16Type(ctx), ir.F32Type(ctx), ir.BF16Type(ctx)
	i8, i32 := ir.I8(ctx), ir.I32(ctx)
	sets := [][]ir.Type{{f16, f16, f32, f32}, {bf16, bf16, f32, f32}, {i8, i8, i32, i32}}
	if version == 2 || version == 3 {
		e4, e5 := ir.Float(ctx, ir.F8E4M3FN), ir.Float(ctx, ir.F8E5M2)
		sets = append(sets, []ir.Type{e4, e4, f32, f32}, []ir.Type{e4, e5, f32, f32}, []ir.Type{e5, e4, f32, f32}, []ir.Type{e5, e5, f32, f32})
	}
	have := []ir.Type{elemOf(dot.Operand(0)), elemOf(dot.Operand(1)), elemOf(dot.Operand(2)), elemOf(dot.Result(0))}
	maxCost := math.MaxInt32 / len(sets[0])
	cost := func(from, to ir.Type) int {
		if from == to {
			return 0
		}
		fromInt, toInt := ir.IsIntOrIndex(from), ir.IsIntOrIndex(to)
		if fromInt != toInt {
			return maxCost
		}
		if fromInt && isUnsigned(from) != isUnsigned(to) {
			if isUnsigned(from) && ir.BitWidth(from) < ir.BitWidth(to) {
				return 1
			}
			return maxCost
		}
		if ir.BitWidth(from) <= ir.BitWidth(to) {
			return 1
		}
		return maxCost
	}
	best, bestCost := []ir.Type(nil), maxCost
	for _, s := range sets {
		c := 0
		for i := range have {
			c += cost(have[i], s[i])
		}
		if c < bestCost {
			best, bestCost = s, c
		}
	}
	return best
}

func isUnsigned(t ir.Type) bool {
	it, ok := t.(*ir.IntegerType)
	return ok && it.Signedness == ir.Unsigned
}

// blockedToWMMA rewrites a blocked dot onto WMMA (Triton's BlockedToWMMA):
// 16x16 tiles, the operand types wmmaOperandTypes picks, a transposed
// amd_wmma result and kWidth = kBase.
func (a *matmulAccelerator) blockedToWMMA(op *ir.Operation, rw ir.Rewriter) bool {
	oldRet, ok := blockedResult(op)
	if !ok {
		return false
	}
	ctx := op.Context()
	version := amdgpu.WmmaVersion(a.opts.Arch)
	types := wmmaOperandTypes(ctx, op, version)
	if types == nil {
		return false
	}
	dot := tt.DotOp{Operation: op}
	aT := dot.A().Type().(*ir.RankedTensorType)
	m, n := oldRet.Dims[oldRet.Rank()-2], oldRet.Dims[oldRet.Rank()-1]
	mDim, nDim := a.opts.MatrixInstructionSize, a.opts.MatrixInstructionSize
	if mDim == 0 && min(m, n) >= 16 {
		mDim, nDim = 16, 16
	}
	if mDim == 0 {
		return false
	}
	inputK := int(aT.Dims[aT.Rank()-1])
	instr, err := amdgpu.SelectWmma(version, mDim, nDim, inputK, types[0], types[1], types[2])
	if err != nil {
		return a.fail(ir.OpErrorf(op, "no matching matrix core intrinsic due to unsupported element type: A=%s B=%s C=%s", typeStr(types[0]), typeStr(types[1]), typeStr(types[2])))
	}
	if a.opts.MatrixInstructionSize == 0 && inputK%instr.K != 0 {
		return false
	}
	numWarps, ok := ttg.LookupNumWarps(op)
	if !ok {
		return a.fail(ir.OpErrorf(op, "needs the number of warps: set %q on the module", ttg.AttrNumWarps))
	}
	warps := warpsPerTile(op, oldRet.Dims, numWarps, instr.M, instr.N)
	enc := ttg.NewAMDWmma(ctx, version, true, warps, nil, cgaOf(oldRet), []int{instr.M, instr.N, instr.K})
	b := rw.B()
	acc := convertAndCast(b, dot.C(), enc, types[2])
	av := convertAndCast(b, dot.A(), ttg.NewDotOperand(ctx, 0, enc, instr.KBase), types[0])
	bv := convertAndCast(b, dot.B(), ttg.NewDotOperand(ctx, 1, enc, instr.KBase), types[1])
	newDot := b.CreateOp("tt.dot", op.Loc(), []ir.Value{av, bv, acc}, []ir.Type{ir.RankedTensor(ctx, oldRet.Dims, types[3], enc)},
		ir.NamedAttr{Name: "inputPrecision", Value: ir.I32EnumAttr(ctx, dot.InputPrecision())},
		ir.NamedAttr{Name: "maxNumImpreciseAcc", Value: ir.I32Attr(ctx, dot.MaxNumImpreciseAcc())})
	rw.ReplaceOp(op, []ir.Value{convertAndCast(b, newDot.Result(0), oldRet.Encoding, oldRet.Elem)})
	return true
}
