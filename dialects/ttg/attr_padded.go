package ttg

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/linearlayout"
	"github.com/ttcompiler/tt/numeric"
)

// PaddedSharedEncoding is `#ttg.padded_shared<[I:+P, ...] {order = [..],
// shape = [..]}>` or `<[I:+P] {offset = [[..]], block = [[..]]}>`: a shared
// layout given by a linear component (offset, block) -> dims, with P
// padding elements inserted after every I elements. The short form is
// printed when the linear component is the identity in `order` with no
// blocks.
type PaddedSharedEncoding struct {
	ttgAttr
	Intervals, Paddings []int
	Offset, Block       [][]int32
	rank                int
	ll                  linearlayout.LinearLayout
	llErr               error
}

// NewPaddedShared returns the padded layout with the given linear
// component bases.
func NewPaddedShared(ctx *ir.Context, intervals, paddings []int, offset, block [][]int32, rank int) *PaddedSharedEncoding {
	a := &PaddedSharedEncoding{ttgAttr: ttgAttr{ctx: ctx}, Intervals: clone(intervals), Paddings: clone(paddings), Offset: nonNil(offset), Block: nonNil(block), rank: rank}
	a.ll, a.llErr = linearlayout.SharedLinear(a.Offset, a.Block, rank)
	return ir.Unique(ctx, a)
}

// NewPaddedSharedIdentity returns the padded layout whose linear component
// enumerates shape in order (fastest dim first) on one CTA.
func NewPaddedSharedIdentity(ctx *ir.Context, intervals, paddings []int, order []int, shape []int64) (*PaddedSharedEncoding, error) {
	l, err := paddedIdentity(order, shape)
	if err != nil {
		return nil, err
	}
	return NewPaddedShared(ctx, intervals, paddings, dimBases(l, linearlayout.Offset), dimBases(l, linearlayout.Block), len(shape)), nil
}

func paddedIdentity(order []int, shape []int64) (linearlayout.LinearLayout, error) {
	if !isPermutation(order) || len(order) != len(shape) {
		return linearlayout.LinearLayout{}, fmt.Errorf("order %v is not a permutation of the dims of shape %v", order, shape)
	}
	for _, s := range shape {
		if !numeric.IsPow2(int(s)) {
			return linearlayout.LinearLayout{}, fmt.Errorf("shape %v must be made of powers of two", shape)
		}
	}
	id := linearlayout.IdentityStandardND(linearlayout.Offset, ints(shape), order)
	return linearlayout.CombineCtaCgaWithShape(id, linearlayout.CTALayout{Bases: [][]int32{}}, shape)
}

func (a *PaddedSharedEncoding) UniqueKey() any {
	return attrKey{kind: "padded_shared", s: newKey().ints(a.Intervals).ints(a.Paddings).int(a.rank).bases(a.Offset).bases(a.Block).String()}
}
func (a *PaddedSharedEncoding) Mnemonic() string { return "padded_shared" }
func (a *PaddedSharedEncoding) AsmAlias() string { return "shared" }
func (a *PaddedSharedEncoding) Rank() int        { return a.rank }
func (a *PaddedSharedEncoding) Alignment() int   { return 16 }
func (a *PaddedSharedEncoding) isShared()        {}

// CGA is the block part of the linear component.
func (a *PaddedSharedEncoding) CGA() CGALayout { return CGALayout{Rank: a.rank, Bases: a.Block} }

// LinearComponent returns the (offset, block) -> dims layout.
func (a *PaddedSharedEncoding) LinearComponent() (linearlayout.LinearLayout, error) {
	return a.ll, a.llErr
}

// Order is the dims in the order the offset bases move along them.
func (a *PaddedSharedEncoding) Order() []int { return orderPerDim(a.Offset, reverseOrder(a.rank)) }

// PaddedSize returns the number of elements a buffer of the given shape
// occupies with padding.
func (a *PaddedSharedEncoding) PaddedSize(shape []int64) int64 {
	n := ir.NumElements(shape)
	pad := int64(0)
	for i, iv := range a.Intervals {
		p := int64(a.Paddings[i])
		pad += (n >> log2(iv)) << log2(int(p))
		if n%int64(iv) == 0 {
			pad -= p
		}
	}
	return n + pad
}

// ToLinearLayout returns the linear component: Triton gives padded layouts
// no linear layout, but the component describes where unpadded elements go.
func (a *PaddedSharedEncoding) ToLinearLayout(shape []int64) (linearlayout.LinearLayout, error) {
	if a.llErr != nil {
		return linearlayout.LinearLayout{}, a.llErr
	}
	return a.ll, nil
}

func (a *PaddedSharedEncoding) PrintParams(p ir.AsmPrinter) {
	var b strings.Builder
	b.WriteString("<[")
	for i := range a.Intervals {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(strconv.Itoa(a.Intervals[i]) + ":+" + strconv.Itoa(a.Paddings[i]))
	}
	b.WriteString("] {")
	p.WriteString(b.String())
	if a.isIdentity() {
		p.WriteString("order = [")
		writeInts(p, a.Order())
		p.WriteString("], shape = [")
		writeInts(p, ints(dimSizes(a.ll.OutDims())))
		p.WriteString("]")
	} else {
		p.WriteString("offset = ")
		writeBases(p, a.Offset)
		p.WriteString(", block = ")
		writeBases(p, a.Block)
	}
	p.WriteString("}>")
}

