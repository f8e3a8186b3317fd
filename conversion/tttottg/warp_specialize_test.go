package tttottg_test

import (
	"strings"
	"testing"

	"github.com/ttcompiler/tt/conversion/tttottg"
	"github.com/ttcompiler/tt/dialects/all"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

// TestWarpSpecializeNeedsWarpgroups: a TTIR kernel with a
// ttg.warp_specialize converted for a warp count that is not a multiple
// of 4 is refused at the warp_specialize, before the module the verifier
// would refuse is made (fuzz: tt-translate --num-warps=2 on Triton's
// test_warp_specialize_basic_ir).
func TestWarpSpecializeNeedsWarpgroups(t *testing.T) {
	const src = `tt.func @kernel(%arg0: !tt.ptr<i32>) {
  ttg.warp_specialize(%arg0)
  default {
    ttg.warp_yield
  }
  partition0(%arg1: !tt.ptr<i32>) num_warps(1) {
    %c1_i32 = arith.constant 1 : i32
    tt.store %arg1, %c1_i32 : !tt.ptr<i32>
    ttg.warp_return
  } : (!tt.ptr<i32>) -> ()
  tt.return
}`
	for _, warps := range []int{2, 4} {
		m, err := asm.Parse(all.NewContext(), src, asm.ParseConfig{Filename: "ws.ttir"})
		if err != nil {
			t.Fatal(err)
		}
		err = tttottg.Convert(m, tttottg.Options{Target: "cuda:90", NumWarps: warps, ThreadsPerWarp: 32, NumCTAs: 1})
		if warps == 4 {
			if err != nil {
				t.Errorf("4 warps: %v", err)
			}
			continue
		}
		if err == nil || !strings.Contains(err.Error(), "ws.ttir:2:3: error: warp-specialized kernels requires num_warps to be a multiple of 4, got 2") {
			t.Errorf("2 warps: %v, want the warp_specialize refused", err)
		}
		if err := ir.Verify(m); err != nil {
			t.Errorf("the refused module no longer verifies: %v", err)
		}
	}
}
