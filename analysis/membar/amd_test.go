package membar_test

import (
	"strings"
	"testing"

	"github.com/ttcompiler/tt/analysis/membar"
	"github.com/ttcompiler/tt/dialects/all"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

// Tokens in a CFG loop: %a passes the wait's token around the loop
// unchanged (a cycle of block arguments), %b joins the wait's token with
// a copy's.
const amdSrc = `
#bl = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#sh = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 64 : i32} {
  tt.func @f(%p: tensor<32x64x!tt.ptr<f16>, #bl>, %c: i1) {
    %buf = ttg.local_alloc : () -> !ttg.memdesc<32x64xf16, #sh, #smem, mutable>
    %t0 = ttg.async_copy_global_to_local %p, %buf : tensor<32x64x!tt.ptr<f16>, #bl> -> !ttg.memdesc<32x64xf16, #sh, #smem, mutable>
    %w = ttg.async_wait %t0 {num = 0 : i32}
    cf.br ^loop(%w, %w : !ttg.async.token, !ttg.async.token)
  ^loop(%a: !ttg.async.token, %b: !ttg.async.token):
    %la = ttg.local_load %buf token %a : !ttg.memdesc<32x64xf16, #sh, #smem, mutable> -> tensor<32x64xf16, #bl>
    %lb = ttg.local_load %buf token %b : !ttg.memdesc<32x64xf16, #sh, #smem, mutable> -> tensor<32x64xf16, #bl>
    %t1 = ttg.async_copy_global_to_local %p, %buf : tensor<32x64x!tt.ptr<f16>, #bl> -> !ttg.memdesc<32x64xf16, #sh, #smem, mutable>
    cf.cond_br %c, ^loop(%a, %t1 : !ttg.async.token, !ttg.async.token), ^exit
  ^exit:
    tt.return
  }
}`

func TestAnnotateAsyncWaitedLoads(t *testing.T) {
	ctx := all.NewContext()
	m, err := asm.ParseString(ctx, amdSrc)
	if err != nil {
		t.Fatal(err)
	}
	membar.AnnotateAsyncWaitedLoads(m)
	var loads, copies []*ir.Operation
	var synced []bool
	ir.WalkOps(m, func(op *ir.Operation) {
		switch op.Name() {
		case "ttg.local_load":
			loads = append(loads, op)
			a, _ := op.Attr(membar.SyncedViaAsyncWaitAttr).(*ir.IntegerAttr)
			synced = append(synced, a != nil && a.Bool())
		case "ttg.async_copy_global_to_local":
			copies = append(copies, op)
		}
	})
	if len(loads) != 2 || len(synced) != 2 || len(copies) != 2 {
		t.Fatalf("found %d loads, %d copies", len(loads), len(copies))
	}
	// %a: only the wait's token, around a cycle; %b: also a copy's token.
	if !synced[0] || synced[1] {
		t.Errorf("synced = %v, want [true false]", synced)
	}
	// The filter excuses a copy against a waited load, in either order,
	// and nothing else of these.
	for _, c := range []struct {
		x, y *ir.Operation
		want bool
	}{
		{copies[1], loads[0], true},
		{loads[0], copies[1], true},
		{copies[1], loads[1], false},
		{copies[0], copies[1], false},
		{loads[0], loads[1], false},
	} {
		if got := membar.AMDFilter(c.x, c.y); got != c.want {
			t.Errorf("AMDFilter(%s, %s) = %v, want %v", c.x.Name(), c.y.Name(), got, c.want)
		}
	}
}

// Every amdg.async_wait gets a barrier after it, unless one follows it
// already.
func TestBarriersAfterAMDAsyncWaits(t *testing.T) {
	m, err := asm.ParseString(all.NewContext(), `module {
  tt.func @f(%t: !ttg.async.token) {
    %a = amdg.async_wait %t {num_inst = 0 : i32}
    %b = amdg.async_wait %a {num_inst = 0 : i32}
    ttg.local_barrier
    %c = ttg.async_wait %b {num = 0 : i32}
    tt.return
  }
}`)
	if err != nil {
		t.Fatal(err)
	}
	membar.BarriersAfterAMDAsyncWaits(m)
	var got []string
	ir.WalkOps(m, func(op *ir.Operation) {
		if op.Name() != "tt.func" && op.Name() != "builtin.module" {
			got = append(got, op.Name())
		}
	})
	want := []string{"amdg.async_wait", "ttg.local_barrier", "amdg.async_wait", "ttg.local_barrier", "ttg.async_wait", "tt.return"}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("ops = %v, want %v", got, want)
	}
}