// isIdentity reports whether the short `order, shape` form describes the
// linear component.
func (a *PaddedSharedEncoding) isIdentity() bool {
	if a.llErr != nil || len(a.Block) != 0 {
		return false
	}
	shape := dimSizes(a.ll.OutDims())
	id, err := paddedIdentity(a.Order(), shape)
	if err != nil {
		return false
	}
	return equalBases(dimBases(id, linearlayout.Offset), a.Offset)
}

func equalBases(x, y [][]int32) bool {
	if len(x) != len(y) {
		return false
	}
	for i := range x {
		if len(x[i]) != len(y[i]) {
			return false
		}
		for j := range x[i] {
			if x[i][j] != y[i][j] {
				return false
			}
		}
	}
	return true
}

// Verify checks PaddedSharedEncodingAttr::verify.
func (a *PaddedSharedEncoding) Verify() error {
	if len(a.Intervals) != len(a.Paddings) {
		return fmt.Errorf("intervals size (%d) must match paddings size (%d)", len(a.Intervals), len(a.Paddings))
	}
	if len(a.Intervals) == 0 {
		return fmt.Errorf("must have at least one interval-padding pair")
	}
	if !allPow2(a.Intervals) {
		return fmt.Errorf("interval values must all be power of two")
	}
	if !allPow2(a.Paddings) {
		return fmt.Errorf("padding values must all be power of two")
	}
	seen := map[int]bool{}
	for _, iv := range a.Intervals {
		if seen[iv] {
			return fmt.Errorf("interval values cannot have duplicates")
		}
		seen[iv] = true
	}
	for _, bs := range [][][]int32{a.Offset, a.Block} {
		for _, b := range bs {
			n := 0
			for _, v := range b {
				if v != 0 {
					n++
					if !numeric.IsPow2(int(v)) {
						return fmt.Errorf("Each offset basis must be 0 or a power of two.")
					}
				}
			}
			if n > 1 {
				return fmt.Errorf("Each offset basis must move in at most one dimension.")
			}
		}
	}
	if a.llErr != nil {
		return fmt.Errorf("invalid linear component: %v", a.llErr)
	}
	if !a.ll.IsInvertible() {
		return fmt.Errorf("Broadcasting is not supported.")
	}
	return nil
}

func log2(v int) int {
	n := 0
	for v > 1 {
		v >>= 1
		n++
	}
	return n
}

func parsePaddedShared(r *attrReader) (ir.Attribute, error) {
	p := r.p
	if err := p.ParseLess(); err != nil {
		return nil, err
	}
	if err := p.ParseLSquare(); err != nil {
		return nil, err
	}
	var intervals, paddings []int
	for {
		iv, err := p.ParseInteger()
		if err != nil {
			return nil, err
		}
		if err := p.ParseColon(); err != nil {
			return nil, err
		}
		if !p.ParseOptionalPlus() {
			return nil, p.Errorf("expected '+'")
		}
		pd, err := p.ParseInteger()
		if err != nil {
			return nil, err
		}
		intervals = append(intervals, int(uint32(iv)))
		paddings = append(paddings, int(uint32(pd)))
		if !p.ParseOptionalComma() {
			break
		}
	}
	if err := p.ParseRSquare(); err != nil {
		return nil, err
	}
	d, err := r.dictOnly()
	if err != nil {
		return nil, err
	}
	var offset, block [][]int32
	rank := 0
	if d.Get("offset") != nil || d.Get("block") != nil {
		for _, e := range d.Entries {
			if e.Name != "offset" && e.Name != "block" {
				return nil, r.errorf("Unexpected attribute %q found", e.Name)
			}
		}
		b, rk, err := r.readBases(d, []string{"offset", "block"})
		if err != nil {
			return nil, err
		}
		offset, block, rank = b[0], b[1], rk
	} else {
		var order, shape []int
		for _, e := range d.Entries {
			switch e.Name {
			case "order":
				order, err = r.ints(e.Value, "order")
			case "shape":
				shape, err = r.ints(e.Value, "shape")
			default:
				return nil, r.errorf("Unexpected attribute %q found", e.Name)
			}
			if err != nil {
				return nil, err
			}
		}
		if len(order) != len(shape) {
			return nil, r.errorf("Mismatch of shape and order ranks in padded layout")
		}
		l, err := paddedIdentity(order, int64s(shape))
		if err != nil {
			return nil, p.Errorf("%v", err)
		}
		offset, block, rank = dimBases(l, linearlayout.Offset), dimBases(l, linearlayout.Block), len(shape)
	}
	if err := p.ParseGreater(); err != nil {
		return nil, err
	}
	return checked(r, NewPaddedShared(p.Context(), intervals, paddings, offset, block, rank))
}
