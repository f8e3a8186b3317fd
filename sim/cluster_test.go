package sim_test

import (
	"strconv"
	"strings"
	"testing"

	"github.com/ttcompiler/tt/sim"
)

// clusterKernel writes, for thread 0 of every CTA, the CTA's block id,
// cluster id, number of clusters, id in its cluster, cluster extent, rank
// and cluster size at out[8*block_id.x ...].
func clusterKernel(numCTAs int) string {
	src := module(1, 32, 0, `
  llvm.func @k(%out: !llvm.ptr<1>) attributes {gpu.kernel} {
    %tid = gpu.thread_id x : i32
    %b = gpu.block_id x : i32
    %c = gpu.cluster_id x : i32
    %n = gpu.cluster_dim x : i32
    %i = gpu.cluster_block_id x : i32
    %e = gpu.cluster_dim_blocks x : i32
    %r = gpu.cluster_block_rank : i32
    %s = gpu.cluster_num_blocks : i32
    %c0 = llvm.mlir.constant(0 : i32) : i32
    %first = llvm.icmp "eq" %tid, %c0 : i32
    %c8 = llvm.mlir.constant(8 : i32) : i32
    %base = llvm.mul %b, %c8 : i32
    %base64 = llvm.zext %base : i32 to i64
    %p = llvm.getelementptr %out[%base64] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, i32
    gpu.store %p, %first, %b, %c, %n, %i {space = global} : !llvm.ptr<1>, i32, i32, i32, i32
    %c4 = llvm.mlir.constant(4 : i64) : i64
    %q = llvm.getelementptr %p[%c4] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, i32
    gpu.store %q, %first, %e, %r, %s, %s {space = global} : !llvm.ptr<1>, i32, i32, i32, i32
    llvm.return
  }`)
	return strings.Replace(src, `"ttg.num-ctas" = 1`, `"ttg.num-ctas" = `+strconv.Itoa(numCTAs), 1)
}

// TestClusterIDs: a kernel of ttg.num-ctas = 4 launched on 8 CTAs runs as
// two clusters of four; each CTA sees its cluster and its rank in it.
func TestClusterIDs(t *testing.T) {
	out, err := launch(t, clusterKernel(4), [3]int{8, 1, 1}, 8*8, sim.Config{})
	if err != nil {
		t.Fatal(err)
	}
	for b := 0; b < 8; b++ {
		want := []uint32{uint32(b), uint32(b / 4), 2, uint32(b % 4), 4, uint32(b % 4), 4, 4}
		got := out[8*b : 8*b+8]
		for i := range want {
			if got[i] != want[i] {
				t.Errorf("CTA %d: (block, cluster, clusters, id in cluster, extent, rank, size) = %v, want %v", b, got[:7], want[:7])
				break
			}
		}
	}
}

// TestClusterLaunchChecks: the grid must be a whole number of the
// kernel's clusters, and a launch cannot ask for other clusters than the
// kernel requires; a kernel without clusters may run in clusters.
func TestClusterLaunchChecks(t *testing.T) {
	if _, err := launch(t, clusterKernel(4), [3]int{6, 1, 1}, 8*8, sim.Config{}); err == nil || !strings.Contains(err.Error(), "not a whole number") {
		t.Errorf("6 CTAs in clusters of 4: error %v", err)
	}
	if _, err := launch(t, clusterKernel(4), [3]int{8, 1, 1}, 8*8, sim.Config{Cluster: [3]int{2, 1, 1}}); err == nil || !strings.Contains(err.Error(), "requires clusters") {
		t.Errorf("clusters of 2 for a kernel of 4: error %v", err)
	}
	out, err := launch(t, clusterKernel(1), [3]int{4, 1, 1}, 8*4, sim.Config{Cluster: [3]int{2, 1, 1}})
	if err != nil {
		t.Fatal(err)
	}
	if rank, cluster := out[8*3+5], out[8*3+1]; rank != 1 || cluster != 1 {
		t.Errorf("CTA 3 in clusters of 2: rank %d and cluster %d, want 1 and 1", rank, cluster)
	}
	out, err = launch(t, clusterKernel(1), [3]int{3, 1, 1}, 8*3, sim.Config{})
	if err != nil {
		t.Fatal(err)
	}
	if rank, cluster, n := out[8*2+5], out[8*2+1], out[8*2+2]; rank != 0 || cluster != 2 || n != 3 {
		t.Errorf("without clusters CTA 2 has rank %d, cluster %d of %d, want 0, 2 of 3", rank, cluster, n)
	}
}
