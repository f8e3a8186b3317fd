package transforms

import (
	"fmt"
	"strings"
	"testing"
)

// TestSinkDistanceBound: an op sinks past at most maxSinkDistance ops,
// counted in the block as it is when the op is visited: an op that has
// left the gap by then (sunk past the user) no longer counts. The ops
// after the visited one are kept in chunks that split past
// orderChunkMax, which this crosses many times.
func TestSinkDistanceBound(t *testing.T) {
	// %a's first user comes after gap stores; with moved set, %m (made
	// among the stores, used just after that user) sinks out of the gap
	// before %a is visited, which leaves it as long as without %m.
	kernel := func(gap int, moved bool) string {
		var sb strings.Builder
		sb.WriteString("module attributes {\"ttg.num-warps\" = 1 : i32} {\n")
		sb.WriteString("  llvm.func @f(%p: !llvm.ptr<1>, %x: i32) attributes {gpu.kernel} {\n")
		sb.WriteString("    %a = llvm.add %x, %x : i32\n")
		for i := 0; i < gap; i++ {
			if moved && i == 100 {
				sb.WriteString("    %m = llvm.mul %x, %x : i32\n")
			}
			fmt.Fprintf(&sb, "    gpu.store %%p, %%x : !llvm.ptr<1>, i32\n")
		}
		sb.WriteString("    gpu.store %p, %a : !llvm.ptr<1>, i32\n")
		if moved {
			sb.WriteString("    gpu.store %p, %m : !llvm.ptr<1>, i32\n")
		}
		sb.WriteString("    llvm.return\n  }\n}\n")
		return sb.String()
	}
	// sunk reports whether %a's add ended right in front of its user.
	sunk := func(t *testing.T, src string) bool {
		t.Helper()
		out, err := runPipeline(t, "builtin.module(sink-to-uses)", src)
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(out, "\n")
		for i, l := range lines {
			if name, ok := strings.CutSuffix(strings.TrimSpace(l), " = llvm.add %arg1, %arg1 : i32"); ok {
				return i+1 < len(lines) && strings.Contains(lines[i+1], "gpu.store %arg0, "+name+" ")
			}
		}
		t.Fatalf("no add in the output:\n%s", out)
		return false
	}
	for _, c := range []struct {
		gap   int
		moved bool
		want  bool
	}{
		{maxSinkDistance, false, true},
		{maxSinkDistance + 1, false, false},
		{maxSinkDistance, true, true},
		{maxSinkDistance + 1, true, false},
	} {
		if got := sunk(t, kernel(c.gap, c.moved)); got != c.want {
			t.Errorf("gap of %d stores, an op leaving it %v: sunk %v, want %v", c.gap, c.moved, got, c.want)
		}
	}
}
