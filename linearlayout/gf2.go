package linearlayout

import (
	"math/bits"
	"slices"
)

// Span is an incrementally built basis of a subspace of GF(2)^64, used for
// ranks, membership tests and solving linear systems by elimination (the
// layouts' inversions here; the lowering's search for the register that
// holds an element). The zero value is the empty span.
//
// Invariant: every stored vector is non-zero, its lowest set bit is its
// pivot, and pivots are distinct. Any non-empty XOR of stored vectors then has
// as lowest set bit the smallest pivot among them, so reducing by pivots,
// lowest bit first, decides membership.
type Span struct {
	vecs   []uint64
	combos []uint64 // combos[i]: which added columns XOR to vecs[i]
	byPiv  [64]int8 // index+1 into vecs of the vector with that pivot, 0 if none
}

// Reduce eliminates v against the basis. It returns the remainder (0 iff v
// is in the span) and the set of added columns whose XOR, together with the
// remainder, gives v.
func (s *Span) Reduce(v uint64) (rest, combo uint64) {
	for v != 0 {
		p := bits.TrailingZeros64(v)
		k := s.byPiv[p]
		if k == 0 {
			return v, combo
		}
		v ^= s.vecs[k-1]
		combo ^= s.combos[k-1]
	}
	return 0, combo
}

// Add inserts column v (numbered col, < 64) and reports whether it was
// independent of the columns added before (else the span is unchanged).
func (s *Span) Add(v uint64, col int) bool {
	rest, combo := s.Reduce(v)
	if rest == 0 {
		return false
	}
	s.vecs = append(s.vecs, rest)
	s.combos = append(s.combos, combo^(1<<col))
	s.byPiv[bits.TrailingZeros64(rest)] = int8(len(s.vecs))
	return true
}

// pivotBasis is a basis kept as Span keeps it (each vector stored under its
// lowest set bit, the bits distinct), without the combinations of added
// columns: the ranks and independence tests need none, and a fixed table
// costs no allocation (a layout's construction checks its rank).
type pivotBasis [64]uint64

// add inserts v and reports whether it was independent of the vectors
// added before.
func (t *pivotBasis) add(v uint64) bool {
	for v != 0 {
		p := bits.TrailingZeros64(v)
		if t[p] == 0 {
			t[p] = v
			return true
		}
		v ^= t[p]
	}
	return false
}

// rankOf returns the dimension of the span of vs.
func rankOf(vs []uint64) int {
	var t pivotBasis
	r := 0
	for _, v := range vs {
		if t.add(v) {
			r++
		}
	}
	return r
}

// independentColumns returns, as a bit mask over indices of cols, the
// columns that are not in the span of the columns before them. These are the
// pivot columns of the reduced row echelon form of the matrix whose columns
// are cols, whatever elimination algorithm computes it.
func independentColumns(cols []uint64) uint64 {
	var t pivotBasis
	var m uint64
	for i, c := range cols {
		if t.add(c) {
			m |= 1 << i
		}
	}
	return m
}

// complementUnitVectors returns the unit vectors 1<<i (i < n) that are not
// pivots of the RREF of vs: together with vs they span GF(2)^n. This is the
// choice Triton's GenericSwizzling makes (complementBasis).
func complementUnitVectors(vs []uint64, n int) []uint64 {
	piv := rrefPivots(vs, n)
	var r []uint64
	for i := 0; i < n; i++ {
		if piv&(1<<i) == 0 {
			r = append(r, 1<<i)
		}
	}
	return r
}

// rrefPivots returns the pivot positions (as a bit mask) of the reduced row
// echelon form of the matrix whose rows are vs, with bit i being column i and
// columns ordered from bit 0. The pivot set is the set of lowest set bits of
// an echelon basis in which lower columns are eliminated first; it does not
// depend on the elimination order.
func rrefPivots(vs []uint64, n int) uint64 {
	var piv uint64
	for _, r := range rref(vs, n) {
		piv |= r & -r
	}
	return piv
}

// rref returns the non-zero rows of the reduced row echelon form of the
// matrix whose rows are vs (bit i is column i, i < n): each row's lowest set
// bit is its pivot, and a pivot column is clear in every other row. The
// rows, as a set, depend only on the span of vs.
func rref(vs []uint64, n int) []uint64 {
	rows := slices.Clone(vs)
	r := 0
	for c := 0; c < n && r < len(rows); c++ {
		sel := -1
		for i := r; i < len(rows); i++ {
			if rows[i]>>c&1 == 1 {
				sel = i
				break
			}
		}
		if sel < 0 {
			continue
		}
		rows[r], rows[sel] = rows[sel], rows[r]
		for i := range rows {
			if i != r && rows[i]>>c&1 == 1 {
				rows[i] ^= rows[r]
			}
		}
		r++
	}
	return rows[:r]
}

// nullspaceBasis returns a basis of the vectors x of GF(2)^n orthogonal to
// every vector of vs (x·v = 0), read off the reduced row echelon form as
// Triton's GenericSwizzling does: one vector per non-pivot column f, unit f
// plus the pivots of the rows that have f, in increasing order of f.
func nullspaceBasis(vs []uint64, n int) []uint64 {
	rows := rref(vs, n)
	var piv uint64
	for _, r := range rows {
		piv |= r & -r
	}
	var basis []uint64
	for f := 0; f < n; f++ {
		if piv>>f&1 == 1 {
			continue
		}
		v := uint64(1) << f
		for _, r := range rows {
			if r>>f&1 == 1 {
				v ^= r & -r
			}
		}
		basis = append(basis, v)
	}
	return basis
}

// intersectionBasis is Triton's intersectionBasis: a basis of span(b1) ∩
// span(b2) in GF(2)^n. When every vector of both is a power of two (no
// zeros) it is the entries of b1 that b2 contains, in b1's order (the order
// matters to callers: it ranks vector directions); otherwise the null space
// of the two null spaces together.
func intersectionBasis(b1, b2 []uint64, n int) []uint64 {
	if allPow2(b1) && allPow2(b2) {
		var r []uint64
		for _, x := range b1 {
			if slices.Contains(b2, x) {
				r = append(r, x)
			}
		}
		return r
	}
	return nullspaceBasis(append(nullspaceBasis(b1, n), nullspaceBasis(b2, n)...), n)
}

// allPow2 reports whether every vector of vs has exactly one bit set.
func allPow2(vs []uint64) bool {
	for _, v := range vs {
		if v == 0 || v&(v-1) != 0 {
			return false
		}
	}
	return true
}
