package amd

import (
	"flag"

	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/passmgr"
)

func init() {
	passmgr.Default.Register(&passmgr.Pass{
		Name:        "tritonamdgpu-fold-true-cmpi",
		DisplayName: "TritonAMDFoldTrueCmpI",
		Summary:     "Fold true arith.cmpi to %true",
		Anchor:      "builtin.module",
		Build: func(*flag.FlagSet) passmgr.RunFunc {
			return func(op *ir.Operation, st *passmgr.State) error { return FoldTrueCmpI(op, st.Emit) }
		},
	})
}

// FoldTrueCmpI is Triton 3.6's tritonamdgpu-fold-true-cmpi: an arith.cmpi
// that integer range analysis (with Triton's assumptions and loop trip
// counts) proves true is replaced by the constant true, so that masks the
// compiler knows to be all-true disappear (with canonicalization after).
func FoldTrueCmpI(module *ir.Operation, emit func(*ir.Diagnostic)) error {
	s, _ := solveRanges(module, emit)
	return applyGreedily(module, []ir.RewritePattern{ir.NewPattern("FoldTrueCmpIOp", "arith.cmpi", 1, func(op *ir.Operation, rw ir.Rewriter) bool {
		// Only scalar comparisons fold (a tensor's range covers all its
		// elements, but Triton keeps tensor masks).
		if _, scalar := op.Result(0).Type().(*ir.IntegerType); !scalar || !cmpIsStaticallyTrue(s, op) {
			return false
		}
		c := rw.B().CreateOp("arith.constant", op.Loc(), nil, []ir.Type{op.Result(0).Type()},
			ir.NamedAttr{Name: "value", Value: ir.BoolAttrOf(op.Context(), true)})
		rw.ReplaceOp(op, c.Results())
		return true
	})})
}
