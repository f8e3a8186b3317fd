package gpu_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/ttcompiler/tt/dialects/builtin"
	"github.com/ttcompiler/tt/dialects/gpu"
	"github.com/ttcompiler/tt/dialects/llvm"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

// TestTableLoadErrors: gpu.table_load refuses an empty table, a table of
// another type than its result, a non-integer index or result, a missing
// or non-array table, with located diagnostics.
func TestTableLoadErrors(t *testing.T) {
	checkLocatedErrors(t, []struct{ body, want string }{
		{`%0 = gpu.table_load %i {table = array<i64>} : i32 -> i64`, "the table is empty"},
		{`%0 = gpu.table_load %i {table = array<i32: 1, 2>} : i32 -> i64`, "table elements are 'i32', but the result is 'i64'"},
		{`%0 = gpu.table_load %x {table = array<i32: 1, 2>} : f32 -> i32`, "index must be i32 or i64, got 'f32'"},
		{`%b = llvm.trunc %i : i32 to i16
  %0 = gpu.table_load %b {table = array<i32: 1, 2>} : i16 -> i32`, "index must be i32 or i64, got 'i16'"},
		{`%0 = gpu.table_load %i {table = array<f32: 1.0>} : i32 -> f32`, "result must be i32 or i64, got 'f32'"},
		{`%0 = gpu.table_load %i {table = array<i16: 1>} : i32 -> i16`, "result must be i32 or i64, got 'i16'"},
		{`%0 = gpu.table_load %i : i32 -> i64`, "requires attribute 'table'"},
		{`%0 = gpu.table_load %i {table = [1, 2]} : i32 -> i64`, "must be a dense integer array"},
		{`%0 = gpu.table_load %i {table = array<i64: 1>} : i32`, "expected '->'"},
		{`%0 = gpu.table_load %i, %i {table = array<i64: 1>} : i32 -> i64`, "expected"},
		{`%0 = "gpu.table_load"(%i, %i) {table = array<i64: 1>} : (i32, i32) -> i64`, "expected 1 operands"},
	})
}

// TestTableLoadBuilder: NewTableLoad gives the op its result type and
// table, which the view reads back (elements and their bytes), printed as
// the round-trip file spells it; the op is Pure.
func TestTableLoadBuilder(t *testing.T) {
	ctx := newContext()
	loc := ir.Unknown(ctx)
	b := ir.NewBuilder(ctx)
	m := builtin.NewModule(ctx, loc)
	b.SetInsertionPointToEnd(builtin.Body(m))
	i32, i64 := ir.I32(ctx), ir.I64(ctx)
	fn := llvm.NewFunc(b, loc, "f", llvm.Func(ctx, llvm.Void(ctx), []ir.Type{i32, i64}, false), false)
	args := fn.Region(0).Front().Arguments()
	b.SetInsertionPointToEnd(fn.Region(0).Front())
	w64 := gpu.NewTableLoad(b, loc, args[0], i64, []int64{1, -2})
	w32 := gpu.NewTableLoad(b, loc, args[1], i32, []int64{0x1020304, -1})
	llvm.NewReturn(b, loc, nil)
	if err := ir.Verify(m); err != nil {
		t.Fatalf("verify: %v", err)
	}
	v64, v32 := gpu.TableLoadView{Operation: w64}, gpu.TableLoadView{Operation: w32}
	if v64.Index() != args[0] || v64.ElemBytes() != 8 || v32.ElemBytes() != 4 || len(v64.Table()) != 2 || v64.Table()[1] != -2 {
		t.Errorf("views: index %v, sizes %d %d, table %v", v64.Index(), v64.ElemBytes(), v32.ElemBytes(), v64.Table())
	}
	if got, want := v32.Bytes(), []byte{4, 3, 2, 1, 0xff, 0xff, 0xff, 0xff}; !bytes.Equal(got, want) {
		t.Errorf("i32 table bytes %v, want %v", got, want)
	}
	if got, want := v64.Bytes(), []byte{1, 0, 0, 0, 0, 0, 0, 0, 0xfe, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff}; !bytes.Equal(got, want) {
		t.Errorf("i64 table bytes %v, want %v", got, want)
	}
	if !w64.Has(ir.Pure) {
		t.Error("gpu.table_load is not Pure")
	}
	out := asm.Sprint(m, asm.PrintConfig{})
	for _, want := range []string{"gpu.table_load %arg0 {table = array<i64: 1, -2>} : i32 -> i64", "gpu.table_load %arg1 {table = array<i32: 16909060, -1>} : i64 -> i32"} {
		if !strings.Contains(out, want) {
			t.Errorf("missing %q in\n%s", want, out)
		}
	}
}
