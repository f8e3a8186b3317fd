package sim_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/ttcompiler/tt/sim"
)

// pingPong is a producer warp (1) and a consumer warp (0) passing three
// rounds of data through one shared buffer, ordered only by two
// mbarriers: "full" (bytes 0-7, the producer's 32 lanes arrive) and
// "empty" (bytes 8-15, the consumer's lanes arrive). The consumer writes
// what it reads, round by round, to buffer 0. consumerWait is the
// consumer's wait on full (replaced to break the protocol).
func pingPong(consumerWait func(round int) string) string {
	var w irWriter
	w.line(`%%smem = gpu.shared_base : !llvm.ptr<3>
    %%full = llvm.getelementptr %%smem[0] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i64
    %%empty = llvm.getelementptr %%smem[1] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i64
    %%c0 = llvm.mlir.constant(0 : i32) : i32
    %%c32 = llvm.mlir.constant(32 : i32) : i32
    %%first = llvm.icmp "eq" %%tid, %%c0 : i32
    %%w0 = llvm.icmp "ult" %%tid, %%c32 : i32
    %%w1 = llvm.icmp "uge" %%tid, %%c32 : i32
    gpu.mbarrier_init %%full, %%first {count = 32} : !llvm.ptr<3>
    gpu.mbarrier_init %%empty, %%first {count = 32} : !llvm.ptr<3>
    gpu.fence_mbarrier_init
    gpu.barrier
    %%lane = gpu.lane_id : i32
    %%c16 = llvm.mlir.constant(16 : i32) : i32
    %%slot = llvm.add %%lane, %%c16 : i32
    %%data = llvm.getelementptr %%smem[%%slot] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i32`)
	for round := 0; round < 3; round++ {
		if round > 0 {
			w.line("gpu.mbarrier_wait %%empty, %s, %%w1 : !llvm.ptr<3>", w.i32((round-1)&1))
		}
		v := w.op("llvm.add %%lane, %s : i32", w.i32(100*round))
		w.line("gpu.store %%data, %%w1, %s {space = shared} : !llvm.ptr<3>, i32", v)
		w.line("gpu.mbarrier_arrive %%full, %%w1 : !llvm.ptr<3>")
		w.line("%s", consumerWait(round))
		x := w.op("gpu.load %%data, %%w0 {space = shared} : !llvm.ptr<3> -> i32")
		o := w.op("llvm.add %%lane, %s : i32", w.i32(32*round))
		p := w.op("llvm.getelementptr %%b0[%s] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, i32", o)
		w.line("gpu.store %s, %%w0, %s {space = global} : !llvm.ptr<1>, i32", p, x)
		w.line("gpu.mbarrier_arrive %%empty, %%w0 : !llvm.ptr<3>")
	}
	return kernel(2, 256, 1, w.b.String())
}

func waitFull(round int) string {
	return fmt.Sprintf("gpu.mbarrier_wait %%full, %%c%d, %%w0 : !llvm.ptr<3>", round&1)
}

// TestMBarrierPingPong: phases flip as the 32 arrivals of each round
// complete them; the consumer sees each round's data, and the race
// detector accepts the reuse of the buffer ordered by the mbarriers
// alone.
func TestMBarrierPingPong(t *testing.T) {
	src := strings.Replace(pingPong(waitFull), "%c16 = ", "%c1 = llvm.mlir.constant(1 : i32) : i32\n    %c16 = ", 1)
	out := make([]byte, 4*96)
	if err := launchBufs(t, src, [3]int{1, 1, 1}, sim.Config{}, out); err != nil {
		t.Fatal(err)
	}
	got := getElems(4, out)
	for round := 0; round < 3; round++ {
		for lane := 0; lane < 32; lane++ {
			if v := got[32*round+lane]; v != uint64(100*round+lane) {
				t.Fatalf("round %d lane %d read %d, want %d", round, lane, v, 100*round+lane)
			}
		}
	}
}

// TestMBarrierUnorderedRead: without its wait the consumer's read races
// with the producer's store.
func TestMBarrierUnorderedRead(t *testing.T) {
	src := pingPong(func(round int) string {
		if round == 0 {
			return ""
		}
		return waitFull(round)
	})
	src = strings.Replace(src, "%c16 = ", "%c1 = llvm.mlir.constant(1 : i32) : i32\n    %c16 = ", 1)
	err := launchBufs(t, src, [3]int{1, 1, 1}, sim.Config{}, make([]byte, 4*96))
	var race *sim.RaceError
	if !errors.As(err, &race) || race.First.Op.Name() != "gpu.load" || race.Second.Op.Name() != "gpu.store" {
		t.Fatalf("want a race between the consumer's load and the producer's store, got %v", err)
	}
}

