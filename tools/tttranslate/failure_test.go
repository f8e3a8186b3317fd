package tttranslate

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// oversizedKernel is TTGIR whose kernel keeps five 48 KB buffers live at
// once (a five-stage 128x64 f16 operand ring): 240 KB of shared memory.
const oversizedKernel = `#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @ring() {
    %a0 = ttg.local_alloc : () -> !ttg.memdesc<3x128x64xf16, #shared, #smem, mutable>
    %a1 = ttg.local_alloc : () -> !ttg.memdesc<3x128x64xf16, #shared, #smem, mutable>
    %a2 = ttg.local_alloc : () -> !ttg.memdesc<3x128x64xf16, #shared, #smem, mutable>
    %a3 = ttg.local_alloc : () -> !ttg.memdesc<3x128x64xf16, #shared, #smem, mutable>
    %a4 = ttg.local_alloc : () -> !ttg.memdesc<3x128x64xf16, #shared, #smem, mutable>
    ttg.local_dealloc %a0 : !ttg.memdesc<3x128x64xf16, #shared, #smem, mutable>
    ttg.local_dealloc %a1 : !ttg.memdesc<3x128x64xf16, #shared, #smem, mutable>
    ttg.local_dealloc %a2 : !ttg.memdesc<3x128x64xf16, #shared, #smem, mutable>
    ttg.local_dealloc %a3 : !ttg.memdesc<3x128x64xf16, #shared, #smem, mutable>
    ttg.local_dealloc %a4 : !ttg.memdesc<3x128x64xf16, #shared, #smem, mutable>
    tt.return
  }
}
`

// TestOutOfResourcesExit: a kernel over the target's shared memory exits
// with ExitOutOfResources and, with -o FILE, leaves the numbers in FILE's
// .json for the Triton plugin (which raises Triton's OutOfResources from
// them); the diagnostic is printed as for any refusal. On sm_80 (163 KB)
// the same kernel is refused with sm_80's limit; other refusals exit 1
// and write no record.
func TestOutOfResourcesExit(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "ring.ttgir")
	if err := os.WriteFile(in, []byte(oversizedKernel), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		arch  string
		limit int
	}{{"sm_90a", 227 << 10}, {"sm_80", 163 << 10}} {
		out := filepath.Join(dir, c.arch+".ptx")
		var stdout, stderr bytes.Buffer
		code := Run([]string{in, "--arch=" + c.arch, "--no-cache", "-o", out}, nil, &stdout, &stderr)
		if code != ExitOutOfResources {
			t.Fatalf("%s: exit %d, want %d; stderr:\n%s", c.arch, code, ExitOutOfResources, stderr.String())
		}
		if !strings.Contains(stderr.String(), "ring.ttgir:4:3: error: 'tt.func' op needs 240 KB of shared memory") {
			t.Errorf("%s: stderr lacks the located diagnostic:\n%s", c.arch, stderr.String())
		}
		b, err := os.ReadFile(MetadataPath(out))
		if err != nil {
			t.Fatalf("%s: no out-of-resources record: %v", c.arch, err)
		}
		var rec FailureRecord
		if err := json.Unmarshal(b, &rec); err != nil {
			t.Fatalf("%s: %v in %s", c.arch, err, b)
		}
		want := OutOfResourcesRecord{Kind: "out_of_resources", Resource: "shared memory", Required: 240 << 10, Limit: c.limit, Arch: c.arch}
		if rec.Error != want {
			t.Errorf("%s: record %+v, want %+v", c.arch, rec.Error, want)
		}
		if _, err := os.Stat(out); err == nil {
			t.Errorf("%s: a refused kernel left PTX at %s", c.arch, out)
		}
	}
	// Any other refusal is exit 1, with no record.
	bad := filepath.Join(dir, "bad.ttgir")
	if err := os.WriteFile(bad, []byte(strings.Replace(oversizedKernel, "tt.return", "tt.return %a0 : !ttg.memdesc<3x128x64xf16, #shared, #smem, mutable>", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "bad.ptx")
	var stdout, stderr bytes.Buffer
	if code := Run([]string{bad, "--no-cache", "-o", out}, nil, &stdout, &stderr); code != 1 {
		t.Errorf("a malformed kernel exits %d, want 1; stderr:\n%s", code, stderr.String())
	}
	if _, err := os.Stat(MetadataPath(out)); err == nil {
		t.Error("a malformed kernel left a metadata record")
	}
}
