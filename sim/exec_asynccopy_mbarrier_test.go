package sim_test

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/ttcompiler/tt/sim"
)

// cpAsyncArriveKernel: thread 0 initializes an mbarrier (shared 0) with
// count 128, the CTA's threads; every thread cp.asyncs 16 bytes of
// buffer 0 to its slot (shared 16 + 16*tid), then runs arrive and wait,
// reads the slot of thread 127-tid (a thread of another warp) and writes
// it to its 16 bytes of buffer 1.
func cpAsyncArriveKernel(arrive, wait string) string {
	return kernel(4, 4096, 2, `
    %bar = gpu.shared_base : !llvm.ptr<3>
    %c0 = llvm.mlir.constant(0 : i32) : i32
    %c1 = llvm.mlir.constant(1 : i32) : i32
    %c96 = llvm.mlir.constant(96 : i32) : i32
    %c127 = llvm.mlir.constant(127 : i32) : i32
    %first = llvm.icmp "eq" %tid, %c0 : i32
    %early = llvm.icmp "ult" %tid, %c96 : i32
    gpu.mbarrier_init %bar, %first {count = 128} : !llvm.ptr<3>
    gpu.barrier
    %slot = llvm.add %tid, %c1 : i32
    %dst = llvm.getelementptr %bar[%slot] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, vector<4xi32>
    %src = llvm.getelementptr %b0[%tid] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, vector<4xi32>
    gpu.cp_async %dst, %src {cache = cg, size = 16} : !llvm.ptr<3>, !llvm.ptr<1>
    `+arrive+`
    `+wait+`
    %other = llvm.sub %c127, %tid : i32
    %oslot = llvm.add %other, %c1 : i32
    %rd = llvm.getelementptr %bar[%oslot] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, vector<4xi32>
    %v:4 = gpu.load %rd {space = shared} : !llvm.ptr<3> -> i32, i32, i32, i32
    %o = llvm.getelementptr %b1[%tid] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, vector<4xi32>
    gpu.store %o, %v#0, %v#1, %v#2, %v#3 {space = global} : !llvm.ptr<1>, i32, i32, i32, i32`)
}

const (
	arriveNoinc = "gpu.cp_async_mbarrier_arrive %bar {noinc} : !llvm.ptr<3>"
	waitPhase0  = "gpu.mbarrier_wait %bar, %c0 : !llvm.ptr<3>"
)

// reversedChunks is what cpAsyncArriveKernel writes: in's 16-byte chunks
// in reverse order.
func reversedChunks(in []byte) []byte {
	out := make([]byte, 0, len(in))
	for i := len(in) - 16; i >= 0; i -= 16 {
		out = append(out, in[i:i+16]...)
	}
	return out
}

// TestCpAsyncMBarrierArrive: with no cp.async wait at all, the phase that
// every thread's noinc arrival completes makes every thread's copies
// visible, to threads of other warps too, and the race detector sees
// that order.
func TestCpAsyncMBarrierArrive(t *testing.T) {
	in, out := make([]byte, 2048), make([]byte, 2048)
	for i := range in {
		in[i] = byte(7*i + 1)
	}
	if err := launchBufs(t, cpAsyncArriveKernel(arriveNoinc, waitPhase0), [3]int{1, 1, 1}, sim.Config{}, in, out); err != nil {
		t.Fatal(err)
	}
	if want := reversedChunks(in); !bytes.Equal(out, want) {
		t.Fatalf("read %v\nwant %v", out[:32], want[:32])
	}
}

