package linearlayout

import (
	"fmt"

	"github.com/ttcompiler/tt/numeric"
)

// BlockedParams are the parameters of #ttg.blocked.
type BlockedParams struct {
	SizePerThread  []int
	ThreadsPerWarp []int
	WarpsPerCTA    []int
	// Order lists the dims from fastest to slowest varying.
	Order []int
	CTA   CTALayout
}

func (p BlockedParams) validate(rank int) error {
	for _, f := range []struct {
		name string
		v    []int
	}{{"sizePerThread", p.SizePerThread}, {"threadsPerWarp", p.ThreadsPerWarp}, {"warpsPerCTA", p.WarpsPerCTA}} {
		if len(f.v) != rank {
			return fmt.Errorf("linearlayout: blocked %s %v does not have rank %d", f.name, f.v, rank)
		}
		if err := checkPow2s(f.name, f.v); err != nil {
			return err
		}
	}
	if len(p.Order) != rank || !isPermutation(p.Order) {
		return fmt.Errorf("linearlayout: blocked order %v is not a permutation of rank %d", p.Order, rank)
	}
	return nil
}

// Blocked returns the layout of #ttg.blocked on a tensor of the given shape:
// registers, then lanes, then warps each enumerate a box in dim order
// (order[0] fastest), then the CTA tile is repeated through more registers
// where the tensor is larger and broadcast where it is smaller
// (CombineCtaCgaWithShape).
func Blocked(shape []int64, p BlockedParams) (_ LinearLayout, err error) {
	defer guard(&err)
	if err := p.validate(len(shape)); err != nil {
		return LinearLayout{}, err
	}
	cta := IdentityStandardND(Register, p.SizePerThread, p.Order).
		Mul(IdentityStandardND(Lane, p.ThreadsPerWarp, p.Order)).
		Mul(IdentityStandardND(Warp, p.WarpsPerCTA, p.Order))
	return CombineCtaCgaWithShape(cta, p.CTA, shape)
}

// FMADotOperand returns the layout of #ttg.dot_op with a blocked parent (the
// operands of an FMA dot): each thread holds the whole K extent of its rows
// (opIdx 0) or columns (opIdx 1), lanes and warps are broadcast along K.
func FMADotOperand(shape []int64, opIdx int, parent BlockedParams) (_ LinearLayout, err error) {
	defer guard(&err)
	rank := len(shape)
	if err := parent.validate(rank); err != nil {
		return LinearLayout{}, err
	}
	if rank < 2 || (opIdx != 0 && opIdx != 1) {
		return LinearLayout{}, fmt.Errorf("linearlayout: dot operand needs rank >= 2 and opIdx 0 or 1 (got rank %d, opIdx %d)", rank, opIdx)
	}
	if err := checkShape(shape); err != nil {
		return LinearLayout{}, err
	}
	kDim := rank - 1
	if opIdx == 1 {
		kDim = rank - 2
	}
	threadSize := append([]int(nil), parent.SizePerThread...)
	threadSize[kDim] = int(shape[kDim])
	repNames := permuteNames(StandardOutDimNames(rank), parent.Order)
	regs := IdentityStandardND(Register, threadSize, parent.Order)
	lanes := broadcastedDotOperandLayout(parent.ThreadsPerWarp, parent.Order, kDim, Lane)
	warps := broadcastedDotOperandLayout(parent.WarpsPerCTA, parent.Order, kDim, Warp)
	cta := regs.TransposeOuts(repNames).Mul(lanes.TransposeOuts(repNames)).Mul(warps.TransposeOuts(repNames))
	dc, err := dotOperandCTA(parent.CTA, rank, opIdx)
	if err != nil {
		return LinearLayout{}, err
	}
	return CombineCtaCgaWithShape(cta, dc, shape)
}

// broadcastedDotOperandLayout enumerates shape in order with inDim, except
// along kDim, where it broadcasts (a dot operand is replicated across the
// threads or warps that tile the other operand's non-K dim).
func broadcastedDotOperandLayout(shape, order []int, kDim int, inDim string) LinearLayout {
	names := StandardOutDimNames(len(shape))
	l := Empty()
	for _, d := range order {
		if d == kDim {
			l = l.Mul(Zeros1D(int32(shape[d]), inDim, names[d]))
		} else {
			l = l.Mul(Identity1D(int32(shape[d]), inDim, names[d]))
		}
	}
	return l
}

// dotOperandCTA returns the CGA layout of a dot operand: the parent's, not
// split along K (the K components of the block bases are zeroed, so CTAs
// that split the result along the other operand's dim share the operand).
func dotOperandCTA(parent CTALayout, rank, opIdx int) (CTALayout, error) {
	l, err := parent.Layout(rank)
	if err != nil {
		return CTALayout{}, err
	}
	kDim := rank - 1
	if opIdx == 1 {
		kDim = rank - 2
	}
	bases := l.DimBases(Block)
	for _, b := range bases {
		b[kDim] = 0
	}
	if bases == nil {
		bases = [][]int32{}
	}
	return CTALayout{Bases: bases}, nil
}

func permuteNames(names []string, order []int) []string {
	r := make([]string, len(order))
	for i, o := range order {
		r[i] = names[o]
	}
	return r
}

func checkPow2s(what string, v []int) error {
	for _, x := range v {
		if !numeric.IsPow2(x) || x > 1<<maxDimLog2 {
			return fmt.Errorf("linearlayout: %s %v must hold powers of two", what, v)
		}
	}
	return nil
}

func checkShape(shape []int64) error {
	for _, s := range shape {
		if s <= 0 || s&(s-1) != 0 || s > 1<<maxDimLog2 {
			return fmt.Errorf("linearlayout: shape %v must hold powers of two", shape)
		}
	}
	return nil
}

// matrixOrder is Triton's getMatrixOrder: for a batch of matrices
// [*, m, n], rowMajor gives [rank-1, rank-2, ..., 0] and column major swaps
// the first two entries.
func matrixOrder(rank int, rowMajor bool) []int {
	o := make([]int, rank)
	for i := range o {
		o[i] = rank - 1 - i
	}
	if !rowMajor {
		o[0], o[1] = o[1], o[0]
	}
	return o
}

// dotOperandOrder is Triton's getOrderForDotOperand: operand A is [*, m, k],
// B is [*, k, n]; kContig makes K the fastest dim.
func dotOperandOrder(opIdx, rank int, kContig bool) []int {
	return matrixOrder(rank, (opIdx == 1) != kContig)
}
