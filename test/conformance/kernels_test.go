package conformance

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/ttcompiler/tt/dialects/all"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

var locTrailer = regexp.MustCompile(` loc\([^()]*(\([^()]*(\([^()]*\)[^()]*)*\)[^()]*)*\)`)

// stripLocations removes `loc(...)` trailers and `#loc` alias lines, which
// is what printing without --mlir-print-debuginfo omits.
func stripLocations(src string) string {
	var b strings.Builder
	for _, l := range strings.SplitAfter(src, "\n") {
		if strings.HasPrefix(l, "#loc") {
			continue
		}
		b.WriteString(locTrailer.ReplaceAllString(l, ""))
	}
	return b.String()
}

// TestKernelDumps: every .ttir and .ttgir Triton 3.6 dumped prints back as
// its own text (locations removed) with --mlir-use-nameloc-as-prefix, and
// with debug info it re-parses to the same location of every op.
func TestKernelDumps(t *testing.T) {
	root := shared(t)
	var files []string
	for _, pat := range []string{"kernels/*.tt*ir", "kernels/*/*.tt*ir"} {
		m, _ := filepath.Glob(filepath.Join(root, pat))
		files = append(files, m...)
	}
	exact, locs, withLocs := 0, 0, 0
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		name := filepath.Base(f)
		op, err := parseChunk(string(b), false)
		if err != nil {
			t.Logf("%s: %v", name, firstLine(err.Error()))
			continue
		}
		if asm.Sprint(op, asm.PrintConfig{UseNameLocAsPrefix: true}) == stripLocations(string(b)) {
			exact++
		} else {
			t.Logf("%s: print differs from the dump", name)
		}
		full := asm.Sprint(op, asm.PrintConfig{UseNameLocAsPrefix: true, DebugInfo: true})
		if full == string(b) {
			withLocs++
		}
		op2, err := asm.ParseString(all.NewContext(), full)
		if err == nil && sameLocations(op, op2) {
			locs++
		} else {
			t.Logf("%s: locations do not survive a round trip", name)
		}
	}
	t.Logf("kernel dumps: %d files; %d print exactly without locations; %d keep every op's location; %d reprint byte for byte with debug info", len(files), exact, locs, withLocs)
	floor(t, "kernel dumps printed exactly", exact, len(files))
}

// sameLocations compares the locations of two structurally equal ops, op
// by op in walk order.
func sameLocations(a, b *ir.Operation) bool {
	var la, lb []ir.Location
	ir.WalkOps(a, func(o *ir.Operation) { la = append(la, o.Loc()) })
	ir.WalkOps(b, func(o *ir.Operation) { lb = append(lb, o.Loc()) })
	if len(la) != len(lb) {
		return false
	}
	for i := range la {
		if asm.LocString(la[i]) != asm.LocString(lb[i]) {
			return false
		}
	}
	return true
}

// TestPassDumps: every section of Triton's pass-by-pass dumps parses,
// verifies, prints, and re-parses to the same print.
func TestPassDumps(t *testing.T) {
	root := shared(t)
	files, _ := filepath.Glob(filepath.Join(root, "kernels", "passes", "*.passes.mlir"))
	ok, total := 0, 0
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for i, sec := range strings.Split(string(b), "// -----// ")[1:] {
			nl := strings.IndexByte(sec, '\n')
			header, body := sec[:nl], sec[nl+1:]
			if !strings.Contains(header, "IR Dump") {
				continue
			}
			total++
			op, err := parseChunk(body, false)
			if err != nil {
				t.Logf("%s section %d (%s): %v", filepath.Base(f), i, header, firstLine(err.Error()))
				continue
			}
			p1 := asm.Sprint(op, asm.PrintConfig{UseNameLocAsPrefix: true})
			op2, err := parseChunk(p1, false)
			if err != nil || asm.Sprint(op2, asm.PrintConfig{UseNameLocAsPrefix: true}) != p1 {
				t.Logf("%s section %d: not a fixed point", filepath.Base(f), i)
				continue
			}
			ok++
		}
	}
	t.Logf("pass dumps: %d/%d sections parse, verify and print stably", ok, total)
	floor(t, "pass dump sections", ok, total)
}
