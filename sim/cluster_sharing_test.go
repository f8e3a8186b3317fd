package sim_test

import (
	"encoding/binary"
	"errors"
	"strconv"
	"strings"
	"testing"

	"github.com/ttcompiler/tt/sim"
)

// ctaCluster makes a kernel of one warp whose module runs in clusters of
// n CTAs that are a program each (tt.cta-cluster), with parameters
// %b0..%b(nbufs-1) and %tid, %blk, %rank, %c0, %first, %smem defined.
func ctaCluster(n, shared, nbufs int, body string) string {
	src := kernel(1, shared, nbufs, `    %blk = gpu.block_id x : i32
    %rank = gpu.cluster_block_rank : i32
    %c0 = llvm.mlir.constant(0 : i32) : i32
    %c1 = llvm.mlir.constant(1 : i32) : i32
    %first = llvm.icmp "eq" %tid, %c0 : i32
    %smem = gpu.shared_base : !llvm.ptr<3>
`+body)
	return strings.Replace(src, `"ttg.num-ctas" = 1 : i32`, `"tt.cta-cluster" = `+strconv.Itoa(n)+` : i32, "ttg.num-ctas" = 1 : i32`, 1)
}

// multicastKernel: each CTA initializes its barrier (mbarrier at 0, a
// 512-byte buffer at 128), the cluster barrier publishes the inits, and
// thread 0 of each CTA expects the whole buffer and multicasts its half
// (rows 4*cluster + 2*rank and the next of a 32 x 8 f32 tensor, into
// bytes 256*rank of the buffer) to both CTAs; every thread waits on its
// own CTA's barrier and copies the buffer to out[512*block ...]. With
// early, rank 1's threads exit at once instead.
func multicastKernel(early bool) string {
	exit := ""
	if early {
		exit = `    %one = llvm.icmp "eq" %rank, %c1 : i32
    llvm.cond_br %one, ^exit, ^run
  ^exit:
    llvm.return
  ^run:
`
	}
	return ctaCluster(2, 640, 2, exit+`    %cl = gpu.cluster_id x : i32
    %buf = llvm.getelementptr %smem[128] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
    gpu.mbarrier_init %smem, %first {count = 1} : !llvm.ptr<3>
    gpu.fence_mbarrier_init
    gpu.cluster_arrive {relaxed}
    gpu.cluster_wait
    gpu.mbarrier_arrive_expect_tx %smem, %first {tx = 512} : !llvm.ptr<3>
    %c2 = llvm.mlir.constant(2 : i32) : i32
    %c4 = llvm.mlir.constant(4 : i32) : i32
    %c256 = llvm.mlir.constant(256 : i32) : i32
    %y0 = llvm.mul %cl, %c4 : i32
    %y1 = llvm.mul %rank, %c2 : i32
    %y = llvm.add %y0, %y1 : i32
    %off = llvm.mul %rank, %c256 : i32
    %dst = llvm.getelementptr %buf[%off] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8
    gpu.tma_load %dst, %smem, %b0[%c0, %y], %first {multicast = 3 : i32} : !llvm.ptr<3>, !llvm.ptr<3>, !llvm.ptr<1>
    gpu.mbarrier_wait %smem, %c0 : !llvm.ptr<3>
    %c2w = llvm.mlir.constant(2 : i64) : i64
    %i = llvm.mul %tid64, %c2w : i64
    %sp = llvm.getelementptr %buf[%i] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, i64
    %x:2 = gpu.load %sp {space = shared} : !llvm.ptr<3> -> i64, i64
    %blk64 = llvm.zext %blk : i32 to i64
    %c64 = llvm.mlir.constant(64 : i64) : i64
    %base = llvm.mul %blk64, %c64 : i64
    %o = llvm.add %base, %i : i64
    %gp = llvm.getelementptr %b1[%o] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, i64
    gpu.store %gp, %x#0, %x#1 {space = global} : !llvm.ptr<1>, i64, i64`)
}

