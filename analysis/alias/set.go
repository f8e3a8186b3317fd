package alias

import "slices"

// set is a set of allocations, each named by its index in the analysis's
// list of ttg.local_alloc results (their pre-order position in the IR),
// kept sorted so that joins are cheap and results deterministic.
type set []int

// union returns s ∪ o and whether it differs from s.
func (s set) union(o set) (set, bool) {
	if len(o) == 0 {
		return s, false
	}
	out := make(set, 0, len(s)+len(o))
	i, j := 0, 0
	for i < len(s) || j < len(o) {
		switch {
		case j == len(o) || (i < len(s) && s[i] < o[j]):
			out = append(out, s[i])
			i++
		case i == len(s) || o[j] < s[i]:
			out = append(out, o[j])
			j++
		default:
			out = append(out, s[i])
			i++
			j++
		}
	}
	if len(out) == len(s) {
		return s, false
	}
	return out, true
}

func (s set) contains(x int) bool {
	_, ok := slices.BinarySearch(s, x)
	return ok
}
