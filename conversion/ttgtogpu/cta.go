package ttgtogpu

import (
	"fmt"
	"math/bits"
	"slices"

	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/linearlayout"
)

// Clusters of CTAs (ttg.num-ctas > 1, Triton's num_ctas).
//
// A program runs as a cluster of CTAs, and every layout says, through its
// CGALayout, which part of a tensor each CTA holds: the linear layout has
// a "block" in dim whose basis i is the tensor offset that bit i of the
// CTA's rank in its cluster adds (all zeros: the CTAs along that bit hold
// the same data). Triton builds these layouts by multiplying a per-CTA
// layout over the CTA's share of the tensor (the shape divided by the CTA
// split) with the CGA layout, so the block bases are the top bits of the
// dims they split and the register, lane and warp bases stay below them.
// The lowering relies on that decomposition, and checks it:
//
//   - within a CTA nothing changes. Every tensor is lowered as the
//     per-CTA tensor of the CTA's share (regLayout.shape, .ll, .regs and
//     .tidBases are per CTA), so conversions, reductions, scans, shared
//     buffers (sized per CTA, as analysis/allocation sizes them), async
//     copies, ldmatrix and the dot instructions work on the CTA's share
//     as they work on a whole tensor without clusters;
//   - the CTA's rank enters where a tensor's coordinates become values or
//     decide who writes global memory: tt.make_range (and the other
//     coordinate values) add the block part of the coordinate, and
//     stores and atomics are issued by one CTA of those that hold the
//     same data (the block bits of the owner predicate, as the lane and
//     warp bits already are). Shared memory writes are not masked: every
//     CTA fills its own buffers, also with data other CTAs hold too;
//   - an op whose operands and results the CTAs split differently would
//     move data between CTAs (distributed shared memory); the lowering
//     refuses it with a located error, as it refuses reductions and scans
//     along a dim the CTAs split. Triton 3.6's multi-CTA kernels for
//     Hopper (the matmuls of test_matmul, whose A or B operand every CTA
//     loads whole) need no such exchange.

// ctaSplit is how the CTAs of a cluster split a tensor: bases[i] is the
// offset (per dim, of the whole tensor) of the CTA whose rank is 2^i.
type ctaSplit struct {
	bases [][]int32
}

// splitOverCTAs separates a layout with a "block" in dim into the part one
// CTA holds and the CTA split. ll's out dims are names in order with the
// sizes of the whole tensor; inDims are its other in dims (register, lane,
// warp or offset). The local layout maps inDims to the CTA's share, whose
// shape it returns.
func splitOverCTAs(ll linearlayout.LinearLayout, names, inDims []string) (linearlayout.LinearLayout, ctaSplit, []int64, error) {
	var none linearlayout.LinearLayout
	rank := len(names)
	full := make([]int64, rank)
	for d, n := range names {
		full[d] = int64(ll.OutDimSize(n))
	}
	var split ctaSplit
	if ll.HasInDim(linearlayout.Block) {
		split.bases = ll.DimBases(linearlayout.Block)
	}
	// The bits each dim's CTA bases take must be its top bits.
	taken := make([]int64, rank)
	for _, b := range split.bases {
		d := -1
		for i, v := range b {
			if v == 0 {
				continue
			}
			if d >= 0 || v < 0 || v&(v-1) != 0 {
				return none, ctaSplit{}, nil, fmt.Errorf("CTA basis %v moves along more than one dim or by a non-power of two", b)
			}
			d = i
		}
		if d < 0 {
			continue
		}
		if taken[d]&int64(b[d]) != 0 {
			return none, ctaSplit{}, nil, fmt.Errorf("two CTA bases %v move to the same offset", split.bases)
		}
		taken[d] |= int64(b[d])
	}
	local := make([]int64, rank)
	for d := range local {
		local[d] = full[d] >> bits.OnesCount64(uint64(taken[d]))
		if taken[d] != (full[d]-1)&^(local[d]-1) {
			return none, ctaSplit{}, nil, fmt.Errorf("the CTA bases %v are not the top bits of the %v tensor's dims: each CTA's share must be a block of it", split.bases, full)
		}
	}
	var ins []linearlayout.InBases
	for _, in := range inDims {
		if !ll.HasInDim(in) {
			continue
		}
		bs := ll.DimBases(in)
		for _, b := range bs {
			for d, v := range b {
				if int64(v)&^(local[d]-1) != 0 {
					return none, ctaSplit{}, nil, fmt.Errorf("%s basis %v reaches the part of the tensor another CTA holds (CTA bases %v)", in, b, split.bases)
				}
			}
		}
		ins = append(ins, linearlayout.InBases{Name: in, Bases: bs})
	}
	outs := make([]linearlayout.Dim, rank)
	for d, n := range names {
		outs[d] = linearlayout.Dim{Name: n, Size: int32(local[d])}
	}
	l, err := linearlayout.New(ins, outs)
	if err != nil {
		return none, ctaSplit{}, nil, fmt.Errorf("the per-CTA part of the layout: %v", err)
	}
	return l, split, local, nil
}

