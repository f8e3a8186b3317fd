package ttg_test

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

// layoutLineRE picks the layout alias definitions out of Triton's dumps.
var layoutLineRE = regexp.MustCompile(`(?m)^#[a-z_0-9]+ = (#(?:ttg|ttng)\..*)$`)

// FuzzLayout feeds mutated layout attributes and shapes to the parser on
// a tensor and on a memdesc. Properties: the parser and verifier never
// panic and always answer with a located diagnostic; what verifies prints,
// re-parses and prints identically; ToLinearLayout and the layout helpers
// never panic on a verified type.
func FuzzLayout(f *testing.F) {
	seen := map[string]bool{}
	for _, g := range []string{"kernels/*.ttgir", "kernels/*/*.ttgir", "conformance/triton-3.6-print/test/*/*.golden"} {
		files, _ := filepath.Glob(filepath.Join(sharedDir, g))
		for _, file := range files {
			b, _ := os.ReadFile(file)
			for _, m := range layoutLineRE.FindAllStringSubmatch(string(b), -1) {
				if !seen[m[1]] {
					seen[m[1]] = true
					f.Add(m[1], "64x32")
					f.Add(m[1], "128")
				}
			}
		}
	}
	f.Add(`#ttg.blocked<{sizePerThread = [2, 2], threadsPerWarp = [8, 4], warpsPerCTA = [1, 2], order = [1, 0]}>`, "16x16")
	f.Fuzz(func(t *testing.T, attr, shape string) {
		if strings.ContainsAny(shape, "<>{}()") || len(attr) > 2000 {
			return
		}
		src := "module attributes {\"ttg.num-ctas\" = 1 : i32, \"ttg.num-warps\" = 4 : i32, \"ttg.threads-per-warp\" = 32 : i32} {\n" +
			"  tt.func @f(%a: tensor<" + shape + "xf16, " + attr + ">) { tt.return }\n" +
			"  tt.func @g(%a: !ttg.memdesc<" + shape + "xf16, " + attr + ", #ttg.shared_memory>) { tt.return }\n}\n"
		fuzzOne(t, src)
	})
}

func fuzzOne(t *testing.T, src string) {
	ctx := newContext()
	m, err := asm.Parse(ctx, src, asm.ParseConfig{Filename: "fuzz"})
	if err != nil {
		if !isDiagnostic(err) {
			t.Fatalf("parse error is not a located diagnostic: %T %v", err, err)
		}
		return
	}
	if err := ir.Verify(m); err != nil {
		if !isDiagnostic(err) {
			t.Fatalf("verify error is not a located diagnostic: %T %v", err, err)
		}
		return
	}
	out := asm.Sprint(m, asm.PrintConfig{})
	m2, err := asm.Parse(newContext(), out, asm.ParseConfig{Filename: "reprint"})
	if err != nil {
		t.Fatalf("print does not re-parse: %v\n%s", err, out)
	}
	if out2 := asm.Sprint(m2, asm.PrintConfig{}); out2 != out {
		t.Fatalf("print is not stable:\n%s\n%s", out, out2)
	}
	ir.WalkOps(m, func(op *ir.Operation) {
		for _, r := range op.Regions() {
			for _, b := range r.Blocks() {
				for _, a := range b.ArgumentTypes() {
					if tt, ok := a.(*ir.RankedTensorType); ok && tt.Encoding != nil {
						_, _ = ttg.ToLinearLayout(tt.Encoding, tt.Dims)
						_ = ttg.TotalElemsPerThread(tt)
						_ = ttg.Order(tt.Encoding, tt.Dims)
					}
					if md, ok := a.(*ttg.MemDescType); ok && md.Encoding != nil {
						_, _ = ttg.ToLinearLayout(md.Encoding, md.Shape())
					}
				}
			}
		}
	})
}

// FuzzModule mutates whole modules (the lit chunks of the TritonGPU,
// TritonNvidiaGPU, Conversion and Analysis folders and the AMD kernels)
// with the same properties as FuzzLayout: no panics, located diagnostics,
// stable prints.
func FuzzModule(f *testing.F) {
	for _, g := range []string{"conformance/triton-lit/test/TritonGPU/*.mlir", "conformance/triton-lit/test/TritonNvidiaGPU/*.mlir",
		"conformance/triton-lit/test/Conversion/*.mlir", "conformance/triton-lit/test/Analysis/*.mlir", "kernels/amd/*.ttgir"} {
		files, _ := filepath.Glob(filepath.Join(sharedDir, g))
		for _, file := range files {
			b, _ := os.ReadFile(file)
			chunks, _ := splitChunks(string(b))
			for _, c := range chunks {
				if len(c) < 20000 {
					f.Add(c)
				}
			}
		}
	}
	f.Fuzz(func(t *testing.T, src string) {
		if len(src) > 50000 {
			return
		}
		fuzzOne(t, src)
	})
}

// isDiagnostic reports whether err is a located diagnostic (or a list of
// them, as the verifier returns).
func isDiagnostic(err error) bool {
	switch e := err.(type) {
	case *ir.Diagnostic:
		return true
	case ir.Diagnostics:
		return len(e) > 0
	}
	return false
}