// launchMap runs k on grid with a tensor map of m over tensor and an out
// buffer of n bytes, and returns the out buffer.
func launchMap(t *testing.T, k *sim.Kernel, grid [3]int, tensor []byte, m sim.TensorMap, n int, cfg sim.Config) ([]byte, error) {
	t.Helper()
	mem := sim.NewMemory()
	m.Base = mem.Alloc("tensor", tensor)
	enc, err := m.Encode()
	if err != nil {
		t.Fatal(err)
	}
	out := make([]byte, n)
	err = k.Launch(mem, grid, []uint64{mem.Alloc("map", enc[:]), mem.Alloc("out", out)}, cfg)
	return out, err
}

// TestClusterMulticast: two clusters of two CTAs; each CTA issues half of
// its cluster's tile to both, and each sees the whole tile after waiting
// on its own barrier alone.
func TestClusterMulticast(t *testing.T) {
	k := load(t, multicastKernel(false))
	if got := k.ClusterDims(); got != [3]int{2, 1, 1} {
		t.Errorf("ClusterDims = %v, want (2, 1, 1)", got)
	}
	if got := k.CTAGrid([3]int{4, 1, 1}); got != [3]int{4, 1, 1} {
		t.Errorf("CTAGrid(4) = %v: with tt.cta-cluster a program is a CTA", got)
	}
	tensor, strides := tensorOf(4, []int{32, 8}, func(i int) uint64 { return uint64(i + 1) })
	m := sim.TensorMap{DataType: sim.TMFloat32, Dims: []uint64{32, 8}, Strides: strides, Box: []int{32, 2}}
	out, err := launchMap(t, k, [3]int{4, 1, 1}, tensor, m, 4*512, sim.Config{})
	if err != nil {
		t.Fatal(err)
	}
	for b := 0; b < 4; b++ {
		for w := 0; w < 128; w++ {
			want := uint32(128*(b/2) + w + 1) // cluster b/2's rows 4c..4c+3
			if got := binary.LittleEndian.Uint32(out[512*b+4*w:]); got != want {
				t.Fatalf("CTA %d word %d = %d, want %d (half %d from rank %d)", b, w, got, want, w/64, w/64)
			}
		}
	}
}

// TestClusterMulticastIntoExitedCTA: a multicast into a CTA whose
// threads have all exited is an error naming both CTAs.
func TestClusterMulticastIntoExitedCTA(t *testing.T) {
	k := load(t, multicastKernel(true))
	tensor, strides := tensorOf(4, []int{32, 8}, func(i int) uint64 { return uint64(i) })
	m := sim.TensorMap{DataType: sim.TMFloat32, Dims: []uint64{32, 8}, Strides: strides, Box: []int{32, 2}}
	_, err := launchMap(t, k, [3]int{2, 1, 1}, tensor, m, 2*512, sim.Config{})
	var e *sim.ExecError
	if !errors.As(err, &e) || e.Block != [3]int{0, 0, 0} || !strings.Contains(err.Error(), "multicasts a box into block (1,0,0) (rank 1 of its cluster), whose threads have all exited") {
		t.Fatalf("want block 0's multicast into exited block 1 refused, got %v", err)
	}
}

// TestClusterOddGrid: a grid whose x is not a multiple of the cluster is
// refused before anything runs.
func TestClusterOddGrid(t *testing.T) {
	k := load(t, multicastKernel(false))
	tensor, strides := tensorOf(4, []int{32, 8}, func(i int) uint64 { return uint64(i) })
	m := sim.TensorMap{DataType: sim.TMFloat32, Dims: []uint64{32, 8}, Strides: strides, Box: []int{32, 2}}
	_, err := launchMap(t, k, [3]int{3, 1, 1}, tensor, m, 3*512, sim.Config{})
	if err == nil || !strings.Contains(err.Error(), "tt.cta-cluster = 2") || !strings.Contains(err.Error(), "the grid's x, 3, must be a multiple of 2") {
		t.Fatalf("grid of 3 in clusters of 2: got %v", err)
	}
}

