package ttng

import (
	"github.com/ttcompiler/tt/dialects/tt"
	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asmfmt"
)

// WarpGroupDot is `%d = ttng.warp_group_dot %a, %b, %c[, %useC] {...} :
// A * B -> D`, Hopper's wgmma: D = A x B + C with A in shared memory or
// registers and B in shared memory.
var WarpGroupDot = define("warp_group_dot", 0, asmfmt.Spec{
	Operands: []asmfmt.Value{
		{Name: "a", Constraint: ttg.TensorOrMemDescC},
		memdesc("b"),
		{Name: "c", Constraint: ttg.TensorC, Infer: ttg.SameAs("d")},
		{Name: "useC", Kind: asmfmt.Optional, Constraint: ttg.I1C, Infer: ttg.Fixed(ttg.I1)},
	},
	Results: []asmfmt.Value{{Name: "d", Constraint: ttg.TensorC}},
	Attrs: []asmfmt.Attr{
		ttg.DefaultAttr(ttg.EnumAttrSpec("inputPrecision", tt.InputPrecisionEnum), ttg.I32Default(int64(tt.PrecisionIEEE))),
		ttg.DefaultAttr(ttg.I32Attr("maxNumImpreciseAcc"), ttg.I32Default(0)),
		ttg.DefaultAttr(ttg.BoolAttr("isAsync"), ttg.BoolDefault(false)),
	},
	Format: "$a`,` $b`,` $c (`,` $useC^)? attr-dict `:` type($a) `*` qualified(type($b)) `->` type($d)",
	Verify: verifyWarpGroupDot,
})

// WarpGroupDotWait is `%r:n = ttng.warp_group_dot_wait %d, %a, %b
// {pendings = N : i32} : types`: wait for all but N wgmma groups; it passes
// its operands through.
var WarpGroupDotWait = define("warp_group_dot_wait", 0, asmfmt.Spec{
	Operands: []asmfmt.Value{{Name: "inputs", Kind: asmfmt.Variadic, Constraint: ttg.TensorOrMemDescC}},
	Results:  []asmfmt.Value{{Name: "outputs", Kind: asmfmt.Variadic, Constraint: ttg.TensorOrMemDescC}},
	Attrs:    []asmfmt.Attr{ttg.I32Attr("pendings")},
	Format:   "$inputs attr-dict `:` type($inputs)",
	InferResults: func(st *ir.OperationState) ([]ir.Type, error) {
		var ts []ir.Type
		for _, v := range st.Operands {
			ts = append(ts, v.Type())
		}
		return ts, nil
	},
	Verify: func(op *ir.Operation) error {
		if op.NumOperands() == 0 {
			return ir.OpErrorf(op, "expected to be waiting on at least one dependency")
		}
		if op.NumResults() != op.NumOperands() {
			return ir.OpErrorf(op, "failed to verify that all of {inputs, outputs} have same type")
		}
		for i := 0; i < op.NumOperands(); i++ {
			if op.Operand(i).Type() != op.Result(i).Type() {
				return ir.OpErrorf(op, "failed to verify that all of {inputs, outputs} have same type")
			}
		}
		return nil
	},
})

// FenceAsyncShared is `ttng.fence_async_shared {bCluster = B}`: orders
// generic-proxy shared-memory writes before async-proxy reads.
var FenceAsyncShared = define("fence_async_shared", 0, asmfmt.Spec{
	Attrs:  []asmfmt.Attr{ttg.BoolAttr("bCluster")},
	Format: "attr-dict",
})

// ClusterArrive is `ttng.cluster_arrive {relaxed = B}`.
var ClusterArrive = define("cluster_arrive", 0, asmfmt.Spec{
	Attrs:  []asmfmt.Attr{ttg.BoolAttr("relaxed")},
	Format: "attr-dict",
})

// ClusterWait is `ttng.cluster_wait`.
var ClusterWait = define("cluster_wait", 0, asmfmt.Spec{Format: "attr-dict"})

