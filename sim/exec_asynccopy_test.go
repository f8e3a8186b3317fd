package sim_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/ttcompiler/tt/sim"
)

// cpAsyncKernel: each thread of one warp copies 16 bytes of buffer 0 to
// shared word group 0 (bytes 0-511) and 16 bytes of buffer 1 to group 1
// (bytes 512-1023) in two commit groups, runs wait, and writes what it
// reads back from both destinations to buffer 2 (32 bytes per thread).
func cpAsyncKernel(wait string) string {
	return kernel(1, 1024, 3, `
    %smem = gpu.shared_base : !llvm.ptr<3>
    %c2 = llvm.mlir.constant(2 : i64) : i64
    %c4 = llvm.mlir.constant(4 : i64) : i64
    %c64 = llvm.mlir.constant(64 : i64) : i64
    %i = llvm.mul %tid64, %c2 : i64
    %s0 = llvm.getelementptr %b0[%i] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, i64
    %s1 = llvm.getelementptr %b1[%i] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, i64
    %d0 = llvm.getelementptr %smem[%i] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, i64
    %j = llvm.add %i, %c64 : i64
    %d1 = llvm.getelementptr %smem[%j] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, i64
    gpu.cp_async %d0, %s0 {cache = cg, size = 16} : !llvm.ptr<3>, !llvm.ptr<1>
    gpu.cp_async_commit
    gpu.cp_async %d1, %s1 {cache = cg, size = 16} : !llvm.ptr<3>, !llvm.ptr<1>
    gpu.cp_async_commit
    `+wait+`
    %x:2 = gpu.load %d0 {space = shared} : !llvm.ptr<3> -> i64, i64
    %y:2 = gpu.load %d1 {space = shared} : !llvm.ptr<3> -> i64, i64
    %o = llvm.mul %tid64, %c4 : i64
    %op = llvm.getelementptr %b2[%o] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, i64
    gpu.store %op, %x#0, %x#1 {space = global} : !llvm.ptr<1>, i64, i64
    %o2 = llvm.add %o, %c2 : i64
    %op2 = llvm.getelementptr %b2[%o2] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, i64
    gpu.store %op2, %y#0, %y#1 {space = global} : !llvm.ptr<1>, i64, i64
    gpu.cp_async_wait 0`)
}

// TestCpAsyncGroups: the copies land only when a wait retires their
// group: wait 1 retires the first group, wait 0 both, wait 2 neither, so
// the reads see the sources or the old (zero) contents accordingly.
func TestCpAsyncGroups(t *testing.T) {
	for _, c := range []struct {
		wait         string
		land0, land1 bool
	}{
		{"gpu.cp_async_wait 0", true, true},
		{"gpu.cp_async_wait 1", true, false},
		{"gpu.cp_async_wait 2", false, false},
		{"gpu.cp_async_wait all", true, true},
	} {
		t.Run(c.wait, func(t *testing.T) {
			a, b := make([]byte, 512), make([]byte, 512)
			for i := range a {
				a[i], b[i] = byte(i+1), byte(3*i+1)
			}
			out := make([]byte, 1024)
			if err := launchBufs(t, cpAsyncKernel(c.wait), [3]int{1, 1, 1}, sim.Config{}, a, b, out); err != nil {
				t.Fatal(err)
			}
			for tid := 0; tid < 32; tid++ {
				for k := 0; k < 16; k++ {
					var w0, w1 byte
					if c.land0 {
						w0 = a[16*tid+k]
					}
					if c.land1 {
						w1 = b[16*tid+k]
					}
					if g0, g1 := out[32*tid+k], out[32*tid+16+k]; g0 != w0 || g1 != w1 {
						t.Fatalf("thread %d byte %d: read %d and %d, want %d and %d", tid, k, g0, g1, w0, w1)
					}
				}
			}
		})
	}
}

// TestCpAsyncNeverWaited: a copy whose group no wait retires is an error
// when its thread exits (here: it was never even committed).
func TestCpAsyncNeverWaited(t *testing.T) {
	src := kernel(1, 512, 1, `
    %smem = gpu.shared_base : !llvm.ptr<3>
    %d = llvm.getelementptr %smem[%tid64] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, i32
    %s = llvm.getelementptr %b0[%tid64] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, i32
    gpu.cp_async %d, %s {cache = ca, size = 4} : !llvm.ptr<3>, !llvm.ptr<1>
    gpu.cp_async_wait 0`)
	err := launchBufs(t, src, [3]int{1, 1, 1}, sim.Config{}, make([]byte, 128))
	if err == nil || !strings.Contains(err.Error(), "the thread exited with 1 asynchronous effects not waited for (the first by gpu.cp_async at test.mlir:10:5)") {
		t.Fatalf("got %v", err)
	}
}

