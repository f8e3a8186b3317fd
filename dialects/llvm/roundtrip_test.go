package llvm_test

import (
	"os"
	"testing"

	"github.com/ttcompiler/tt/dialects/llvm"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

// TestRoundTrip parses testdata/ops.mlir (every llvm op), verifies it and
// checks that it prints back identically, directly and through the
// generic form.
func TestRoundTrip(t *testing.T) {
	raw, err := os.ReadFile("testdata/ops.mlir")
	if err != nil {
		t.Fatal(err)
	}
	src := string(raw)
	op, err := asm.ParseString(newContext(), src)
	if err != nil {
		t.Fatalf("parse: %v", err)
	}
	if err := ir.Verify(op); err != nil {
		t.Fatalf("verify: %v", err)
	}
	if got := asm.Sprint(op, asm.PrintConfig{}); got != src {
		t.Errorf("print differs: %s", firstDiff(src, got))
	}
	gen := asm.Sprint(op, asm.PrintConfig{Generic: true})
	op2, err := asm.ParseString(newContext(), gen)
	if err != nil {
		t.Fatalf("parse generic: %v\n%s", err, gen)
	}
	if err := ir.Verify(op2); err != nil {
		t.Fatalf("verify generic: %v", err)
	}
	if got := asm.Sprint(op2, asm.PrintConfig{}); got != src {
		t.Errorf("generic round trip differs: %s", firstDiff(src, got))
	}
	seen := map[string]bool{}
	ir.WalkOps(op, func(o *ir.Operation) { seen[o.Name()] = true })
	for _, def := range llvm.Dialect.Ops {
		if !seen[def.Name] {
			t.Errorf("testdata/ops.mlir lacks %s", def.Name)
		}
	}
}