// TestCpAsyncMBarrierArriveBroken: the phase completes only with every
// thread's arrival, and the copies land only with it.
func TestCpAsyncMBarrierArriveBroken(t *testing.T) {
	in := make([]byte, 2048)
	for i := range in {
		in[i] = byte(7*i + 1)
	}
	// Warp 3 does not arrive: the others wait for a phase that still
	// lacks 32 arrivals.
	src := cpAsyncArriveKernel("gpu.cp_async_mbarrier_arrive %bar, %early {noinc} : !llvm.ptr<3>", waitPhase0)
	err := launchBufs(t, src, [3]int{1, 1, 1}, sim.Config{}, in, make([]byte, 2048))
	if err == nil || !strings.Contains(err.Error(), "deadlock: waits at gpu.mbarrier_wait for the phase of parity 0 of the mbarrier at shared 0 to complete, but it still waits for 32 of 128 arrivals") {
		t.Fatalf("want a deadlock with 32 arrivals missing, got %v", err)
	}
	// Without the wait, warp 0 reads warp 3's slots before warp 3 arrived:
	// the copies land after the reads, a race.
	err = launchBufs(t, cpAsyncArriveKernel(arriveNoinc, ""), [3]int{1, 1, 1}, sim.Config{}, in, make([]byte, 2048))
	var race *sim.RaceError
	if !errors.As(err, &race) || race.First.Op.Name() != "gpu.load" || race.Second.Op.Name() != "gpu.cp_async" || race.Second.Kind != sim.Write {
		t.Fatalf("want a race between a read and a landing copy, got %v", err)
	}
	// And what the reads saw is the old contents.
	out := make([]byte, 2048)
	if err := launchBufs(t, cpAsyncArriveKernel(arriveNoinc, ""), [3]int{1, 1, 1}, sim.Config{NoRaceCheck: true}, in, out); err != nil {
		t.Fatal(err)
	}
	if bytes.Equal(out, reversedChunks(in)) || !bytes.Equal(out[:16], make([]byte, 16)) {
		t.Fatalf("thread 0 read %v before thread 127's copy could land", out[:16])
	}
}

// TestCpAsyncMBarrierArriveIncrement: without noinc the arrival counts
// nothing and only holds the phase for the copies: every thread tracks
// its copies, a barrier orders that before thread 0's one arrival (init
// count 1), which completes the phase and lands them all. Without the
// barrier, thread 0 completes the phase before the other threads even
// copy, their copies belong to the next phase, and their issue races with
// the other warps' reads.
func TestCpAsyncMBarrierArriveIncrement(t *testing.T) {
	in := make([]byte, 2048)
	for i := range in {
		in[i] = byte(5*i + 3)
	}
	src := func(barrier string) string {
		return strings.Replace(cpAsyncArriveKernel(`gpu.cp_async_mbarrier_arrive %bar : !llvm.ptr<3>
    `+barrier+`
    gpu.mbarrier_arrive %bar, %first : !llvm.ptr<3>`, waitPhase0), "{count = 128}", "{count = 1}", 1)
	}
	out := make([]byte, 2048)
	if err := launchBufs(t, src("gpu.barrier"), [3]int{1, 1, 1}, sim.Config{}, in, out); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(out, reversedChunks(in)) {
		t.Fatalf("read %v\nwant %v", out[:32], reversedChunks(in)[:32])
	}
	// Without the barrier nothing orders a warp's copies after the other
	// warps' reads of their destinations: a race (the hardware may land
	// a copy at its issue). Unchecked, the reads see old contents: the
	// copies belong to a phase that has not completed.
	var race *sim.RaceError
	if err := launchBufs(t, src(""), [3]int{1, 1, 1}, sim.Config{}, in, make([]byte, 2048)); !errors.As(err, &race) || race.Second.Op.Name() != "gpu.cp_async" {
		t.Fatalf("want a race with a copy's issue, got %v", err)
	}
	out = make([]byte, 2048)
	if err := launchBufs(t, src(""), [3]int{1, 1, 1}, sim.Config{NoRaceCheck: true}, in, out); err != nil {
		t.Fatal(err)
	}
	if bytes.Equal(out, reversedChunks(in)) {
		t.Fatalf("the copies landed with a phase that completed before they were issued")
	}
}

