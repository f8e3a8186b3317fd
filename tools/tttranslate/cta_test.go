package tttranslate

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/ttcompiler/tt/targets/nvptx"
)

// Clusters of CTAs: the TTGIR Triton 3.6 made on an H200 for
// test_matmul.py's kernel at NUM_CTAS = 2 and 4 and for test_core's
// kernel_r at num_ctas = 4 (testdata/cta, with Triton's PTX and
// metadata) through tt-translate to PTX. Each entry must be a cluster
// entry of Triton's size, index programs by cluster, and match Triton's
// kernel in its shared memory per CTA and in the instructions that move
// and multiply the data (the CTA's share of each tile).

const ctaDir = "../../testdata/cta"

var reqCluster = regexp.MustCompile(`(?m)^\.reqnctapercluster (\d+)$`)

// ptxCounts are the instruction families compared with Triton's PTX.
var ptxCounts = []string{"wgmma.mma_async", "mma.sync.aligned", "cp.async.ca", "cp.async.cg", "st.global", "ld.global"}

func TestCTAKernelsPTX(t *testing.T) {
	files, err := filepath.Glob(filepath.Join(ctaDir, "*.ttgir"))
	if err != nil || len(files) != 10 {
		t.Fatalf("want the 10 recorded multi-CTA kernels in %s, found %d (%v)", ctaDir, len(files), err)
	}
	ptxas, _ := exec.LookPath("ptxas")
	for _, path := range files {
		base := strings.TrimSuffix(path, ".ttgir")
		t.Run(filepath.Base(base), func(t *testing.T) {
			src := parseFile(t, path)
			res, err := CompileSource(path, src, DefaultOptions())
			if err != nil {
				t.Fatalf("%s", RenderError(path, src, err))
			}
			ptx := string(res.Output)
			triton := parseFile(t, base+".ptx")
			m := reqCluster.FindStringSubmatch(triton)
			if m == nil {
				t.Fatalf("Triton's PTX has no .reqnctapercluster")
			}
			n, _ := strconv.Atoi(m[1])
			if !strings.Contains(ptx, ".explicitcluster\n.reqnctapercluster "+m[1]+"\n") {
				t.Errorf("the entry is not an .explicitcluster of .reqnctapercluster %d", n)
			}
			k := res.Kernels[0]
			if k.NumCTAs != n || k.ClusterDims != [3]int{n, 1, 1} {
				t.Errorf("metadata num_ctas %d, cluster_dims %v; want %d and [%d 1 1]", k.NumCTAs, k.ClusterDims, n, n)
			}
			if want := tritonShared(t, base); want >= 0 && k.Shared != want {
				t.Errorf("%d bytes of shared memory per CTA, Triton's kernel has %d", k.Shared, want)
			}
			// Programs are clusters; a CTA finds its share by its rank.
			if !strings.Contains(ptx, "%clusterid.x") || strings.Contains(ptx, "%ctaid.") {
				t.Errorf("the program id must be %%clusterid.x, and %%ctaid unused")
			}
			if !strings.Contains(ptx, "%cluster_ctarank") {
				t.Errorf("the kernel never reads %%cluster_ctarank")
			}
			for _, ins := range ptxCounts {
				if got, want := strings.Count(ptx, ins), strings.Count(triton, ins); got != want {
					t.Errorf("%d %s, Triton's kernel has %d", got, ins, want)
				}
			}
			for _, h := range nvptx.WGMMAHazards(ptx) {
				t.Errorf("wgmma hazard: %s", h)
			}
			meta, err := Metadata(res.Kernels)
			if err != nil {
				t.Fatal(err)
			}
			var back Kernel
			if err := json.Unmarshal(meta, &back); err != nil || back.NumCTAs != n || back.ClusterDims != [3]int{n, 1, 1} {
				t.Errorf("the metadata JSON does not carry num_ctas and cluster_dims: %s (%v)", meta, err)
			}
			if ptxas != "" {
				f := filepath.Join(t.TempDir(), "k.ptx")
				if err := os.WriteFile(f, res.Output, 0o644); err != nil {
					t.Fatal(err)
				}
				if out, err := exec.Command(ptxas, "-arch="+k.Target, f, "-o", os.DevNull).CombinedOutput(); err != nil || len(out) > 0 {
					t.Errorf("ptxas -arch=%s: %v\n%s", k.Target, err, out)
				}
			}
		})
	}
}

// tritonShared is the shared memory per CTA Triton's metadata recorded
// for a kernel (-1 when there is no metadata: kernel_r's).
func tritonShared(t *testing.T, base string) int {
	t.Helper()
	raw, err := os.ReadFile(base + ".json")
	if os.IsNotExist(err) {
		return -1
	}
	if err != nil {
		t.Fatal(err)
	}
	var meta struct {
		Metadata map[string]string `json:"metadata"`
	}
	if err := json.Unmarshal(raw, &meta); err != nil {
		t.Fatal(err)
	}
	n, err := strconv.Atoi(meta.Metadata["shared"])
	if err != nil {
		t.Fatalf("Triton's metadata has no shared size: %v", err)
	}
	return n
}