// mbarKernel runs body after thread 0 initialized an mbarrier at shared
// 0 with count and a barrier.
func mbarKernel(count int, body string) string {
	return kernel(1, 64, 1, fmt.Sprintf(`
    %%bar = gpu.shared_base : !llvm.ptr<3>
    %%c0 = llvm.mlir.constant(0 : i32) : i32
    %%c1 = llvm.mlir.constant(1 : i32) : i32
    %%first = llvm.icmp "eq" %%tid, %%c0 : i32
    gpu.mbarrier_init %%bar, %%first {count = %d} : !llvm.ptr<3>
    gpu.barrier
%s`, count, body))
}

// TestMBarrierErrors: waits that can never complete are deadlocks with
// the barrier's counts; misuse is a located error.
func TestMBarrierErrors(t *testing.T) {
	for _, c := range []struct {
		name, src, want string
	}{
		{"missing arrival", mbarKernel(2, `
    gpu.mbarrier_arrive %bar, %first : !llvm.ptr<3>
    gpu.mbarrier_wait %bar, %c0 : !llvm.ptr<3>`),
			"test.mlir:15:5: error: block (0,0,0) thread 0 (warp 0, lane 0): deadlock: waits at gpu.mbarrier_wait for the phase of parity 0 of the mbarrier at shared 0 to complete, but it still waits for 1 of 2 arrivals and 0 transaction bytes, and no thread can run to change that"},
		{"bytes never arrive", mbarKernel(1, `
    gpu.mbarrier_arrive_expect_tx %bar, %first {tx = 16} : !llvm.ptr<3>
    gpu.mbarrier_wait %bar, %c0 : !llvm.ptr<3>`),
			"but it still waits for 0 of 1 arrivals and 16 transaction bytes"},
		{"too many arrivals", mbarKernel(1, `
    gpu.mbarrier_arrive %bar {count = 2} : !llvm.ptr<3>`),
			"test.mlir:14:5: error: block (0,0,0) thread 0 (warp 0, lane 0): arrives 2 times at the mbarrier at shared 0, which waits for 1 more arrivals in this phase"},
		{"not initialized", kernel(1, 64, 1, `
    %bar = gpu.shared_base : !llvm.ptr<3>
    %c0 = llvm.mlir.constant(0 : i32) : i32
    gpu.mbarrier_wait %bar, %c0 : !llvm.ptr<3>`),
			"test.mlir:9:5: error: block (0,0,0) thread 0 (warp 0, lane 0): the mbarrier at shared 0 is not initialized"},
		{"invalidated", mbarKernel(1, `
    gpu.barrier
    gpu.mbarrier_inval %bar, %first : !llvm.ptr<3>
    gpu.barrier
    gpu.mbarrier_arrive %bar : !llvm.ptr<3>`),
			"the mbarrier at shared 0 is not initialized (no gpu.mbarrier_init, or invalidated)"},
		{"init races with arrivals", kernel(2, 64, 1, `
    %bar = gpu.shared_base : !llvm.ptr<3>
    %c0 = llvm.mlir.constant(0 : i32) : i32
    %first = llvm.icmp "eq" %tid, %c0 : i32
    gpu.mbarrier_init %bar, %first {count = 64} : !llvm.ptr<3>
    gpu.mbarrier_arrive %bar : !llvm.ptr<3>`),
			"data race on shared memory byte 0"},
	} {
		t.Run(c.name, func(t *testing.T) {
			err := launchBufs(t, c.src, [3]int{1, 1, 1}, sim.Config{}, make([]byte, 128))
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("got %v\nwant %s", err, c.want)
			}
		})
	}
}

