package ttg

import (
	"fmt"

	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/linearlayout"
	"github.com/ttcompiler/tt/numeric"
)

// CGALayout says how the CTAs of a cluster (a CGA) split a tensor: Bases[i]
// is the tensor offset (one entry per dim) held by CTA 2^i, all zeros for a
// broadcast. No bases means a single CTA, the default, which Triton 3.6
// does not print. Printed as `CGALayout = [[0, 1], [1, 0]]`.
type CGALayout struct {
	Rank  int
	Bases [][]int32
}

// DefaultCGA returns the single-CTA layout of the given rank.
func DefaultCGA(rank int) CGALayout { return CGALayout{Rank: rank} }

// IsDefault reports whether c describes a single CTA.
func (c CGALayout) IsDefault() bool { return len(c.Bases) == 0 }

// LL returns the layout parameters the linearlayout package takes.
func (c CGALayout) LL() linearlayout.CTALayout {
	b := c.Bases
	if b == nil {
		b = [][]int32{}
	}
	return linearlayout.CTALayout{Bases: b}
}

// Layout returns the CGA layout "block" -> (dim0, ...).
func (c CGALayout) Layout() (linearlayout.LinearLayout, error) { return c.LL().Layout(c.Rank) }

// CTAsPerCGA returns, per dim, how many CTAs the cluster spans (broadcast
// bases count towards the last dim seen), as Triton's getCTAsPerCGA.
func (c CGALayout) CTAsPerCGA() []int { return basesPerDim(c.Bases, c.Rank, false) }

// CTASplitNum returns, per dim, into how many pieces the CTAs split it.
func (c CGALayout) CTASplitNum() []int { return basesPerDim(c.Bases, c.Rank, true) }

// CTAOrder returns the dims in the order the CTA bases move along them.
func (c CGALayout) CTAOrder() []int {
	def := make([]int, c.Rank)
	for i := range def {
		def[i] = i
	}
	return orderPerDim(c.Bases, def)
}

// NumCTAs is the number of CTAs of the cluster.
func (c CGALayout) NumCTAs() int { return 1 << len(c.Bases) }

// InsertDim returns c with a new dim of size 1 at position dim (no CTA
// moves along it), as Triton builds the CTA layout of expand_dims and
// join results.
func (c CGALayout) InsertDim(dim int) CGALayout {
	out := CGALayout{Rank: c.Rank + 1}
	for _, b := range c.Bases {
		nb := make([]int32, 0, len(b)+1)
		nb = append(nb, b[:dim]...)
		nb = append(nb, 0)
		nb = append(nb, b[dim:]...)
		out.Bases = append(out.Bases, nb)
	}
	return out
}

// AppendDim returns c with a new last dim of size 1.
func (c CGALayout) AppendDim() CGALayout { return c.InsertDim(c.Rank) }

// CGAOf returns the CTA layout of a layout attribute (the single-CTA
// layout of the given rank for attributes that are not layouts).
func CGAOf(enc ir.Attribute, rank int) CGALayout {
	if l, ok := enc.(LayoutEncoding); ok {
		return l.CGA()
	}
	return DefaultCGA(rank)
}

// basesPerDim is Triton's basesPerDimImpl: the size each dim reaches
// through the given bases.
func basesPerDim(bases [][]int32, rank int, skipBroadcast bool) []int {
	ret := make([]int, rank)
	for i := range ret {
		ret[i] = 1
	}
	idx := 0
	for _, b := range bases {
		nz := firstNonZero(b)
		switch {
		case nz >= 0 && nz < rank:
			idx = nz
			ret[idx] *= 2
		case nz < 0 && !skipBroadcast && idx < rank:
			ret[idx] *= 2
		}
	}
	return ret
}

func firstNonZero(b []int32) int {
	for i, v := range b {
		if v != 0 {
			return i
		}
	}
	return -1
}

// cgaKeys gathers the dictionary entries that say how the CTAs of a
// cluster split a layout: Triton 3.6's `CGALayout = [[...]]`, or older
// Tritons' (mid-2025) `CTAsPerCGA`, `CTASplitNum` and `CTAOrder`, which
// tt converts to the CGALayout they denote.
type cgaKeys struct {
	layout, perCGA, split, order ir.Attribute
}

// take records e if it is one of the keys and reports whether it was.
func (k *cgaKeys) take(e ir.NamedAttr) bool {
	switch e.Name {
	case "CGALayout":
		k.layout = e.Value
	case "CTAsPerCGA":
		k.perCGA = e.Value
	case "CTASplitNum":
		k.split = e.Value
	case "CTAOrder":
		k.order = e.Value
	default:
		return false
	}
	return true
}

