package allocation

import (
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/linearlayout"
)

// A compile sizes the same layout conversions four times: the
// shared-memory check before the lowering stage (or the occupancy
// estimate of the persistent schedule), allocate-shared-memory-nv and the
// lowering each run the whole allocation, and every run planned each
// ttg.convert_layout again (the plans were about 3% of a dot kernel's
// compile). The scratch a conversion takes depends only on its two types
// (uniqued) and the rule, so it is kept in the context.

type convertScratchKey struct {
	src, dst ir.Type
	in       linearlayout.SharedInstrs
}

// convertScratchSize is a memoized sizing; ok is false where the sizing
// failed, whose error names an op and is not kept.
type convertScratchSize struct {
	bytes int64
	ok    bool
}

// memoConvertScratch is sizeConvertScratch, each successful sizing
// computed once per context.
func memoConvertScratch(op *ir.Operation, srcT, dstT ir.Type, in linearlayout.SharedInstrs) (int64, error) {
	// Only uniqued tensor types (pointers) make the key: a type that is
	// not one fails the sizing anyway.
	_, srcOK := srcT.(*ir.RankedTensorType)
	_, dstOK := dstT.(*ir.RankedTensorType)
	ctx := op.Context()
	if ctx == nil || !srcOK || !dstOK {
		return sizeConvertScratch(op, srcT, dstT, in)
	}
	r := ir.Memo(ctx, convertScratchKey{srcT, dstT, in}, func() convertScratchSize {
		n, err := sizeConvertScratch(op, srcT, dstT, in)
		return convertScratchSize{n, err == nil}
	})
	if !r.ok {
		return sizeConvertScratch(op, srcT, dstT, in)
	}
	return r.bytes, nil
}
