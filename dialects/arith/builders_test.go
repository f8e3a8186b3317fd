package arith_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/ttcompiler/tt/dialects/arith"
	"github.com/ttcompiler/tt/dialects/builtin"
	function "github.com/ttcompiler/tt/dialects/func"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

func TestBuilders(t *testing.T) {
	ctx := newCtx()
	m := builtin.NewModule(ctx, nil)
	b := ir.NewBuilder(ctx)
	b.SetInsertionPointToEnd(builtin.Body(m))
	i32, f32 := ir.I32(ctx), ir.F32Type(ctx)
	tf := ir.RankedTensor(ctx, []int64{4}, f32, nil)
	f := function.NewFunc(b, nil, "f", ir.Function(ctx, []ir.Type{i32, f32}, []ir.Type{i32}), false)
	b.SetInsertionPointToEnd(function.FuncOp{Operation: f}.Body())
	x, y := f.Region(0).Front().Argument(0), f.Region(0).Front().Argument(1)
	c := arith.ConstantInt(b, nil, -1, i32)
	idx := arith.ConstantIndex(b, nil, 0)
	tr := arith.ConstantBool(b, nil, true)
	cf := arith.ConstantFloat(b, nil, 0.1, ir.F16Type(ctx))
	splat := arith.ConstantFloat(b, nil, 2, tf)
	add := arith.NewBinary(b, "addi", nil, x, c)
	cmp1 := arith.NewCmpI(b, nil, arith.CmpISLT, add.Result(0), x)
	arith.NewCmpF(b, nil, arith.CmpFUNO, y, y)
	sel := arith.NewSelect(b, nil, cmp1.Result(0), add.Result(0), x)
	ext := arith.NewCast(b, "arith.extsi", nil, sel.Result(0), ir.I64(ctx))
	arith.NewCast(b, "trunci", nil, ext.Result(0), i32)
	arith.NewNegF(b, nil, y)
	arith.NewBinary(b, "arith.mulf", nil, splat, splat)
	_, _, _ = idx, tr, cf
	function.NewReturn(b, nil, sel.Results())
	if err := ir.Verify(m); err != nil {
		t.Fatal(err)
	}
	want := `module {
  func.func @f(%arg0: i32, %arg1: f32) -> i32 {
    %c-1_i32 = arith.constant -1 : i32
    %c0 = arith.constant 0 : index
    %true = arith.constant true
    %cst = arith.constant 9.997550e-02 : f16
    %cst_0 = arith.constant dense<2.000000e+00> : tensor<4xf32>
    %0 = arith.addi %arg0, %c-1_i32 : i32
    %1 = arith.cmpi slt, %0, %arg0 : i32
    %2 = arith.cmpf uno, %arg1, %arg1 : f32
    %3 = arith.select %1, %0, %arg0 : i32
    %4 = arith.extsi %3 : i32 to i64
    %5 = arith.trunci %4 : i64 to i32
    %6 = arith.negf %arg1 : f32
    %7 = arith.mulf %cst_0, %cst_0 : tensor<4xf32>
    return %3 : i32
  }
}
`
	if d := cmp.Diff(want, asm.Sprint(m, asm.PrintConfig{})); d != "" {
		t.Error(d)
	}
	if v, ok := arith.MatchConstantInt(c); !ok || v != -1 {
		t.Errorf("MatchConstantInt = %d, %v", v, ok)
	}
	if p := arith.CmpIPredicateOf(cmp1); p != arith.CmpISLT || p.Invert() != arith.CmpISGE || p.Swap() != arith.CmpISGT {
		t.Errorf("predicate helpers: %v %v %v", p, p.Invert(), p.Swap())
	}
	if (arith.ConstantOp{Operation: c.DefiningOp()}).Value() != ir.Attribute(ir.I32Attr(ctx, -1)) {
		t.Error("ConstantOp.Value")
	}
	if fm := arith.FastMathFlags(arith.FastMathNNaN | arith.FastMathNInf); fm.String() != "nnan,ninf" || arith.FastMathFast.String() != "fast" {
		t.Errorf("fastmath strings: %s", fm)
	}
	if mat := arith.Dialect.MaterializeConstant(b, ir.I64Attr(ctx, 3), ir.I64(ctx), nil); mat == nil || mat.Name() != "arith.constant" {
		t.Error("MaterializeConstant")
	}
	if mat := arith.Dialect.MaterializeConstant(b, ir.I64Attr(ctx, 3), ir.I32(ctx), nil); mat != nil {
		t.Error("MaterializeConstant with mismatched type must fail")
	}
}

// TestMalformedNeverPanics parses every prefix of valid inputs: each must
// fail (or succeed) with an error, never a panic.
func TestMalformedNeverPanics(t *testing.T) {
	src := wrap("%arg0: i32, %arg1: f32, %arg2: tensor<4xi1>, %arg3: tensor<4xi32>", `%c = arith.constant dense<[1, 2, 3, 4]> : tensor<4xi32>
%0 = arith.addi %arg0, %arg0 overflow<nsw, nuw> {a = 1 : i64} : i32
%1 = arith.cmpf ogt, %arg1, %arg1 fastmath<fast> : f32
%2 = arith.select %arg2, %arg3, %c : tensor<4xi1>, tensor<4xi32>
%3 = arith.truncf %arg1 toward_zero fastmath<nnan> : f32 to bf16
%4:2 = arith.addui_extended %arg0, %arg0 : i32, i1
%5 = arith.cmpi "ult", %arg0, %arg0 : i32`)
	for i := 0; i < len(src); i++ {
		func() {
			defer func() {
				if r := recover(); r != nil {
					t.Fatalf("panic on prefix %d %q: %v", i, src[:i], r)
				}
			}()
			if op, err := asm.ParseString(newCtx(), src[:i]); err == nil {
				_ = ir.Verify(op)
			}
		}()
	}
}
