package triton

import "testing"

// TestParseConstexprs: --constexpr values by name; a name given twice with
// different values is refused (the last silently won), the same value
// twice is one.
func TestParseConstexprs(t *testing.T) {
	got, err := ParseConstexprs([]string{"BLOCK=1024", "DTYPE=tl.float16", "BLOCK=1024"})
	if err != nil || len(got) != 2 || got["BLOCK"].Value == nil {
		t.Fatalf("%v, %v", got, err)
	}
	for _, c := range []struct {
		flags []string
		want  string
	}{
		{[]string{"BLOCK=1024", "BLOCK=512"}, "--constexpr BLOCK is given twice (1024, then 512); it takes one value"},
		{[]string{"BLOCK"}, `--constexpr takes NAME=VALUE, got "BLOCK"`},
	} {
		if _, err := ParseConstexprs(c.flags); err == nil || err.Error() != c.want {
			t.Errorf("%q: %v, want %q", c.flags, err, c.want)
		}
	}
}
