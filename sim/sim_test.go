package sim_test

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/ttcompiler/tt/dialects/all"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
	"github.com/ttcompiler/tt/sim"
)

// module wraps per-thread functions in a module of numWarps warps of
// lanes threads with shared bytes of shared memory.
func module(numWarps, lanes, shared int, body string) string {
	return fmt.Sprintf(`module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = %d : i32, ttg.shared = %d : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = %d : i32} {
%s
}`, numWarps, shared, lanes, body)
}

// launch parses src, runs kernel @k over grid with one i32 output buffer
// of n elements (the first argument) and the given extra arguments, and
// returns the buffer and the launch's error.
func launch(t *testing.T, src string, grid [3]int, n int, cfg sim.Config, extra ...uint64) ([]uint32, error) {
	t.Helper()
	m, err := asm.Parse(all.NewContext(), src, asm.ParseConfig{Filename: "test.mlir"})
	if err != nil {
		t.Fatalf("parse: %v", err)
	}
	if err := ir.Verify(m); err != nil {
		t.Fatalf("verify: %v", err)
	}
	p, err := sim.Load(m)
	if err != nil {
		t.Fatal(err)
	}
	k, err := p.Kernel("k")
	if err != nil {
		t.Fatal(err)
	}
	mem := sim.NewMemory()
	buf := make([]byte, 4*n)
	args := append([]uint64{mem.Alloc("out", buf)}, extra...)
	err = k.Launch(mem, grid, args, cfg)
	out := make([]uint32, n)
	for i := range out {
		out[i] = binary.LittleEndian.Uint32(buf[4*i:])
	}
	return out, err
}

// storeByTid stores %v (i32) at out[tid]: the tail of most test kernels.
const storeByTid = `
    %tid64 = llvm.zext %tid : i32 to i64
    %p = llvm.getelementptr %out[%tid64] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, i32
    gpu.store %p, %v {space = global} : !llvm.ptr<1>, i32
    llvm.return`

func TestShuffleModes(t *testing.T) {
	// Each lane shuffles its lane id; the expected sources follow the
	// gpu.shuffle rules for a 32-lane warp.
	cases := []struct {
		mode          string
		offset, width int
		want          map[int]int // lane -> source lane
	}{
		{"xor", 1, 32, map[int]int{0: 1, 1: 0, 30: 31}},
		{"xor", 16, 8, map[int]int{0: 0, 9: 9}}, // the partner leaves the segment
		{"up", 1, 8, map[int]int{0: 0, 1: 0, 8: 8, 9: 8}},
		{"down", 2, 4, map[int]int{0: 2, 1: 3, 2: 2, 3: 3, 4: 6}},
		{"idx", 3, 16, map[int]int{0: 3, 15: 3, 16: 19, 31: 19}},
		{"idx", 35, 32, map[int]int{5: 3}}, // the offset wraps in the segment
	}
	for _, c := range cases {
		t.Run(fmt.Sprintf("%s_%d_%d", c.mode, c.offset, c.width), func(t *testing.T) {
			src := module(1, 32, 0, fmt.Sprintf(`
  llvm.func @k(%%out: !llvm.ptr<1>) attributes {gpu.kernel} {
    %%tid = gpu.thread_id x : i32
    %%off = llvm.mlir.constant(%d : i32) : i32
    %%w = llvm.mlir.constant(%d : i32) : i32
    %%v = gpu.shuffle %s %%tid, %%off, %%w : i32`, c.offset, c.width, c.mode)+storeByTid+`
  }`)
			out, err := launch(t, src, [3]int{1, 1, 1}, 32, sim.Config{})
			if err != nil {
				t.Fatal(err)
			}
			for lane, src := range c.want {
				if int(out[lane]) != src {
					t.Errorf("lane %d read lane %d, want %d", lane, out[lane], src)
				}
			}
		})
	}
}

