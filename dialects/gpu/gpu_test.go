package gpu_test

import (
	"os"
	"path/filepath"
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

// TestRoundTrip parses every testdata/*.mlir (together they hold every
// gpu op), verifies it and checks that it prints back identically, in
// custom and generic form.
func TestRoundTrip(t *testing.T) {
	files, err := filepath.Glob("testdata/*.mlir")
	if err != nil || len(files) == 0 {
		t.Fatalf("no round-trip files: %v", err)
	}
	seen := map[string]bool{}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			raw, err := os.ReadFile(f)
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
			ir.WalkOps(op, func(o *ir.Operation) { seen[o.Name()] = true })
		})
	}
	for _, def := range gpu.Dialect.Ops {
		if !seen[def.Name] {
			t.Errorf("no testdata/*.mlir uses %s", def.Name)
		}
	}
}
