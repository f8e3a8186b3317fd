package ttgtogpu

import (
	"os"
	"testing"

	"github.com/ttcompiler/tt/dialects/all"
	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
	"github.com/ttcompiler/tt/transforms"
)

// TestDispatchedAtMostOnce: the partitions return at the exit (the final
// form) where a run dispatches at most one warp_specialize, once: one op
// outside loops, or two in the branches of an scf.if; not two one after
// the other, nor one in a loop.
func TestDispatchedAtMostOnce(t *testing.T) {
	loop := `#b = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @loop(%out: !tt.ptr<i32>, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    scf.for %i = %c0 to %n step %c1 : i32 {
      ttg.warp_specialize(%out)
      default {
        ttg.warp_yield
      }
      partition0(%o: !tt.ptr<i32>) num_warps(4) {
        ttg.warp_return
      } : (!tt.ptr<i32>) -> ()
    }
    tt.return
  }
}`
	for _, c := range []struct {
		name, src string
		want      bool
	}{
		{"one", file(t, "../../tools/tttranslate/testdata/warpspec/warpgroup_reduction.ttgir"), true},
		{"exclusive", file(t, "testdata/warpspec/exclusive_ws.ttgir"), true},
		{"sequential", file(t, "testdata/warpspec/two_ws.ttgir"), false},
		{"loop", loop, false},
	} {
		m, err := asm.ParseString(all.NewContext(), c.src)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if err := transforms.LowerSCFToCF(m); err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		var ws []*ir.Operation
		ir.WalkOps(m, func(op *ir.Operation) {
			if op.Name() == ttg.WarpSpecialize.Name {
				ws = append(ws, op)
			}
		})
		if len(ws) == 0 {
			t.Fatalf("%s: no warp_specialize", c.name)
		}
		if got := dispatchedAtMostOnce(ws); got != c.want {
			t.Errorf("%s: dispatchedAtMostOnce = %v, want %v", c.name, got, c.want)
		}
	}
}

func file(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
