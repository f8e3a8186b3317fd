package nvptx

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/ttcompiler/tt/dialects/all"
	"github.com/ttcompiler/tt/dialects/gpu"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

var update = flag.Bool("update", false, "rewrite the golden PTX files")

// parse reads per-thread IR with every dialect loaded.
func parse(t testing.TB, name, src string) *ir.Operation {
	t.Helper()
	ctx := all.NewContext()
	gpu.Load(ctx)
	m, err := asm.Parse(ctx, src, asm.ParseConfig{Filename: name})
	if err != nil {
		t.Fatalf("parse %s: %v", name, err)
	}
	if err := ir.Verify(m); err != nil {
		t.Fatalf("verify %s: %v", name, err)
	}
	return m
}

// archsOf reads the `// ARCH: sm_XX` lines of a test (sm_90 by default).
func archsOf(src string) []string {
	var out []string
	for _, l := range strings.Split(src, "\n") {
		if a, ok := strings.CutPrefix(strings.TrimSpace(l), "// ARCH:"); ok {
			out = append(out, strings.TrimSpace(a))
		}
	}
	if len(out) == 0 {
		out = []string{"sm_90"}
	}
	return out
}

// goldenCases returns the hand-written per-thread IR tests and, for each
// architecture they name, the golden PTX file.
func goldenCases(t testing.TB) (cases []struct{ mlir, arch, ptx string }) {
	files, err := filepath.Glob("testdata/golden/*.mlir")
	if err != nil || len(files) == 0 {
		t.Fatalf("no golden tests: %v", err)
	}
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, a := range archsOf(string(src)) {
			ptx := strings.TrimSuffix(f, ".mlir") + "." + a + ".ptx"
			cases = append(cases, struct{ mlir, arch, ptx string }{f, a, ptx})
		}
	}
	return cases
}

func emitFile(t testing.TB, path, arch string) (string, []Kernel) {
	t.Helper()
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	m := parse(t, path, string(src))
	var b strings.Builder
	ks, err := Emit(m, Options{Arch: arch}, &b)
	if err != nil {
		t.Fatalf("%s (%s): %v", path, arch, err)
	}
	return b.String(), ks
}

// TestGolden emits every testdata/golden/*.mlir and compares with the
// reviewed PTX next to it (go test -update rewrites them).
func TestGolden(t *testing.T) {
	for _, c := range goldenCases(t) {
		t.Run(filepath.Base(c.ptx), func(t *testing.T) {
			got, _ := emitFile(t, c.mlir, c.arch)
			if *update {
				if err := os.WriteFile(c.ptx, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(c.ptx)
			if err != nil {
				t.Fatalf("%v (run go test -update to create it)", err)
			}
			if d := cmp.Diff(string(want), got); d != "" {
				t.Errorf("PTX differs from %s (-want +got):\n%s", c.ptx, d)
			}
		})
	}
}

// TestGoldenCoversEveryOp checks that the golden tests exercise every op
// the emitter selects instructions for, so that none goes untested.
func TestGoldenCoversEveryOp(t *testing.T) {
	seen := map[string]bool{}
	for _, c := range goldenCases(t) {
		src, _ := os.ReadFile(c.mlir)
		m := parse(t, c.mlir, string(src))
		ir.WalkOps(m, func(op *ir.Operation) { seen[op.Name()] = true })
	}
	var missing []string
	for name := range emitters() {
		if !seen[name] && !untested[name] {
			missing = append(missing, name)
		}
	}
	if len(missing) > 0 {
		t.Errorf("ops without a golden test: %v", missing)
	}
}

// untested are table entries that alias a tested selector under another
// name (cf branches are llvm's; arith.constant is llvm.mlir.constant's).
var untested = map[string]bool{
	"cf.br": true, "cf.cond_br": true, "arith.constant": true,
}
