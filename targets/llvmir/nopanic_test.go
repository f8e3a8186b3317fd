package llvmir_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
	"github.com/ttcompiler/tt/targets/llvmir"
)

// TestMutationsDoNotPanic feeds mutated versions of the test inputs (each
// result type of each line replaced by other types) through the parser,
// verifier, printer and translator: every step must fail with a
// diagnostic or succeed, never panic.
func TestMutationsDoNotPanic(t *testing.T) {
	files, _ := filepath.Glob("testdata/*.mlir")
	files = append(files, "../../dialects/gpu/testdata/ops.mlir", "../../dialects/llvm/testdata/ops.mlir")
	replacements := []string{"i1", "f64", "!llvm.ptr<3>", "vector<3xf32>", "!llvm.struct<(i32)>", "bf16", "i64"}
	n := 0
	for _, f := range files {
		raw, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(string(raw), "\n")
		for i, l := range lines {
			k := strings.LastIndex(l, ": ")
			if k < 0 || strings.HasPrefix(strings.TrimSpace(l), "//") {
				continue
			}
			for _, r := range replacements {
				mutated := append([]string(nil), lines...)
				mutated[i] = l[:k+2] + r
				src := strings.Join(mutated, "\n")
				n++
				func() {
					defer func() {
						if p := recover(); p != nil {
							t.Fatalf("%s line %d with %q: panic: %v", f, i+1, r, p)
						}
					}()
					ctx := newContext()
					m, err := asm.Parse(ctx, src, asm.ParseConfig{Filename: "m.mlir"})
					if err != nil {
						return
					}
					_ = ir.Verify(m)
					_ = asm.Sprint(m, asm.PrintConfig{})
					for _, arch := range []string{"sm_90", "gfx942"} {
						_, _ = llvmir.Translate(m, llvmir.MustTarget(arch))
					}
				}()
			}
		}
	}
	t.Logf("%d mutated inputs", n)
}