func TestBallot(t *testing.T) {
	// 64-lane wavefronts: the ballot is an i64 of every lane's predicate.
	src := module(2, 64, 0, `
  llvm.func @k(%out: !llvm.ptr<1>) attributes {gpu.kernel} {
    %tid = gpu.thread_id x : i32
    %c3 = llvm.mlir.constant(3 : i32) : i32
    %c0 = llvm.mlir.constant(0 : i32) : i32
    %r = llvm.urem %tid, %c3 : i32
    %pred = llvm.icmp "eq" %r, %c0 : i32
    %m = gpu.ballot %pred : i64
    %c32 = llvm.mlir.constant(32 : i64) : i64
    %hi = llvm.lshr %m, %c32 : i64
    %v = llvm.trunc %hi : i64 to i32`+storeByTid+`
  }`)
	out, err := launch(t, src, [3]int{1, 1, 1}, 128, sim.Config{})
	if err != nil {
		t.Fatal(err)
	}
	// Warp 0 (threads 0-63): lanes 33, 36, ..., 63 of the high half;
	// warp 1 (threads 64-127): thread 64+l has l%3 == 2-(64%3)... computed
	// from the thread ids: bit l set iff (64w+l)%3 == 0.
	for w := 0; w < 2; w++ {
		var want uint32
		for l := 32; l < 64; l++ {
			if (64*w+l)%3 == 0 {
				want |= 1 << (l - 32)
			}
		}
		if out[64*w] != want {
			t.Errorf("warp %d: high ballot %#x, want %#x", w, out[64*w], want)
		}
	}
}

// exchange is a kernel of two warps: thread t of warp 1 writes t to
// shared word t-32, [a barrier,] and thread t of warp 0 reads word t.
func exchange(barrier string) string {
	return module(2, 32, 128, `
  llvm.func @k(%out: !llvm.ptr<1>) attributes {gpu.kernel} {
    %tid = gpu.thread_id x : i32
    %base = gpu.shared_base : !llvm.ptr<3>
    %c32 = llvm.mlir.constant(32 : i32) : i32
    %warp1 = llvm.icmp "sge" %tid, %c32 : i32
    %widx = llvm.sub %tid, %c32 : i32
    %wp = llvm.getelementptr %base[%widx] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i32
    gpu.store %wp, %warp1, %tid {space = shared} : !llvm.ptr<3>, i32
    `+barrier+`
    %warp0 = llvm.icmp "slt" %tid, %c32 : i32
    %rp = llvm.getelementptr %base[%tid] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i32
    %v = gpu.load %rp, %warp0 {space = shared} : !llvm.ptr<3> -> i32`+storeByTid+`
  }`)
}

func TestBarrierOrdersSharedMemory(t *testing.T) {
	out, err := launch(t, exchange("gpu.barrier"), [3]int{1, 1, 1}, 64, sim.Config{})
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 32; i++ {
		if out[i] != uint32(32+i) {
			t.Fatalf("thread %d read %d, want %d", i, out[i], 32+i)
		}
	}
}

func TestMissingBarrierIsARace(t *testing.T) {
	_, err := launch(t, exchange(""), [3]int{2, 1, 1}, 64, sim.Config{Workers: 1})
	var race *sim.RaceError
	if !errors.As(err, &race) {
		t.Fatalf("want a race, got %v", err)
	}
	// Warp 1 runs after warp 0: thread 32 writes byte 0, which thread 0
	// read.
	if race.Addr != 0 || race.Block != [3]int{0, 0, 0} ||
		race.First.Thread != 0 || race.First.Kind != sim.Read || race.First.Op.Name() != "gpu.load" ||
		race.Second.Thread != 32 || race.Second.Kind != sim.Write || race.Second.Op.Name() != "gpu.store" {
		t.Errorf("race %+v", race)
	}
	for _, want := range []string{"test.mlir:10:5: error: data race on shared memory byte 0", "thread 32 (warp 1, lane 0) writes", "thread 0 (warp 0, lane 0)", "test.mlir:14:10: note: the read"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("message lacks %q:\n%v", want, err)
		}
	}
	// Without the detector the same launch completes.
	if _, err := launch(t, exchange(""), [3]int{2, 1, 1}, 64, sim.Config{NoRaceCheck: true}); err != nil {
		t.Errorf("without race checks: %v", err)
	}
}