// remoteArriveKernel: rank 0's threads wait on rank 0's barrier (count
// 2), which only rank 1's thread 0 arrives on (count 2, from the other
// CTA), then store 7 at out[tid]. Mode "deadlock": rank 1 first waits on
// its own barrier, which only rank 0 would arrive on after its wait.
// Mode "late": rank 0's thread 0 arrives on rank 1's barrier after rank
// 1 has exited.
func remoteArriveKernel(mode string) string {
	back := ""
	if mode != "" {
		back = `    gpu.mbarrier_arrive_cluster %smem, %c1, %first {count = 2} : !llvm.ptr<3>
`
	}
	body := `    gpu.mbarrier_init %smem, %first {count = 2} : !llvm.ptr<3>
    gpu.fence_mbarrier_init
    gpu.cluster_arrive {relaxed}
    gpu.cluster_wait
    %zero = llvm.icmp "eq" %rank, %c0 : i32
    llvm.cond_br %zero, ^waiter, ^arriver
  ^waiter:
    gpu.mbarrier_wait %smem, %c0 : !llvm.ptr<3>
    %c7 = llvm.mlir.constant(7 : i32) : i32
    %p = llvm.getelementptr %b0[%tid] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, i32
    gpu.store %p, %c7 {space = global} : !llvm.ptr<1>, i32
` + back + `    llvm.return
  ^arriver:
`
	if mode == "deadlock" {
		body += `    gpu.mbarrier_wait %smem, %c0 : !llvm.ptr<3>
`
	}
	body += `    gpu.mbarrier_arrive_cluster %smem, %c0, %first {count = 2} : !llvm.ptr<3>`
	return ctaCluster(2, 16, 1, body)
}

// TestClusterRemoteArrive: an arrival from the other CTA completes the
// phase a CTA's threads wait for, and they go on.
func TestClusterRemoteArrive(t *testing.T) {
	out, err := launch(t, remoteArriveKernel(""), [3]int{2, 1, 1}, 32, sim.Config{})
	if err != nil {
		t.Fatal(err)
	}
	for i, v := range out {
		if v != 7 {
			t.Fatalf("out[%d] = %d: rank 0's thread %d did not go on after rank 1's arrival", i, v, i)
		}
	}
}

// TestClusterDeadlock: threads of both CTAs wait for an arrival only the
// other CTA's waiting threads would make: a deadlock, reported as one.
func TestClusterDeadlock(t *testing.T) {
	_, err := launch(t, remoteArriveKernel("deadlock"), [3]int{2, 1, 1}, 32, sim.Config{})
	var e *sim.ExecError
	if !errors.As(err, &e) || !strings.Contains(err.Error(), "deadlock") || !strings.Contains(err.Error(), "gpu.mbarrier_wait") {
		t.Fatalf("want a deadlock at gpu.mbarrier_wait, got %v", err)
	}
}

// TestClusterArriveOnExitedCTA: an arrival on the barrier of a CTA whose
// threads have all exited is an error naming both CTAs.
func TestClusterArriveOnExitedCTA(t *testing.T) {
	_, err := launch(t, remoteArriveKernel("late"), [3]int{2, 1, 1}, 32, sim.Config{})
	var e *sim.ExecError
	if !errors.As(err, &e) || e.Block != [3]int{0, 0, 0} || !strings.Contains(err.Error(), "arrives on an mbarrier of block (1,0,0) (rank 1 of its cluster), whose threads have all exited") {
		t.Fatalf("want block 0's arrival on exited block 1 refused, got %v", err)
	}
}

