package allocate_test

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/ttcompiler/tt/tools/ttopt"
)

// passDumps holds Triton 3.6's IR before every pass of its pipelines for
// the seed kernels (see its README.md).
const passDumps = "../../../shared/kernels/passes"

var dumpHeaderRe = regexp.MustCompile(`(?m)^// -----// IR Dump Before (\S+) \((\S+)\).*\n`)

// TestTriton36Dumps runs the allocation on the IR Triton 3.6 gave its
// allocation pass and compares the result with the IR Triton handed to
// the next pass. The NVIDIA dumps run allocate-shared-memory-nv, which is
// what Triton ran; the AMD dumps ran Triton's AMD variant, whose scratch
// sizes differ from the generic pass only for layout conversions it marks
// for padded scratch, which these kernels do not have, so the generic pass
// must agree there too.
func TestTriton36Dumps(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join(passDumps, "*.passes.mlir"))
	if len(files) == 0 {
		t.Skip("Triton 3.6 pass dumps not available")
	}
	passes := map[string]string{
		"AllocateSharedMemoryNv":     "-allocate-shared-memory-nv",
		"AllocateAMDGPUSharedMemory": "-allocate-shared-memory",
	}
	checked := 0
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		text := string(src)
		heads := dumpHeaderRe.FindAllStringSubmatchIndex(text, -1)
		for i, h := range heads {
			flag, ok := passes[text[h[2]:h[3]]]
			if !ok || i+1 >= len(heads) {
				continue
			}
			before := text[h[1]:heads[i+1][0]]
			end := len(text)
			if i+2 < len(heads) {
				end = heads[i+2][0]
			}
			after := text[heads[i+1][1]:end]
			name := filepath.Base(f)
			t.Run(name, func(t *testing.T) {
				in := writeTemp(t, "in.mlir", before)
				var out, errb bytes.Buffer
				if rc := ttopt.Run([]string{in, flag, "--mlir-use-nameloc-as-prefix"}, nil, &out, &errb); rc != 0 {
					t.Fatalf("%s: exit %d\n%s", flag, rc, errb.String())
				}
				if got, want := strings.TrimSpace(out.String()), strings.TrimSpace(after); got != want {
					t.Errorf("%s %s differs from Triton 3.6:\n--- got\n%s\n--- want\n%s", name, flag, got, want)
				}
			})
			checked++
		}
	}
	if checked != 9 {
		t.Errorf("checked %d allocations, want 9 (3 kernels x sm80, sm90, gfx942)", checked)
	}
}