func init() {
	WarpGroupDot.Def.AppendEffects = func(op *ir.Operation, buf []ir.Effect) []ir.Effect {
		a, b := memdescOf(op.Operand(0)) != nil, memdescOf(op.Operand(1)) != nil
		switch {
		case a && b:
			return append(buf, shared(ir.Read, op.Operand(0)), shared(ir.Read, op.Operand(1)))
		case a:
			return append(buf, shared(ir.Read, op.Operand(0)))
		case b:
			return append(buf, shared(ir.Read, op.Operand(1)))
		}
		return buf
	}
	FenceAsyncShared.Def.AppendEffects = sharedOrderingEffects
	WarpGroupDotWait.Def.AppendEffects = sharedOrderingEffects
}

func verifyWarpGroupDot(op *ir.Operation) error {
	d := op.Result(0).Type().(*ir.RankedTensorType)
	if op.Operand(2).Type() != d {
		return ir.OpErrorf(op, "failed to verify that result's type matches accumulator's type")
	}
	mma, ok := d.Encoding.(*ttg.NvidiaMmaEncoding)
	if !ok || !mma.IsHopper() {
		return ir.OpErrorf(op, "WGMMA result layout must be Hopper NVMMA")
	}
	aEnc := ir.EncodingOf(op.Operand(0).Type())
	if md := memdescOf(op.Operand(0)); md != nil {
		aEnc = md.Encoding
	}
	switch aEnc.(type) {
	case *ttg.NVMMASharedEncoding, *ttg.DotOperandEncoding, *ttg.SharedLinearEncoding:
	default:
		return ir.OpErrorf(op, "WGMMA A operand must have NVMMA shared or dot layout")
	}
	switch memdescOf(op.Operand(1)).Encoding.(type) {
	case *ttg.NVMMASharedEncoding, *ttg.SharedLinearEncoding:
	default:
		return ir.OpErrorf(op, "WGMMA B operand must have NVMMA shared layout")
	}
	if n, ok := ttg.LookupNumWarps(op); ok && n%4 != 0 {
		return ir.OpErrorf(op, "WGMMA requires num_warps to be divisible by 4")
	}
	shape := ttg.ShapePerCTA(mma.CGALayout.CTASplitNum(), d.Dims)
	if len(shape) != 2 {
		return ir.OpErrorf(op, "WGMMA result shape must be 2D")
	}
	if shape[0]%64 != 0 {
		return ir.OpErrorf(op, "WGMMA result M dimension must be divisible by 64")
	}
	if shape[1]%8 != 0 {
		return ir.OpErrorf(op, "WGMMA result N dimension must be divisible by 8")
	}
	aElem := ir.ElementTypeOrSelf(op.Operand(0).Type())
	if md := memdescOf(op.Operand(0)); md != nil {
		aElem = md.Elem
	}
	maxImprecise := int64(0)
	if a, ok := op.Attr("maxNumImpreciseAcc").(*ir.IntegerAttr); ok {
		maxImprecise = a.Int()
	}
	if ft, ok := aElem.(*ir.FloatType); ok && maxImprecise < 32 && (ft.Kind == ir.F8E5M2 || ft.Kind == ir.F8E4M3FN) {
		if rt, ok := d.Elem.(*ir.FloatType); ok && rt.Kind == ir.F32 {
			return ir.OpErrorf(op, "Cannot use F32 as the accumulator element type when the max_num_imprecise_acc is less than 32")
		}
	}
	if at, ok := op.Operand(0).Type().(*ir.RankedTensorType); ok {
		dot, ok := at.Encoding.(*ttg.DotOperandEncoding)
		if bw := ir.BitWidth(at.Elem); ok && bw > 0 {
			if k := 32 / bw; dot.KWidth != k {
				return ir.OpErrorf(op, "in-register LHS operand must have a kWidth of %d but got %d", k, dot.KWidth)
			}
		}
	}
	return nil
}
