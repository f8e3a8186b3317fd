package triton_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ttcompiler/tt/dialects/all"
	"github.com/ttcompiler/tt/frontend/triton"
	"github.com/ttcompiler/tt/ir/asm"
)

// TestDisableLICM compiles test_core.py's test_disable_licm kernels:
// tl.condition(..., disable_licm=True) and tl.range(..., disable_licm=True)
// put Triton's llvm.loop_annotation (LICM and LICM versioning disabled)
// on the scf.while / scf.for; the plain loop has none.
func TestDisableLICM(t *testing.T) {
	src := `import triton
import triton.language as tl


@triton.jit
def while_no_licm(n):
    i = 0
    while tl.condition(i < n, disable_licm=True):
        i = i + 1
        print("i", i)


@triton.jit
def while_default(n):
    i = 0
    while tl.condition(i < n):
        i = i + 1
        print("i", i)


@triton.jit
def for_no_licm(n):
    for i in tl.range(0, n, disable_licm=True):
        print("i", i)
`
	path := filepath.Join(t.TempDir(), "licm.py")
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	const want = "#llvm.loop_annotation<licm = #loop_licm>"
	for _, c := range []struct {
		kernel, loop string
		annotated    bool
	}{{"while_no_licm", "scf.while", true}, {"while_default", "scf.while", false}, {"for_no_licm", "scf.for", true}} {
		mod, err := triton.Compile(all.NewContext(), path, triton.Options{Kernel: c.kernel, Args: sig(t, "i32")})
		if err != nil {
			t.Fatalf("%s: %v", c.kernel, err)
		}
		out := asm.Sprint(mod, asm.PrintConfig{})
		if !strings.Contains(out, c.loop) {
			t.Fatalf("%s: no %s in\n%s", c.kernel, c.loop, out)
		}
		has := strings.Contains(out, "#loop_licm = #llvm.loop_licm<disable = true, versioningDisable = true>") &&
			strings.Contains(out, want) && strings.Contains(out, "llvm.loop_annotation = #loop_annotation")
		if has != c.annotated {
			t.Errorf("%s: annotated %v, want %v:\n%s", c.kernel, has, c.annotated, out)
		}
	}
}