// TestCpAsyncZeroFill: src-size reads that many bytes and zero-fills the
// rest; a false predicate copies nothing (the old contents stay).
func TestCpAsyncZeroFill(t *testing.T) {
	src := kernel(1, 512, 2, `
    %smem = gpu.shared_base : !llvm.ptr<3>
    %c2 = llvm.mlir.constant(2 : i64) : i64
    %c3 = llvm.mlir.constant(3 : i32) : i32
    %c31 = llvm.mlir.constant(31 : i32) : i32
    %i = llvm.mul %tid64, %c2 : i64
    %d = llvm.getelementptr %smem[%i] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, i64
    %s = llvm.getelementptr %b0[%i] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, i64
    %old = llvm.mlir.constant(-1 : i64) : i64
    gpu.store %d, %old, %old {space = shared} : !llvm.ptr<3>, i64, i64
    %n = llvm.urem %tid, %c31 : i32
    %n16 = llvm.urem %n, %c3 : i32
    %n2 = llvm.mul %n16, %c3 : i32
    %p = llvm.icmp "ne" %tid, %c31 : i32
    gpu.cp_async %d, %s, %n2, %p {cache = cg, size = 16} : !llvm.ptr<3>, !llvm.ptr<1>, i32, i1
    gpu.cp_async_wait all
    %x:2 = gpu.load %d {space = shared} : !llvm.ptr<3> -> i64, i64
    %op = llvm.getelementptr %b1[%i] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, i64
    gpu.store %op, %x#0, %x#1 {space = global} : !llvm.ptr<1>, i64, i64`)
	in, out := make([]byte, 512), make([]byte, 512)
	for i := range in {
		in[i] = byte(i | 1)
	}
	if err := launchBufs(t, src, [3]int{1, 1, 1}, sim.Config{}, in, out); err != nil {
		t.Fatal(err)
	}
	for tid := 0; tid < 32; tid++ {
		n := tid % 31 % 3 * 3
		for k := 0; k < 16; k++ {
			want := byte(0)
			switch {
			case tid == 31:
				want = 0xff
			case k < n:
				want = in[16*tid+k]
			}
			if got := out[16*tid+k]; got != want {
				t.Fatalf("thread %d byte %d: %d, want %d", tid, k, got, want)
			}
		}
	}
}

// TestCpAsyncLandingRaces: the landing is a write by the issuing thread
// at the wait; another warp reading the destination after it needs a
// barrier.
func TestCpAsyncLandingRaces(t *testing.T) {
	body := func(barrier string) string {
		return kernel(2, 256, 2, `
    %smem = gpu.shared_base : !llvm.ptr<3>
    %c32 = llvm.mlir.constant(32 : i32) : i32
    %w0 = llvm.icmp "ult" %tid, %c32 : i32
    %w1 = llvm.icmp "uge" %tid, %c32 : i32
    %lane = gpu.lane_id : i32
    %d = llvm.getelementptr %smem[%lane] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i32
    %s = llvm.getelementptr %b0[%lane] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, i32
    gpu.cp_async %d, %s, %w0 {cache = ca, size = 4} : !llvm.ptr<3>, !llvm.ptr<1>, i1
    gpu.cp_async_wait all
    `+barrier+`
    %v = gpu.load %d, %w1 {space = shared} : !llvm.ptr<3> -> i32
    %o = llvm.getelementptr %b1[%lane] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, i32
    gpu.store %o, %w1, %v {space = global} : !llvm.ptr<1>, i32`)
	}
	in := make([]byte, 128)
	for i := range in {
		in[i] = byte(i + 1)
	}
	out := make([]byte, 128)
	if err := launchBufs(t, body("gpu.barrier"), [3]int{1, 1, 1}, sim.Config{}, in, out); err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(out) != fmt.Sprint(in) {
		t.Fatalf("warp 1 read %v, want %v", out, in)
	}
	err := launchBufs(t, body(""), [3]int{1, 1, 1}, sim.Config{}, in, make([]byte, 128))
	var race *sim.RaceError
	if !errors.As(err, &race) || race.First.Op.Name() != "gpu.cp_async" || race.First.Kind != sim.Write ||
		race.Second.Op.Name() != "gpu.load" || race.Second.Thread != 32 {
		t.Fatalf("want a race between the landing copy of thread 0 and the read of thread 32, got %v", err)
	}
}
