package ttg

import (
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
	"github.com/ttcompiler/tt/ir/asmfmt"
)

// PredicateStage is `%p = ttg.predicate_stage %iv, %ub, %step maxStage M
// stage S : i32 -> i1`: the pipeliner's predicate for a loop stage.
var PredicateStage = Define(Dialect, "predicate_stage", ir.Pure, asmfmt.Spec{
	Operands: []asmfmt.Value{
		{Name: "iv", Constraint: IntOrIndexC},
		{Name: "ub", Constraint: IntOrIndexC, Infer: SameAs("iv")},
		{Name: "step", Constraint: IntOrIndexC, Infer: SameAs("iv")},
	},
	Results: []asmfmt.Value{{Name: "result", Constraint: I1C}},
	Attrs:   []asmfmt.Attr{I32Attr("maxStage"), I32Attr("stage")},
	Format:  "$iv `,` $ub `,` $step `maxStage` $maxStage `stage` $stage attr-dict `:` type($iv) `->` type($result)",
	Verify: func(op *ir.Operation) error {
		t := op.Operand(0).Type()
		if op.Operand(1).Type() != t || op.Operand(2).Type() != t {
			return ir.OpErrorf(op, "failed to verify that all of {iv, ub, step} have same type")
		}
		return nil
	},
})

// Mask is `ttg.mask %pred { ... ttg.mask.return ... }` (generic form): a
// region executed under a predicate, used inside the pipeliner.
var Mask = Define(Dialect, "mask", ir.SingleBlock, asmfmt.Spec{
	Operands: []asmfmt.Value{{Name: "pred", Constraint: I1C}},
	Results:  []asmfmt.Value{{Name: "result", Kind: asmfmt.Variadic}},
	Regions:  []asmfmt.Region{{Name: "region"}},
})

// MaskReturn is `ttg.mask.return %v : T`.
var MaskReturn = Define(Dialect, "mask.return", ir.Pure|ir.Terminator|ir.ReturnLike, asmfmt.Spec{
	Operands: []asmfmt.Value{{Name: "result", Kind: asmfmt.Variadic}},
	Format:   "$result attr-dict `:` type($result)",
})

// Fp4ToFp is `ttg.fp4_to_fp %x {axis = A : i32} : tensor<..xi8> ->
// tensor<..xbf16>`: unpack e2m1 pairs along axis.
var Fp4ToFp = Define(Dialect, "fp4_to_fp", ir.Pure, asmfmt.Spec{
	Operands: []asmfmt.Value{{Name: "src", Constraint: &asmfmt.Constraint{Summary: "ranked tensor of 8-bit signless integer values",
		Check: func(t ir.Type) bool {
			rt, ok := t.(*ir.RankedTensorType)
			return ok && isSignless(rt.Elem, 8)
		}}}},
	Results: []asmfmt.Value{{Name: "result", Constraint: &asmfmt.Constraint{Summary: "ranked tensor of floating-point values",
		Check: func(t ir.Type) bool {
			rt, ok := t.(*ir.RankedTensorType)
			return ok && ir.IsFloat(rt.Elem)
		}}}},
	Attrs:  []asmfmt.Attr{I32Attr("axis")},
	Format: "$src attr-dict `:` type($src) `->` type($result)",
	Verify: verifyFp4ToFp,
})

// LocalBarrier is `ttg.local_barrier`: a CTA-wide barrier that orders
// shared-memory accesses.
var LocalBarrier = Define(Dialect, "local_barrier", 0, asmfmt.Spec{Format: "attr-dict"})

// WarpID is `%w = ttg.warp_id`: the id of the current warp.
var WarpID = Define(Dialect, "warp_id", ir.Pure, asmfmt.Spec{
	Results: []asmfmt.Value{{Name: "result", Constraint: I32C, Infer: Fixed(I32)}},
	Format:  "attr-dict",
})

func init() {
	MaskReturn.Def.HasParent = []string{"ttg.mask"}
	LocalBarrier.Def.AppendEffects = sharedOrderingEffects
}

func verifyFp4ToFp(op *ir.Operation) error {
	src := op.Operand(0).Type().(*ir.RankedTensorType)
	res := op.Result(0).Type().(*ir.RankedTensorType)
	if ft, ok := res.Elem.(*ir.FloatType); !ok || (ft.Kind != ir.BF16 && ft.Kind != ir.F16) {
		return ir.Errorf(op.Loc(), "only bf16 or f16 is supported for now, got %s", asm.TypeString(res.Elem))
	}
	axisAttr, _ := op.Attr("axis").(*ir.IntegerAttr)
	axis := int(axisAttr.Int())
	rank := src.Rank()
	if rank != res.Rank() {
		return ir.Errorf(op.Loc(), "source rank %d != result rank %d", rank, res.Rank())
	}
	if axis < 0 || axis >= rank {
		return ir.Errorf(op.Loc(), "axis %d out of range for rank %d", axis, rank)
	}
	for i := 0; i < rank; i++ {
		if i == axis {
			if res.Dims[i] != src.Dims[i]*2 {
				return ir.Errorf(op.Loc(), "axis %d dimension must be 2x source dimension (src=%d, dst=%d)", axis, src.Dims[i], res.Dims[i])
			}
		} else if res.Dims[i] != src.Dims[i] {
			return ir.Errorf(op.Loc(), "dimension %d mismatch (src=%d, dst=%d, axis=%d)", i, src.Dims[i], res.Dims[i], axis)
		}
	}
	if (res.Encoding == nil) != (src.Encoding == nil) {
		return ir.Errorf(op.Loc(), "source and result must both have an encoding, or neither")
	}
	if res.Encoding == nil {
		return nil
	}
	want, err := InferFp4ToFpEncoding(op.Context(), res.Dims, axis, res.Encoding, false)
	if err != nil {
		return ir.Errorf(op.Loc(), "failed to infer encoding")
	}
	if !EquivalentLayouts(want, src.Encoding, src.Dims) {
		return ir.Errorf(op.Loc(), "Src and Dst encodings are not compatible")
	}
	return nil
}
