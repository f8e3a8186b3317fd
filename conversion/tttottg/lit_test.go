package tttottg_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	_ "github.com/ttcompiler/tt/conversion/tttottg"
	"github.com/ttcompiler/tt/lit"
	"github.com/ttcompiler/tt/tools/ttopt"
)

// corpus is Triton's lit suite (files of various eras; see its MANIFEST.md).
const corpus = "../../../shared/conformance/triton-lit"

// TestTritonLitFile runs the corpus test of convert-triton-to-tritongpu.
// The saved file is of the early-2025 era: its TMA gather/scatter chunk
// spells tt.experimental_descriptor_gather/_scatter, which the tt dialect
// reads as Triton 3.6's tt.descriptor_gather/_scatter, so the whole file
// must pass as written and with the 3.6 names.
func TestTritonLitFile(t *testing.T) {
	const file = "test/Conversion/triton_to_tritongpu.mlir"
	if _, err := os.Stat(filepath.Join(corpus, file)); err != nil {
		t.Skipf("Triton lit corpus not found: %v", err)
	}
	cfg := lit.DefaultConfig()
	cfg.Tools["triton-opt"] = ttopt.Run
	cfg.TempDir = t.TempDir()
	res := cfg.RunFile(filepath.Join(corpus, file))
	if res.Status.IsFailure() {
		t.Errorf("%s: %s\n%s", file, res.Status, res.Log)
	}
	src, err := os.ReadFile(filepath.Join(corpus, file))
	if err != nil {
		t.Fatal(err)
	}
	fixed := strings.ReplaceAll(string(src), "tt.experimental_descriptor_", "tt.descriptor_")
	tmp := filepath.Join(t.TempDir(), "triton_to_tritongpu.mlir")
	if err := os.WriteFile(tmp, []byte(fixed), 0o644); err != nil {
		t.Fatal(err)
	}
	res = cfg.RunFile(tmp)
	if res.Status.IsFailure() {
		t.Errorf("with tt.descriptor_gather/scatter: %s\n%s", res.Status, res.Log)
	}
}
