package arith_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/ttcompiler/tt/dialects/arith"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

// checkCanon parses a function body, canonicalizes it and compares the
// printed body (without the module/func wrapper lines) to want.
func checkCanon(t *testing.T, args, results, body, want string, patterns bool) {
	t.Helper()
	ctx := newCtx()
	src := "func.func @f(" + args + ")" + results + " {\n" + body + "\n}\n"
	op, err := asm.ParseString(ctx, src)
	if err != nil {
		t.Fatalf("parse: %v", err)
	}
	if err := ir.Verify(op); err != nil {
		t.Fatalf("verify: %v", err)
	}
	canonicalize(op, patterns)
	if err := ir.Verify(op); err != nil {
		t.Fatalf("verify after: %v\n%s", err, asm.Sprint(op, asm.PrintConfig{}))
	}
	got := asm.Sprint(op, asm.PrintConfig{})
	wantFull := "module {\n  func.func @f(" + args + ")" + results + " {\n" + indent(want, "    ") + "  }\n}\n"
	if d := cmp.Diff(wantFull, got); d != "" {
		t.Errorf("(-want +got):\n%s", d)
	}
}

func TestFoldInteger(t *testing.T) {
	cases := []struct{ name, body, want string }{
		{"addi_const", `%a = arith.constant 7 : i32
%b = arith.constant 5 : i32
%0 = arith.addi %a, %b : i32
return %0 : i32`, `%c12_i32 = arith.constant 12 : i32
return %c12_i32 : i32`},
		{"addi_wrap_i8", `%a = arith.constant 127 : i8
%b = arith.constant 1 : i8
%0 = arith.addi %a, %b : i8
%1 = arith.extsi %0 : i8 to i32
return %1 : i32`, `%c-128_i32 = arith.constant -128 : i32
return %c-128_i32 : i32`},
		{"subi_wrap", `%a = arith.constant 0 : i32
%b = arith.constant 1 : i32
%0 = arith.subi %a, %b : i32
return %0 : i32`, `%c-1_i32 = arith.constant -1 : i32
return %c-1_i32 : i32`},
		{"muli_wrap_i16", `%a = arith.constant 300 : i16
%b = arith.constant 300 : i16
%0 = arith.muli %a, %b : i16
%1 = arith.extsi %0 : i16 to i32
return %1 : i32`, `%c24464_i32 = arith.constant 24464 : i32
return %c24464_i32 : i32`},
		{"addi_zero", `%z = arith.constant 0 : i32
%0 = arith.addi %arg0, %z : i32
return %0 : i32`, `return %arg0 : i32`},
		{"addi_zero_left", `%z = arith.constant 0 : i32
%0 = arith.addi %z, %arg0 : i32
return %0 : i32`, `return %arg0 : i32`},
		{"muli_one", `%c = arith.constant 1 : i32
%0 = arith.muli %arg0, %c : i32
return %0 : i32`, `return %arg0 : i32`},
		{"muli_zero", `%c = arith.constant 0 : i32
%0 = arith.muli %arg0, %c : i32
return %0 : i32`, `%c0_i32 = arith.constant 0 : i32
return %c0_i32 : i32`},
		{"andi_self", `%0 = arith.andi %arg0, %arg0 : i32
return %0 : i32`, `return %arg0 : i32`},
		{"ori_self", `%0 = arith.ori %arg0, %arg0 : i32
return %0 : i32`, `return %arg0 : i32`},
		{"xori_self", `%0 = arith.xori %arg0, %arg0 : i32
return %0 : i32`, `%c0_i32 = arith.constant 0 : i32
return %c0_i32 : i32`},
		{"subi_self", `%0 = arith.subi %arg0, %arg0 : i32
return %0 : i32`, `%c0_i32 = arith.constant 0 : i32
return %c0_i32 : i32`},
		{"subi_addi", `%0 = arith.addi %arg0, %arg1 : i32
%1 = arith.subi %0, %arg1 : i32
return %1 : i32`, `return %arg0 : i32`},
		{"divsi_zero_nofold", `%a = arith.constant 7 : i32
%b = arith.constant 0 : i32
%0 = arith.divsi %a, %b : i32
return %0 : i32`, `%c7_i32 = arith.constant 7 : i32
%c0_i32 = arith.constant 0 : i32
%0 = arith.divsi %c7_i32, %c0_i32 : i32
return %0 : i32`},
		{"divsi_overflow_nofold", `%a = arith.constant -2147483648 : i32
%b = arith.constant -1 : i32
%0 = arith.divsi %a, %b : i32
return %0 : i32`, `%c-2147483648_i32 = arith.constant -2147483648 : i32
%c-1_i32 = arith.constant -1 : i32
%0 = arith.divsi %c-2147483648_i32, %c-1_i32 : i32
return %0 : i32`},
		{"divsi", `%a = arith.constant -7 : i32
%b = arith.constant 2 : i32
%0 = arith.divsi %a, %b : i32
return %0 : i32`, `%c-3_i32 = arith.constant -3 : i32
return %c-3_i32 : i32`},
		{"divui", `%a = arith.constant -7 : i32
%b = arith.constant 2 : i32
%0 = arith.divui %a, %b : i32
return %0 : i32`, `%c2147483644_i32 = arith.constant 2147483644 : i32
return %c2147483644_i32 : i32`},
		{"floordivsi", `%a = arith.constant -7 : i32
%b = arith.constant 2 : i32
%0 = arith.floordivsi %a, %b : i32
return %0 : i32`, `%c-4_i32 = arith.constant -4 : i32
return %c-4_i32 : i32`},
		{"ceildivsi", `%a = arith.constant 7 : i32
%b = arith.constant 2 : i32
%0 = arith.ceildivsi %a, %b : i32
return %0 : i32`, `%c4_i32 = arith.constant 4 : i32
return %c4_i32 : i32`},
		{"ceildivsi_neg", `%a = arith.constant -7 : i32
%b = arith.constant 2 : i32
%0 = arith.ceildivsi %a, %b : i32
return %0 : i32`, `%c-3_i32 = arith.constant -3 : i32
return %c-3_i32 : i32`},
		{"ceildivui", `%a = arith.constant 7 : i32
%b = arith.constant 2 : i32
%0 = arith.ceildivui %a, %b : i32
return %0 : i32`, `%c4_i32 = arith.constant 4 : i32
return %c4_i32 : i32`},
		{"remsi", `%a = arith.constant -7 : i32
%b = arith.constant 3 : i32
%0 = arith.remsi %a, %b : i32
return %0 : i32`, `%c-1_i32 = arith.constant -1 : i32
return %c-1_i32 : i32`},
		{"remui_one", `%b = arith.constant 1 : i32
%0 = arith.remui %arg0, %b : i32
return %0 : i32`, `%c0_i32 = arith.constant 0 : i32
return %c0_i32 : i32`},
		{"shli_oob_nofold", `%a = arith.constant 1 : i32
%b = arith.constant 32 : i32
%0 = arith.shli %a, %b : i32
return %0 : i32`, `%c1_i32 = arith.constant 1 : i32
%c32_i32 = arith.constant 32 : i32
%0 = arith.shli %c1_i32, %c32_i32 : i32
return %0 : i32`},
		{"shrsi", `%a = arith.constant -16 : i32
%b = arith.constant 2 : i32
%0 = arith.shrsi %a, %b : i32
return %0 : i32`, `%c-4_i32 = arith.constant -4 : i32
return %c-4_i32 : i32`},
		{"shrui", `%a = arith.constant -16 : i32
%b = arith.constant 28 : i32
%0 = arith.shrui %a, %b : i32
return %0 : i32`, `%c15_i32 = arith.constant 15 : i32
return %c15_i32 : i32`},
		{"maxsi_minui", `%a = arith.constant -5 : i32
%b = arith.constant 3 : i32
%0 = arith.maxsi %a, %b : i32
%1 = arith.minui %a, %b : i32
%2 = arith.addi %0, %1 : i32
return %2 : i32`, `%c6_i32 = arith.constant 6 : i32
return %c6_i32 : i32`},
		{"cmpi_const", `%a = arith.constant -1 : i32
%b = arith.constant 1 : i32
%0 = arith.cmpi slt, %a, %b : i32
%1 = arith.cmpi ult, %a, %b : i32
%2 = arith.xori %0, %1 : i1
return %2 : i1`, `%true = arith.constant true
return %true : i1`},
		{"cmpi_same", `%0 = arith.cmpi sle, %arg0, %arg0 : i32
return %0 : i1`, `%true = arith.constant true
return %true : i1`},
		{"cmpi_swap", `%c = arith.constant 5 : i32
%0 = arith.cmpi slt, %c, %arg0 : i32
return %0 : i1`, `%c5_i32 = arith.constant 5 : i32
%0 = arith.cmpi sgt, %arg0, %c5_i32 : i32
return %0 : i1`},
		{"commutative_swap", `%c = arith.constant 5 : i32
%0 = arith.addi %c, %arg0 : i32
return %0 : i32`, `%c5_i32 = arith.constant 5 : i32
%0 = arith.addi %arg0, %c5_i32 : i32
return %0 : i32`},
		{"select_const", `%t = arith.constant true
%0 = arith.select %t, %arg0, %arg1 : i32
return %0 : i32`, `return %arg0 : i32`},
		{"select_same", `%c = arith.cmpi slt, %arg0, %arg1 : i32
%0 = arith.select %c, %arg1, %arg1 : i32
return %0 : i32`, `return %arg1 : i32`},
		{"select_cmp_eq", `%c = arith.cmpi eq, %arg0, %arg1 : i32
%0 = arith.select %c, %arg0, %arg1 : i32
return %0 : i32`, `return %arg1 : i32`},
		{"casts", `%a = arith.constant -1 : i8
%0 = arith.extui %a : i8 to i32
%1 = arith.extsi %a : i8 to i32
%2 = arith.addi %0, %1 : i32
%3 = arith.trunci %2 : i32 to i16
%4 = arith.index_cast %3 : i16 to index
%5 = arith.index_castui %3 : i16 to index
%6 = arith.addi %4, %5 : index
%7 = arith.index_cast %6 : index to i32
return %7 : i32`, `%c508_i32 = arith.constant 508 : i32
return %c508_i32 : i32`},
		{"trunci_of_extsi", `%0 = arith.extsi %arg0 : i32 to i64
%1 = arith.trunci %0 : i64 to i32
return %1 : i32`, `return %arg0 : i32`},
		{"extsi_chain", `%0 = arith.trunci %arg0 : i32 to i8
%1 = arith.extsi %0 : i8 to i16
%2 = arith.extsi %1 : i16 to i32
return %2 : i32`, `%0 = arith.trunci %arg0 : i32 to i8
%1 = arith.extsi %0 : i8 to i32
return %1 : i32`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res := " -> i32"
			if c.name == "cmpi_const" || c.name == "cmpi_same" || c.name == "cmpi_swap" {
				res = " -> i1"
			}
			checkCanon(t, "%arg0: i32, %arg1: i32", res, c.body, c.want, false)
		})
	}
}

