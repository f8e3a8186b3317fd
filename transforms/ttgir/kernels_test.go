package ttgir_test

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/ttcompiler/tt/tools/ttopt"
)

// kernels holds Triton 3.6's compiled kernels (TTIR in, TTGIR out, sm90).
const kernels = "../../../shared/kernels"

// runPipelineOn runs ttgir-pipeline over a TTIR file as Triton's
// make_ttgir does for an sm_90 target, printing like Triton's .ttgir dumps.
func runPipelineOn(t *testing.T, ttir string, numWarps int, extra ...string) string {
	t.Helper()
	args := append([]string{ttir, "-ttgir-pipeline=num-warps=" + strconv.Itoa(numWarps) + " capability=90",
		"-mlir-use-nameloc-as-prefix"}, extra...)
	var stdout, stderr strings.Builder
	if rc := ttopt.Run(args, nil, &stdout, &stderr); rc != 0 {
		t.Fatalf("tt-opt %s: exit %d\n%s", strings.Join(args, " "), rc, stderr.String())
	}
	return stdout.String()
}

// TestKernelsMatchTriton: the TTGIR of the kernels without tt.dot prints
// byte for byte as Triton 3.6's, locations included.
func TestKernelsMatchTriton(t *testing.T) {
	if _, err := os.Stat(kernels); err != nil {
		t.Skipf("kernels not found: %v", err)
	}
	for _, k := range []string{"vector_add_f32_b1024", "softmax_f32_b1024_w4", "cases/vector_add", "cases/softmax"} {
		t.Run(k, func(t *testing.T) {
			want, err := os.ReadFile(filepath.Join(kernels, k+".ttgir"))
			if err != nil {
				t.Fatal(err)
			}
			got := runPipelineOn(t, filepath.Join(kernels, k+".ttir"), 4, "-mlir-print-debuginfo")
			if got != string(want) {
				t.Errorf("TTGIR differs from Triton's\n--- got ---\n%s--- want ---\n%s", got, want)
			}
		})
	}
}

var blockedRE = regexp.MustCompile(`(?m)^#blocked\d* = .*$`)

// TestPerfKernelLayouts: the benchmark kernels without tt.dot get one
// coalesced blocked layout each (128-bit accesses where the block allows,
// as Triton's PTX shows) and no layout conversions.
func TestPerfKernelLayouts(t *testing.T) {
	dir := filepath.Join(kernels, "perf")
	if _, err := os.Stat(dir); err != nil {
		t.Skipf("kernels not found: %v", err)
	}
	for _, c := range []struct {
		name     string
		numWarps int
		layout   string
		// vector is the width of the global loads in Triton's PTX, which
		// the layout's sizePerThread (f32 elements) must give.
		vector string
	}{
		{"vector_add_2e26", 4, "sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]", "ld.global.v4"},
		{"softmax_4096x1024", 4, "sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]", "ld.global.v4"},
		{"softmax_4096x4096", 8, "sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [8], order = [0]", "ld.global.v4"},
		{"softmax_4096x16384", 16, "sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [16], order = [0]", "ld.global.v4"},
		{"softmax_8192x8192", 8, "sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [8], order = [0]", "ld.global.v4"},
		{"softmax_online_8192x8192", 4, "sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]", "ld.global.v2"},
		{"layernorm_dropout_4096", 8, "sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [8], order = [0]", "ld.global.v4"},
	} {
		t.Run(c.name, func(t *testing.T) {
			got := runPipelineOn(t, filepath.Join(dir, c.name+".ttir"), c.numWarps)
			layouts := blockedRE.FindAllString(got, -1)
			want := "#blocked = #ttg.blocked<{" + c.layout + "}>"
			if len(layouts) != 1 || layouts[0] != want {
				t.Errorf("layouts %q, want only %q", layouts, want)
			}
			if n := strings.Count(got, "ttg.convert_layout"); n != 0 {
				t.Errorf("%d ttg.convert_layout left", n)
			}
			ptx, err := os.ReadFile(filepath.Join(dir, c.name+".triton.ptx"))
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(string(ptx), c.vector) {
				t.Errorf("Triton's PTX has no %s", c.vector)
			}
		})
	}
}
