package ttg

// Transposed is the CTA layout of a tensor transposed by order (dim i of
// the result is dim order[i] of the original): each CTA's offset has its
// coordinates permuted (Triton's transposeLinearLayout of the CTA layout).
func (c CGALayout) Transposed(order []int) CGALayout {
	if c.IsDefault() {
		return c
	}
	out := CGALayout{Rank: c.Rank, Bases: make([][]int32, len(c.Bases))}
	for i, b := range c.Bases {
		nb := make([]int32, len(b))
		for d := range nb {
			nb[d] = b[order[d]]
		}
		out.Bases[i] = nb
	}
	return out
}
