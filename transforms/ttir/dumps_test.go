package ttir_test

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/ttcompiler/tt/dialects/all"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
	"github.com/ttcompiler/tt/passmgr"
)

// kernels holds Triton 3.6's dumps of real kernels.
const kernels = "../../../shared/kernels"

// dumpSection is the IR printed before one pass of a Triton 3.6 pipeline.
type dumpSection struct {
	display, pass, anchor string
	text                  string
}

var dumpHeader = regexp.MustCompile(`^// -----// IR Dump Before (\S+) \((\S+)\) \('([^']+)' operation.*\) //----- //$`)

// readDump splits a MLIR_ENABLE_DUMP log into its sections.
func readDump(t *testing.T, path string) []dumpSection {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Skipf("dump not available: %v", err)
	}
	var out []dumpSection
	var cur *dumpSection
	var body strings.Builder
	flush := func() {
		if cur != nil {
			cur.text = strings.TrimSpace(body.String()) + "\n"
			out = append(out, *cur)
		}
		body.Reset()
	}
	for _, line := range strings.Split(string(data), "\n") {
		if m := dumpHeader.FindStringSubmatch(line); m != nil {
			flush()
			cur = &dumpSection{display: m[1], pass: m[2], anchor: m[3]}
			continue
		}
		body.WriteString(line)
		body.WriteByte('\n')
	}
	flush()
	return out
}

// printTriton prints a module the way the dumps were printed: value
// names from name locations (or the names they were parsed with), no
// locations.
func printTriton(op *ir.Operation) string {
	return asm.Sprint(op, asm.PrintConfig{UseNameLocAsPrefix: true})
}

// nameLocsFromHints gives the values of a module parsed from a Triton
// dump the name locations Triton's IR had when it was printed: the dump
// shows names made unique by the printer (offs, offs_0, offs_1, ...,
// with one counter for all names of a function), so a name ending in
// _N whose stem is also a name of the function stands for the stem.
// Passes then carry names the way Triton's locations carry them (clones
// and rewrites keep or fuse their op's location), and printing with
// UseNameLocAsPrefix numbers them as Triton's printer does.
func nameLocsFromHints(mod *ir.Operation) {
	ctx := mod.Context()
	for _, fn := range mod.Region(0).Front().Ops() {
		used := map[string]bool{}
		var values []ir.Value
		var hints []string
		var owners []*ir.Operation // op whose location names the value, or nil
		collect := func(v ir.Value, owner *ir.Operation) {
			h := ir.NameHint(v)
			// The location, not the parsed name, decides from now on
			// (a constant the canonicalizer hoists loses its name).
			ir.SetNameHint(v, "")
			if h != "" && !positional.MatchString(h) {
				used[h] = true
				hints = append(hints, h)
				values = append(values, v)
				owners = append(owners, owner)
			}
		}
		ir.WalkOps(fn, func(op *ir.Operation) {
			for _, r := range op.Regions() {
				for _, b := range r.Blocks() {
					for _, a := range b.Arguments() {
						collect(a, nil)
					}
				}
			}
			if op.NumResults() > 0 {
				collect(op.Result(0), op)
			}
		})
		for i, v := range values {
			name := hints[i]
			if m := uniqued.FindStringSubmatch(name); m != nil && used[m[1]] {
				name = m[1]
			}
			// Names an op's printer gives by itself (%cst, %c8_i32) do not
			// come from a location.
			if owners[i] != nil && asmName(owners[i]) == name {
				continue
			}
			if owners[i] != nil {
				owners[i].SetLoc(ir.NameLocOf(ctx, name, owners[i].Loc()))
			} else if a, ok := v.(*ir.BlockArgument); ok {
				a.SetLoc(ir.NameLocOf(ctx, name, a.Loc()))
			}
		}
	}
}

