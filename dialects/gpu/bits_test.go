package gpu_test

import (
	"strings"
	"testing"

	"github.com/ttcompiler/tt/dialects/builtin"
	"github.com/ttcompiler/tt/dialects/gpu"
	"github.com/ttcompiler/tt/dialects/llvm"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

// TestBitOpErrors: gpu.clz, gpu.bfind and gpu.sad refuse other types,
// options and operand counts with located diagnostics.
func TestBitOpErrors(t *testing.T) {
	checkLocatedErrors(t, []struct{ body, want string }{
		{`%0 = gpu.clz %x : f32`, "operates on i32 or i64, got 'f32'"},
		{`%b = llvm.trunc %i : i32 to i16
  %0 = gpu.bfind %b {unsigned} : i16`, "operates on i32 or i64, got 'i16'"},
		{`%0 = gpu.bfind %i {shiftamt = 3} : i32`, "flag"},
		{`%0 = gpu.clz %i, %i : i32`, "expected ':'"},
		{`%0 = gpu.sad %l, %l, %l : i64`, "must be i32, got 'i64'"},
		{`%0 = gpu.sad %i, %i : i32`, "expected 3 operands, got 2"},
		{`%0 = "gpu.clz"(%i) : (i32) -> i64`, "result must be i32, got 'i64'"},
		{`%0 = "gpu.sad"(%i, %i, %i) {unsigned = 1 : i32} : (i32, i32, i32) -> i32`, "unsigned"},
	})
}

// TestBitOpBuilders: the builders give the ops their i32 results and
// flags, printed as the round-trip file spells them.
func TestBitOpBuilders(t *testing.T) {
	ctx := newContext()
	loc := ir.Unknown(ctx)
	b := ir.NewBuilder(ctx)
	m := builtin.NewModule(ctx, loc)
	b.SetInsertionPointToEnd(builtin.Body(m))
	i32, i64 := ir.I32(ctx), ir.I64(ctx)
	fn := llvm.NewFunc(b, loc, "f", llvm.Func(ctx, llvm.Void(ctx), []ir.Type{i32, i64}, false), false)
	args := fn.Region(0).Front().Arguments()
	b.SetInsertionPointToEnd(fn.Region(0).Front())
	clz := gpu.NewClz(b, loc, args[1])
	bf := gpu.NewBfind(b, loc, args[0], true, true)
	sad := gpu.NewSad(b, loc, args[0], clz.Result(0), bf.Result(0), true)
	llvm.NewReturn(b, loc, nil)
	if err := ir.Verify(m); err != nil {
		t.Fatalf("verify: %v", err)
	}
	if !gpu.ShiftAmt(bf) || !gpu.Unsigned(bf) || gpu.ShiftAmt(clz) || !gpu.Unsigned(sad) {
		t.Errorf("flags: bfind shiftamt %v unsigned %v, clz shiftamt %v, sad unsigned %v", gpu.ShiftAmt(bf), gpu.Unsigned(bf), gpu.ShiftAmt(clz), gpu.Unsigned(sad))
	}
	out := asm.Sprint(m, asm.PrintConfig{})
	for _, want := range []string{"gpu.clz %arg1 : i64", "gpu.bfind %arg0 {unsigned, shiftamt} : i32", "gpu.sad %arg0, %0, %1 {unsigned} : i32"} {
		if !strings.Contains(out, want) {
			t.Errorf("missing %q in\n%s", want, out)
		}
	}
	if !ir.IsInteger(clz.Result(0).Type(), 32) {
		t.Errorf("clz of an i64 gives %s, want i32", asm.TypeString(clz.Result(0).Type()))
	}
}
