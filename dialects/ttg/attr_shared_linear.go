package ttg

import (
	"fmt"

	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/linearlayout"
	"github.com/ttcompiler/tt/numeric"
)

// SharedLinearEncoding is `#ttg.shared_linear<{offset = [[..]], block =
// [[..]]}, alignment = N>`: an explicit shared-memory layout from (offset,
// block) to the buffer dims. An empty block is not printed.
type SharedLinearEncoding struct {
	ttgAttr
	Offset, Block [][]int32
	Align         int
	rank          int
	ll            linearlayout.LinearLayout
	llErr         error
}

// NewSharedLinear returns the shared linear layout.
func NewSharedLinear(ctx *ir.Context, offset, block [][]int32, rank, alignment int) *SharedLinearEncoding {
	a := &SharedLinearEncoding{ttgAttr: ttgAttr{ctx: ctx}, Offset: nonNil(offset), Block: nonNil(block), Align: alignment, rank: rank}
	a.ll, a.llErr = linearlayout.SharedLinear(a.Offset, a.Block, rank)
	return ir.Unique(ctx, a)
}

// NewSharedLinearFromLL returns the attribute of a shared linear layout
// (in dims offset, block).
func NewSharedLinearFromLL(ctx *ir.Context, l linearlayout.LinearLayout, alignment int) *SharedLinearEncoding {
	get := func(name string) [][]int32 {
		if !l.HasInDim(name) {
			return [][]int32{}
		}
		return l.DimBases(name)
	}
	return NewSharedLinear(ctx, get(linearlayout.Offset), get(linearlayout.Block), l.NumOutDims(), alignment)
}

func (a *SharedLinearEncoding) UniqueKey() any {
	return attrKey{kind: "shared_linear", s: newKey().int(a.rank).bases(a.Offset).bases(a.Block).int(a.Align).String()}
}
func (a *SharedLinearEncoding) Mnemonic() string { return "shared_linear" }
func (a *SharedLinearEncoding) AsmAlias() string { return "shared" }
func (a *SharedLinearEncoding) Rank() int        { return a.rank }
func (a *SharedLinearEncoding) Alignment() int   { return a.Align }
func (a *SharedLinearEncoding) isShared()        {}

// CGA is the block part of the layout.
func (a *SharedLinearEncoding) CGA() CGALayout { return CGALayout{Rank: a.rank, Bases: a.Block} }

// Order is the dims in the order the offset bases move along them.
func (a *SharedLinearEncoding) Order() []int { return orderPerDim(a.Offset, reverseOrder(a.rank)) }

// LinearLayout returns the layout as written.
func (a *SharedLinearEncoding) LinearLayout() (linearlayout.LinearLayout, error) {
	return a.ll, a.llErr
}

func (a *SharedLinearEncoding) PrintParams(p ir.AsmPrinter) {
	p.WriteString("<{offset = ")
	writeBases(p, a.Offset)
	if len(a.Block) > 0 {
		p.WriteString(", block = ")
		writeBases(p, a.Block)
	}
	p.Printf("}, alignment = %d>", a.Align)
}

// Verify checks SharedLinearEncodingAttr::verify.
func (a *SharedLinearEncoding) Verify() error {
	if !numeric.IsPow2(a.Align) {
		return fmt.Errorf("alignment must be a positive power of two")
	}
	if a.rank == 0 {
		return fmt.Errorf("SharedLinearEncodingAttr requires at least one output dimension.")
	}
	if a.llErr != nil {
		return fmt.Errorf("The layout must be surjective")
	}
	stripped := a.ll.RemoveZeroBasesAlongDim(linearlayout.Offset).RemoveZeroBasesAlongDim(linearlayout.Block)
	if !stripped.IsInvertible() {
		return fmt.Errorf("After removing the zero bases the layout must be bijective")
	}
	return nil
}

// ToLinearLayout returns the layout; shape must be its own (shared linear
// layouts do not broadcast).
func (a *SharedLinearEncoding) ToLinearLayout(shape []int64) (linearlayout.LinearLayout, error) {
	if a.llErr != nil {
		return linearlayout.LinearLayout{}, a.llErr
	}
	outs := a.ll.OutDims()
	if len(shape) != len(outs) {
		return linearlayout.LinearLayout{}, fmt.Errorf("shared_linear layout of rank %d used with shape %v", len(outs), shape)
	}
	for i, d := range outs {
		if int64(d.Size) != shape[i] {
			return linearlayout.LinearLayout{}, fmt.Errorf("shared_linear layout of shape %v used with shape %v", dimSizes(outs), shape)
		}
	}
	return a.ll, nil
}

func dimSizes(ds []linearlayout.Dim) []int64 {
	out := make([]int64, len(ds))
	for i, d := range ds {
		out[i] = int64(d.Size)
	}
	return out
}

func parseSharedLinear(r *attrReader) (ir.Attribute, error) {
	p := r.p
	if err := p.ParseLess(); err != nil {
		return nil, err
	}
	d, err := r.dictOnly()
	if err != nil {
		return nil, err
	}
	if d.Get("alignment") != nil {
		return nil, r.errorf("alignment must be specified outside of the linear layout braces")
	}
	hasBlock := d.Get("block") != nil
	if err := p.ParseComma(); err != nil {
		return nil, err
	}
	if err := p.ParseExpectedKeyword("alignment"); err != nil {
		return nil, err
	}
	if err := p.ParseEqual(); err != nil {
		return nil, err
	}
	align, err := p.ParseInteger()
	if err != nil {
		return nil, err
	}
	if err := p.ParseGreater(); err != nil {
		return nil, err
	}
	if !hasBlock {
		entries := append(append([]ir.NamedAttr(nil), d.Entries...), ir.NamedAttr{Name: "block", Value: ir.ArrayAttrOf(p.Context(), nil)})
		d = ir.DictionaryAttrOf(p.Context(), entries)
	}
	b, rank, err := r.readBases(d, []string{"offset", "block"})
	if err != nil {
		return nil, err
	}
	if len(d.Entries) != 2 {
		return nil, r.errorf("SharedLinearEncodingAttr must have exactly two attributes: offset and block")
	}
	return checked(r, NewSharedLinear(p.Context(), b[0], b[1], rank, int(align)))
}