// TestCpAsyncMBarrierArriveThenWait: a cp.async wait after the arrival
// lands the copies at once (the thread reads its own slot), and the
// phase does not land them again over what the thread stored since.
func TestCpAsyncMBarrierArriveThenWait(t *testing.T) {
	src := kernel(4, 4096, 2, `
    %bar = gpu.shared_base : !llvm.ptr<3>
    %c0 = llvm.mlir.constant(0 : i32) : i32
    %c1 = llvm.mlir.constant(1 : i32) : i32
    %first = llvm.icmp "eq" %tid, %c0 : i32
    gpu.mbarrier_init %bar, %first {count = 128} : !llvm.ptr<3>
    gpu.barrier
    %slot = llvm.add %tid, %c1 : i32
    %dst = llvm.getelementptr %bar[%slot] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, vector<4xi32>
    %src = llvm.getelementptr %b0[%tid] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, vector<4xi32>
    gpu.cp_async %dst, %src {cache = ca, size = 4} : !llvm.ptr<3>, !llvm.ptr<1>
    gpu.cp_async_commit
    gpu.cp_async_mbarrier_arrive %bar {noinc} : !llvm.ptr<3>
    gpu.cp_async_wait 0
    %x = gpu.load %dst {space = shared} : !llvm.ptr<3> -> i32
    %y = llvm.add %x, %c1 : i32
    gpu.store %dst, %y {space = shared} : !llvm.ptr<3>, i32
    gpu.mbarrier_wait %bar, %c0 : !llvm.ptr<3>
    %z = gpu.load %dst {space = shared} : !llvm.ptr<3> -> i32
    %o = llvm.getelementptr %b1[%tid] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, i32
    gpu.store %o, %z {space = global} : !llvm.ptr<1>, i32`)
	in := make([]byte, 2048)
	for i := range in {
		in[i] = byte(i)
	}
	out := make([]byte, 512)
	if err := launchBufs(t, src, [3]int{1, 1, 1}, sim.Config{}, in, out); err != nil {
		t.Fatal(err)
	}
	for tid := 0; tid < 128; tid++ {
		if got, want := out[4*tid], in[16*tid]+1; got != want {
			t.Fatalf("thread %d read %d, want %d", tid, got, want)
		}
	}
}

// TestCpAsyncMBarrierProducerExits: a producer warp copies, arrives and
// exits with its copies in flight, which only the mbarrier tracks; the
// consumer warp's wait sees them land.
func TestCpAsyncMBarrierProducerExits(t *testing.T) {
	src := kernel(2, 1024, 2, `
    %bar = gpu.shared_base : !llvm.ptr<3>
    %c0 = llvm.mlir.constant(0 : i32) : i32
    %c1 = llvm.mlir.constant(1 : i32) : i32
    %c32 = llvm.mlir.constant(32 : i32) : i32
    %first = llvm.icmp "eq" %tid, %c0 : i32
    gpu.mbarrier_init %bar, %first {count = 32} : !llvm.ptr<3>
    gpu.barrier
    %lane = gpu.lane_id : i32
    %slot = llvm.add %lane, %c1 : i32
    %p = llvm.getelementptr %bar[%slot] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, vector<4xi32>
    %prod = llvm.icmp "uge" %tid, %c32 : i32
    llvm.cond_br %prod, ^producer, ^consumer
  ^producer:
    %src = llvm.getelementptr %b0[%lane] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, vector<4xi32>
    gpu.cp_async %p, %src {cache = cg, size = 16} : !llvm.ptr<3>, !llvm.ptr<1>
    gpu.cp_async_mbarrier_arrive %bar {noinc} : !llvm.ptr<3>
    llvm.return
  ^consumer:
    gpu.mbarrier_wait %bar, %c0 : !llvm.ptr<3>
    %v:4 = gpu.load %p {space = shared} : !llvm.ptr<3> -> i32, i32, i32, i32
    %o = llvm.getelementptr %b1[%lane] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, vector<4xi32>
    gpu.store %o, %v#0, %v#1, %v#2, %v#3 {space = global} : !llvm.ptr<1>, i32, i32, i32, i32`)
	in, out := make([]byte, 512), make([]byte, 512)
	for i := range in {
		in[i] = byte(3*i + 2)
	}
	if err := launchBufs(t, src, [3]int{1, 1, 1}, sim.Config{}, in, out); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(out, in) {
		t.Fatalf("the consumer read %v, want %v", out[:16], in[:16])
	}
}

// TestCpAsyncMBarrierReinit: an mbarrier whose phase still owes copies
// cannot be initialized again.
func TestCpAsyncMBarrierReinit(t *testing.T) {
	src := mbarKernel(2, `
    %src = llvm.getelementptr %b0[%tid] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, i32
    %dst = llvm.getelementptr %bar[4] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i32
    gpu.cp_async %dst, %src, %first {cache = ca, size = 4} : !llvm.ptr<3>, !llvm.ptr<1>, i1
    gpu.cp_async_mbarrier_arrive %bar, %first {noinc} : !llvm.ptr<3>
    gpu.barrier
    gpu.mbarrier_init %bar, %first {count = 1} : !llvm.ptr<3>`)
	err := launchBufs(t, src, [3]int{1, 1, 1}, sim.Config{}, make([]byte, 256))
	if err == nil || !strings.Contains(err.Error(), "initializes the mbarrier at shared 0 while the copies of thread 0 still complete on it") {
		t.Fatalf("got %v", err)
	}
}
