package textgen

import (
	"slices"
	"strings"
	"testing"
)

func TestGluedDrawsFromPiecesAndRepeats(t *testing.T) {
	pieces := []string{"ab", "c"}
	got := Glued(pieces, 5, 1000)
	if len(got) != 1000 {
		t.Fatalf("%d strings, want 1000", len(got))
	}
	empty, long := 0, 0
	for _, s := range got {
		if strings.Trim(s, "abc") != "" || strings.Contains(strings.ReplaceAll(s, "ab", ""), "a") {
			t.Fatalf("%q is not made of %q", s, pieces)
		}
		if s == "" {
			empty++
		}
		if len(s) >= 6 {
			long++
		}
	}
	if empty == 0 || long == 0 {
		t.Errorf("%d empty and %d long strings: the lengths do not vary", empty, long)
	}
	if !slices.Equal(got, Glued(pieces, 5, 1000)) {
		t.Error("two calls gave different strings")
	}
}

func TestBytesSplitsEveryByte(t *testing.T) {
	if got, want := Bytes("a\xc3\xa9"), []string{"a", "\xc3", "\xa9"}; !slices.Equal(got, want) {
		t.Errorf("Bytes = %q, want %q", got, want)
	}
}
