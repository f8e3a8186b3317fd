package arith_test

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/ttcompiler/tt/dialects/arith"
	"github.com/ttcompiler/tt/dialects/builtin"
	function "github.com/ttcompiler/tt/dialects/func"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

func newCtx() *ir.Context {
	ctx := ir.NewContext()
	builtin.Load(ctx)
	arith.Load(ctx)
	function.Load(ctx)
	return ctx
}

// roundTrip parses src, verifies it, checks the custom print equals want,
// that the print is a fixed point, and that the generic print reparses to
// the same custom print.
func roundTrip(t *testing.T, src, want string) {
	t.Helper()
	ctx := newCtx()
	op, err := asm.ParseString(ctx, src)
	if err != nil {
		t.Fatalf("parse: %v\n%s", err, src)
	}
	if err := ir.Verify(op); err != nil {
		t.Fatalf("verify: %v", err)
	}
	got := asm.Sprint(op, asm.PrintConfig{})
	if d := cmp.Diff(want, got); d != "" {
		t.Fatalf("print mismatch (-want +got):\n%s", d)
	}
	op2, err := asm.ParseString(ctx, got)
	if err != nil {
		t.Fatalf("reparse: %v\n%s", err, got)
	}
	if again := asm.Sprint(op2, asm.PrintConfig{}); again != got {
		t.Fatalf("not a fixed point:\n%s", cmp.Diff(got, again))
	}
	generic := asm.Sprint(op2, asm.PrintConfig{Generic: true})
	op3, err := asm.ParseString(ctx, generic)
	if err != nil {
		t.Fatalf("reparse generic: %v\n%s", err, generic)
	}
	if err := ir.Verify(op3); err != nil {
		t.Fatalf("verify generic: %v\n%s", err, generic)
	}
	if back := asm.Sprint(op3, asm.PrintConfig{}); back != got {
		t.Fatalf("generic round trip differs:\n%s\ngeneric:\n%s", cmp.Diff(got, back), generic)
	}
}

// wrap puts body lines into a function with the given arguments.
func wrap(args, body string) string {
	return "module {\n  func.func @f(" + args + ") {\n" + indent(body, "    ") + "    return\n  }\n}\n"
}

func indent(s, pre string) string {
	var b strings.Builder
	for _, l := range strings.Split(strings.TrimRight(s, "\n"), "\n") {
		b.WriteString(pre + l + "\n")
	}
	return b.String()
}

