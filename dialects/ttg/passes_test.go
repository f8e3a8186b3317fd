package ttg_test

import (
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

var llvmOpRE = regexp.MustCompile(`(?m)^\s*(%[^=]*=\s*)?"?llvm\.`)

// passSections splits a pass-dump file into its `IR Dump Before` sections.
func passSections(src string) (headers, bodies []string) {
	const marker = "// -----// IR Dump Before"
	lines := strings.SplitAfter(src, "\n")
	cur := -1
	var b strings.Builder
	flush := func() {
		if cur >= 0 {
			bodies = append(bodies, b.String())
		}
		b.Reset()
	}
	for _, l := range lines {
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

// TestPassDumps parses, verifies, prints and re-parses every section of the
// pass-by-pass dumps of Triton 3.6's sm80, sm90 and gfx942 pipelines
// (sections in the LLVM dialect belong to the lowering and are skipped);
// the second print must equal the first.
func TestPassDumps(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join(sharedDir, "kernels", "passes", "*.mlir"))
	if len(files) == 0 {
		t.Skip("no pass dumps")
	}
	sort.Strings(files)
	total, pass, skipped := 0, 0, 0
	missing := map[string]int{}
	for _, f := range files {
		raw, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		headers, bodies := passSections(string(raw))
		for i, body := range bodies {
			if llvmOpRE.MatchString(body) {
				skipped++
				continue
			}
			total++
			where := filepath.Base(f) + " #" + itoa(i) + " " + headers[i]
			ctx := newContext()
			op, err := asm.Parse(ctx, body, asm.ParseConfig{Filename: filepath.Base(f)})
			if d := missingDialect(err); d != "" {
				missing[d]++
				continue
			}
			if err != nil {
				t.Errorf("%s: parse: %v", where, err)
				continue
			}
			if err := ir.Verify(op); err != nil {
				t.Errorf("%s: verify: %v", where, err)
				continue
			}
			p1 := asm.Sprint(op, asm.PrintConfig{})
			op2, err := asm.Parse(newContext(), p1, asm.ParseConfig{Filename: "print"})
			if err != nil {
				t.Errorf("%s: reparse: %v", where, err)
				continue
			}
			if p2 := asm.Sprint(op2, asm.PrintConfig{}); p2 != p1 {
				t.Errorf("%s: print is not a fixed point: %s", where, firstDiff(p1, p2))
				continue
			}
			pass++
		}
	}
	t.Logf("pass dumps: %d/%d sections round-trip (%d LLVM-dialect sections skipped); waiting on dialects: %v", pass, total, skipped, missing)
}

func itoa(i int) string { return strconv.Itoa(i) }
