package ttgir_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	_ "github.com/ttcompiler/tt/analysis/axisinfo"
	_ "github.com/ttcompiler/tt/conversion/tttottg"
	"github.com/ttcompiler/tt/lit"
	"github.com/ttcompiler/tt/tools/ttopt"
	_ "github.com/ttcompiler/tt/transforms/ttgir"
)

// corpus is Triton's lit suite (files of various eras; see its MANIFEST.md).
const corpus = "../../../shared/conformance/triton-lit"

// litCase is a corpus file of this package's passes and what is expected
// of it: a pass, or a failure whose log must mention why (an era
// difference of the file, not of the pass).
type litCase struct {
	file   string
	pass   bool
	reason string
	// fix, for a failing file, turns its era's expectation into Triton
	// 3.6's (old, new pairs); the fixed file must pass.
	fix []string
}

var litCases = []litCase{
	{file: "test/TritonGPU/coalesce.mlir", pass: true},
	// The saved file predates Triton's June-2025 change to the swizzling of
	// mixed-precision dot operands: for its f16 operand with kWidth 8 Triton
	// 3.6 (like this package) picks perPhase 4, the file expects 8. Every
	// other case passes.
	{file: "test/TritonGPU/reduce-data-duplication.mlir", reason: "perPhase = 8",
		fix: []string{"vec = 8, perPhase = 8, maxPhase = 2", "vec = 8, perPhase = 4, maxPhase = 2"}},
}

func TestTritonLitFiles(t *testing.T) {
	if _, err := os.Stat(corpus); err != nil {
		t.Skipf("Triton lit corpus not found: %v", err)
	}
	cfg := lit.DefaultConfig()
	cfg.Tools["triton-opt"] = ttopt.Run
	cfg.TempDir = t.TempDir()
	for _, c := range litCases {
		t.Run(filepath.Base(c.file), func(t *testing.T) {
			res := cfg.RunFile(filepath.Join(corpus, c.file))
			switch {
			case c.pass && res.Status.IsFailure():
				t.Errorf("%s: %s\n%s", c.file, res.Status, res.Log)
			case !c.pass && !res.Status.IsFailure():
				t.Errorf("%s passes; expected a failure (%s)", c.file, c.reason)
			case !c.pass && !strings.Contains(res.Log, c.reason):
				t.Errorf("%s fails for another reason than %q:\n%s", c.file, c.reason, res.Log)
			}
			if len(c.fix) == 0 {
				return
			}
			src, err := os.ReadFile(filepath.Join(corpus, c.file))
			if err != nil {
				t.Fatal(err)
			}
			fixed := strings.NewReplacer(c.fix...).Replace(string(src))
			tmp := filepath.Join(t.TempDir(), filepath.Base(c.file))
			if err := os.WriteFile(tmp, []byte(fixed), 0o644); err != nil {
				t.Fatal(err)
			}
			if res := cfg.RunFile(tmp); res.Status.IsFailure() {
				t.Errorf("%s with 3.6's expectations: %s\n%s", c.file, res.Status, res.Log)
			}
		})
	}
}
