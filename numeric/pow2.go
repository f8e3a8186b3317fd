package numeric

// IsPow2 reports whether v is a positive power of two (tile sizes,
// layout extents, alignments and vector widths all must be).
func IsPow2[T ~int | ~int32 | ~int64 | ~uint | ~uint32 | ~uint64](v T) bool {
	return v > 0 && v&(v-1) == 0
}
