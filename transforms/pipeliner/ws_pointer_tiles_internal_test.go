package pipeliner

import (
	"strings"
	"testing"

	"github.com/ttcompiler/tt/dialects/all"
	"github.com/ttcompiler/tt/dialects/arith"
	"github.com/ttcompiler/tt/dialects/scf"
	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

// TestSplitTileLoop: a tile loop without results, from 0 by 1, whose
// body reads scalars, constants and a tensor it can compute again from
// outside, goes into a warp_specialize: the default region runs it from 0
// by 2, the partition a clone from 1 by 2 that captures the scalars and
// recomputes the tensor. A loop carrying values, stepping by 2, or
// reading a buffer allocated outside it stays, with the reason.
func TestSplitTileLoop(t *testing.T) {
	src := func(header, body string) string {
		return `#b = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#s = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @f(%out: !tt.ptr<i32>, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c2 = arith.constant 2 : i32
    %r = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #b>
    %buf = ttg.local_alloc : () -> !ttg.memdesc<128xi32, #s, #smem, mutable>
    ` + header + `
      %x = tt.splat %i : i32 -> tensor<128xi32, #b>
      %v = arith.addi %r, %x : tensor<128xi32, #b>
      %p = tt.splat %out : !tt.ptr<i32> -> tensor<128x!tt.ptr<i32>, #b>
      %q = tt.addptr %p, %v : tensor<128x!tt.ptr<i32>, #b>, tensor<128xi32, #b>
      tt.store %q, %v : tensor<128x!tt.ptr<i32>, #b>
      ` + body + `
    }
    tt.return
  }
}`
	}
	loopOf := func(t *testing.T, text string) (*ir.Operation, *ir.Operation) {
		t.Helper()
		m, err := asm.ParseString(all.NewContext(), text)
		if err != nil {
			t.Fatal(err)
		}
		var loop *ir.Operation
		ir.WalkOps(m, func(op *ir.Operation) {
			if op.Name() == "scf.for" {
				loop = op
			}
		})
		return m, loop
	}

	m, loop := loopOf(t, src("scf.for %i = %c0 to %n step %c1 : i32 {", ""))
	if why := splitTileLoop(loop); why != "" {
		t.Fatalf("not split: %s", why)
	}
	if err := ir.Verify(m); err != nil {
		t.Fatalf("the split IR does not verify: %v\n%s", err, asm.OpString(m))
	}
	ws := loop.ParentOp()
	if ws.Name() != ttg.WarpSpecialize.Name || ws.NumOperands() != 2 {
		t.Fatalf("the loop's parent is %s with %d captures, want a warp_specialize capturing %%out and %%n:\n%s", ws.Name(), ws.NumOperands(), asm.OpString(m))
	}
	bounds := func(l *ir.Operation) (int64, int64) {
		f := scf.ForOp{Operation: l}
		lb, _ := arith.MatchConstantInt(f.LowerBound())
		st, _ := arith.MatchConstantInt(f.Step())
		return lb, st
	}
	if lb, st := bounds(loop); lb != 0 || st != 2 {
		t.Errorf("default region's loop from %d by %d, want 0 by 2", lb, st)
	}
	var odd *ir.Operation
	ir.WalkOps(ttg.PartitionRegions(ws)[0].ParentOp(), func(op *ir.Operation) {
		if op.Name() == "scf.for" && op != loop {
			odd = op
		}
	})
	if odd == nil {
		t.Fatalf("no loop in the partition:\n%s", asm.OpString(m))
	}
	if lb, st := bounds(odd); lb != 1 || st != 2 {
		t.Errorf("partition's loop from %d by %d, want 1 by 2", lb, st)
	}
	if !strings.Contains(asm.OpString(ws), "tt.make_range") {
		t.Errorf("the partition does not compute %%r again:\n%s", asm.OpString(ws))
	}

	for _, c := range []struct{ header, body, want string }{
		{"%s = scf.for %i = %c0 to %n step %c1 iter_args(%a = %c0) -> (i32) : i32 {", "scf.yield %a : i32", "carries values"},
		{"scf.for %i = %c0 to %n step %c2 : i32 {", "", "step is not 1"},
		{"scf.for %i = %c0 to %n step %c1 : i32 {", "ttg.local_store %v, %buf : tensor<128xi32, #b> -> !ttg.memdesc<128xi32, #s, #smem, mutable>", "shared-memory buffer"},
	} {
		_, loop := loopOf(t, src(c.header, c.body))
		if why := splitTileLoop(loop); !strings.Contains(why, c.want) {
			t.Errorf("%s ... %s: split says %q, want %q", c.header, c.body, why, c.want)
		}
	}
}
