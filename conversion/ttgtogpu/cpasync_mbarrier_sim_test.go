package ttgtogpu_test

import (
	"math/rand"
	"strings"
	"testing"

	"github.com/ttcompiler/tt/dialects/gpu"
	"github.com/ttcompiler/tt/ir"
)

// cpAsyncTracked copies a program's 512 f32 into shared memory with
// cp.async (4 elements, 16 bytes, per thread), has an mbarrier of 128
// arrivals track every thread's copies (noIncrement), waits for its phase
// and reads the buffer in another layout, one element per thread and
// register, so that most elements a thread reads were copied by another
// thread, and another warp. No cp.async wait: the mbarrier alone makes
// the copies visible.
const cpAsyncTracked = `
#L = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#R = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @tracked(%in: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %out: !tt.ptr<f32> {tt.divisibility = 16 : i32}) {
    %c0 = arith.constant 0 : i32
    %c512 = arith.constant 512 : i32
    %pid = tt.get_program_id x : i32
    %base = arith.muli %pid, %c512 : i32
    %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #shared, #smem, mutable>
    ttng.init_barrier %bar, 128 : !ttg.memdesc<1xi64, #shared, #smem, mutable>
    %r = tt.make_range {end = 512 : i32, start = 0 : i32} : tensor<512xi32, #L>
    %bs = tt.splat %base : i32 -> tensor<512xi32, #L>
    %off = arith.addi %bs, %r : tensor<512xi32, #L>
    %ps = tt.splat %in : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>, #L>
    %pp = tt.addptr %ps, %off : tensor<512x!tt.ptr<f32>, #L>, tensor<512xi32, #L>
    %buf = ttg.local_alloc : () -> !ttg.memdesc<512xf32, #shared, #smem, mutable>
    %t = ttg.async_copy_global_to_local %pp, %buf : tensor<512x!tt.ptr<f32>, #L> -> <512xf32, #shared, #smem, mutable>
    ttng.async_copy_mbarrier_arrive %bar {noIncrement} : !ttg.memdesc<1xi64, #shared, #smem, mutable>
    ttng.wait_barrier %bar, %c0 : !ttg.memdesc<1xi64, #shared, #smem, mutable>
    %v = ttg.local_load %buf : !ttg.memdesc<512xf32, #shared, #smem, mutable> -> tensor<512xf32, #R>
    %w = arith.addf %v, %v : tensor<512xf32, #R>
    %q = tt.make_range {end = 512 : i32, start = 0 : i32} : tensor<512xi32, #R>
    %qb = tt.splat %base : i32 -> tensor<512xi32, #R>
    %qo = arith.addi %qb, %q : tensor<512xi32, #R>
    %qs = tt.splat %out : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>, #R>
    %qp = tt.addptr %qs, %qo : tensor<512x!tt.ptr<f32>, #R>, tensor<512xi32, #R>
    tt.store %qp, %w : tensor<512x!tt.ptr<f32>, #R>
    tt.return
  }
}
`

// TestCpAsyncTrackedByMBarrier runs the kernel in the interpreter and,
// lowered, in the simulator: every thread (not thread 0 alone) arrives,
// and the outputs agree. Then the lowering is broken: without the
// arrivals, or with arrivals that increment the pending count (so 128
// expected arrivals never come), the wait can never complete.
func TestCpAsyncTrackedByMBarrier(t *testing.T) {
	grid := [3]int{3, 1, 1}
	args := []diffArg{f32Buf(randF32(rand.New(rand.NewSource(5)), 3*512, 8)), zeroBuf("f32", 3*512)}
	diffTestCheck(t, parse(t, cpAsyncTracked), "tracked", grid, args, 0, func(m *ir.Operation) {
		arrives := ops(m, gpu.CpAsyncMBarrierArriveOp.Name)
		if len(arrives) != 1 || gpu.BarrierPred(arrives[0]) != nil || !gpu.NoIncrement(arrives[0]) {
			t.Errorf("want one unpredicated noinc gpu.cp_async_mbarrier_arrive, got %d", len(arrives))
		}
		if n := count(m, gpu.CpAsyncWaitOp.Name); n != 0 {
			t.Errorf("%d cp.async waits: the mbarrier alone should order the copies", n)
		}
	})

	for _, mu := range []struct {
		name string
		edit func(op *ir.Operation)
	}{
		{"arrivals removed", func(op *ir.Operation) { op.Erase() }},
		{"arrivals increment", func(op *ir.Operation) { op.RemoveAttr("noinc") }},
	} {
		t.Run(mu.name, func(t *testing.T) {
			m := parse(t, cpAsyncTracked)
			lower(t, m)
			for _, op := range ops(m, gpu.CpAsyncMBarrierArriveOp.Name) {
				mu.edit(op)
			}
			_, err := tryLowered(m, "tracked", grid, args)
			if err == nil || !strings.Contains(err.Error(), "deadlock: waits at gpu.mbarrier_wait") {
				t.Fatalf("want the wait to deadlock, got %v", err)
			}
		})
	}
}
