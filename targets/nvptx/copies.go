package nvptx

// move is one register copy `dst <- src` of a parallel copy. src is a
// register name or an immediate; dst is always a register.
type move struct {
	dst, src string
	cls      regClass
}

// sequentialize orders a parallel copy (all sources read before any
// destination is written, as block arguments on a CFG edge demand) into a
// sequence of ordinary moves, which it hands to emit one after the other.
// Destinations must be distinct. A move whose destination another pending
// move still reads waits; when only cycles are left (a swap, a rotation),
// one destination is saved into a temporary from temp and its readers are
// redirected to it, which breaks the cycle. The pending moves are kept in
// moves itself, which sequentialize overwrites.
func sequentialize(moves []move, temp func(regClass) string, emit func(move)) {
	pending := moves[:0]
	for _, m := range moves {
		if m.dst != m.src {
			pending = append(pending, m)
		}
	}
	// Whether another pending move reads move i's destination: a scan of
	// the pending moves, or for long copies (an edge of a dot loop copies
	// a hundred accumulators, which made the scans quadratic) a count of
	// the pending moves reading each register (a move never reads its
	// own destination).
	var readers map[string]int
	if len(pending) > 16 {
		readers = make(map[string]int, len(pending))
		for _, m := range pending {
			readers[m.src]++
		}
	}
	// read reports whether a pending move other than m reads m's
	// destination: one of kept, or of rest.
	read := func(m move, kept, rest []move) bool {
		if readers != nil {
			return readers[m.dst] > 0
		}
		for _, ms := range [2][]move{kept, rest} {
			for _, n := range ms {
				if n.src == m.dst {
					return true
				}
			}
		}
		return false
	}
	for len(pending) > 0 {
		// One pass over the pending moves: the ready ones go out, the
		// others are kept, in order, at the front of pending.
		kept := pending[:0]
		for i, m := range pending {
			if read(m, kept, pending[i+1:]) {
				kept = append(kept, m)
				continue
			}
			if readers != nil {
				readers[m.src]--
			}
			emit(m)
		}
		progress := len(kept) < len(pending)
		pending = kept
		if progress {
			continue
		}
		// Every pending destination is still read by another move: the
		// rest are disjoint cycles. Save one destination's old value.
		m := pending[0]
		t := temp(m.cls)
		emit(move{dst: t, src: m.dst, cls: m.cls})
		for j := range pending {
			if pending[j].src == m.dst {
				pending[j].src = t
			}
		}
		if readers != nil {
			readers[t], readers[m.dst] = readers[m.dst], 0
		}
	}
}
