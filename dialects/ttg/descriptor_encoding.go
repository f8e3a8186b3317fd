package ttg

import (
	"fmt"

	"github.com/ttcompiler/tt/dialects/tt"
	"github.com/ttcompiler/tt/ir"
)

// The shared layout of the buffer a tensor descriptor copies through
// (Triton's getEncodingFromDescriptor): the encoding of the descriptor's
// block type, adjusted when the loaded tensor has another rank (a
// rank-reducing or rank-increasing descriptor load).

// DescriptorSharedEncoding returns the shared layout for loading or
// storing a tensor of type t through a descriptor of type desc.
func DescriptorSharedEncoding(desc *tt.TensorDescType, t *ir.RankedTensorType) (SharedLayout, error) {
	enc, ok := desc.Block.Encoding.(SharedLayout)
	if desc.Block.Encoding == nil {
		return nil, fmt.Errorf("tensor descriptor should have encoding set")
	}
	if !ok {
		return nil, fmt.Errorf("tensor descriptor encoding %s is not a shared layout", attrText(desc.Block.Encoding))
	}
	if equalInt64s(desc.Block.Dims, t.Dims) {
		return enc, nil
	}
	if r := SharedLayoutForRank(enc, len(t.Dims)); r != nil {
		return r, nil
	}
	return nil, fmt.Errorf("unhandled tensor descriptor encoding %s", attrText(enc))
}

// SharedLayoutForRank adapts a shared layout chosen for a block of another
// rank (a rank-reducing or rank-increasing descriptor access) to the given
// rank (Triton's updateEncodingForShape): new leading dims are the slowest,
// dims beyond the rank go. It returns nil for other layouts.
func SharedLayoutForRank(enc ir.Attribute, rank int) SharedLayout {
	ctx := ctxOf(enc)
	switch e := enc.(type) {
	case *NVMMASharedEncoding:
		return NewNVMMAShared(ctx, e.SwizzlingByteWidth, e.Transposed, e.ElementBitWidth, e.FP4Padded, e.CGALayout.WithRank(rank))
	case *SwizzledSharedEncoding:
		var order []int
		for i := 0; i+len(e.Order) < rank; i++ {
			order = append(order, rank-i-1)
		}
		for _, d := range e.Order {
			if d < rank {
				order = append(order, d)
			}
		}
		return NewSwizzledShared(ctx, e.Vec, e.PerPhase, e.MaxPhase, order, e.CGALayout.WithRank(rank))
	}
	return nil
}
