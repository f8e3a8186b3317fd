package layouts

import (
	"fmt"

	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/linearlayout"
)

// InferJoinEncoding is Triton's inferDefaultJoinOpEncoding: the encoding
// of tt.join's result given its operands' encoding and shape. A blocked
// layout gains a fastest dimension of two elements per thread; a slice of
// the new last dimension whose parent splits back to it gives the parent;
// anything else is joined through its linear layout.
func InferJoinEncoding(ctx *ir.Context, src ir.Attribute, shape []int64) (ir.Attribute, error) {
	rank := len(shape)
	if s, ok := src.(*ttg.SliceEncoding); ok && s.Dim == rank {
		joined := append(append([]int64(nil), shape...), 2)
		if split, err := ttg.InferSplitEncoding(ctx, s.Parent, joined); err == nil && ttg.EquivalentLayouts(split, src, shape) {
			return s.Parent, nil
		}
	}
	if b, ok := src.(*ttg.BlockedEncoding); ok {
		order := append([]int{rank}, b.Order...)
		return ttg.NewBlocked(ctx, append(clone(b.SizePerThread), 2), append(clone(b.ThreadsPerWarp), 1),
			append(clone(b.WarpsPerCTA), 1), order, AppendCGADim(b.CGALayout)), nil
	}
	ll, err := ttg.ToLinearLayout(src, shape)
	if err != nil {
		return nil, err
	}
	// Add a size-1 last dim, then double it with a register basis.
	outs := append(linearlayout.LabeledShape(shape), linearlayout.Dim{Name: fmt.Sprintf("dim%d", rank), Size: 1})
	ll = ll.ReshapeOuts(outs)
	names := ll.OutDimNames()
	joined := linearlayout.Identity1D(2, linearlayout.Register, names[rank]).Mul(ll).TransposeOuts(names)
	return ttg.NewLinearFromLL(ctx, joined), nil
}

func clone(v []int) []int { return append([]int(nil), v...) }
