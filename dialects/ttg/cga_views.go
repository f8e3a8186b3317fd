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

// WithRank is the CTA layout for a tensor of rank dims whose trailing dims
// are c's (Triton's updateCTALayoutForShape): dropping leading dims drops
// their coordinates (they were broadcast), adding leading unit dims gives
// every CTA a zero coordinate there.
func (c CGALayout) WithRank(rank int) CGALayout {
	if c.Rank == rank {
		return c
	}
	out := CGALayout{Rank: rank}
	for _, b := range c.Bases {
		nb := make([]int32, rank)
		if c.Rank > rank {
			copy(nb, b[c.Rank-rank:])
		} else {
			copy(nb[rank-c.Rank:], b)
		}
		out.Bases = append(out.Bases, nb)
	}
	return out
}
