package tttranslate

import (
	"flag"
	"testing"

	"github.com/ttcompiler/tt/analysis/allocation"
	"github.com/ttcompiler/tt/dialects/all"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
	"github.com/ttcompiler/tt/passmgr"
)

// TestSharedMemoryOfFollowsTheIR: the driver's shared memory answer is
// computed once for a version of the module's IR, again after a change
// (two buffers live at once, then one after the other), and each answer
// offers the allocation of the IR it was computed on.
func TestSharedMemoryOfFollowsTheIR(t *testing.T) {
	const src = `#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90"} {
  tt.func public @k() {
    %a = ttg.local_alloc : () -> !ttg.memdesc<32x32xf16, #shared, #smem, mutable>
    %b = ttg.local_alloc : () -> !ttg.memdesc<32x32xf16, #shared, #smem, mutable>
    ttg.local_dealloc %a : !ttg.memdesc<32x32xf16, #shared, #smem, mutable>
    ttg.local_dealloc %b : !ttg.memdesc<32x32xf16, #shared, #smem, mutable>
    tt.return
  }
}`
	m, err := asm.ParseString(all.NewContext(), src)
	if err != nil {
		t.Fatal(err)
	}
	s := &sharedMemoryOf{module: m, arch: "sm_90a", offered: &passmgr.Offered{}}
	// read records the size of the allocation offered to its run (0:
	// none).
	reg := passmgr.NewRegistry()
	offered := 0
	reg.Register(&passmgr.Pass{Name: "read", Build: func(*flag.FlagSet) passmgr.RunFunc {
		return func(op *ir.Operation, st *passmgr.State) error {
			offered = 0
			if p, ok := passmgr.CachedAnalysis[allocation.NvidiaPlan](st, op); ok && p.CC == 90 {
				offered = p.SharedMemorySize()
			}
			return nil
		}
	}})
	pm, err := passmgr.Parse(reg, "builtin.module(read)")
	if err != nil {
		t.Fatal(err)
	}
	check := func(want int) {
		t.Helper()
		if n, err := s.bytes(); err != nil || n != want {
			t.Fatalf("bytes() = %d, %v; want %d", n, err, want)
		}
		if err := pm.Run(m, &passmgr.Config{Offered: s.offered}); err != nil {
			t.Fatal(err)
		}
		if offered != want {
			t.Fatalf("the allocation offered needs %d bytes, want %d", offered, want)
		}
	}
	check(4096)
	check(4096)
	// %a's dealloc gone, %a is dead before %b is allocated: they share.
	ir.WalkOps(m, func(op *ir.Operation) {
		if op.Name() == "ttg.local_dealloc" && op.Operand(0).DefiningOp() == m.Region(0).Front().First().Region(0).Front().First() {
			op.Erase()
		}
	})
	check(2048)
}
