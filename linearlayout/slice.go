package linearlayout

import (
	"fmt"
	"slices"
)

// SliceParentShape returns the shape the parent layout of #ttg.slice must be
// evaluated at for a slice of the given shape: shape with a 1 inserted at
// dim.
func SliceParentShape(shape []int64, dim int) []int64 {
	return slices.Insert(slices.Clone(shape), dim, 1)
}

// Slice returns the layout of #ttg.slice<{dim, parent}>, given the parent's
// layout at SliceParentShape(shape, dim) (out dims dim0..dimN in standard
// order). Out dim dim is dropped and the later ones renumbered; register
// bases that became zero are removed (a thread no longer holds duplicates in
// registers), while zero lane and warp bases stay (threads that differed only
// along dim now hold the same element). Output sizes are re-derived from the
// bases, as Triton does.
func Slice(parent LinearLayout, dim int) (_ LinearLayout, err error) {
	defer guard(&err)
	rank := parent.NumOutDims()
	if dim < 0 || dim >= rank {
		return LinearLayout{}, fmt.Errorf("linearlayout: slice dim %d out of range for rank %d", dim, rank)
	}
	if !slices.Equal(parent.OutDimNames(), StandardOutDimNames(rank)) {
		return LinearLayout{}, fmt.Errorf("linearlayout: slice parent must have out dims %v, has %v", StandardOutDimNames(rank), parent.OutDimNames())
	}
	bases := parent.Bases()
	for k := range bases {
		var kept [][]int32
		for _, b := range bases[k].Bases {
			nb := slices.Delete(slices.Clone(b), dim, dim+1)
			if bases[k].Name == Register && !slices.ContainsFunc(nb, func(x int32) bool { return x != 0 }) {
				continue
			}
			kept = append(kept, nb)
		}
		bases[k].Bases = kept
	}
	return NewInferSizes(bases, StandardOutDimNames(rank-1))
}