// numBits is the number of rank bits the split names.
func (s ctaSplit) numBits() int { return len(s.bases) }

// free is the mask of rank bits along which the CTAs hold the same data.
func (s ctaSplit) free() int64 {
	var m int64
	for i, b := range s.bases {
		if allZero(b) {
			m |= 1 << i
		}
	}
	return m
}

// isTrivial reports whether every CTA holds the whole tensor.
func (s ctaSplit) isTrivial() bool { return s.free() == int64(1)<<len(s.bases)-1 }

// padded returns the split over n rank bits (n at least numBits): the
// rank bits the layout does not name hold copies.
func (s ctaSplit) padded(n, rank int) ctaSplit {
	out := ctaSplit{bases: slices.Clone(s.bases)}
	for len(out.bases) < n {
		out.bases = append(out.bases, make([]int32, rank))
	}
	return out
}

// mask is, for dim d, the bits of the coordinate the CTAs split.
func (s ctaSplit) mask(d int) int32 {
	var m int32
	for _, b := range s.bases {
		m |= b[d]
	}
	return m
}

// column is, for dim d, the coordinate each rank bit adds (the XOR over
// the set bits of a rank is its share's coordinate along d).
func (s ctaSplit) column(d int) []int32 {
	col := make([]int32, len(s.bases))
	for i, b := range s.bases {
		col[i] = b[d]
	}
	return col
}

// offset is the coordinates of the share of the CTA of rank r.
func (s ctaSplit) offset(r int64, rank int) []int32 {
	c := make([]int32, rank)
	for i, b := range s.bases {
		if r>>i&1 != 0 {
			xorInto(c, b)
		}
	}
	return c
}

// equal reports whether two splits give every CTA the same offsets.
func (s ctaSplit) equal(o ctaSplit) bool {
	if len(s.bases) != len(o.bases) {
		return false
	}
	for i := range s.bases {
		if !slices.Equal(s.bases[i], o.bases[i]) {
			return false
		}
	}
	return true
}

// mapped returns the split with f applied to every basis (f a linear map
// of coordinates, as mapRegisters takes).
func (s ctaSplit) mapped(f func([]int32) []int32) ctaSplit {
	out := ctaSplit{bases: make([][]int32, len(s.bases))}
	for i, b := range s.bases {
		out.bases[i] = f(b)
	}
	return out
}

func (s ctaSplit) String() string { return fmt.Sprint(s.bases) }

// checkAxisInCTA refuses an op that combines the elements along axis
// (a reduction, a scan, a gather) when the CTAs of a cluster split it:
// each CTA holds only part of the axis.
func checkAxisInCTA(op *ir.Operation, what string, lay *regLayout, axis int) error {
	if lay.cta.mask(axis) != 0 {
		return ir.OpErrorf(op, "%s along dim %d, which the CTAs of a cluster split (CTA bases %v), would combine data of several CTAs (distributed shared memory), which is not supported", what, axis, lay.cta)
	}
	return nil
}

// checkDotCTAs checks that the CTAs of a cluster split the operands of a
// dot (A: [..., M, K], B: [..., K, N]) as its result (D: [..., M, N]):
// each CTA multiplies the rows of A and the columns of B of its share of
// D, over the whole K, and so needs no other CTA's data.
func checkDotCTAs(op *ir.Operation, d, a, b ctaSplit) error {
	rank := 0
	if len(d.bases) > 0 {
		rank = len(d.bases[0])
	}
	wantA := d.mapped(func(c []int32) []int32 { c = slices.Clone(c); c[rank-1] = 0; return c })
	wantB := d.mapped(func(c []int32) []int32 { c = slices.Clone(c); c[rank-2] = 0; return c })
	if !a.equal(wantA) || !b.equal(wantB) {
		return ir.OpErrorf(op, "the CTAs of a cluster split the result as %v, A as %v and B as %v; each CTA's A must be the rows (%v) and its B the columns (%v) of its share of the result, over all of K", d, a, b, wantA, wantB)
	}
	return nil
}