func TestBarrierDeadlock(t *testing.T) {
	// Lane 0 of warp 1 returns before the barrier the others wait at.
	src := module(2, 32, 0, `
  llvm.func @k(%out: !llvm.ptr<1>) attributes {gpu.kernel} {
    %tid = gpu.thread_id x : i32
    %c32 = llvm.mlir.constant(32 : i32) : i32
    %quit = llvm.icmp "eq" %tid, %c32 : i32
    llvm.cond_br %quit, ^bb1, ^bb2
  ^bb1:
    llvm.return
  ^bb2:
    gpu.barrier
    llvm.return
  }`)
	_, err := launch(t, src, [3]int{1, 1, 1}, 1, sim.Config{})
	var ee *sim.ExecError
	if !errors.As(err, &ee) || !strings.Contains(err.Error(), "deadlock: waits for its CTA at gpu.barrier, but thread 32 (warp 1, lane 0) has exited") ||
		!strings.HasPrefix(err.Error(), "test.mlir:11:5: error: block (0,0,0) thread 0") {
		t.Fatalf("got %v", err)
	}
}

func TestDivergentShuffle(t *testing.T) {
	// Half the warp shuffles at one op, half at another.
	src := module(1, 32, 0, `
  llvm.func @k(%out: !llvm.ptr<1>) attributes {gpu.kernel} {
    %tid = gpu.thread_id x : i32
    %c1 = llvm.mlir.constant(1 : i32) : i32
    %c16 = llvm.mlir.constant(16 : i32) : i32
    %c32 = llvm.mlir.constant(32 : i32) : i32
    %lo = llvm.icmp "slt" %tid, %c16 : i32
    llvm.cond_br %lo, ^bb1, ^bb2
  ^bb1:
    %a = gpu.shuffle xor %tid, %c1, %c32 : i32
    llvm.br ^bb3(%a : i32)
  ^bb2:
    %b = gpu.shuffle xor %tid, %c1, %c32 : i32
    llvm.br ^bb3(%b : i32)
  ^bb3(%v: i32):`+storeByTid+`
  }`)
	_, err := launch(t, src, [3]int{1, 1, 1}, 32, sim.Config{})
	if err == nil || !strings.Contains(err.Error(), "waits at a different warp collective") {
		t.Fatalf("got %v", err)
	}
}

func TestOutOfBoundsIsLocated(t *testing.T) {
	src := module(1, 32, 0, `
  llvm.func @k(%out: !llvm.ptr<1>) attributes {gpu.kernel} {
    %bid = gpu.block_id x : i32
    %c32 = llvm.mlir.constant(32 : i32) : i32
    %t = gpu.thread_id x : i32
    %b32 = llvm.mul %bid, %c32 : i32
    %tid = llvm.add %b32, %t : i32
    %v = llvm.mlir.constant(7 : i32) : i32`+storeByTid+`
  }`)
	_, err := launch(t, src, [3]int{2, 1, 1}, 40, sim.Config{Workers: 1})
	want := "test.mlir:12:5: error: block (1,0,0) thread 8 (warp 0, lane 8): global access of 4 bytes at offset 160 of buffer out is out of bounds (160 bytes)"
	if err == nil || err.Error() != want {
		t.Fatalf("got  %v\nwant %s", err, want)
	}
}

func TestAssert(t *testing.T) {
	src := module(1, 32, 0, `
  llvm.func @k(%out: !llvm.ptr<1>) attributes {gpu.kernel} {
    %tid = gpu.thread_id x : i32
    %c5 = llvm.mlir.constant(5 : i32) : i32
    %ok = llvm.icmp "ne" %tid, %c5 : i32
    gpu.assert %ok, "tid != 5", "kernel.py", 12
    llvm.return
  }`)
	_, err := launch(t, src, [3]int{1, 1, 1}, 1, sim.Config{})
	if err == nil || !strings.Contains(err.Error(), "thread 5 (warp 0, lane 5): device assertion failed: tid != 5 (kernel.py:12)") {
		t.Fatalf("got %v", err)
	}
}

