package ttgtogpu

import (
	"math/rand"
	"testing"
)

// TestTileMatchesSeparably checks that the row-and-column check never
// passes a tile that the element-by-element check rejects, on tiles built
// from descriptor-like (power-of-two, disjoint) and arbitrary offsets.
func TestTileMatchesSeparably(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	elementwise := func(rowViews, rowStarts, cols, descCols []int64, elem, swizzle int64) bool {
		for r, v := range rowViews {
			for k, c := range cols {
				if (v^c)*elem != swizzleBy(swizzle, rowStarts[r]+descCols[k]) {
					return false
				}
			}
		}
		return true
	}
	passed := 0
	for iter := 0; iter < 20000; iter++ {
		elem := []int64{1, 2, 3, 4, 8}[rng.Intn(5)]
		swizzle := swizzleMask([]int{0, 32, 64, 128}[rng.Intn(4)])
		nr, nk := 1+rng.Intn(8), 1+rng.Intn(8)
		// A linear layout and descriptor over disjoint bits (which match
		// when the descriptor undoes the swizzle), perturbed at times.
		rowBasis, colBasis := make([]int64, 3), make([]int64, 3)
		for i := range rowBasis {
			rowBasis[i] = 1 << (4 + rng.Intn(8))
			colBasis[i] = 1 << rng.Intn(4)
		}
		span := func(basis []int64, i int) int64 {
			var x int64
			for b, v := range basis {
				if i>>b&1 != 0 {
					x ^= v
				}
			}
			return x
		}
		start := int64(rng.Intn(4)) << 12
		rowViews, rowStarts := make([]int64, nr), make([]int64, nr)
		cols, descCols := make([]int64, nk), make([]int64, nk)
		for r := range rowViews {
			rowViews[r] = span(rowBasis, r)
			rowStarts[r] = swizzleBy(swizzle, start^rowViews[r]*elem)
		}
		for k := range cols {
			cols[k] = span(colBasis, k)
			descCols[k] = swizzleBy(swizzle, cols[k]*elem)
		}
		if rng.Intn(3) == 0 {
			rowStarts[rng.Intn(nr)] += int64(rng.Intn(64))
		}
		if rng.Intn(3) == 0 {
			descCols[rng.Intn(nk)] ^= int64(rng.Intn(64))
		}
		if rng.Intn(4) == 0 {
			rowViews[rng.Intn(nr)] = int64(rng.Intn(1 << 12))
		}
		if tileMatchesSeparably(rowViews, rowStarts, cols, descCols, elem, swizzle) {
			passed++
			if !elementwise(rowViews, rowStarts, cols, descCols, elem, swizzle) {
				t.Fatalf("passed a misplaced tile: rows %v starts %v cols %v desc %v elem %d swizzle %d",
					rowViews, rowStarts, cols, descCols, elem, swizzle)
			}
		}
	}
	if passed == 0 {
		t.Fatal("no tile passed the separable check")
	}
}
