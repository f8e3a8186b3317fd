package asm_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ttcompiler/tt/dialects/all"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

// addSeeds adds the committed seed corpus and, when present, the Triton
// dumps and lit files beside the checkout.
func addSeeds(f *testing.F) {
	files, _ := filepath.Glob("testdata/seeds/*.mlir")
	for _, shared := range []string{"../../../shared/kernels/*.tt*ir", "../../../shared/kernels/amd/*.tt*ir", "../../../shared/conformance/triton-lit/test/*/*.mlir"} {
		more, _ := filepath.Glob(shared)
		files = append(files, more...)
	}
	for _, file := range files {
		b, err := os.ReadFile(file)
		if err != nil {
			continue
		}
		for _, chunk := range strings.Split(string(b), "// -----") {
			f.Add(chunk)
		}
	}
}

// checkParse is the fuzz property: parsing never panics; if the text parses
// and verifies, its print parses again and prints identically (the printer
// emits valid, stable syntax), in both the custom and the generic form.
func checkParse(t *testing.T, ctx *ir.Context, src string) {
	op, err := asm.ParseString(ctx, src)
	if err != nil {
		if _, ok := err.(*ir.Diagnostic); !ok {
			t.Fatalf("parse error is not a located diagnostic: %T %v", err, err)
		}
		return
	}
	if ir.Verify(op) != nil {
		return
	}
	for _, cfg := range []asm.PrintConfig{{}, {Generic: true}, {DebugInfo: true}} {
		text := asm.Sprint(op, cfg)
		op2, err := asm.ParseString(ctx, text)
		if err != nil {
			t.Fatalf("printed IR does not parse (%+v): %v\n%s", cfg, err, text)
		}
		if err := ir.Verify(op2); err != nil {
			t.Fatalf("printed IR does not verify (%+v): %v\n%s", cfg, err, text)
		}
		if again := asm.Sprint(op2, cfg); again != text {
			t.Fatalf("print is not a fixed point (%+v):\n%s\n---\n%s", cfg, text, again)
		}
	}
}

// FuzzParseGeneric fuzzes the core parser with only builtin ops loaded and
// unregistered dialects allowed (everything goes through the generic form).
func FuzzParseGeneric(f *testing.F) {
	addSeeds(f)
	f.Fuzz(func(t *testing.T, src string) {
		ctx := newCtx()
		checkParse(t, ctx, src)
	})
}

// FuzzParseTriton fuzzes the parser with every dialect loaded: mutations of
// real Triton IR exercise the custom syntax of tt, ttg, arith, scf, ...
func FuzzParseTriton(f *testing.F) {
	addSeeds(f)
	f.Fuzz(func(t *testing.T, src string) {
		ctx := all.NewContext()
		checkParse(t, ctx, src)
	})
}