func TestRoundTripOps(t *testing.T) {
	const args = "%arg0: i32, %arg1: i32, %arg2: f32, %arg3: f32, %arg4: tensor<4xi32>, %arg5: tensor<4xf16>, %arg6: i1, %arg7: index, %arg8: tensor<4xi1>, %arg9: i64"
	cases := []struct{ name, in, want string }{
		{"constant_i32", "%0 = arith.constant 42 : i32", "%c42_i32 = arith.constant 42 : i32"},
		{"constant_neg", "%0 = arith.constant -1 : i32", "%c-1_i32 = arith.constant -1 : i32"},
		{"constant_i64", "%0 = arith.constant 0 : i64", "%c0_i64 = arith.constant 0 : i64"},
		{"constant_index", "%0 = arith.constant 0 : index", "%c0 = arith.constant 0 : index"},
		{"constant_true", "%0 = arith.constant true", "%true = arith.constant true"},
		{"constant_false", "%0 = arith.constant 0 : i1", "%false = arith.constant false"},
		{"constant_f32", "%0 = arith.constant 1.0 : f32", "%cst = arith.constant 1.000000e+00 : f32"},
		{"constant_f64", "%0 = arith.constant 2.5 : f64", "%cst = arith.constant 2.500000e+00 : f64"},
		{"constant_ninf", "%0 = arith.constant 0xFF800000 : f32", "%cst = arith.constant 0xFF800000 : f32"},
		{"constant_dense", "%0 = arith.constant dense<0.0> : tensor<128x64xf16>", "%cst = arith.constant dense<0.000000e+00> : tensor<128x64xf16>"},
		{"constant_dense_int", "%0 = arith.constant dense<[1, 2]> : tensor<2xi32>", "%cst = arith.constant dense<[1, 2]> : tensor<2xi32>"},
		{"constant_dense_bool", "%0 = arith.constant dense<true> : tensor<4xi1>", "%cst = arith.constant dense<true> : tensor<4xi1>"},
		{"constant_attrs", "%0 = arith.constant {foo} 1 : i8", "%c1_i8 = arith.constant {foo} 1 : i8"},
		{"addi", "%0 = arith.addi %arg0, %arg1 : i32", ""},
		{"addi_nsw", "%0 = arith.addi %arg0, %arg1 overflow<nsw> : i32", ""},
		{"addi_nsw_nuw", "%0 = arith.addi %arg0, %arg1 overflow<nsw, nuw> : i32", ""},
		{"addi_nuw_full", "%0 = arith.addi %arg0, %arg1 overflow<nuw,nsw> : i32", "%0 = arith.addi %arg0, %arg1 overflow<nsw, nuw> : i32"},
		{"addi_none", "%0 = arith.addi %arg0, %arg1 overflow<none> : i32", "%0 = arith.addi %arg0, %arg1 : i32"},
		{"subi", "%0 = arith.subi %arg0, %arg1 : i32", ""},
		{"muli_tensor", "%0 = arith.muli %arg4, %arg4 overflow<nuw> : tensor<4xi32>", ""},
		{"divsi", "%0 = arith.divsi %arg0, %arg1 : i32", ""},
		{"divui_exact", "%0 = arith.divui %arg0, %arg1 exact : i32", ""},
		{"ceildivsi", "%0 = arith.ceildivsi %arg0, %arg1 : i32", ""},
		{"ceildivui", "%0 = arith.ceildivui %arg0, %arg1 : i32", ""},
		{"floordivsi", "%0 = arith.floordivsi %arg0, %arg1 : i32", ""},
		{"remsi", "%0 = arith.remsi %arg0, %arg1 : i32", ""},
		{"remui", "%0 = arith.remui %arg0, %arg1 : i32", ""},
		{"andi", "%0 = arith.andi %arg6, %arg6 : i1", ""},
		{"ori", "%0 = arith.ori %arg0, %arg1 : i32", ""},
		{"xori", "%0 = arith.xori %arg0, %arg1 : i32", ""},
		{"shli", "%0 = arith.shli %arg0, %arg1 overflow<nsw> : i32", ""},
		{"shrsi", "%0 = arith.shrsi %arg0, %arg1 exact : i32", ""},
		{"shrui", "%0 = arith.shrui %arg0, %arg1 : i32", ""},
		{"maxsi", "%0 = arith.maxsi %arg0, %arg1 : i32", ""},
		{"maxui", "%0 = arith.maxui %arg0, %arg1 : i32", ""},
		{"minsi", "%0 = arith.minsi %arg0, %arg1 : i32", ""},
		{"minui", "%0 = arith.minui %arg0, %arg1 : i32", ""},
		{"addi_index", "%0 = arith.addi %arg7, %arg7 : index", ""},
		{"addf", "%0 = arith.addf %arg2, %arg3 : f32", ""},
		{"addf_fast", "%0 = arith.addf %arg2, %arg3 fastmath<fast> : f32", ""},
		{"addf_flags", "%0 = arith.addf %arg2, %arg3 fastmath<ninf,nnan> : f32", "%0 = arith.addf %arg2, %arg3 fastmath<nnan,ninf> : f32"},
		{"addf_full_attr", "%0 = arith.addf %arg2, %arg3 fastmath #arith.fastmath<contract> : f32", "%0 = arith.addf %arg2, %arg3 fastmath<contract> : f32"},
		{"subf", "%0 = arith.subf %arg2, %arg3 : f32", ""},
		{"mulf", "%0 = arith.mulf %arg5, %arg5 : tensor<4xf16>", ""},
		{"divf", "%0 = arith.divf %arg2, %arg3 fastmath<afn> : f32", ""},
		{"remf", "%0 = arith.remf %arg2, %arg3 : f32", ""},
		{"maximumf", "%0 = arith.maximumf %arg2, %arg3 : f32", ""},
		{"minimumf", "%0 = arith.minimumf %arg2, %arg3 : f32", ""},
		{"maxnumf", "%0 = arith.maxnumf %arg2, %arg3 : f32", ""},
		{"minnumf", "%0 = arith.minnumf %arg2, %arg3 : f32", ""},
		{"negf", "%0 = arith.negf %arg2 : f32", ""},
		{"negf_fast", "%0 = arith.negf %arg2 fastmath<nsz> : f32", ""},
		{"cmpi", "%0 = arith.cmpi slt, %arg0, %arg1 : i32", ""},
		{"cmpi_string", `%0 = arith.cmpi "uge", %arg0, %arg1 : i32`, "%0 = arith.cmpi uge, %arg0, %arg1 : i32"},
		{"cmpi_tensor", "%0 = arith.cmpi eq, %arg4, %arg4 : tensor<4xi32>", ""},
		{"cmpf", "%0 = arith.cmpf ogt, %arg2, %arg3 : f32", ""},
		{"cmpf_true", "%0 = arith.cmpf true, %arg2, %arg3 : f32", ""},
		{"cmpf_false_fast", "%0 = arith.cmpf false, %arg2, %arg3 fastmath<fast> : f32", ""},
		{"cmpf_uno", "%0 = arith.cmpf uno, %arg5, %arg5 : tensor<4xf16>", ""},
		{"select", "%0 = arith.select %arg6, %arg0, %arg1 : i32", ""},
		{"select_mask", "%0 = arith.select %arg8, %arg4, %arg4 : tensor<4xi1>, tensor<4xi32>", ""},
		{"select_scalar_cond", "%0 = arith.select %arg6, %arg4, %arg4 : tensor<4xi32>", ""},
		{"extsi", "%0 = arith.extsi %arg0 : i32 to i64", ""},
		{"extui", "%0 = arith.extui %arg6 : i1 to i32", ""},
		{"trunci", "%0 = arith.trunci %arg9 : i64 to i32", ""},
		{"trunci_nuw", "%0 = arith.trunci %arg9 overflow<nuw> : i64 to i32", ""},
		{"extf", "%0 = arith.extf %arg5 : tensor<4xf16> to tensor<4xf32>", ""},
		{"extf_fast", "%0 = arith.extf %arg5 fastmath<contract> : tensor<4xf16> to tensor<4xf32>", ""},
		{"truncf", "%0 = arith.truncf %arg2 : f32 to bf16", ""},
		{"truncf_rm", "%0 = arith.truncf %arg2 to_nearest_even : f32 to f16", ""},
		{"truncf_rm_fm", "%0 = arith.truncf %arg2 toward_zero fastmath<contract> : f32 to f16", ""},
		{"sitofp", "%0 = arith.sitofp %arg4 : tensor<4xi32> to tensor<4xf32>", ""},
		{"uitofp", "%0 = arith.uitofp %arg0 : i32 to f32", ""},
		{"fptosi", "%0 = arith.fptosi %arg2 : f32 to i32", ""},
		{"fptoui", "%0 = arith.fptoui %arg2 : f32 to i8", ""},
		{"index_cast", "%0 = arith.index_cast %arg0 : i32 to index", ""},
		{"index_castui", "%0 = arith.index_castui %arg7 : index to i32", ""},
		{"bitcast", "%0 = arith.bitcast %arg2 : f32 to i32", ""},
		{"bitcast_tensor", "%0 = arith.bitcast %arg5 : tensor<4xf16> to tensor<4xi16>", ""},
		{"addui_extended", "%sum, %overflow = arith.addui_extended %arg0, %arg1 : i32, i1", "%0:2 = arith.addui_extended %arg0, %arg1 : i32, i1"},
		{"mulsi_extended", "%0:2 = arith.mulsi_extended %arg0, %arg1 : i32", ""},
		{"mului_extended", "%0:2 = arith.mului_extended %arg0, %arg1 : i32", ""},
		{"scaling_extf", "%0 = arith.scaling_extf %arg5, %arg5 : tensor<4xf16>, tensor<4xf16> to tensor<4xf32>", ""},
		{"scaling_truncf", "%0 = arith.scaling_truncf %arg2, %arg3 to_nearest_even fastmath<fast> : f32, f32 to f16", ""},
		{"discardable", "%0 = arith.addi %arg0, %arg1 {tt.foo = 1 : i32} : i32", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			want := c.want
			if want == "" {
				want = c.in
			}
			roundTrip(t, wrap(args, c.in), wrap(args, want))
		})
	}
}
