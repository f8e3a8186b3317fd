package ttg_test

import (
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

// stripLocations removes `#loc...` alias lines and every ` loc(...)`
// trailer from MLIR text, the way Triton's dumps look without debug info.
func stripLocations(src string) string {
	var out strings.Builder
	for _, line := range strings.SplitAfter(src, "\n") {
		if strings.HasPrefix(line, "#loc") {
			continue
		}
		out.WriteString(removeLocs(line))
	}
	return out.String()
}

func removeLocs(s string) string {
	for {
		i := strings.Index(s, " loc(")
		if i < 0 {
			return s
		}
		depth, inStr := 0, false
		j := i + 4
		for ; j < len(s); j++ {
			c := s[j]
			if inStr {
				if c == '\\' {
					j++
				} else if c == '"' {
					inStr = false
				}
				continue
			}
			switch c {
			case '"':
				inStr = true
			case '(':
				depth++
			case ')':
				depth--
			}
			if depth == 0 {
				break
			}
		}
		s = s[:i] + s[j+1:]
	}
}

// kernelFiles lists the .ttgir files under the shared kernels folder.
func kernelFiles(t *testing.T) []string {
	root := filepath.Join(sharedDir, "kernels")
	var files []string
	filepath.Walk(root, func(p string, info os.FileInfo, err error) error {
		if err == nil && strings.HasSuffix(p, ".ttgir") {
			files = append(files, p)
		}
		return nil
	})
	if len(files) == 0 {
		t.Skip("no kernels")
	}
	sort.Strings(files)
	return files
}

// locTree lists, in walk order, every op's name and location and every
// block argument's location.
func locTree(op *ir.Operation) []string {
	var out []string
	var walk func(o *ir.Operation)
	walk = func(o *ir.Operation) {
		out = append(out, o.Name()+" "+asm.LocString(o.Loc()))
		for _, r := range o.Regions() {
			for _, b := range r.Blocks() {
				for _, a := range b.Arguments() {
					out = append(out, "  arg "+asm.LocString(a.(*ir.BlockArgument).Loc()))
				}
				for _, c := range b.Ops() {
					walk(c)
				}
			}
		}
	}
	walk(op)
	return out
}

// TestKernelTTGIR checks that every .ttgir dump of Triton 3.6 parses,
// verifies and prints back as Triton printed it (without locations), and
// that printing with debug info keeps every op's location.
func TestKernelTTGIR(t *testing.T) {
	exact, stripped, locs := 0, 0, 0
	files := kernelFiles(t)
	for _, f := range files {
		name, _ := filepath.Rel(sharedDir, f)
		raw, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		ctx := newContext()
		op, err := asm.Parse(ctx, string(raw), asm.ParseConfig{Filename: name})
		if d := missingDialect(err); d != "" {
			t.Logf("%s: needs dialect %s", name, d)
			continue
		}
		if err != nil {
			t.Errorf("%s: parse: %v", name, err)
			continue
		}
		if err := ir.Verify(op); err != nil {
			t.Errorf("%s: verify: %v", name, err)
			continue
		}
		got := asm.Sprint(op, asm.PrintConfig{UseNameLocAsPrefix: true})
		if want := stripLocations(string(raw)); got != want {
			t.Errorf("%s: print differs from the dump without locations: %s", name, firstDiff(want, got))
		} else {
			stripped++
		}
		withLocs := asm.Sprint(op, asm.PrintConfig{UseNameLocAsPrefix: true, DebugInfo: true})
		op2, err := asm.Parse(newContext(), withLocs, asm.ParseConfig{Filename: name})
		if err != nil {
			t.Errorf("%s: reparse with debug info: %v", name, err)
			continue
		}
		a, b := locTree(op), locTree(op2)
		if strings.Join(a, "\n") != strings.Join(b, "\n") {
			t.Errorf("%s: location tree differs after a debug-info round trip: %s", name, firstDiff(strings.Join(a, "\n"), strings.Join(b, "\n")))
		} else {
			locs++
		}
		if withLocs == string(raw) {
			exact++
		} else {
			t.Logf("%s: debug-info print not byte-identical to the dump: %s", name, firstDiff(string(raw), withLocs))
		}
	}
	t.Logf("%d kernels: %d print as the dump without locations, %d keep their location tree, %d print byte-identically with debug info",
		len(files), stripped, locs, exact)
}
