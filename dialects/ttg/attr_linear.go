package ttg

import (
	"fmt"

	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/linearlayout"
)

// LinearEncoding is `#ttg.linear<{register = [[..]], lane = [[..]], warp =
// [[..]], block = [[..]]}>`: an explicit linear layout from (register,
// lane, warp, block) to the tensor dims, each basis one vector of tensor
// coordinates (dim0 first).
type LinearEncoding struct {
	ttgAttr
	Register, Lane, Warp, Block [][]int32
	rank                        int
	ll                          linearlayout.LinearLayout
	llErr                       error
}

// NewLinear returns the linear layout with the given bases over rank
// tensor dims.
func NewLinear(ctx *ir.Context, register, lane, warp, block [][]int32, rank int) *LinearEncoding {
	a := &LinearEncoding{ttgAttr: ttgAttr{ctx: ctx}, Register: nonNil(register), Lane: nonNil(lane), Warp: nonNil(warp), Block: nonNil(block), rank: rank}
	a.ll, a.llErr = linearlayout.DistributedLinear(a.Register, a.Lane, a.Warp, a.Block, rank)
	return ir.Unique(ctx, a)
}

// NewLinearFromLL returns the #ttg.linear attribute of a distributed linear
// layout (in dims register, lane, warp, block; out dims dim0...).
func NewLinearFromLL(ctx *ir.Context, l linearlayout.LinearLayout) *LinearEncoding {
	get := func(name string) [][]int32 {
		if !l.HasInDim(name) {
			return [][]int32{}
		}
		return l.DimBases(name)
	}
	return NewLinear(ctx, get(linearlayout.Register), get(linearlayout.Lane), get(linearlayout.Warp), get(linearlayout.Block), l.NumOutDims())
}

func nonNil(b [][]int32) [][]int32 {
	if b == nil {
		return [][]int32{}
	}
	return b
}

func (a *LinearEncoding) UniqueKey() any {
	return attrKey{kind: "linear", s: newKey().int(a.rank).bases(a.Register).bases(a.Lane).bases(a.Warp).bases(a.Block).String()}
}
func (a *LinearEncoding) Mnemonic() string { return "linear" }
func (a *LinearEncoding) AsmAlias() string { return "linear" }
func (a *LinearEncoding) Rank() int        { return a.rank }
func (a *LinearEncoding) isDistributed()   {}

// LinearLayout returns the layout as written (out sizes from the bases).
func (a *LinearEncoding) LinearLayout() (linearlayout.LinearLayout, error) { return a.ll, a.llErr }

func (a *LinearEncoding) PrintParams(p ir.AsmPrinter) {
	p.WriteString("<{register = ")
	writeBases(p, a.Register)
	p.WriteString(", lane = ")
	writeBases(p, a.Lane)
	p.WriteString(", warp = ")
	writeBases(p, a.Warp)
	p.WriteString(", block = ")
	writeBases(p, a.Block)
	p.WriteString("}>")
}

// Verify checks LinearEncodingAttr::verify and that the bases form a
// surjective layout (Triton asserts on that).
func (a *LinearEncoding) Verify() error {
	for _, bs := range [][][]int32{a.Register, a.Lane, a.Warp, a.Block} {
		for _, b := range bs {
			n := 0
			for _, v := range b {
				if v != 0 {
					n++
				}
			}
			if n > 1 {
				return fmt.Errorf("In a distributed layout, each base must move in at most one dimension.")
			}
		}
	}
	if a.llErr != nil {
		return fmt.Errorf("invalid linear layout: %v", a.llErr)
	}
	return nil
}

// Order is the dims in the order the register bases move along them
// (LinearEncodingAttr::getOrder); it is also the repetition order.
func (a *LinearEncoding) Order() []int    { return orderPerDim(a.Register, reverseOrder(a.rank)) }
func (a *LinearEncoding) RepOrder() []int { return a.Order() }

// CGA is the block part of the layout.
func (a *LinearEncoding) CGA() CGALayout { return CGALayout{Rank: a.rank, Bases: a.Block} }

// ToLinearLayout fits the layout to shape: registers repeat it where the
// tensor is larger, and are dropped (not broadcast) where it is smaller.
func (a *LinearEncoding) ToLinearLayout(shape []int64) (linearlayout.LinearLayout, error) {
	if a.llErr != nil {
		return linearlayout.LinearLayout{}, a.llErr
	}
	return fitLinear(a.ll, a.RepOrder(), shape)
}

// fitLinear is LinearEncodingAttr::toLinearLayout: transpose the out dims
// into repOrder, grow and shrink to shape, transpose back.
func fitLinear(ll linearlayout.LinearLayout, repOrder []int, shape []int64) (linearlayout.LinearLayout, error) {
	canon := ll.OutDimNames()
	if len(shape) != len(canon) {
		return linearlayout.LinearLayout{}, fmt.Errorf("layout has rank %d, shape %v has rank %d", len(canon), shape, len(shape))
	}
	var perm []string
	var dims []linearlayout.Dim
	for _, d := range repOrder {
		perm = append(perm, canon[d])
		dims = append(dims, linearlayout.Dim{Name: canon[d], Size: int32(shape[d])})
	}
	out := ll.TransposeOuts(perm)
	out, err := out.EnsureNotSmallerThan(dims)
	if err != nil {
		return linearlayout.LinearLayout{}, err
	}
	out, err = out.EnsureNotLargerThan(dims, false)
	if err != nil {
		return linearlayout.LinearLayout{}, err
	}
	return out.TransposeOuts(canon), nil
}

// readBases is Triton's parseLinearLayout: the named in dims, in order,
// each an array of integer arrays; the rank is the length of the first
// basis found.
func (r *attrReader) readBases(d *ir.DictionaryAttr, names []string) ([][][]int32, int, error) {
	out := make([][][]int32, len(names))
	for i, name := range names {
		v := d.Get(name)
		if v == nil {
			return nil, 0, r.errorf("Expected basis of '%s' not found", name)
		}
		arr, ok := v.(*ir.ArrayAttr)
		if !ok {
			return nil, 0, r.errorf("Expected array of arrays for basis of '%s'", name)
		}
		out[i] = [][]int32{}
		for _, e := range arr.Elems {
			inner, ok := e.(*ir.ArrayAttr)
			if !ok {
				return nil, 0, r.errorf("Expected array of integers in basis for '%s'", name)
			}
			b := make([]int32, 0, len(inner.Elems))
			for _, x := range inner.Elems {
				ia, ok := x.(*ir.IntegerAttr)
				if !ok {
					return nil, 0, r.errorf("Expected integer in basis for '%s'", name)
				}
				b = append(b, int32(ia.Int()))
			}
			out[i] = append(out[i], b)
		}
	}
	rank := 0
	for _, bs := range out {
		if len(bs) > 0 {
			rank = len(bs[0])
			break
		}
	}
	if rank == 0 {
		return nil, 0, r.errorf("Empty Layout not supported")
	}
	for i, bs := range out {
		for _, b := range bs {
			if len(b) != rank {
				return nil, 0, r.errorf("basis %v of '%s' does not have %d entries", b, names[i], rank)
			}
		}
	}
	return out, rank, nil
}

func parseLinear(r *attrReader) (ir.Attribute, error) {
	d, err := r.dict()
	if err != nil {
		return nil, err
	}
	b, rank, err := r.readBases(d, []string{"register", "lane", "warp", "block"})
	if err != nil {
		return nil, err
	}
	return checked(r, NewLinear(r.p.Context(), b[0], b[1], b[2], b[3], rank))
}