func TestFoldFloatAndDense(t *testing.T) {
	cases := []struct{ name, res, body, want string }{
		{"addf_f32", "f32", `%a = arith.constant 0.1 : f32
%b = arith.constant 0.2 : f32
%0 = arith.addf %a, %b : f32
return %0 : f32`, `%cst = arith.constant 3.000000e-01 : f32
return %cst : f32`},
		{"addf_f16_round", "f16", `%a = arith.constant 2048.0 : f16
%b = arith.constant 1.0 : f16
%0 = arith.addf %a, %b : f16
return %0 : f16`, `%cst = arith.constant 2.048000e+03 : f16
return %cst : f16`},
		{"addf_bf16", "bf16", `%a = arith.constant 1.0 : bf16
%b = arith.constant 0.00390625 : bf16
%0 = arith.addf %a, %b : bf16
return %0 : bf16`, `%cst = arith.constant 1.000000e+00 : bf16
return %cst : bf16`},
		{"divf_by_zero", "f32", `%a = arith.constant 1.0 : f32
%b = arith.constant 0.0 : f32
%0 = arith.divf %a, %b : f32
return %0 : f32`, `%cst = arith.constant 0x7F800000 : f32
return %cst : f32`},
		{"addf_negzero", "f32", `%z = arith.constant -0.0 : f32
%0 = arith.addf %arg0, %z : f32
return %0 : f32`, `return %arg0 : f32`},
		{"addf_poszero_kept", "f32", `%z = arith.constant 0.0 : f32
%0 = arith.addf %arg0, %z : f32
return %0 : f32`, `%cst = arith.constant 0.000000e+00 : f32
%0 = arith.addf %arg0, %cst : f32
return %0 : f32`},
		{"mulf_one", "f32", `%c = arith.constant 1.0 : f32
%0 = arith.mulf %arg0, %c : f32
return %0 : f32`, `return %arg0 : f32`},
		{"mulf_zero_fast", "f32", `%c = arith.constant 0.0 : f32
%0 = arith.mulf %arg0, %c fastmath<nnan,nsz> : f32
return %0 : f32`, `%cst = arith.constant 0.000000e+00 : f32
return %cst : f32`},
		{"maximumf_nan", "f32", `%a = arith.constant 0x7FC00000 : f32
%b = arith.constant 1.0 : f32
%0 = arith.maximumf %a, %b : f32
%1 = arith.maxnumf %a, %b : f32
%2 = arith.addf %0, %1 : f32
return %2 : f32`, `%cst = arith.constant 0x7FC00000 : f32
return %cst : f32`},
		{"minimumf_zeros", "f32", `%a = arith.constant 0.0 : f32
%b = arith.constant -0.0 : f32
%0 = arith.minimumf %a, %b : f32
return %0 : f32`, `%cst = arith.constant -0.000000e+00 : f32
return %cst : f32`},
		{"negf", "f32", `%a = arith.constant 2.5 : f32
%0 = arith.negf %a : f32
return %0 : f32`, `%cst = arith.constant -2.500000e+00 : f32
return %cst : f32`},
		{"negf_negf", "f32", `%0 = arith.negf %arg0 : f32
%1 = arith.negf %0 : f32
return %1 : f32`, `return %arg0 : f32`},
		{"remf", "f32", `%a = arith.constant -7.5 : f32
%b = arith.constant 2.0 : f32
%0 = arith.remf %a, %b : f32
return %0 : f32`, `%cst = arith.constant -1.500000e+00 : f32
return %cst : f32`},
		{"cmpf_nan", "i1", `%n = arith.constant 0x7FC00000 : f32
%0 = arith.cmpf olt, %n, %arg0 : f32
%1 = arith.cmpf une, %arg0, %n : f32
%2 = arith.andi %0, %1 : i1
return %2 : i1`, `%false = arith.constant false
return %false : i1`},
		{"truncf_exact", "f16", `%a = arith.constant 0.5 : f32
%0 = arith.truncf %a : f32 to f16
return %0 : f16`, `%cst = arith.constant 5.000000e-01 : f16
return %cst : f16`},
		{"truncf_inexact_nofold", "f16", `%a = arith.constant 0.1 : f32
%0 = arith.truncf %a : f32 to f16
return %0 : f16`, `%cst = arith.constant 1.000000e-01 : f32
%0 = arith.truncf %cst : f32 to f16
return %0 : f16`},
		{"extf", "f64", `%a = arith.constant 0.1 : f32
%0 = arith.extf %a : f32 to f64
return %0 : f64`, `%cst = arith.constant 0.10000000149011612 : f64
return %cst : f64`},
		{"truncf_extf", "f16", `%0 = arith.truncf %arg0 : f32 to f16
%1 = arith.extf %0 : f16 to f32
%2 = arith.truncf %1 : f32 to f16
return %2 : f16`, `%0 = arith.truncf %arg0 : f32 to f16
return %0 : f16`},
		{"sitofp", "f32", `%a = arith.constant 16777217 : i32
%0 = arith.sitofp %a : i32 to f32
return %0 : f32`, `%cst = arith.constant 0x4B800000 : f32
return %cst : f32`},
		{"uitofp", "f16", `%a = arith.constant -1 : i8
%0 = arith.uitofp %a : i8 to f16
return %0 : f16`, `%cst = arith.constant 2.550000e+02 : f16
return %cst : f16`},
		{"fptosi", "i32", `%a = arith.constant -2.9 : f32
%0 = arith.fptosi %a : f32 to i32
return %0 : i32`, `%c-2_i32 = arith.constant -2 : i32
return %c-2_i32 : i32`},
		{"fptoui_overflow_nofold", "i8", `%a = arith.constant 256.0 : f32
%0 = arith.fptoui %a : f32 to i8
return %0 : i8`, `%cst = arith.constant 2.560000e+02 : f32
%0 = arith.fptoui %cst : f32 to i8
return %0 : i8`},
		{"bitcast", "i32", `%a = arith.constant 1.0 : f32
%0 = arith.bitcast %a : f32 to i32
return %0 : i32`, `%c1065353216_i32 = arith.constant 1065353216 : i32
return %c1065353216_i32 : i32`},
		{"bitcast_f16", "f16", `%a = arith.constant 15360 : i16
%0 = arith.bitcast %a : i16 to f16
return %0 : f16`, `%cst = arith.constant 1.000000e+00 : f16
return %cst : f16`},
		{"dense_addi", "tensor<2xi32>", `%a = arith.constant dense<[1, 2]> : tensor<2xi32>
%b = arith.constant dense<3> : tensor<2xi32>
%0 = arith.addi %a, %b : tensor<2xi32>
return %0 : tensor<2xi32>`, `%cst = arith.constant dense<[4, 5]> : tensor<2xi32>
return %cst : tensor<2xi32>`},
		{"splat_muli", "tensor<4xi32>", `%a = arith.constant dense<6> : tensor<4xi32>
%b = arith.constant dense<7> : tensor<4xi32>
%0 = arith.muli %a, %b : tensor<4xi32>
return %0 : tensor<4xi32>`, `%cst = arith.constant dense<42> : tensor<4xi32>
return %cst : tensor<4xi32>`},
		{"splat_cmpi", "tensor<4xi1>", `%a = arith.constant dense<6> : tensor<4xi32>
%b = arith.constant dense<7> : tensor<4xi32>
%0 = arith.cmpi sgt, %a, %b : tensor<4xi32>
return %0 : tensor<4xi1>`, `%cst = arith.constant dense<false> : tensor<4xi1>
return %cst : tensor<4xi1>`},
		{"splat_addf", "tensor<4xf32>", `%a = arith.constant dense<1.5> : tensor<4xf32>
%b = arith.constant dense<2.0> : tensor<4xf32>
%0 = arith.addf %a, %b : tensor<4xf32>
return %0 : tensor<4xf32>`, `%cst = arith.constant dense<3.500000e+00> : tensor<4xf32>
return %cst : tensor<4xf32>`},
		{"select_dense", "tensor<2xi32>", `%c = arith.constant dense<[true, false]> : tensor<2xi1>
%a = arith.constant dense<[1, 2]> : tensor<2xi32>
%b = arith.constant dense<[3, 4]> : tensor<2xi32>
%0 = arith.select %c, %a, %b : tensor<2xi1>, tensor<2xi32>
return %0 : tensor<2xi32>`, `%cst = arith.constant dense<[1, 4]> : tensor<2xi32>
return %cst : tensor<2xi32>`},
		{"poison", "i32", `%p = ub.poison : i32
%0 = arith.addi %p, %arg1 : i32
%1 = arith.muli %0, %p : i32
return %1 : i32`, `%0 = ub.poison : i32
return %0 : i32`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			checkCanon(t, "%arg0: f32, %arg1: i32", " -> "+c.res, c.body, c.want, false)
		})
	}
}

func TestIdentityCastsFold(t *testing.T) {
	ctx := newCtx()
	m, err := asm.ParseString(ctx, `func.func @f(%a: i32) -> i32 {
  %0 = arith.bitcast %a : i32 to i32
  return %0 : i32
}`)
	if err != nil {
		t.Fatal(err)
	}
	bc := m.Region(0).Front().First().Region(0).Front().First()
	res := arith.BitcastOp.Fold(bc, []ir.Attribute{nil})
	if len(res) != 1 || res[0].Value != bc.Operand(0) {
		t.Fatalf("bitcast i32 -> i32 should fold to its operand, got %+v", res)
	}
}
