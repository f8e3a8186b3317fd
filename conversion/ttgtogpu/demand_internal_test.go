package ttgtogpu

import (
	"slices"
	"testing"
)

// TestWithLeaders: an elementwise op computes, of the registers read, the
// deduplication leader each takes its value from, whether or not the
// leader itself is read; no demand means every register.
func TestWithLeaders(t *testing.T) {
	leaders := []int{0, 0, 2, 2, 4, 5}
	read := []bool{false, true, false, false, true, false}
	want := []bool{true, false, false, false, true, false}
	if got := withLeaders(read, leaders); !slices.Equal(got, want) {
		t.Errorf("withLeaders(%v, %v) = %v, want %v", read, leaders, got, want)
	}
	if got := withLeaders(read, nil); !slices.Equal(got, read) {
		t.Errorf("without leaders: %v, want the registers read %v", got, read)
	}
	if got := withLeaders(nil, leaders); got != nil {
		t.Errorf("without demand: %v, want nil (every register)", got)
	}
}
