package ttgtogpu_test

import (
	"fmt"
	"math/rand"
	"testing"

	"github.com/ttcompiler/tt/ir"
)

// TestSharedMemoryCalleeDiff calls a function that is not a kernel and
// that converts a layout (of other values) and reduces across warps
// through shared memory, between the same conversion and two reductions
// of the kernel. The callee works in the reservation the allocation made
// at the call (its address passed as the last parameter), which overlaps
// the scratch the kernel's conversion reads just before the call (in
// other warps than the callee's writers) and its reductions write just
// after. A buffer live across the call puts both above offset 0, where
// the barrier analysis, comparing the callee's accesses in the callee's
// own offsets, sees no overlap: without the callee's barriers at entry
// and return the simulator reports a race.
func TestSharedMemoryCalleeDiff(t *testing.T) {
	forTargets(t, func(t *testing.T, tg gpuTarget) {
		n := 4 * tg.lanes
		src := fmt.Sprintf(`#L = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [%[1]d], warpsPerCTA = [2], order = [0]}>
#M = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [%[1]d], warpsPerCTA = [2], order = [0]}>
#S = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
%[3]s {
  tt.func private @max(%%x: tensor<%[2]dxi32, #L>) -> i32 attributes {noinline = true} {
    %%d = arith.addi %%x, %%x : tensor<%[2]dxi32, #L>
    %%y = ttg.convert_layout %%d : tensor<%[2]dxi32, #L> -> tensor<%[2]dxi32, #M>
    %%s = "tt.reduce"(%%y) <{axis = 0 : i32}> ({
    ^bb0(%%a: i32, %%b: i32):
      %%t = arith.maxsi %%a, %%b : i32
      tt.reduce.return %%t : i32
    }) : (tensor<%[2]dxi32, #M>) -> i32
    tt.return %%s : i32
  }
  tt.func public @k(%%p: !tt.ptr<i32>, %%q: !tt.ptr<i32>) {
    %%r = tt.make_range {end = %[2]d : i32, start = 0 : i32} : tensor<%[2]dxi32, #L>
    %%ps = tt.splat %%p : !tt.ptr<i32> -> tensor<%[2]dx!tt.ptr<i32>, #L>
    %%pa = tt.addptr %%ps, %%r : tensor<%[2]dx!tt.ptr<i32>, #L>, tensor<%[2]dxi32, #L>
    %%v = tt.load %%pa : tensor<%[2]dx!tt.ptr<i32>, #L>
    %%buf = ttg.local_alloc %%v : (tensor<%[2]dxi32, #L>) -> !ttg.memdesc<%[2]dxi32, #S, #smem>
    %%c = ttg.convert_layout %%v : tensor<%[2]dxi32, #L> -> tensor<%[2]dxi32, #M>
    %%m = tt.call @max(%%v) : (tensor<%[2]dxi32, #L>) -> i32
    %%u = ttg.local_load %%buf : !ttg.memdesc<%[2]dxi32, #S, #smem> -> tensor<%[2]dxi32, #L>
    %%sum = "tt.reduce"(%%c) <{axis = 0 : i32}> ({
    ^bb0(%%a: i32, %%b: i32):
      %%t = arith.addi %%a, %%b : i32
      tt.reduce.return %%t : i32
    }) : (tensor<%[2]dxi32, #M>) -> i32
    %%min = "tt.reduce"(%%u) <{axis = 0 : i32}> ({
    ^bb0(%%a: i32, %%b: i32):
      %%t = arith.minsi %%a, %%b : i32
      tt.reduce.return %%t : i32
    }) : (tensor<%[2]dxi32, #L>) -> i32
    %%w = arith.addi %%m, %%sum : i32
    %%x = arith.muli %%w, %%min : i32
    tt.store %%q, %%x : !tt.ptr<i32>
    tt.return
  }
}`, tg.lanes, n, tg.header(2))
		m := parse(t, src)
		x := randI32(rand.New(rand.NewSource(61)), n, 1000)
		diffTestCheck(t, m, "k", [3]int{1, 1, 1}, []diffArg{i32Buf(x), zeroBuf("i32", 1)}, 0, func(m *ir.Operation) {
			if count(m, "llvm.call") != 1 {
				t.Errorf("want the callee called, not inlined")
			}
		})
	})
}