// cga returns the CTA layout the keys give for a layout of the given rank.
func (r *attrReader) cga(k cgaKeys, rank int) (CGALayout, error) {
	old := k.perCGA != nil || k.split != nil || k.order != nil
	if !old {
		return r.parseCGA(k.layout, rank)
	}
	if k.layout != nil {
		return CGALayout{}, r.errorf("CGALayout cannot be combined with CTAsPerCGA, CTASplitNum and CTAOrder")
	}
	if k.perCGA == nil || k.split == nil || k.order == nil {
		return CGALayout{}, r.errorf("CTAsPerCGA, CTASplitNum, and CTAOrder must all be present or all be absent")
	}
	perCGA, err := r.ints(k.perCGA, "CTAsPerCGA")
	if err != nil {
		return CGALayout{}, err
	}
	split, err := r.ints(k.split, "CTASplitNum")
	if err != nil {
		return CGALayout{}, err
	}
	order, err := r.ints(k.order, "CTAOrder")
	if err != nil {
		return CGALayout{}, err
	}
	if len(perCGA) != len(split) || len(split) != len(order) {
		return CGALayout{}, r.errorf("CTAsPerCGA, CTASplitNum, and CTAOrder must all have the same rank.")
	}
	if len(order) != rank {
		return CGALayout{}, r.errorf("CTAsPerCGA, CTASplitNum, and CTAOrder must have rank %d, the rank of the layout", rank)
	}
	if verifyOrder(order) != nil {
		return CGALayout{}, r.errorf("CTAOrder must be a permutation of 0..(rank-1), but was [%s]", joinInts(order))
	}
	for d := range perCGA {
		// Only powers of two that divide evenly have a linear-layout form
		// (and only those do Triton's lowerings handle).
		if !numeric.IsPow2(perCGA[d]) || !numeric.IsPow2(split[d]) || perCGA[d]%split[d] != 0 {
			return CGALayout{}, r.errorf("CTAsPerCGA [%s] and CTASplitNum [%s] must be powers of two, each split dividing its CTA count",
				joinInts(perCGA), joinInts(split))
		}
	}
	return CGAFromSplitParams(perCGA, split, order), nil
}

// parseCGA reads the value of a `CGALayout` key (nil when absent) for a
// layout of the given rank (Triton's parseCTAAttr).
func (r *attrReader) parseCGA(a ir.Attribute, rank int) (CGALayout, error) {
	if a == nil {
		return DefaultCGA(rank), nil
	}
	arr, ok := a.(*ir.ArrayAttr)
	if !ok {
		return CGALayout{}, r.errorf("expected array value for 'CGALayout'")
	}
	bases := make([][]int32, 0, len(arr.Elems))
	for _, e := range arr.Elems {
		v, err := r.ints(e, "CGALayout entry")
		if err != nil {
			return CGALayout{}, err
		}
		if len(v) != rank {
			return CGALayout{}, r.errorf("'CGALayout' entry length does not match rank %d", rank)
		}
		b := make([]int32, rank)
		for i, x := range v {
			b[i] = int32(x)
		}
		bases = append(bases, b)
	}
	return CGALayout{Rank: rank, Bases: bases}, nil
}

// print writes `, CGALayout = [[...]]` unless c is the default.
func (c CGALayout) print(p ir.AsmPrinter) {
	if c.IsDefault() {
		return
	}
	p.WriteString(", CGALayout = ")
	writeBases(p, c.Bases)
}

// verify checks that the bases form a layout (Triton asserts instead).
func (c CGALayout) verify() error {
	for _, b := range c.Bases {
		if len(b) != c.Rank {
			return fmt.Errorf("'CGALayout' entry length does not match rank %d", c.Rank)
		}
	}
	if _, err := c.Layout(); err != nil {
		return fmt.Errorf("invalid CGALayout %v: the bases must be powers of two and cover every tensor dim", c.Bases)
	}
	if !c.isPermutation() {
		return fmt.Errorf("After removing broadcast bases the CGA encoding must be a permutation matrix")
	}
	return nil
}

// isPermutation reports whether the non-zero bases move along one dim
// each, by a power of two, and together reach every offset bit of each dim
// exactly once: CTA i then holds a distinct piece (or a broadcast copy).
// Later Tritons require it; Triton 3.6 builds only such layouts (from
// CTAsPerCGA/CTASplitNum/CTAOrder) and computes CTASplitNum and CTAsPerCGA
// as if every CGA layout were one, so the layouts this rejects would be
// miscompiled by 3.6, not merely refused.
func (c CGALayout) isPermutation() bool {
	bits := make([]uint64, c.Rank)
	for _, b := range c.Bases {
		dim := -1
		for d, v := range b {
			if v == 0 {
				continue
			}
			if dim >= 0 || v < 0 || v&(v-1) != 0 {
				return false
			}
			dim = d
		}
		if dim < 0 {
			continue // a broadcast basis
		}
		bit := uint64(b[dim])
		if bits[dim]&bit != 0 {
			return false
		}
		bits[dim] |= bit
	}
	for _, m := range bits {
		if m&(m+1) != 0 { // the bits of a dim must be 1, 2, 4, ... without gaps
			return false
		}
	}
	return true
}