// TestMBarrierParity: a wait on the parity of the phase before the
// current one returns at once; after one phase completes, a wait on its
// parity returns and a wait on the next one blocks until its arrivals.
func TestMBarrierParity(t *testing.T) {
	src := mbarKernel(32, `
    gpu.mbarrier_wait %bar, %c1 : !llvm.ptr<3>
    gpu.mbarrier_arrive %bar : !llvm.ptr<3>
    gpu.mbarrier_wait %bar, %c0 : !llvm.ptr<3>
    gpu.mbarrier_wait %bar, %c0 : !llvm.ptr<3>
    gpu.mbarrier_arrive %bar : !llvm.ptr<3>
    gpu.mbarrier_wait %bar, %c1 : !llvm.ptr<3>
    %p = llvm.getelementptr %b0[%tid64] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, i32
    gpu.store %p, %c1 {space = global} : !llvm.ptr<1>, i32`)
	out := make([]byte, 128)
	if err := launchBufs(t, src, [3]int{1, 1, 1}, sim.Config{}, out); err != nil {
		t.Fatal(err)
	}
	for i, v := range getElems(4, out) {
		if v != 1 {
			t.Fatalf("thread %d did not finish", i)
		}
	}
}

// TestNamedBarrier: producer warps 2-3 store, arrive at barrier 1 and go
// on; consumer warps 0-1 sync on it (128 threads) and read: the values
// are there and the detector sees the order. With a count no round
// reaches (the producers do not arrive), the sync deadlocks.
func TestNamedBarrier(t *testing.T) {
	body := func(count int) string {
		return kernel(4, 512, 1, fmt.Sprintf(`
    %%smem = gpu.shared_base : !llvm.ptr<3>
    %%c64 = llvm.mlir.constant(64 : i32) : i32
    %%id = llvm.mlir.constant(1 : i32) : i32
    %%n = llvm.mlir.constant(%d : i32) : i32
    %%prod = llvm.icmp "uge" %%tid, %%c64 : i32
    %%i = llvm.sub %%tid, %%c64 : i32
    %%sp = llvm.getelementptr %%smem[%%i] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i32
    llvm.cond_br %%prod, ^producer, ^consumer
  ^producer:
    %%v = llvm.mul %%tid, %%tid : i32
    gpu.store %%sp, %%v {space = shared} : !llvm.ptr<3>, i32
    gpu.named_barrier_arrive %%id, %%n
    llvm.return
  ^consumer:
    gpu.named_barrier %%id, %%n
    %%rp = llvm.getelementptr %%smem[%%tid] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i32
    %%x = gpu.load %%rp {space = shared} : !llvm.ptr<3> -> i32
    %%op = llvm.getelementptr %%b0[%%tid] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, i32
    gpu.store %%op, %%x {space = global} : !llvm.ptr<1>, i32`, count))
	}
	out := make([]byte, 256)
	if err := launchBufs(t, body(128), [3]int{1, 1, 1}, sim.Config{}, out); err != nil {
		t.Fatal(err)
	}
	for i, v := range getElems(4, out) {
		if p := uint64((i + 64) * (i + 64)); v != p {
			t.Fatalf("consumer %d read %d, want %d", i, v, p)
		}
	}
	err := launchBufs(t, strings.Replace(body(128), "gpu.named_barrier_arrive %id, %n", "", 1), [3]int{1, 1, 1}, sim.Config{}, out)
	if err == nil || !strings.Contains(err.Error(), "deadlock: waits at named barrier 1 for 128 threads, but 64 have arrived") {
		t.Fatalf("got %v", err)
	}
	// Without the producers' arrivals, the consumers' reads race.
	src := strings.Replace(body(64), "gpu.named_barrier_arrive %id, %n", "", 1)
	err = launchBufs(t, src, [3]int{1, 1, 1}, sim.Config{}, out)
	var race *sim.RaceError
	if !errors.As(err, &race) {
		t.Fatalf("want a race, got %v", err)
	}
}

// TestElectSync: one lane per warp, the first.
func TestElectSync(t *testing.T) {
	src := kernel(2, 0, 1, `
    %e = gpu.elect_sync : i1
    %v = llvm.zext %e : i1 to i32
    %p = llvm.getelementptr %b0[%tid64] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, i32
    gpu.store %p, %v {space = global} : !llvm.ptr<1>, i32`)
	out := make([]byte, 256)
	if err := launchBufs(t, src, [3]int{1, 1, 1}, sim.Config{}, out); err != nil {
		t.Fatal(err)
	}
	for i, v := range getElems(4, out) {
		if want := i%32 == 0; (v == 1) != want {
			t.Fatalf("thread %d elected %d", i, v)
		}
	}
}
