package ttg

import (
	"fmt"

	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

// Shared-memory buffers of the software pipeliner: the multi-buffered
// allocations that hold a value for each iteration in flight, the buffers
// of mbarriers and scalars, and how fast registers can be copied into a
// buffer.

// MultiBuffered is t with a leading dim of depth buffers, mutable (the
// allocation of a pipelined value: Triton's getMultiBufferedType).
func MultiBuffered(ctx *ir.Context, t *MemDescType, depth int) *MemDescType {
	shape := append([]int64{int64(depth)}, t.Dims...)
	return MemDesc(ctx, shape, t.Elem, t.Encoding, t.MemorySpace, true, nil)
}

// UnswizzledShared is the shared layout without swizzling in the given dim
// order: what the pipeliner uses when no user asks for a better one.
func UnswizzledShared(ctx *ir.Context, order []int, cga CGALayout) *SwizzledSharedEncoding {
	return NewSwizzledShared(ctx, 1, 1, 1, order, cga)
}

// ScalarBufferType is the type of numBuffers scalars of type elem in shared
// memory, each in a 1-element buffer seen by every CTA (how Triton
// allocates mbarriers: createScalarAlloc).
func ScalarBufferType(ctx *ir.Context, elem ir.Type, numBuffers, numCTAs int) *MemDescType {
	cga := DefaultCGA(1)
	for n := numCTAs; n > 1; n /= 2 {
		cga.Bases = append(cga.Bases, []int32{0})
	}
	enc := UnswizzledShared(ctx, []int{0}, cga)
	return SharedMemDesc(ctx, []int64{int64(numBuffers), 1}, elem, enc, true)
}

// CopyVecBytes is the widest contiguous run of bytes a thread can move
// between a register tensor of type reg and a buffer of shared layout
// shared, the vector width of the copy (Triton's getCopyVecBytes).
func CopyVecBytes(reg *ir.RankedTensorType, shared ir.Attribute) (int, error) {
	regLL, err := ToLinearLayout(reg.Encoding, reg.Dims)
	if err != nil {
		return 0, err
	}
	smemLL, err := ToLinearLayout(shared, reg.Dims)
	if err != nil {
		return 0, err
	}
	cvt, err := regLL.InvertAndCompose(smemLL)
	if err != nil {
		return 0, fmt.Errorf("ttg: cannot copy %s to shared layout %s: %v", asm.TypeString(reg), attrText(shared), err)
	}
	return cvt.NumConsecutiveInOut() * ir.BitWidth(reg.Elem) / 8, nil
}
