package layouts

import "github.com/ttcompiler/tt/dialects/ttg"

// InsertCGADim returns c with a new dimension of size 1 at position dim
// (Triton: the CGA layout times identity1D(1, block, newDim), transposed
// so the new dim lands at dim).
func InsertCGADim(c ttg.CGALayout, dim int) ttg.CGALayout {
	out := ttg.CGALayout{Rank: c.Rank + 1}
	for _, b := range c.Bases {
		nb := make([]int32, 0, len(b)+1)
		nb = append(nb, b[:dim]...)
		nb = append(nb, 0)
		nb = append(nb, b[dim:]...)
		out.Bases = append(out.Bases, nb)
	}
	return out
}

// AppendCGADim returns c with a new last dimension of size 1.
func AppendCGADim(c ttg.CGALayout) ttg.CGALayout { return InsertCGADim(c, c.Rank) }

// CGAOf returns the CTA layout of a layout attribute (the default single
// CTA layout of the given rank for attributes without one).
func CGAOf(enc any, rank int) ttg.CGALayout {
	if l, ok := enc.(ttg.LayoutEncoding); ok {
		return l.CGA()
	}
	return ttg.DefaultCGA(rank)
}