// asmName is the name the op's printer suggests for its first result.
func asmName(op *ir.Operation) string {
	name := ""
	if f := op.Def().ResultNames; f != nil {
		f(op, func(v ir.Value, n string) {
			if v == op.Result(0) {
				name = n
			}
		})
	}
	return name
}

var (
	positional = regexp.MustCompile(`^(arg)?[0-9]+$`)
	uniqued    = regexp.MustCompile(`^(.+)_[0-9]+$`)
)

// runPipeline parses src, runs the textual pass list on the module and
// returns the verified result printed like Triton's dumps.
func runPipeline(t *testing.T, src, passes string) (string, error) {
	t.Helper()
	mod, err := runPipelineModule(t, src, passes)
	if err != nil {
		return "", err
	}
	return printTriton(mod), nil
}

// runPipelineModule is runPipeline returning the module.
func runPipelineModule(t *testing.T, src, passes string) (*ir.Operation, error) {
	t.Helper()
	ctx := all.NewContext()
	mod, err := asm.ParseString(ctx, src)
	if err != nil {
		t.Fatalf("parse: %v", err)
	}
	if err := ir.Verify(mod); err != nil {
		t.Fatalf("input does not verify: %v", err)
	}
	nameLocsFromHints(mod)
	pm, err := passmgr.Parse(passmgr.Default, "builtin.module("+passes+")")
	if err != nil {
		return nil, err
	}
	if err := pm.Run(mod, &passmgr.Config{VerifyEach: true}); err != nil {
		return nil, err
	}
	return mod, nil
}

// firstDifference describes where two texts first differ.
func firstDifference(got, want string) string {
	g, w := strings.Split(got, "\n"), strings.Split(want, "\n")
	for i := 0; i < len(g) || i < len(w); i++ {
		var gl, wl string
		if i < len(g) {
			gl = g[i]
		}
		if i < len(w) {
			wl = w[i]
		}
		if gl != wl {
			return "line " + strconv.Itoa(i+1) + ":\n  got:  " + gl + "\n  want: " + wl
		}
	}
	return ""
}

func itoa(i int) string { return strings.TrimSpace(strings.Repeat(" ", 0) + fmtInt(i)) }

func fmtInt(i int) string {
	if i == 0 {
		return "0"
	}
	var b []byte
	for ; i > 0; i /= 10 {
		b = append([]byte{byte('0' + i%10)}, b...)
	}
	return string(b)
}

// ownPasses are the passes of this package that appear in Triton's
// make_ttir dumps.
var ownPasses = map[string]bool{
	"triton-rewrite-tensor-pointer":               true,
	"triton-rewrite-tensor-descriptor-to-pointer": true,
	"triton-combine":                              true,
	"triton-reorder-broadcast":                    true,
	"triton-licm":                                 true,
	"triton-loop-unroll":                          true,
}

// TestPassesOnTritonDumps runs each of this package's passes on the IR
// Triton 3.6 had before that pass and compares the result with the IR
// Triton 3.6 had after it (the next section), for every kernel and
// target of the dumps.
func TestPassesOnTritonDumps(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join(kernels, "passes", "*.passes.mlir"))
	if len(files) == 0 {
		t.Skip("no Triton pass dumps")
	}
	for _, f := range files {
		secs := readDump(t, f)
		for i := 0; i+1 < len(secs); i++ {
			s := secs[i]
			if !ownPasses[s.pass] || s.anchor != "builtin.module" || secs[i+1].anchor != "builtin.module" {
				continue
			}
			name := strings.TrimSuffix(filepath.Base(f), ".passes.mlir") + "/" + s.pass
			t.Run(name, func(t *testing.T) {
				got, err := runPipeline(t, s.text, s.pass)
				if err != nil {
					t.Fatalf("%s failed: %v", s.pass, err)
				}
				want := secs[i+1].text
				if got != want {
					t.Errorf("%s differs from Triton 3.6 at %s", s.pass, firstDifference(got, want))
				}
			})
		}
	}
}
