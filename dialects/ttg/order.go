package ttg

import (
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/linearlayout"
)

// Orders of a layout: lists of tensor dims, fastest first. They follow
// Triton 3.6's getOrder, getThreadOrder, getWarpOrder and
// getOrderForMemory (TritonGPU/IR/Dialect.cpp): a shared layout has the
// order it was built with; a distributed layout's orders are read off its
// linear layout, so a blocked layout's Order can differ from its `order`
// parameter when a thread holds a single element of the dims involved.

// Order returns the order of layout enc on a tensor (or buffer) of the
// given shape: for shared layouts their own order, for distributed ones
// the dims in the order the register bases first move along them, then
// the others from the last to the first.
func Order(enc ir.Attribute, shape []int64) []int {
	switch e := enc.(type) {
	case *SwizzledSharedEncoding:
		return clone(e.Order)
	case *AMDRotatingSharedEncoding:
		return clone(e.Order)
	case *NVMMASharedEncoding:
		if len(shape) == 1 {
			return []int{0}
		}
		return matrixOrder(len(shape), !e.Transposed)
	case *PaddedSharedEncoding:
		return e.Order()
	case *SharedLinearEncoding:
		return e.Order()
	}
	return inDimOrder(enc, shape, linearlayout.Register, reverseOrder(len(shape)))
}

// ThreadOrder is the order in which the lanes of a distributed layout walk
// the tensor's dims (the layout's Order for dims the lanes do not move).
func ThreadOrder(enc ir.Attribute, shape []int64) []int {
	return inDimOrder(enc, shape, linearlayout.Lane, Order(enc, shape))
}

// WarpOrder is the order in which the warps of a distributed layout walk
// the tensor's dims.
func WarpOrder(enc ir.Attribute, shape []int64) []int {
	return inDimOrder(enc, shape, linearlayout.Warp, Order(enc, shape))
}

// OrderForMemory is the dim order in which to lay a register tensor out in
// shared memory: its layout's Order, unless the lanes walk the tensor in
// another order and each thread holds a single element along the lanes'
// fastest dim — then the lanes' order, which keeps a warp's accesses
// contiguous.
func OrderForMemory(enc ir.Attribute, shape []int64) []int {
	order := Order(enc, shape)
	threadOrder := ThreadOrder(enc, shape)
	if equalInts(order, threadOrder) || len(threadOrder) == 0 {
		return order
	}
	if elemsPerThread(enc, shape)[threadOrder[0]] == 1 {
		return threadOrder
	}
	return order
}

// inDimOrder is orderPerDim over the bases of in dim `dim` of enc's linear
// layout; def when enc has no linear layout.
func inDimOrder(enc ir.Attribute, shape []int64, dim string, def []int) []int {
	ll, err := ToLinearLayout(enc, shape)
	if err != nil {
		return def
	}
	return orderPerDim(dimBases(ll, dim), def)
}

// orderPerDim is Triton's orderPerDimImpl: the dims in the order the bases
// first move along them (broadcast bases skipped), then the dims of def
// not seen yet.
func orderPerDim(bases [][]int32, def []int) []int {
	var out []int
	seen := map[int]bool{}
	add := func(d int) {
		if !seen[d] {
			seen[d] = true
			out = append(out, d)
		}
	}
	for _, b := range bases {
		if nz := firstNonZero(b); nz >= 0 {
			add(nz)
		}
	}
	for _, d := range def {
		add(d)
	}
	return out
}

// reverseOrder returns [rank-1, ..., 0].
func reverseOrder(rank int) []int {
	o := make([]int, rank)
	for i := range o {
		o[i] = rank - 1 - i
	}
	return o
}

// matrixOrder is Triton's getMatrixOrder: row-major [rank-1, ..., 0], with
// the two minor dims swapped for column-major.
func matrixOrder(rank int, rowMajor bool) []int {
	o := make([]int, rank)
	if rank < 2 {
		return o
	}
	o = reverseOrder(rank)
	if !rowMajor {
		o[0], o[1] = o[1], o[0]
	}
	return o
}

// orderForDotOperand is Triton's getOrderForDotOperand.
func orderForDotOperand(opIdx, rank int, kContig bool) []int {
	rowMajor := (opIdx != 0) != kContig
	return matrixOrder(rank, rowMajor)
}
