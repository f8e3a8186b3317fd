package rocdl_test

import (
	"strings"
	"testing"

	"github.com/ttcompiler/tt/dialects/builtin"
	"github.com/ttcompiler/tt/dialects/llvm/rocdl"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

func newContext() *ir.Context {
	ctx := ir.NewContext()
	builtin.Load(ctx)
	rocdl.Load(ctx)
	return ctx
}

// TestRoundTrip checks MLIR's syntax of the rocdl ops (custom and generic
// forms); Triton's dumps exercise them further (dialects/llvm).
func TestRoundTrip(t *testing.T) {
	src := `module {
  llvm.func @f(%arg0: !llvm.ptr<1>, %arg1: i32, %arg2: f32, %arg3: i1) {
    %0 = rocdl.workitem.id.x range <i32, 0, 256> : i32
    %1 = rocdl.workgroup.id.y : i32
    rocdl.barrier
    rocdl.s.barrier
    rocdl.s.waitcnt 49279
    %2 = rocdl.update.dpp %arg2, %arg2 with 280, 15, 15, true : f32
    %3 = rocdl.readlane %arg1, %0 : (i32, i32) -> i32
    %4 = rocdl.ds_bpermute %arg1, %3 : (i32, i32) -> i32
    %5 = rocdl.ballot %arg3 : i64
    %6 = llvm.mlir.constant(0 : i16) : i16
    %7 = llvm.mlir.constant(1024 : i64) : i64
    %8 = rocdl.make.buffer.rsrc %arg0, %6, %7, %arg1 : <1> to <8>
    %9 = rocdl.raw.ptr.buffer.load %8, %arg1, %arg1, %arg1 : vector<4xf32>
    rocdl.raw.ptr.buffer.store %9, %8, %arg1, %arg1, %arg1 : vector<4xf32>
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
	op2, err := asm.ParseString(newContext(), asm.Sprint(op, asm.PrintConfig{Generic: true}))
	if err != nil {
		t.Fatal(err)
	}
	if got := asm.Sprint(op2, asm.PrintConfig{}); got != src {
		t.Errorf("generic round trip differs:\n%s", got)
	}
	_, err = asm.Parse(newContext(), "llvm.func @g(%a: i32) {\n  %0 = rocdl.readlane %a, %a : (i32, i64) -> i32\n  llvm.return\n}", asm.ParseConfig{Filename: "t.mlir"})
	if err == nil || !strings.Contains(err.Error(), "t.mlir:2:") {
		t.Errorf("mistyped readlane: %v", err)
	}
}