// clusterBarrierKernel: thread t of rank r writes 1000*(r+1)+t at
// out[32r+t], crosses the cluster barrier and copies the other CTA's
// out[32(1-r)+t] to out[64+32r+t]. Threads 16-31 of rank 1 exit first:
// the barrier does not wait for them. Without the barrier (skip), rank 0
// runs to its end before rank 1 writes.
func clusterBarrierKernel(skip bool) string {
	bar := `    gpu.cluster_arrive
    gpu.cluster_wait
`
	if skip {
		bar = ""
	}
	return ctaCluster(2, 16, 1, `    %c16 = llvm.mlir.constant(16 : i32) : i32
    %c32 = llvm.mlir.constant(32 : i32) : i32
    %high = llvm.icmp "uge" %tid, %c16 : i32
    %odd = llvm.icmp "ne" %rank, %c0 : i32
    %late = llvm.and %high, %odd : i1
    llvm.cond_br %late, ^exit, ^run
  ^exit:
    llvm.return
  ^run:
    %c1000 = llvm.mlir.constant(1000 : i32) : i32
    %r1 = llvm.add %rank, %c1 : i32
    %v0 = llvm.mul %r1, %c1000 : i32
    %v = llvm.add %v0, %tid : i32
    %mine0 = llvm.mul %rank, %c32 : i32
    %mine = llvm.add %mine0, %tid : i32
    %p = llvm.getelementptr %b0[%mine] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, i32
    gpu.store %p, %v {space = global} : !llvm.ptr<1>, i32
`+bar+`    %other = llvm.xor %rank, %c1 : i32
    %theirs0 = llvm.mul %other, %c32 : i32
    %theirs = llvm.add %theirs0, %tid : i32
    %q = llvm.getelementptr %b0[%theirs] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, i32
    %w = gpu.load %q {space = global} : !llvm.ptr<1> -> i32
    %c64 = llvm.mlir.constant(64 : i32) : i32
    %dst0 = llvm.add %c64, %mine : i32
    %d = llvm.getelementptr %b0[%dst0] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, i32
    gpu.store %d, %w {space = global} : !llvm.ptr<1>, i32`)
}

