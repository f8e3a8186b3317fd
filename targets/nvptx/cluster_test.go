package nvptx

import (
	"strings"
	"testing"
)

// TestCTAClusterEntry: a module of tt.cta-cluster = 2 gets an entry that
// requires clusters of two without .explicitcluster (a plain launch forms
// them), and metadata of one CTA a program in clusters of (2, 1, 1); a
// multicast load selects sm_90a.
func TestCTAClusterEntry(t *testing.T) {
	ptx, ks := emitFile(t, "testdata/golden/cluster_sharing.mlir", "sm_90")
	if !strings.Contains(ptx, ".reqnctapercluster 2, 1, 1\n") {
		t.Errorf("no .reqnctapercluster 2, 1, 1:\n%s", ptx)
	}
	if strings.Contains(ptx, ".explicitcluster") {
		t.Errorf(".explicitcluster would forbid a plain launch:\n%s", ptx)
	}
	want := Kernel{Name: "cluster_sharing", NumWarps: 4, NumCTAs: 1, ClusterDims: [3]int{2, 1, 1}, Target: "sm_90a"}
	if len(ks) != 1 || ks[0] != want {
		t.Errorf("metadata %+v, want %+v", ks, want)
	}
}

// TestNumCTAsEntry: ttg.num-ctas keeps its explicit cluster and its
// metadata (a program is the whole cluster).
func TestNumCTAsEntry(t *testing.T) {
	ptx, ks := emitFile(t, "testdata/golden/cluster.mlir", "sm_90")
	if !strings.Contains(ptx, ".explicitcluster\n.reqnctapercluster 4\n") {
		t.Errorf("no explicit cluster of 4:\n%s", ptx)
	}
	if len(ks) != 1 || ks[0].NumCTAs != 4 || ks[0].ClusterDims != [3]int{4, 1, 1} {
		t.Errorf("metadata %+v, want num_ctas 4 in clusters of (4, 1, 1)", ks)
	}
}
