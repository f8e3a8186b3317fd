package ir

// indices is 0, 1, 2, ... for IndexSpan to slice.
var indices = func() []int {
	s := make([]int, 512)
	for i := range s {
		s[i] = i
	}
	return s
}()

// IndexSpan returns the ints lo, lo+1, ..., hi-1: what a branch's
// SuccessorOperands hook returns, the operands it forwards being a
// contiguous run. The slice is shared and must not be written (its
// capacity is its length, so an append copies it); the region DCE, SCCP
// and the dataflow analyses ask every branch for its lists on every
// visit, and a new list each time was most of what those visits
// allocated.
func IndexSpan(lo, hi int) []int {
	if 0 <= lo && lo <= hi && hi <= len(indices) {
		return indices[lo:hi:hi]
	}
	out := make([]int, 0, hi-lo)
	for i := lo; i < hi; i++ {
		out = append(out, i)
	}
	return out
}