// TestClusterBarrier: what one CTA wrote before the cluster barrier, the
// other reads after it; threads that exited do not hold it back.
func TestClusterBarrier(t *testing.T) {
	out, err := launch(t, clusterBarrierKernel(false), [3]int{2, 1, 1}, 128, sim.Config{})
	if err != nil {
		t.Fatal(err)
	}
	for tid := 0; tid < 32; tid++ {
		want0 := uint32(2000 + tid) // rank 0 reads rank 1's
		if tid >= 16 {
			want0 = 0 // rank 1's thread exited without writing
		}
		if got := out[64+tid]; got != want0 {
			t.Errorf("rank 0 thread %d read %d, want %d", tid, got, want0)
		}
		if tid < 16 {
			if got := out[96+tid]; got != uint32(1000+tid) {
				t.Errorf("rank 1 thread %d read %d, want %d", tid, got, 1000+tid)
			}
		}
	}
	// The same kernel without the barrier, its CTAs one after the other
	// (one worker): rank 0 reads before rank 1 wrote, so the test above
	// could fail.
	out, err = launch(t, clusterBarrierKernel(true), [3]int{2, 1, 1}, 128, sim.Config{Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	if out[64] != 0 {
		t.Errorf("without the barrier rank 0 read %d; the test cannot tell the barrier works", out[64])
	}
}

// reuseKernel: rank 0's thread 0 multicasts a 32 x 4 f32 box into the
// same buffer of both CTAs twice (rows 0-3, then 4-7); every thread
// copies each round's buffer to out[128*round + 64*block ...] (in i64s)
// after waiting on its own CTA's barrier. With sync, each CTA's thread 0
// tells rank 0's "empty" barrier that its CTA read round 0, and the
// producer waits for both before the second load; without, the second
// load overwrites a buffer the other CTA may still read: a race.
func reuseKernel(sync bool) string {
	release, acquire := "", ""
	if sync {
		release = `    gpu.mbarrier_arrive_cluster %empty, %c0, %first : !llvm.ptr<3>
`
		acquire = `    gpu.mbarrier_wait %empty, %c0, %prod : !llvm.ptr<3>
`
	}
	copyOut := func(round int) string {
		r := strconv.Itoa(round)
		return `    %x` + r + `:2 = gpu.load %sp {space = shared} : !llvm.ptr<3> -> i64, i64
    %o` + r + ` = llvm.add %base` + r + `, %i : i64
    %gp` + r + ` = llvm.getelementptr %b1[%o` + r + `] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, i64
    gpu.store %gp` + r + `, %x` + r + `#0, %x` + r + `#1 {space = global} : !llvm.ptr<1>, i64, i64
`
	}
	return ctaCluster(2, 640, 2, `    %empty = llvm.getelementptr %smem[8] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
    %buf = llvm.getelementptr %smem[128] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
    %c4 = llvm.mlir.constant(4 : i32) : i32
    %zero = llvm.icmp "eq" %rank, %c0 : i32
    %prod = llvm.and %first, %zero : i1
    %c2w = llvm.mlir.constant(2 : i64) : i64
    %i = llvm.mul %tid64, %c2w : i64
    %sp = llvm.getelementptr %buf[%i] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, i64
    %blk64 = llvm.zext %blk : i32 to i64
    %c64 = llvm.mlir.constant(64 : i64) : i64
    %c128 = llvm.mlir.constant(128 : i64) : i64
    %base0 = llvm.mul %blk64, %c64 : i64
    %base1 = llvm.add %base0, %c128 : i64
    gpu.mbarrier_init %smem, %first {count = 1} : !llvm.ptr<3>
    gpu.mbarrier_init %empty, %first {count = 2} : !llvm.ptr<3>
    gpu.fence_mbarrier_init
    gpu.cluster_arrive {relaxed}
    gpu.cluster_wait
    gpu.mbarrier_arrive_expect_tx %smem, %first {tx = 512} : !llvm.ptr<3>
    gpu.tma_load %buf, %smem, %b0[%c0, %c0], %prod {multicast = 3 : i32} : !llvm.ptr<3>, !llvm.ptr<3>, !llvm.ptr<1>
    gpu.mbarrier_wait %smem, %c0 : !llvm.ptr<3>
`+copyOut(0)+release+`    gpu.mbarrier_arrive_expect_tx %smem, %first {tx = 512} : !llvm.ptr<3>
`+acquire+`    gpu.tma_load %buf, %smem, %b0[%c0, %c4], %prod {multicast = 3 : i32} : !llvm.ptr<3>, !llvm.ptr<3>, !llvm.ptr<1>
    gpu.mbarrier_wait %smem, %c1 : !llvm.ptr<3>
`+copyOut(1)+`    gpu.cluster_arrive
    gpu.cluster_wait`)
}

// TestClusterMulticastReuse: a producer that waits for its consumers'
// remote arrivals before reloading their buffer is race free and both
// CTAs see both rounds; one that does not races with the other CTA's
// reads of the first round.
func TestClusterMulticastReuse(t *testing.T) {
	tensor, strides := tensorOf(4, []int{32, 8}, func(i int) uint64 { return uint64(i + 1) })
	m := sim.TensorMap{DataType: sim.TMFloat32, Dims: []uint64{32, 8}, Strides: strides, Box: []int{32, 4}}
	out, err := launchMap(t, load(t, reuseKernel(true)), [3]int{2, 1, 1}, tensor, m, 2*2*512, sim.Config{})
	if err != nil {
		t.Fatal(err)
	}
	for round := 0; round < 2; round++ {
		for b := 0; b < 2; b++ {
			for w := 0; w < 128; w++ {
				want := uint32(128*round + w + 1)
				if got := binary.LittleEndian.Uint32(out[1024*round+512*b+4*w:]); got != want {
					t.Fatalf("round %d, CTA %d, word %d = %d, want %d", round, b, w, got, want)
				}
			}
		}
	}
	_, err = launchMap(t, load(t, reuseKernel(false)), [3]int{2, 1, 1}, tensor, m, 2*2*512, sim.Config{})
	var race *sim.RaceError
	if !errors.As(err, &race) {
		t.Fatalf("want a race between the second multicast's landing and the first round's reads, got %v", err)
	}
	ops := race.First.Op.Name() + " " + race.Second.Op.Name()
	if !strings.Contains(ops, "gpu.tma_load") || !strings.Contains(ops, "gpu.load") {
		t.Errorf("race between %s, want the landing and a read", ops)
	}
}
