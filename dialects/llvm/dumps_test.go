package llvm_test

import (
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/ttcompiler/tt/dialects/builtin"
	"github.com/ttcompiler/tt/dialects/llvm"
	"github.com/ttcompiler/tt/dialects/llvm/nvg"
	"github.com/ttcompiler/tt/dialects/llvm/rocdl"
	"github.com/ttcompiler/tt/dialects/nvvm"
	"github.com/ttcompiler/tt/dialects/tt"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

// sharedDir is the steering repository's shared/ directory (TT_SHARED
// overrides it).
var sharedDir = func() string {
	if d := os.Getenv("TT_SHARED"); d != "" {
		return d
	}
	wd, _ := os.Getwd()
	return filepath.Join(wd, "..", "..", "..", "shared")
}()

// newContext loads the dialects of Triton's LLVM-dialect dumps.
func newContext() *ir.Context {
	ctx := ir.NewContext()
	builtin.Load(ctx)
	llvm.Load(ctx)
	nvvm.Load(ctx)
	rocdl.Load(ctx)
	nvg.Load(ctx)
	tt.Load(ctx)
	return ctx
}

// dumpSections splits a pass-dump file into its `IR Dump Before` sections.
func dumpSections(src string) (headers, bodies []string) {
	const marker = "// -----// IR Dump Before"
	cur := -1
	var b strings.Builder
	flush := func() {
		if cur >= 0 {
			bodies = append(bodies, b.String())
		}
		b.Reset()
	}
	for _, l := range strings.SplitAfter(src, "\n") {
		if strings.HasPrefix(l, marker) {
			flush()
			headers = append(headers, strings.TrimSpace(l))
			cur++
			continue
		}
		if cur >= 0 {
			b.WriteString(l)
		}
	}
	flush()
	return headers, bodies
}

// TestTritonLLVMDumps parses, verifies and prints every section of
// Triton 3.6's pass dumps that is in the LLVM dialect (the IR after
// convert-triton-gpu-to-llvm for vector_add and softmax on sm80, sm90 and
// gfx942); the print must equal the section text.
func TestTritonLLVMDumps(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join(sharedDir, "kernels", "passes", "*.mlir"))
	if len(files) == 0 {
		t.Skip("no pass dumps under " + sharedDir)
	}
	sort.Strings(files)
	total, pass := 0, 0
	for _, f := range files {
		raw, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		headers, bodies := dumpSections(string(raw))
		for i, body := range bodies {
			if !strings.Contains(body, " llvm.") {
				continue
			}
			total++
			where := filepath.Base(f) + " " + headers[i]
			op, err := asm.Parse(newContext(), body, asm.ParseConfig{Filename: filepath.Base(f)})
			if err != nil {
				t.Errorf("%s: parse: %v", where, err)
				continue
			}
			if err := ir.Verify(op); err != nil {
				t.Errorf("%s: verify: %v", where, err)
				continue
			}
			got := asm.Sprint(op, asm.PrintConfig{UseNameLocAsPrefix: true})
			if want := strings.TrimRight(body, "\n") + "\n"; got != want {
				t.Errorf("%s: print differs: %s", where, firstDiff(want, got))
				continue
			}
			pass++
		}
	}
	t.Logf("LLVM-dialect dump sections: %d/%d parse, verify and print back identically", pass, total)
	if total < 6 {
		t.Errorf("expected at least 6 LLVM-dialect sections, found %d", total)
	}
}

func firstDiff(a, b string) string {
	al, bl := strings.Split(a, "\n"), strings.Split(b, "\n")
	for i := 0; i < len(al) && i < len(bl); i++ {
		if al[i] != bl[i] {
			return "line " + itoa(i+1) + ":\n  want: " + al[i] + "\n  got:  " + bl[i]
		}
	}
	return "lengths differ"
}

func itoa(i int) string { return strconv.Itoa(i) }
