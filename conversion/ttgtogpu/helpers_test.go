package ttgtogpu_test

import (
	"os"
	"testing"

	"github.com/ttcompiler/tt/conversion/ttgtogpu"
	"github.com/ttcompiler/tt/dialects/all"
	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
	"github.com/ttcompiler/tt/passmgr"
	_ "github.com/ttcompiler/tt/transforms"
)

// parse reads a module (all dialects loaded).
func parse(t testing.TB, text string) *ir.Operation {
	t.Helper()
	ctx := all.NewContext()
	m, err := asm.ParseString(ctx, text)
	if err != nil {
		t.Fatalf("parse: %v", err)
	}
	return m
}

// parseFile reads a module from a file.
func parseFile(t testing.TB, path string) *ir.Operation {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Skipf("%s: %v", path, err)
	}
	return parse(t, string(b))
}

// runPipeline runs a textual pipeline and verifies the result.
func runPipeline(t testing.TB, m *ir.Operation, pipeline string) {
	t.Helper()
	pm, err := passmgr.Parse(passmgr.Default, "builtin.module("+pipeline+")")
	if err != nil {
		t.Fatalf("pipeline %q: %v", pipeline, err)
	}
	if err := pm.Run(m, passmgr.DefaultConfig()); err != nil {
		t.Fatalf("%v", err)
	}
}

// lower runs the full lowering pipeline for the module's target.
func lower(t testing.TB, m *ir.Operation) {
	t.Helper()
	runPipeline(t, m, ttgtogpu.Pipeline(ttgtogpu.Options{Target: ttg.Target(m)}, passmgr.Default))
}

// lowerOwn runs the lowering pipeline without an allocation pass: the
// conversion runs the allocation analysis itself.
func lowerOwn(t *testing.T, m *ir.Operation) {
	t.Helper()
	runPipeline(t, m, "convert-scf-to-cf,"+ttgtogpu.PassName+",canonicalize,cse")
}

// lowerErr runs the lowering pipeline and returns its error.
func lowerErr(m *ir.Operation) error {
	pm, err := passmgr.Parse(passmgr.Default, "builtin.module("+ttgtogpu.Pipeline(ttgtogpu.Options{Target: ttg.Target(m)}, passmgr.Default)+")")
	if err != nil {
		return err
	}
	return pm.Run(m, passmgr.DefaultConfig())
}

func print(m *ir.Operation) string { return asm.Sprint(m, asm.PrintConfig{}) }

// count returns how many ops named name the module holds.
func count(m *ir.Operation, name string) int {
	n := 0
	ir.WalkOps(m, func(op *ir.Operation) {
		if op.Name() == name {
			n++
		}
	})
	return n
}

// hasDot reports a dot the TTGIR pipeline left for the MMA lowering: a
// tt.dot (mma.sync, FMA) or, on sm_90, a ttng.warp_group_dot.
func hasDot(m *ir.Operation) bool {
	return count(m, "tt.dot")+count(m, "ttng.warp_group_dot") > 0
}

// ops returns the ops named name.
func ops(m *ir.Operation, name string) []*ir.Operation {
	var out []*ir.Operation
	ir.WalkOps(m, func(op *ir.Operation) {
		if op.Name() == name {
			out = append(out, op)
		}
	})
	return out
}
