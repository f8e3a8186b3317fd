package ttgtogpu_test

import (
	"github.com/ttcompiler/tt/dialects/arith"
	"github.com/ttcompiler/tt/dialects/tt"
	"github.com/ttcompiler/tt/ir"
)

// amdReference rewrites a TTGIR module for the interpreter so that it
// computes what Triton 3.6's AMD lowering computes where that differs from
// the NVIDIA behavior the interpreter follows:
//
//   - tt.clampf is max then min on AMD (ClampFOpConversion without the
//     sm_90 clip pattern, so no min.xorsign.abs: a NaN x gives lo, not ±hi);
//   - tt.histogram pads its bins to the lanes of a wavefront, 64, where
//     the interpreter pads to 32: a value selects bin x & (max(bins, 64)-1)
//     and counts only below bins.
func amdReference(m *ir.Operation, lanes int) {
	var clamps, hists []*ir.Operation
	ir.WalkOps(m, func(op *ir.Operation) {
		switch op.Name() {
		case "tt.clampf":
			clamps = append(clamps, op)
		case "tt.histogram":
			hists = append(hists, op)
		}
	})
	for _, op := range clamps {
		b := ir.NewBuilder(m.Context())
		b.SetInsertionPoint(op)
		maxOp, minOp := "arith.maxnumf", "arith.minnumf"
		if a, ok := op.Attr("propagateNan").(*ir.IntegerAttr); ok && tt.PropagateNan(a.Int()) == tt.PropagateAll {
			maxOp, minOp = "arith.maximumf", "arith.minimumf"
		}
		lo := arith.NewBinary(b, maxOp, op.Loc(), op.Operand(0), op.Operand(1)).Result(0)
		r := arith.NewBinary(b, minOp, op.Loc(), lo, op.Operand(2)).Result(0)
		ir.ReplaceAllUsesWith(op.Result(0), r)
		op.Erase()
	}
	for _, op := range hists {
		bins := op.Result(0).Type().(*ir.RankedTensorType).Dims[0]
		wrap := max(bins, int64(lanes))
		src := op.Operand(0)
		st := src.Type().(*ir.RankedTensorType)
		b := ir.NewBuilder(m.Context())
		b.SetInsertionPoint(op)
		splat := func(v int64) ir.Value {
			return arith.NewConstant(b, op.Loc(), ir.DenseSplat(b.Ctx, st, ir.IntegerAttrOf(b.Ctx, st.Elem, v))).Result(0)
		}
		bin := arith.NewBinary(b, "arith.andi", op.Loc(), src, splat(wrap-1)).Result(0)
		in := arith.NewCmpI(b, op.Loc(), arith.CmpIULT, bin, splat(bins)).Result(0)
		if op.NumOperands() > 1 {
			in = arith.NewBinary(b, "arith.andi", op.Loc(), in, op.Operand(1)).Result(0)
		}
		h := tt.NewHistogram(b, op.Loc(), bin, in, op.Result(0).Type()).Result(0)
		ir.ReplaceAllUsesWith(op.Result(0), h)
		op.Erase()
	}
}
