package ttgir

import (
	"flag"

	"github.com/ttcompiler/tt/dialects/arith"
	"github.com/ttcompiler/tt/dialects/tt"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/passmgr"
)

func init() {
	passmgr.Default.Register(&passmgr.Pass{
		Name:        "tritongpu-F32DotTC",
		DisplayName: "TritonGPUF32DotTC",
		Summary:     "Emulate dot-product tensor core precision using TF32s or BF16s",
		Anchor:      "builtin.module",
		Build: func(fs *flag.FlagSet) passmgr.RunFunc {
			emuTF32 := fs.Bool("emu-tf32", false, "whether to handle InputPrecision TF32xN for Nvidia GPUs")
			return func(op *ir.Operation, _ *passmgr.State) error { return F32DotTC(op, *emuTF32) }
		},
	})
}

// F32DotTC is Triton 3.6's tritongpu-F32DotTC: f32 dots whose input
// precision asks for more than one tensor-core pass are split into
// several lower-precision dots. tf32x3 (when emuTF32, for NVIDIA) splits
// each operand into a tf32 "big" part and the remainder, and sums
// small*big + big*small + big*big; bf16x3 and bf16x6 split each operand
// into two or three bf16 parts and sum the 3 or 6 most significant
// products. The partial sums of the small products have their NaNs
// zeroed (an inf times a zero remainder), so only the big product decides
// a non-finite result.
func F32DotTC(module *ir.Operation, emuTF32 bool) error {
	var patterns []ir.RewritePattern
	if emuTF32 {
		patterns = append(patterns, ir.NewPattern("TF32x3", "tt.dot", 1, rewriteTF32x3))
	}
	patterns = append(patterns, ir.NewPattern("BF16xN", "tt.dot", 1, rewriteBF16xN))
	return applyPatterns(module, patterns)
}

func hasF32Operands(dot tt.DotOp) bool {
	return isFloat(ir.ElementTypeOrSelf(dot.A().Type()), ir.F32) && isFloat(ir.ElementTypeOrSelf(dot.B().Type()), ir.F32)
}

// zeroLike is a splat of 0.0 with c's type.
func zeroLike(b *ir.Builder, c ir.Value) ir.Value {
	zero := arith.NewConstant(b, c.Loc(), ir.FloatAttrOf(b.Ctx, ir.F32Type(b.Ctx), 0)).Result(0)
	return tt.NewSplat(b, c.Loc(), zero, c.Type()).Result(0)
}

// zeroNaNs replaces the NaNs of v by zeros.
func zeroNaNs(b *ir.Builder, v ir.Value) ir.Value {
	nan := arith.NewCmpF(b, v.Loc(), arith.CmpFUNO, v, v).Result(0)
	return arith.NewSelect(b, v.Loc(), nan, zeroLike(b, v), v).Result(0)
}

func rewriteTF32x3(op *ir.Operation, rw ir.Rewriter) bool {
	dot := tt.DotOp{Operation: op}
	if dot.InputPrecision() != tt.PrecisionTF32x3 || !hasF32Operands(dot) {
		return false
	}
	b := rw.B()
	loc := op.Loc()
	toTF32 := func(v ir.Value) ir.Value {
		return b.CreateOp("tt.elementwise_inline_asm", loc, []ir.Value{v}, []ir.Type{v.Type()},
			ir.NamedAttr{Name: "asm_string", Value: ir.StringAttrOf(b.Ctx, "cvt.rna.tf32.f32 $0, $1;")},
			ir.NamedAttr{Name: "constraints", Value: ir.StringAttrOf(b.Ctx, "=r,r")},
			ir.NamedAttr{Name: "pure", Value: ir.BoolAttrOf(b.Ctx, true)},
			ir.NamedAttr{Name: "packed_element", Value: ir.I32Attr(b.Ctx, 1)}).Result(0)
	}
	sub := func(x, y ir.Value) ir.Value { return arith.NewBinary(b, "arith.subf", loc, x, y).Result(0) }
	aBig := toTF32(dot.A())
	aSmall := sub(dot.A(), aBig)
	bBig := toTF32(dot.B())
	bSmall := sub(dot.B(), bBig)
	imprecise := dot.MaxNumImpreciseAcc()
	tf32Dot := func(x, y, acc ir.Value) ir.Value {
		return tt.NewDot(b, x.Loc(), x, y, acc, tt.PrecisionTF32, imprecise).Result(0)
	}
	small := tf32Dot(aSmall, bBig, zeroLike(b, dot.C()))
	small = tf32Dot(aBig, bSmall, small)
	big := tf32Dot(aBig, bBig, zeroNaNs(b, small))
	sum := arith.NewBinary(b, "arith.addf", loc, big, dot.C())
	rw.ReplaceOp(op, sum.Results())
	return true
}

// splitF32 splits v into n bf16 parts whose sum approximates it, most
// significant first.
func splitF32(b *ir.Builder, v ir.Value, n int) []ir.Value {
	ctx := b.Ctx
	t := v.Type().(*ir.RankedTensorType)
	var parts []ir.Value
	for i := 0; i < n; i++ {
		bf := arith.NewCast(b, "arith.truncf", v.Loc(), v, t.CloneWith(ctx, ir.BF16Type(ctx))).Result(0)
		if i != n-1 {
			back := arith.NewCast(b, "arith.extf", v.Loc(), bf, t).Result(0)
			v = arith.NewBinary(b, "arith.subf", v.Loc(), v, back).Result(0)
		}
		parts = append(parts, bf)
	}
	return parts
}

func rewriteBF16xN(op *ir.Operation, rw ir.Rewriter) bool {
	dot := tt.DotOp{Operation: op}
	var n int
	switch dot.InputPrecision() {
	case tt.PrecisionBF16x3:
		n = 2
	case tt.PrecisionBF16x6:
		n = 3
	}
	if n == 0 || !hasF32Operands(dot) {
		return false
	}
	const hi, mid, lo = 0, 1, 2
	b := rw.B()
	lhs := splitF32(b, dot.A(), n)
	rhs := splitF32(b, dot.B(), n)
	acc := zeroLike(b, dot.C())
	ieee := func(x, y ir.Value) {
		acc = tt.NewDot(b, x.Loc(), x, y, acc, tt.PrecisionIEEE, 0).Result(0)
	}
	if n == 3 {
		ieee(lhs[mid], rhs[mid])
		ieee(lhs[lo], rhs[hi])
		ieee(lhs[hi], rhs[lo])
	}
	ieee(lhs[mid], rhs[hi])
	ieee(lhs[hi], rhs[mid])
	acc = zeroNaNs(b, acc)
	ieee(lhs[hi], rhs[hi])
	sum := arith.NewBinary(b, "arith.addf", op.Loc(), acc, dot.C())
	rw.ReplaceOp(op, sum.Results())
	return true
}
