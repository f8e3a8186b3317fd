package ttg

import (
	"fmt"

	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
	"github.com/ttcompiler/tt/linearlayout"
)

// verifyTensorLayout is TritonGPU's DialectVerifyTensorLayoutInterface: the
// layout of a tensor of op must be distributed, of the tensor's rank, and
// use exactly the lanes, warps and CTAs of op's context.
func verifyTensorLayout(enc ir.Attribute, t *ir.RankedTensorType, op *ir.Operation) error {
	d, ok := enc.(DistributedLayout)
	if !ok {
		return fmt.Errorf("Non-distributed layout is not allowed in tensor type.")
	}
	f := ir.Memo(op.Context(), layoutFactsKey{t}, func() layoutFacts { return factsOf(d, t.Dims) })
	if f.rank != t.Rank() {
		return fmt.Errorf("Layout has rank %d, but the tensor it's attached to has rank %d.", f.rank, t.Rank())
	}
	for _, s := range t.Dims {
		if s <= 0 || s&(s-1) != 0 {
			return fmt.Errorf("Layout has shape %s, but the tensor it's attached to has shape %s which is not a power of two.", joinInts(t.Dims), joinInts(t.Dims))
		}
	}
	if f.err != nil {
		return fmt.Errorf("%s.\nLayout cannot be applied to shape %s: %v", attrText(enc), joinInts(t.Dims), f.err)
	}
	module := ModuleOf(op)
	if got, want := f.lanes, ThreadsPerWarp(module); got != want {
		return fmt.Errorf("%s.\nLayout has %d threads per warp, but the module specifies %d threads per warp.", attrText(enc), got, want)
	}
	warps, ok := LookupNumWarps(op)
	if !ok {
		return fmt.Errorf("Could not determine the number of warps per CTA. Operation is not in a context with `ttg.num-warps`.")
	}
	if got := f.warps; got != warps {
		return fmt.Errorf("%s.\nLayout has %d warps per CTA, but the context requires %d warps per CTA.", attrText(enc), got, warps)
	}
	if got, want := f.blocks, NumCTAs(module); got != want {
		return fmt.Errorf("%s.\nLayout has %d CTAs per CGA, but the context requires %d CTAs per CGA.", attrText(enc), got, want)
	}
	return nil
}

// layoutFactsKey caches layoutFacts per tensor type (uniqued, so its
// shape and encoding are the key): every op verification of every pass
// checks every tensor, and building the linear layout dominates that.
type layoutFactsKey struct{ t *ir.RankedTensorType }

// layoutFacts are what the verifier checks of a layout applied to a shape:
// the layout's rank (its repetition order's length), and the sizes of its
// linear layout or why it cannot be applied.
type layoutFacts struct {
	rank                 int
	lanes, warps, blocks int
	err                  error
}

func factsOf(d DistributedLayout, shape []int64) layoutFacts {
	rank := len(d.RepOrder())
	if rank != len(shape) {
		return layoutFacts{rank: rank} // the rank check fails first
	}
	for _, s := range shape {
		if s <= 0 || s&(s-1) != 0 {
			return layoutFacts{rank: rank} // so does the shape check
		}
	}
	ll, err := ToLinearLayout(d, shape)
	if err != nil {
		return layoutFacts{rank: rank, err: err}
	}
	size := func(dim string) int {
		if !ll.HasInDim(dim) {
			return 1
		}
		return int(ll.InDimSize(dim))
	}
	return layoutFacts{rank: rank, lanes: size(linearlayout.Lane), warps: size(linearlayout.Warp), blocks: size(linearlayout.Block)}
}

// The distributed layouts check themselves for tt's verifier
// (tt.LayoutVerifier); shared layouts refuse to be tensor encodings.
func (a *BlockedEncoding) VerifyTensorLayout(t *ir.RankedTensorType, op *ir.Operation) error {
	return verifyTensorLayout(a, t, op)
}
func (a *SliceEncoding) VerifyTensorLayout(t *ir.RankedTensorType, op *ir.Operation) error {
	return verifyTensorLayout(a, t, op)
}
func (a *DotOperandEncoding) VerifyTensorLayout(t *ir.RankedTensorType, op *ir.Operation) error {
	return verifyTensorLayout(a, t, op)
}
func (a *NvidiaMmaEncoding) VerifyTensorLayout(t *ir.RankedTensorType, op *ir.Operation) error {
	return verifyTensorLayout(a, t, op)
}
func (a *AMDMfmaEncoding) VerifyTensorLayout(t *ir.RankedTensorType, op *ir.Operation) error {
	return verifyTensorLayout(a, t, op)
}
func (a *AMDWmmaEncoding) VerifyTensorLayout(t *ir.RankedTensorType, op *ir.Operation) error {
	return verifyTensorLayout(a, t, op)
}
func (a *LinearEncoding) VerifyTensorLayout(t *ir.RankedTensorType, op *ir.Operation) error {
	return verifyTensorLayout(a, t, op)
}
func (a *SwizzledSharedEncoding) VerifyTensorLayout(t *ir.RankedTensorType, op *ir.Operation) error {
	return verifyTensorLayout(a, t, op)
}
func (a *AMDRotatingSharedEncoding) VerifyTensorLayout(t *ir.RankedTensorType, op *ir.Operation) error {
	return verifyTensorLayout(a, t, op)
}
func (a *NVMMASharedEncoding) VerifyTensorLayout(t *ir.RankedTensorType, op *ir.Operation) error {
	return verifyTensorLayout(a, t, op)
}
func (a *PaddedSharedEncoding) VerifyTensorLayout(t *ir.RankedTensorType, op *ir.Operation) error {
	return verifyTensorLayout(a, t, op)
}
func (a *SharedLinearEncoding) VerifyTensorLayout(t *ir.RankedTensorType, op *ir.Operation) error {
	return verifyTensorLayout(a, t, op)
}

// VerifyTensorLayouts checks the layouts of op's tensor operands and
// results (Triton's VerifyTensorLayoutsTrait, which every ttg op has).
func VerifyTensorLayouts(op *ir.Operation) error {
	check := func(v ir.Value) error {
		t, ok := v.Type().(*ir.RankedTensorType)
		if !ok || t.Encoding == nil {
			return nil
		}
		lv, ok := t.Encoding.(interface {
			VerifyTensorLayout(*ir.RankedTensorType, *ir.Operation) error
		})
		if !ok {
			return nil
		}
		return lv.VerifyTensorLayout(t, op)
	}
	for i := 0; i < op.NumOperands(); i++ {
		if err := check(op.Operand(i)); err != nil {
			return ir.Errorf(op.Loc(), "Operand %d (%s) has an invalid layout: %s", i, operandText(op.Operand(i)), err.Error())
		}
	}
	for i := 0; i < op.NumResults(); i++ {
		if err := check(op.Result(i)); err != nil {
			if op.NumResults() == 1 {
				return ir.Errorf(op.Loc(), "Result has an invalid layout: %s", err.Error())
			}
			return ir.Errorf(op.Loc(), "Result %d has an invalid layout: %s", i, err.Error())
		}
	}
	return nil
}

// operandText renders a value as MLIR streams a Value into a diagnostic.
func operandText(v ir.Value) string {
	if a, ok := v.(*ir.BlockArgument); ok {
		return fmt.Sprintf("<block argument> of type %s at index: %d", typeText(a.Type()), a.Index())
	}
	if r, ok := v.(*ir.OpResult); ok {
		return opTextShort(r.Owner())
	}
	return "<<value>>"
}

func opTextShort(op *ir.Operation) string { return asm.OpString(op) }
