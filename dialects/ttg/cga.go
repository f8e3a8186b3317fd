package ttg

import (
	"fmt"

	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/linearlayout"
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

func (c CGALayout) key() string { return fmt.Sprint(c.Rank, c.Bases) }

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

// orderPerDim is Triton's orderPerDimImpl: the dims in the order the bases
// first move along them, then the dims of def not seen yet.
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

func firstNonZero(b []int32) int {
	for i, v := range b {
		if v != 0 {
			return i
		}
	}
	return -1
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
	return nil
}
