package sim_test

import (
	"encoding/binary"
	"testing"

	"github.com/ttcompiler/tt/sim"
)

// poolKernel: thread 0 of each CTA claims a slot of a module pool of 2048
// (gpu.tensormap_pool_claim) and stores its index at out[ctaid]; with
// release = 1 it gives the slot back (an atomic exchange of 0 with
// release semantics) before returning.
const poolKernel = `
  llvm.mlir.global internal @claims() {addr_space = 1 : i32, alignment = 4 : i64} : !llvm.array<2048 x i32>
  llvm.func @k(%out: !llvm.ptr<1>, %release: i32) attributes {gpu.kernel} {
    %tid = gpu.thread_id x : i32
    %bx = gpu.block_id x : i32
    %c0 = llvm.mlir.constant(0 : i32) : i32
    %c1 = llvm.mlir.constant(1 : i32) : i32
    %c4 = llvm.mlir.constant(4 : i32) : i32
    %lead = llvm.icmp "eq" %tid, %c0 : i32
    %claims = llvm.mlir.addressof @claims : !llvm.ptr<1>
    %slot = gpu.tensormap_pool_claim %claims, %lead {slots = 2048 : i64} : !llvm.ptr<1>, i1 -> i32
    %p = llvm.getelementptr %out[%bx] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, i32
    gpu.store %p, %lead, %slot {space = global} : !llvm.ptr<1>, i32
    %rel = llvm.icmp "eq" %release, %c1 : i32
    %give = llvm.and %lead, %rel : i1
    %w = llvm.getelementptr %claims[%slot] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, i32
    %old = gpu.atomic_rmw exch, release, gpu, %w, %c0, %give : !llvm.ptr<1>, i32 -> i32
    llvm.return
  }`

// A CTA claims the first free slot from (%smid * 8) mod 2048 on; claims
// outlive the launch, in the module's global, until released.
func TestTensormapPoolClaim(t *testing.T) {
	k := load(t, module(1, 32, 0, poolKernel))
	run := func(mem *sim.Memory, release uint64) []uint32 {
		buf := make([]byte, 16)
		// One CTA at a time: which of two CTAs of an SM claims first is
		// then the grid's order.
		if err := k.Launch(mem, [3]int{4, 1, 1}, []uint64{mem.Alloc("out", buf), release}, sim.Config{Workers: 1, SMs: 3}); err != nil {
			t.Fatal(err)
		}
		out := make([]uint32, 4)
		for i := range out {
			out[i] = binary.LittleEndian.Uint32(buf[4*i:])
		}
		return out
	}
	check := func(what string, got, want []uint32) {
		t.Helper()
		for i := range want {
			if got[i] != want[i] {
				t.Errorf("%s: CTAs took slots %v, want %v", what, got, want)
				return
			}
		}
	}
	mem := sim.NewMemory()
	// SMs 0, 1, 2, 0: the fourth CTA finds slot 0 held and takes 1.
	check("first launch, no release", run(mem, 0), []uint32{0, 8, 16, 1})
	check("second launch on the same memory", run(mem, 0), []uint32{2, 9, 17, 3})
	fresh := sim.NewMemory()
	check("with release", run(fresh, 1), []uint32{0, 8, 16, 0})
	check("again after release", run(fresh, 1), []uint32{0, 8, 16, 0})
}
