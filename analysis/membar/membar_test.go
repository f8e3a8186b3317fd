package membar_test

import (
	"strings"
	"testing"

	"github.com/ttcompiler/tt/analysis/allocation"
	"github.com/ttcompiler/tt/analysis/membar"
	"github.com/ttcompiler/tt/dialects/all"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

const src = `
#A = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @f(%c: i1, %lb: index, %ub: index, %st: index, %t: tensor<16x32xf16, #blocked>) {
    %a = ttg.local_alloc : () -> !ttg.memdesc<16x32xf16, #A, #smem, mutable>
    %b = ttg.local_alloc : () -> !ttg.memdesc<16x32xf16, #A, #smem, mutable>
    scf.for %i = %lb to %ub step %st {
      ttg.local_store %t, %a : tensor<16x32xf16, #blocked> -> !ttg.memdesc<16x32xf16, #A, #smem, mutable>
      %v = ttg.local_load %a : !ttg.memdesc<16x32xf16, #A, #smem, mutable> -> tensor<16x32xf16, #blocked>
      scf.if %c {
        ttg.local_store %v, %b : tensor<16x32xf16, #blocked> -> !ttg.memdesc<16x32xf16, #A, #smem, mutable>
      }
      %w = ttg.local_load %b : !ttg.memdesc<16x32xf16, #A, #smem, mutable> -> tensor<16x32xf16, #blocked>
    }
    tt.return
  }
}`

// barriersBefore lists, for each barrier of m, the name of the op it
// precedes.
func barriersBefore(m *ir.Operation) []string {
	var out []string
	ir.WalkOps(m, func(op *ir.Operation) {
		if op.Name() == "ttg.local_barrier" && op.Next() != nil {
			out = append(out, op.Next().Name())
		}
	})
	return out
}

func TestInsert(t *testing.T) {
	ctx := all.NewContext()
	m, err := asm.ParseString(ctx, src)
	if err != nil {
		t.Fatal(err)
	}
	// Without an allocation, Insert allocates itself.
	if err := membar.Insert(m, nil, nil); err != nil {
		t.Fatal(err)
	}
	// In the loop the load of %a follows its store (RAW) and the load of
	// %b follows the conditional store to %b (RAW). Those barriers also
	// order the next iteration's stores after this one's loads.
	want := "ttg.local_load ttg.local_load"
	if got := strings.Join(barriersBefore(m), " "); got != want {
		t.Errorf("barriers before %q, want %q\n%s", got, want, asm.Sprint(m, asm.PrintConfig{}))
	}
	if err := ir.Verify(m); err != nil {
		t.Fatal(err)
	}
	// The barriers make the IR race-free: a second run adds none.
	before := asm.Sprint(m, asm.PrintConfig{})
	alloc, err := allocation.Analyze(m, allocation.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if err := membar.Insert(m, alloc, membar.NVIDIAFilter); err != nil {
		t.Fatal(err)
	}
	if after := asm.Sprint(m, asm.PrintConfig{}); after != before {
		t.Errorf("a second run changed the IR:\n%s", after)
	}
}

func TestNVIDIAFilter(t *testing.T) {
	ctx := all.NewContext()
	op := func(name string) *ir.Operation {
		return ir.Create(ir.NewState(ctx, name, ir.Unknown(ctx)))
	}
	cases := []struct {
		before, after string
		skip          bool
	}{
		{"ttng.init_barrier", "ttng.init_barrier", true},
		{"ttng.inval_barrier", "ttng.inval_barrier", true},
		{"ttng.wait_barrier", "ttng.wait_barrier", false},
		{"ttng.barrier_expect", "ttng.async_tma_copy_global_to_local", true},
		{"ttng.async_tma_gather", "ttg.local_load", true},
		{"ttng.wait_barrier", "ttng.inval_barrier", false},
		{"ttng.init_barrier", "ttng.wait_barrier", false},
		{"ttg.local_store", "ttg.local_load", false},
	}
	for _, c := range cases {
		if got := membar.NVIDIAFilter(op(c.before), op(c.after)); got != c.skip {
			t.Errorf("%s then %s: skip = %v, want %v", c.before, c.after, got, c.skip)
		}
	}
}

// TestMBarrierOrderedFilter: a store and a load of the same buffer in a
// loop need barriers, unless both carry tt.mbarrier_ordered (a pass
// ordered them with mbarriers); marking only one of them excuses nothing.
func TestMBarrierOrderedFilter(t *testing.T) {
	for _, c := range []struct {
		storeMarked, loadMarked bool
		want                    string
	}{
		{false, false, "ttg.local_load ttg.local_load"},
		{true, false, "ttg.local_load ttg.local_load"},
		{false, true, "ttg.local_load ttg.local_load"},
		// %a's accesses need no barrier; %b's store now follows the
		// previous iteration's load of %b with no barrier between (the
		// one before %a's load cleared it before), so it gets its own.
		{true, true, "ttg.local_store ttg.local_load"},
	} {
		ctx := all.NewContext()
		m, err := asm.ParseString(ctx, src)
		if err != nil {
			t.Fatal(err)
		}
		// The first allocation is %a; the loop's first two ops store and
		// load it.
		var a ir.Value
		ir.WalkOps(m, func(op *ir.Operation) {
			if a == nil && op.Name() == "ttg.local_alloc" {
				a = op.Result(0)
			}
			if op.Name() != "scf.for" {
				return
			}
			store, load := op.Region(0).Front().First(), op.Region(0).Front().First().Next()
			if store.Operand(1) != a || load.Operand(0) != a {
				t.Fatalf("unexpected loop body: %s, %s", store.Name(), load.Name())
			}
			if c.storeMarked {
				store.SetAttr(membar.AttrMBarrierOrdered, ir.Unit(ctx))
			}
			if c.loadMarked {
				load.SetAttr(membar.AttrMBarrierOrdered, ir.Unit(ctx))
			}
		})
		if err := membar.Insert(m, nil, membar.MBarrierOrderedFilter); err != nil {
			t.Fatal(err)
		}
		if got := strings.Join(barriersBefore(m), " "); got != c.want {
			t.Errorf("store marked %v, load marked %v: barriers before %q, want %q\n%s", c.storeMarked, c.loadMarked, got, c.want, asm.Sprint(m, asm.PrintConfig{}))
		}
	}
}

// TestArrivePerWarp: a ttng.arrive_barrier touches all of shared memory,
// so a CTA barrier goes before it when accesses are pending, and between
// two arrivals of successive iterations; one with tt.arrive_per_warp
// (warp specialization's 8-warp consumer, whose warps each arrive after
// their own wgmma wait) is left out of the analysis.
func TestArrivePerWarp(t *testing.T) {
	const loop = `
#A = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#B = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [8, 1], order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 8 : i32} {
  tt.func @f(%lb: index, %ub: index, %st: index) {
    %a = ttg.local_alloc : () -> !ttg.memdesc<16x32xf16, #A, #smem, mutable>
    %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #B, #smem, mutable>
    scf.for %i = %lb to %ub step %st {
      %v = ttg.local_load %a : !ttg.memdesc<16x32xf16, #A, #smem, mutable> -> tensor<16x32xf16, #blocked>
      ttng.arrive_barrier %bar, 1 ATTR : !ttg.memdesc<1xi64, #B, #smem, mutable>
    }
    tt.return
  }
}`
	for _, c := range []struct{ attr, want string }{
		{"", "ttg.local_load ttng.arrive_barrier"},
		{"{tt.arrive_per_warp}", ""},
	} {
		ctx := all.NewContext()
		m, err := asm.ParseString(ctx, strings.Replace(loop, "ATTR", c.attr, 1))
		if err != nil {
			t.Fatal(err)
		}
		if err := membar.Insert(m, nil, membar.NVIDIAFilter); err != nil {
			t.Fatal(err)
		}
		if got := strings.Join(barriersBefore(m), " "); got != c.want {
			t.Errorf("%q: barriers before %q, want %q", c.attr, got, c.want)
		}
	}
}
