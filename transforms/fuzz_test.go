package transforms_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ttcompiler/tt/dialects/all"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
	"github.com/ttcompiler/tt/passmgr"
)

// FuzzPasses runs every pass on any input that parses and verifies: no
// pass may crash (the pass manager turns panics into "crashed" errors)
// or leave IR that fails verification.
func FuzzPasses(f *testing.F) {
	lits, _ := filepath.Glob(filepath.Join(tritonLit, "test", "Triton", "*.mlir"))
	for _, p := range lits {
		if data, err := os.ReadFile(p); err == nil {
			for _, c := range splitChunks(string(data)) {
				f.Add(c)
			}
		}
	}
	f.Add(genModule(2, 24))
	f.Fuzz(func(t *testing.T, src string) {
		for _, pipeline := range robustnessPipelines {
			ctx := all.NewContext()
			op, err := asm.ParseString(ctx, src)
			if err != nil || ir.Verify(op) != nil {
				return
			}
			pm, err := passmgr.Parse(passmgr.Default, pipeline)
			if err != nil {
				t.Fatal(err)
			}
			if err := pm.Run(op, &passmgr.Config{VerifyEach: true}); err != nil && strings.Contains(err.Error(), "crashed") {
				t.Fatalf("%s crashed: %v", pipeline, err)
			}
		}
	})
}
