package nvptx

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// TestPtxas assembles every golden PTX with ptxas, the ground truth for
// what is valid PTX. ptxas ships with CUDA; the test skips where it is
// not installed (the GPU machine has it).
func TestPtxas(t *testing.T) {
	ptxas, err := exec.LookPath("ptxas")
	if err != nil {
		t.Skip("ptxas not found on PATH (install the CUDA toolkit to check the PTX)")
	}
	for _, c := range goldenCases(t) {
		t.Run(filepath.Base(c.ptx), func(t *testing.T) {
			got, ks := emitFile(t, c.mlir, c.arch)
			f := filepath.Join(t.TempDir(), "k.ptx")
			if err := os.WriteFile(f, []byte(got), 0o644); err != nil {
				t.Fatal(err)
			}
			out, err := exec.Command(ptxas, "-arch="+ks[0].Target, f, "-o", os.DevNull).CombinedOutput()
			if err != nil || len(out) > 0 {
				t.Errorf("ptxas -arch=%s %s: %v\n%s", ks[0].Target, c.mlir, err, out)
			}
		})
	}
}
