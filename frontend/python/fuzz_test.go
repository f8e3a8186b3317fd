package python

import (
	"os"
	"path/filepath"
	"testing"
)

// FuzzParse: any input parses to a module or fails with a located
// *Error whose position lies inside the input; never a panic.
func FuzzParse(f *testing.F) {
	seeds, _ := filepath.Glob("../../examples/*.py")
	for _, p := range seeds {
		if data, err := os.ReadFile(p); err == nil {
			f.Add(string(data))
		}
	}
	f.Add("def f(x, *, y=1, **kw):\n    return [a for a in x if a] + {**kw}\n")
	f.Add("x = f'{a!r:>{w}}' if b else lambda: (yield)\n")
	f.Fuzz(func(t *testing.T, src string) {
		m, err := Parse("fuzz.py", src)
		if err != nil {
			e, ok := err.(*Error)
			if !ok {
				t.Fatalf("error without a location: %v", err)
			}
			if e.Pos.Line < 1 || e.Pos.Col < 0 {
				t.Fatalf("bad position %d:%d in %v", e.Pos.Line, e.Pos.Col, e)
			}
			return
		}
		_ = Dump(m)
	})
}