func TestPrintf(t *testing.T) {
	src := module(1, 32, 0, `
  llvm.func @k(%out: !llvm.ptr<1>) attributes {gpu.kernel} {
    %tid = gpu.thread_id x : i32
    %c2 = llvm.mlir.constant(2 : i32) : i32
    %first = llvm.icmp "ult" %tid, %c2 : i32
    llvm.cond_br %first, ^bb1, ^bb2
  ^bb1:
    %m1 = llvm.mlir.constant(-1 : i32) : i32
    %big = llvm.mlir.constant(-5 : i64) : i64
    %x = llvm.mlir.constant(1.5 : f32) : f32
    %h = llvm.mlir.constant(-2.25 : f16) : f16
    %inf = llvm.mlir.constant(0x7F800000 : f32) : f32
    gpu.printf "t%d %u %x %lld %5.2f|%g|%e|%-6f|%05d|%%\0A", %tid, %m1, %m1, %big, %x, %h, %x, %inf, %tid : i32, i32, i32, i64, f32, f16, f32, f32, i32
    llvm.br ^bb2
  ^bb2:
    llvm.return
  }`)
	var b bytes.Buffer
	if _, err := launch(t, src, [3]int{1, 1, 1}, 1, sim.Config{Stdout: &b}); err != nil {
		t.Fatal(err)
	}
	want := "t0 4294967295 ffffffff -5  1.50|-2.25|1.500000e+00|inf   |00000|%\n" +
		"t1 4294967295 ffffffff -5  1.50|-2.25|1.500000e+00|inf   |00001|%\n"
	if b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}
}

func TestLoopAndCall(t *testing.T) {
	// fib(tid) by a loop whose back edge passes its arguments rotated
	// (a parallel copy), through a device function.
	src := module(1, 32, 0, `
  llvm.func @fib(%n: i32) -> i32 {
    %c0 = llvm.mlir.constant(0 : i32) : i32
    %c1 = llvm.mlir.constant(1 : i32) : i32
    llvm.br ^loop(%c0, %c1, %n : i32, i32, i32)
  ^loop(%a: i32, %b: i32, %i: i32):
    %done = llvm.icmp "eq" %i, %c0 : i32
    llvm.cond_br %done, ^exit, ^body
  ^body:
    %s = llvm.add %a, %b : i32
    %i1 = llvm.sub %i, %c1 : i32
    llvm.br ^loop(%b, %s, %i1 : i32, i32, i32)
  ^exit:
    llvm.return %a : i32
  }
  llvm.func @k(%out: !llvm.ptr<1>) attributes {gpu.kernel} {
    %tid = gpu.thread_id x : i32
    %v = llvm.call @fib(%tid) : (i32) -> i32`+storeByTid+`
  }`)
	out, err := launch(t, src, [3]int{1, 1, 1}, 32, sim.Config{})
	if err != nil {
		t.Fatal(err)
	}
	a, b := uint32(0), uint32(1)
	for i := 0; i < 32; i++ {
		if out[i] != a {
			t.Fatalf("fib(%d) = %d, want %d", i, out[i], a)
		}
		a, b = b, a+b
	}
}

func TestSharedAtomics(t *testing.T) {
	// Every thread of four warps adds 1 to one shared counter (atomics do
	// not race with atomics); after a barrier thread 0 publishes it.
	src := module(4, 32, 4, `
  llvm.func @k(%out: !llvm.ptr<1>) attributes {gpu.kernel} {
    %tid = gpu.thread_id x : i32
    %base = gpu.shared_base : !llvm.ptr<3>
    %c1 = llvm.mlir.constant(1 : i32) : i32
    %old = gpu.atomic_rmw add, relaxed, cta, %base, %c1 : !llvm.ptr<3>, i32 -> i32
    gpu.barrier
    %c0 = llvm.mlir.constant(0 : i32) : i32
    %first = llvm.icmp "eq" %tid, %c0 : i32
    %v = gpu.load %base {space = shared} : !llvm.ptr<3> -> i32
    gpu.store %out, %first, %v {space = global} : !llvm.ptr<1>, i32
    llvm.return
  }`)
	out, err := launch(t, src, [3]int{1, 1, 1}, 1, sim.Config{})
	if err != nil || out[0] != 128 {
		t.Fatalf("counter %d, err %v", out[0], err)
	}
}

func TestUnsupportedOpIsLocated(t *testing.T) {
	src := module(1, 32, 0, `
  llvm.func @k(%out: !llvm.ptr<1>) attributes {gpu.kernel} {
    %tid = gpu.thread_id x : i32
    %v = llvm.intr.bswap(%tid) : (i32) -> i32`+storeByTid+`
  }`)
	_, err := launch(t, src, [3]int{1, 1, 1}, 32, sim.Config{})
	if err == nil || !strings.HasPrefix(err.Error(), "test.mlir:5:10: error: block (0,0,0) thread 0 (warp 0, lane 0): llvm.intr.bswap is not simulated") {
		t.Fatalf("got %v", err)
	}
}
