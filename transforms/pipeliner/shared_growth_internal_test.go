package pipeliner

import (
	"testing"

	"github.com/ttcompiler/tt/dialects/all"
	"github.com/ttcompiler/tt/ir/asm"
)

// TestAllocBytes: the shared memory the chained-dot schedules count
// before they grow a ring is every buffer's, except that of an scf.if's
// two branches only the larger counts (tt-tma-loads' guard keeps a
// fallback copy of its loop in the else branch, which never runs beside
// the then branch, and the allocator overlaps the two): 4 KB before the
// if, then 8 KB against 2 KB, and 1 KB in a loop after it.
func TestAllocBytes(t *testing.T) {
	const src = `#s = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @f(%c: i1, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %a = ttg.local_alloc : () -> !ttg.memdesc<1024xi32, #s, #smem, mutable>
    scf.if %c {
      %t1 = ttg.local_alloc : () -> !ttg.memdesc<1024xi32, #s, #smem, mutable>
      %t2 = ttg.local_alloc : () -> !ttg.memdesc<1024xi32, #s, #smem, mutable>
    } else {
      %e = ttg.local_alloc : () -> !ttg.memdesc<512xi32, #s, #smem, mutable>
    }
    scf.for %i = %c0 to %n step %c1 : i32 {
      %l = ttg.local_alloc : () -> !ttg.memdesc<256xi32, #s, #smem, mutable>
    }
    tt.return
  }
}`
	m, err := asm.ParseString(all.NewContext(), src)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := allocBytes(m), 4096+8192+1024; got != want {
		t.Errorf("allocBytes = %d, want %d (the else branch's 2 KB left out)", got, want)
	}
}
