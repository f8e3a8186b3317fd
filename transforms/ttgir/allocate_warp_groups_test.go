package ttgir_test

import (
	"strings"
	"testing"

	"github.com/ttcompiler/tt/analysis/allocation"
	"github.com/ttcompiler/tt/dialects/all"
	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
	"github.com/ttcompiler/tt/passmgr"
	_ "github.com/ttcompiler/tt/transforms/allocate"
)

// TestAllocateWarpGroupsKeepsOfferedAllocation: an allocation offered to
// the pipeline (as tt-translate offers the one its shared memory check
// computed) reaches allocate-shared-memory-nv through
// tritongpu-allocate-warp-groups where that only sets attributes, and is
// dropped where it pads a warp_specialize with a partition, which changes
// the warp-group scratch the allocation sizes. The offered allocation
// sizes every op's scratch at 1 KB, which the module's ttg.shared then
// shows where it was used.
func TestAllocateWarpGroupsKeepsOfferedAllocation(t *testing.T) {
	const src = `module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90"} {
  tt.func @f() {
    ttg.warp_specialize() attributes {requestedRegisters = array<i32: 40>}
    default {
      ttg.warp_yield
    }
    partition0() num_warps(WARPS) {
      ttg.warp_return
    } : () -> ()
    tt.return
  }
}`
	shared := func(warps string, offer bool) int64 {
		m, err := asm.ParseString(all.NewContext(), strings.Replace(src, "WARPS", warps, 1))
		if err != nil {
			t.Fatal(err)
		}
		cfg := passmgr.DefaultConfig()
		if offer {
			plan, err := allocation.Analyze(m, allocation.Options{Scratch: allocation.ConstantScratch(1024)})
			if err != nil {
				t.Fatal(err)
			}
			cfg.Offered = &passmgr.Offered{}
			passmgr.Offer(cfg.Offered, m, allocation.NvidiaPlan{CC: 90, ModuleAllocation: plan})
		}
		pm, err := passmgr.Parse(nil, "builtin.module(tritongpu-allocate-warp-groups,allocate-shared-memory-nv{compute-capability=90})")
		if err != nil {
			t.Fatal(err)
		}
		if err := pm.Run(m, cfg); err != nil {
			t.Fatal(err)
		}
		a, ok := m.Attr(ttg.AttrShared).(*ir.IntegerAttr)
		if !ok {
			t.Fatalf("no %s after the allocation", ttg.AttrShared)
		}
		return a.Int()
	}
	if used, fresh := shared("4", true), shared("4", false); used == fresh {
		t.Errorf("without padding: ttg.shared %d, as allocated afresh: the offered allocation was not used", used)
	}
	if padded, fresh := shared("2", true), shared("2", false); padded != fresh {
		t.Errorf("with padding: ttg.shared %d, want %d as allocated afresh: a stale allocation was used", padded, fresh)
	}
}
