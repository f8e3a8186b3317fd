package resources

import (
	"strings"
	"testing"
)

func TestCheckGrid(t *testing.T) {
	for _, c := range []struct {
		grid [3]int
		arch string
		want string // "" passes
	}{
		{[3]int{100000000, 1, 1}, "", ""},
		{[3]int{1<<31 - 1, 65535, 65535}, "sm_90", ""},
		{[3]int{1, 65536, 1}, "sm_90", "grid y dimension 65536 exceeds 65535, the most sm_90 allows; put the large dimension on x"},
		{[3]int{1, 65536, 1}, "gfx942", ""},
		{[3]int{1 << 31, 1, 1}, "", "grid x dimension 2147483648 exceeds 2147483647, the most the interpreter (tl.program_id is i32) allows; use fewer, larger programs"},
		{[3]int{4, 0, 1}, "sm_80", "grid y dimension is 0"},
	} {
		err := CheckGrid(c.grid, c.arch)
		switch {
		case c.want == "" && err != nil:
			t.Errorf("CheckGrid(%v, %q) = %v, want ok", c.grid, c.arch, err)
		case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
			t.Errorf("CheckGrid(%v, %q) = %v, want %q", c.grid, c.arch, err, c.want)
		}
	}
}
