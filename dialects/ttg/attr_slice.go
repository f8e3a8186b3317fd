package ttg

import (
	"fmt"

	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/linearlayout"
)

// SliceEncoding is `#ttg.slice<{dim = D, parent = #layout}>`: the parent
// layout with tensor dim D squeezed out (threads that differed only along D
// now hold the same element). Reductions produce it; expand_dims consumes it.
type SliceEncoding struct {
	ttgAttr
	Dim    int
	Parent DistributedLayout
}

// NewSlice returns the slice of parent along dim.
func NewSlice(ctx *ir.Context, dim int, parent DistributedLayout) *SliceEncoding {
	return ir.Unique(ctx, &SliceEncoding{ttgAttr: ttgAttr{ctx: ctx}, Dim: dim, Parent: parent})
}

func (a *SliceEncoding) UniqueKey() any {
	return attrKey{kind: "slice", s: newKey().int(a.Dim).String(), a: a.Parent}
}
func (a *SliceEncoding) Mnemonic() string { return "slice" }
func (a *SliceEncoding) Rank() int        { return a.Parent.Rank() - 1 }
func (a *SliceEncoding) isDistributed()   {}

func (a *SliceEncoding) PrintParams(p ir.AsmPrinter) {
	p.Printf("<{dim = %d, parent = ", a.Dim)
	p.PrintAttribute(a.Parent)
	p.WriteString("}>")
}

// Verify checks SliceEncodingAttr::verify.
func (a *SliceEncoding) Verify() error {
	rank := a.Parent.Rank()
	if rank <= 1 {
		return fmt.Errorf("parent layout must have at least rank >= 2")
	}
	if a.Dim < 0 || a.Dim >= rank {
		return fmt.Errorf("slice dim=%d must be less than the parent rank=%d", a.Dim, rank)
	}
	return nil
}

// RepOrder is the parent's repetition order without the sliced dim.
func (a *SliceEncoding) RepOrder() []int { return eraseOrder(a.Parent.RepOrder(), a.Dim) }

// CGA drops the sliced dim from the parent's CTA layout.
func (a *SliceEncoding) CGA() CGALayout {
	pc := a.Parent.CGA()
	out := CGALayout{Rank: max(0, pc.Rank-1)}
	for _, b := range pc.Bases {
		nb := make([]int32, 0, len(b))
		for i, v := range b {
			if i != a.Dim {
				nb = append(nb, v)
			}
		}
		out.Bases = append(out.Bases, nb)
	}
	return out
}

func (a *SliceEncoding) ToLinearLayout(shape []int64) (linearlayout.LinearLayout, error) {
	parent, err := ToLinearLayout(a.Parent, linearlayout.SliceParentShape(shape, a.Dim))
	if err != nil {
		return linearlayout.LinearLayout{}, err
	}
	return linearlayout.Slice(parent, a.Dim)
}

// eraseOrder removes dim from order and renumbers the dims after it.
func eraseOrder(order []int, dim int) []int {
	var out []int
	for _, o := range order {
		switch {
		case o < dim:
			out = append(out, o)
		case o > dim:
			out = append(out, o-1)
		}
	}
	return out
}

func parseSlice(r *attrReader) (ir.Attribute, error) {
	d, err := r.dict()
	if err != nil {
		return nil, err
	}
	dimAttr, ok := d.Get("dim").(*ir.IntegerAttr)
	if !ok {
		return nil, r.errorf("expected an integer 'dim' in slice layout")
	}
	parent, ok := d.Get("parent").(DistributedLayout)
	if !ok {
		return nil, r.errorf("expected a distributed encoding trait")
	}
	return checked(r, NewSlice(r.p.Context(), int(uint32(dimAttr.Int())), parent))
}
