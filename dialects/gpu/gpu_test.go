package gpu_test

import (
	"os"
	"testing"

	"github.com/ttcompiler/tt/dialects/builtin"
	"github.com/ttcompiler/tt/dialects/gpu"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

func newContext() *ir.Context {
	ctx := ir.NewContext()
	builtin.Load(ctx)
	gpu.Load(ctx)
	return ctx
}

func parse(t *testing.T, src string) *ir.Operation {
	t.Helper()
	op, err := asm.ParseString(newContext(), src)
	if err != nil {
		t.Fatalf("parse: %v", err)
	}
	return op
}

// TestRoundTrip parses testdata/ops.mlir (every gpu op), verifies it and
// checks that it prints back identically, in custom and generic form.
func TestRoundTrip(t *testing.T) {
	raw, err := os.ReadFile("testdata/ops.mlir")
	if err != nil {
		t.Fatal(err)
	}
	src := string(raw)
	op := parse(t, src)
	if err := ir.Verify(op); err != nil {
		t.Fatalf("verify: %v", err)
	}
	if got := asm.Sprint(op, asm.PrintConfig{}); got != src {
		t.Errorf("print differs:\n%s", got)
	}
	gen := asm.Sprint(op, asm.PrintConfig{Generic: true})
	op2 := parse(t, gen)
	if err := ir.Verify(op2); err != nil {
		t.Fatalf("verify generic: %v", err)
	}
	if got := asm.Sprint(op2, asm.PrintConfig{}); got != src {
		t.Errorf("generic round trip differs:\n%s", got)
	}
	// Every op of the dialect occurs in the file.
	seen := map[string]bool{}
	ir.WalkOps(op, func(o *ir.Operation) { seen[o.Name()] = true })
	for _, def := range gpu.Dialect.Ops {
		if !seen[def.Name] {
			t.Errorf("testdata/ops.mlir lacks %s", def.Name)
		}
	}
}
