package llvm_test

import (
	"strings"
	"testing"

	"github.com/ttcompiler/tt/dialects/builtin"
	"github.com/ttcompiler/tt/dialects/llvm"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

// TestBuilders builds a function with the builders, verifies it and
// checks the printed form.
func TestBuilders(t *testing.T) {
	ctx := newContext()
	loc := ir.Unknown(ctx)
	b := ir.NewBuilder(ctx)
	m := builtin.NewModule(ctx, loc)
	b.SetInsertionPointToEnd(builtin.Body(m))
	i32, f32, p1 := ir.I32(ctx), ir.F32Type(ctx), llvm.Ptr(ctx, 1)
	llvm.NewGlobal(b, loc, "smem", llvm.Array(ctx, ir.I8(ctx), 0), "external", false, nil, 3, 16)
	llvm.NewFunc(b, loc, "ext", llvm.Func(ctx, f32, []ir.Type{f32}, false), true)
	fn := llvm.NewFunc(b, loc, "f", llvm.Func(ctx, f32, []ir.Type{p1, i32}, false), false)
	entry := fn.Region(0).Front()
	ptr, n := entry.Argument(0), entry.Argument(1)
	c4 := llvm.NewIntConstant(b, loc, i32, 4).Result(0)
	sum := llvm.NewBinary(b, loc, llvm.AddOp, n, c4).Result(0)
	cmp := llvm.NewICmp(b, loc, llvm.ICmpSLT, sum, n).Result(0)
	gep := llvm.NewGEP(b, loc, p1, f32, ptr, sum).Result(0)
	ld := llvm.NewLoad(b, loc, f32, gep, 4).Result(0)
	st := llvm.Struct(ctx, []ir.Type{i32, f32}, false)
	u := llvm.NewUndef(b, loc, st).Result(0)
	iv := llvm.NewInsertValue(b, loc, u, ld, 1).Result(0)
	ev := llvm.NewExtractValue(b, loc, iv, 1).Result(0)
	call := llvm.NewCall(b, loc, "ext", f32, []ir.Value{ev}).Result(0)
	smem := llvm.NewAddressOf(b, loc, "smem", 3).Result(0)
	llvm.NewStore(b, loc, call, smem, 0)
	llvm.NewAtomicRMW(b, loc, llvm.AtomicFAdd, gep, call, llvm.AcqRel, "agent")
	llvm.NewInlineAsm(b, loc, "bar.sync 0;", "", nil, nil, true)
	then := ir.NewBlock(ctx, []ir.Type{f32}, []ir.Location{loc})
	fn.Region(0).Append(then)
	llvm.NewCondBr(b, loc, cmp, then, []ir.Value{call}, then, []ir.Value{ld})
	b.SetInsertionPointToEnd(then)
	llvm.NewReturn(b, loc, then.Argument(0))

	if err := ir.Verify(m); err != nil {
		t.Fatalf("verify: %v\n%s", err, asm.Sprint(m, asm.PrintConfig{}))
	}
	got := asm.Sprint(m, asm.PrintConfig{})
	for _, want := range []string{
		"llvm.mlir.global external @smem() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<0 x i8>",
		"llvm.func @ext(f32) -> f32",
		"llvm.func @f(%arg0: !llvm.ptr<1>, %arg1: i32) -> f32 {",
		`llvm.icmp "slt" %1, %arg1 : i32`,
		"llvm.getelementptr %arg0[%1] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32",
		"llvm.load %3 {alignment = 4 : i64} : !llvm.ptr<1> -> f32",
		"llvm.insertvalue %4, %5[1] : !llvm.struct<(i32, f32)> ",
		"llvm.call @ext(%7) : (f32) -> f32",
		`llvm.atomicrmw fadd %3, %8 syncscope("agent") acq_rel : !llvm.ptr<1>, f32`,
		`llvm.inline_asm has_side_effects asm_dialect = att operand_attrs = [] "bar.sync 0;", ""  : () -> ()`,
		"llvm.cond_br %2, ^bb1(%8 : f32), ^bb1(%4 : f32)",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("missing %q in\n%s", want, got)
		}
	}
}
