package ttgtogpu_test

import (
	"flag"
	"testing"

	"github.com/ttcompiler/tt/analysis/allocation"
	"github.com/ttcompiler/tt/conversion/ttgtogpu"
	"github.com/ttcompiler/tt/dialects/all"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
	"github.com/ttcompiler/tt/passmgr"
	_ "github.com/ttcompiler/tt/transforms/allocate"
)

// TestLoweringReusesRecordedAllocation: the conversion reads the
// allocation allocate-shared-memory-nv recorded from the pass manager's
// cache where nothing changed it since, and allocates again after a pass
// that moved a recorded offset: its output is then the one for the moved
// offset, as from a module parsed with it (no cache). Declaring the cached
// allocation preserved while moving the offset (which is false) shows the
// cached one is what the conversion reads.
func TestLoweringReusesRecordedAllocation(t *testing.T) {
	const src = `#A = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#B = #ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 4], order = [0, 1]}>
#shared = #ttg.swizzled_shared<{vec = 4, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @k(%y: !tt.ptr<f16>) {
    %c = arith.constant dense<1.0> : tensor<32x32xf16, #A>
    %buf = ttg.local_alloc %c : (tensor<32x32xf16, #A>) -> !ttg.memdesc<32x32xf16, #shared, #smem>
    %w = ttg.local_load %buf : !ttg.memdesc<32x32xf16, #shared, #smem> -> tensor<32x32xf16, #B>
    %ys = tt.splat %y : !tt.ptr<f16> -> tensor<32x32x!tt.ptr<f16>, #B>
    tt.store %ys, %w : tensor<32x32x!tt.ptr<f16>, #B>
    tt.return
  }
}`
	moveUp := func(preserve bool) func(*flag.FlagSet) passmgr.RunFunc {
		return func(*flag.FlagSet) passmgr.RunFunc {
			return func(m *ir.Operation, st *passmgr.State) error {
				ir.WalkOps(m, func(op *ir.Operation) {
					if op.Name() == "ttg.local_alloc" {
						op.SetAttr(allocation.OffsetAttr, ir.I32Attr(m.Context(), 8192))
					}
				})
				m.SetAttr("ttg.shared", ir.I32Attr(m.Context(), 16384))
				if preserve {
					passmgr.Preserve[allocation.NvidiaRecorded](st)
				}
				return nil
			}
		}
	}
	reg := passmgr.NewRegistry()
	for _, name := range []string{"allocate-shared-memory-nv", ttgtogpu.PassName} {
		reg.Register(passmgr.Default.Lookup(name))
	}
	reg.Register(&passmgr.Pass{Name: "test-move-up", Anchor: "builtin.module", Build: moveUp(false)},
		&passmgr.Pass{Name: "test-move-up-preserving", Anchor: "builtin.module", Build: moveUp(true)})
	run := func(src, pipeline string) string {
		m, err := asm.ParseString(all.NewContext(), src)
		if err != nil {
			t.Fatal(err)
		}
		pm, err := passmgr.Parse(reg, "builtin.module("+pipeline+")")
		if err != nil {
			t.Fatal(err)
		}
		if err := pm.Run(m, nil); err != nil {
			t.Fatal(err)
		}
		return asm.Sprint(m, asm.PrintConfig{})
	}
	moved := run(src, "allocate-shared-memory-nv,test-move-up")
	fresh := run(moved, ttgtogpu.PassName)
	if got := run(src, "allocate-shared-memory-nv,test-move-up,"+ttgtogpu.PassName); got != fresh {
		t.Errorf("after the offset moved the conversion did not follow it:\n%s\nwant:\n%s", got, fresh)
	}
	if got := run(src, "allocate-shared-memory-nv,test-move-up-preserving,"+ttgtogpu.PassName); got == fresh {
		t.Errorf("with the recorded allocation declared preserved the conversion followed the moved offset: it did not read the cache")
	}
	if run(src, "allocate-shared-memory-nv,"+ttgtogpu.PassName) != run(run(src, "allocate-shared-memory-nv"), ttgtogpu.PassName) {
		t.Errorf("the conversion's output with the recorded allocation cached differs from its output without")
	}
}
