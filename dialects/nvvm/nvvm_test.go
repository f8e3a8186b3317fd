package nvvm_test

import (
	"strings"
	"testing"

	"github.com/ttcompiler/tt/dialects/builtin"
	"github.com/ttcompiler/tt/dialects/nvvm"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

func newContext() *ir.Context {
	ctx := ir.NewContext()
	builtin.Load(ctx)
	nvvm.Load(ctx)
	return ctx
}

// TestRoundTrip checks MLIR's syntax of the nvvm ops (custom and generic
// forms).
func TestRoundTrip(t *testing.T) {
	src := `module {
  llvm.func @f(%arg0: i32, %arg1: f32, %arg2: i1) {
    %0 = nvvm.read.ptx.sreg.tid.x : i32
    %1 = nvvm.read.ptx.sreg.ctaid.y range <i32, 0, 65535> : i32
    %2 = nvvm.read.ptx.sreg.laneid : i32
    %3 = nvvm.read.ptx.sreg.lanemask.lt : i32
    nvvm.barrier0
    %4 = nvvm.shfl.sync  bfly %arg0, %arg1, %0, %2 : f32 -> f32
    %5 = nvvm.shfl.sync  idx %arg0, %arg0, %0, %2 {return_value_and_is_valid} : i32 -> !llvm.struct<(i32, i1)>
    %6 = nvvm.vote.sync  ballot %arg0, %arg2 -> i32
    %7 = nvvm.vote.sync  any %arg0, %arg2 -> i1
    llvm.return
  }
}
`
	op, err := asm.ParseString(newContext(), src)
	if err != nil {
		t.Fatal(err)
	}
	if err := ir.Verify(op); err != nil {
		t.Fatal(err)
	}
	if got := asm.Sprint(op, asm.PrintConfig{}); got != src {
		t.Errorf("print differs:\n%s", got)
	}
	gen := asm.Sprint(op, asm.PrintConfig{Generic: true})
	op2, err := asm.ParseString(newContext(), gen)
	if err != nil {
		t.Fatalf("generic: %v\n%s", err, gen)
	}
	if got := asm.Sprint(op2, asm.PrintConfig{}); got != src {
		t.Errorf("generic round trip differs:\n%s", got)
	}
}

// TestErrors checks located diagnostics.
func TestErrors(t *testing.T) {
	for _, c := range []struct{ body, want string }{
		{`%0 = nvvm.shfl.sync  sideways %a, %x, %a, %a : f32 -> f32`, "expected one of [bfly, up, down, idx] for shfl_kind"},
		{`%0 = nvvm.shfl.sync  bfly %a, %x, %a, %a : f32 -> i32`, "expected return type to be of the same type as the value"},
		{`%0 = nvvm.vote.sync  ballot %a, %c -> i1`, "returns an i32"},
		{`%0 = nvvm.read.ptx.sreg.tid.x range <i64, 0, 4> : i32`, "range bit width must match the result bit width"},
	} {
		src := "llvm.func @f(%a: i32, %x: f32, %c: i1) {\n  " + c.body + "\n  llvm.return\n}"
		op, err := asm.Parse(newContext(), src, asm.ParseConfig{Filename: "t.mlir"})
		if err == nil {
			err = ir.Verify(op)
		}
		if err == nil || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), "t.mlir:2:") {
			t.Errorf("%s: got %v, want %q", c.body, err, c.want)
		}
	}
}
