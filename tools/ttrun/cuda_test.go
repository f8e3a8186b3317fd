package ttrun

import (
	"github.com/ttcompiler/tt/compilecache"
	"reflect"
	"strings"
	"testing"

	"github.com/ttcompiler/tt/runtime/cuda"
)

func TestCUDABackendRegistered(t *testing.T) {
	b, err := LookupBackend("cuda")
	if err != nil || b.Name() != "cuda" {
		t.Fatalf("cuda backend: %v", err)
	}
}

// TestCUDACompile checks the backend's compilation half, which needs no
// GPU: the kernel's PTX and metadata for a given architecture.
func TestCUDACompile(t *testing.T) {
	k, err := LoadKernelFile("../../examples/softmax.ttir", "", false)
	if err != nil {
		t.Fatal(err)
	}
	before := len(k.Module.Region(0).Front().Ops())
	cache, err := compilecache.Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	ptx, meta, err := compileForCUDA(k, "sm_80", Options{NumWarps: 8}, cache)
	if err != nil {
		t.Skipf("the pipeline cannot compile softmax yet: %v", err)
	}
	// The second compilation of the same kernel comes from the cache.
	again, meta2, err := compileForCUDA(k, "sm_80", Options{NumWarps: 8}, cache)
	if err != nil || string(again) != string(ptx) || !reflect.DeepEqual(meta2, meta) {
		t.Errorf("the cached compilation differs: %v", err)
	}
	if s := cache.Stats(); s.Hits != 1 || s.Puts != 1 {
		t.Errorf("cache stats %+v, want one put and one hit", s)
	}
	if meta.Name != "softmax_kernel" || meta.NumWarps != 8 || meta.Shared == 0 || meta.Target != "sm_80" {
		t.Errorf("metadata %+v", meta)
	}
	if !strings.Contains(string(ptx), ".visible .entry softmax_kernel(") {
		t.Errorf("PTX lacks the entry")
	}
	if after := len(k.Module.Region(0).Front().Ops()); after != before || k.Module.Region(0).Front().Ops()[0].Name() != "tt.func" {
		t.Errorf("compiling changed the kernel's module")
	}
}

// TestCUDARun runs vector_add on the GPU; it skips without a driver.
func TestCUDARun(t *testing.T) {
	if err := cuda.Load(); err != nil {
		t.Skipf("no CUDA driver: %v", err)
	}
	res, err := RunCase("../../../shared/kernels/cases", caseNamed(t, "vector_add"), CUDA{}, CaseOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if !res.Pass {
		t.Errorf("vector_add on the GPU: %+v", res)
	}
}

func caseNamed(t *testing.T, name string) *Case {
	t.Helper()
	m, err := ReadManifest("../../../shared/kernels/cases/manifest.json")
	if err != nil {
		t.Skipf("no case manifest: %v", err)
	}
	for i := range m.Cases {
		if m.Cases[i].Name == name {
			return &m.Cases[i]
		}
	}
	t.Skipf("no case %s", name)
	return nil
}
