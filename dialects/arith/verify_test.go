package arith_test

import (
	"strings"
	"testing"

	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

// verifyErr parses src (which must parse) and returns the verifier error.
func verifyErr(t *testing.T, src string) string {
	t.Helper()
	op, err := asm.ParseString(newCtx(), src)
	if err != nil {
		t.Fatalf("parse: %v", err)
	}
	err = ir.Verify(op)
	if err == nil {
		return ""
	}
	return err.Error()
}

func TestVerifierErrors(t *testing.T) {
	cases := []struct{ name, src, want string }{
		{"addi_float", `%0 = "test.f"() : () -> f32
%1 = arith.addi %0, %0 : f32`, "'arith.addi' op operand #0 must be signless-integer-like, but got 'f32'"},
		{"addf_int", `%0 = "test.i"() : () -> i32
%1 = arith.addf %0, %0 : i32`, "'arith.addf' op operand #0 must be floating-point-like, but got 'i32'"},
		{"addi_mixed", `%0 = "test.i"() : () -> i32
%1 = "test.i"() : () -> i64
%2 = "arith.addi"(%0, %1) : (i32, i64) -> i32`, "'arith.addi' op requires the same type for all operands and results"},
		{"constant_unsigned", `%0 = arith.constant 0 : ui32`, "'arith.constant' op integer return type must be signless"},
		{"constant_signed", `%0 = arith.constant 0 : si32`, "'arith.constant' op integer return type must be signless"},
		{"constant_type", `%0 = "arith.constant"() {value = 1.0 : f32} : () -> complex<f32>`, "'arith.constant' op failed to verify that all of {value, result} have same type"},
		{"constant_string", `%0 = "arith.constant"() {value = "xyz"} : () -> i32`, "'arith.constant' op failed to verify that all of {value, result} have same type"},
		{"constant_range", `%0 = "arith.constant"() {value = 10.0} : () -> f32`, "'arith.constant' op failed to verify that all of {value, result} have same type"},
		{"constant_missing", `%0 = "arith.constant"() : () -> f32`, "'arith.constant' op requires attribute 'value'"},
		{"bitcast_width", `%0 = "test.f"() : () -> f16
%1 = arith.bitcast %0 : f16 to f32`, "'arith.bitcast' op operand type 'f16' and result type 'f32' are cast incompatible"},
		{"bitcast_index", `%0 = "test.i"() : () -> i64
%1 = arith.bitcast %0 : i64 to index`, "'arith.bitcast' op result #0 must be signless-integer-or-float-like or memref of signless-integer or float, but got 'index'"},
		{"cmpi_predicate_range", `%0 = "test.i"() : () -> i32
%1 = "arith.cmpi"(%0, %0) {predicate = 42} : (i32, i32) -> i1`, "'arith.cmpi' op attribute 'predicate' failed to satisfy constraint: allowed 64-bit signless integer cases: 0, 1, 2, 3, 4, 5, 6, 7, 8, 9"},
		{"cmpi_no_predicate", `%0 = "test.i"() : () -> i32
%1 = "arith.cmpi"(%0, %0) {foo = 1} : (i32, i32) -> i1`, "'arith.cmpi' op requires attribute 'predicate'"},
		{"cmpi_result", `%0 = "test.i"() : () -> i32
%1 = "arith.cmpi"(%0, %0) {predicate = 0} : (i32, i32) -> i32`, "'arith.cmpi' op result #0 must be bool-like, but got 'i32'"},
		{"cmpi_shape", `%0 = arith.constant dense<0> : vector<42xi32>
%1 = "arith.cmpi"(%0, %0) {predicate = 0} : (vector<42xi32>, vector<42xi32>) -> vector<41xi1>`, "'arith.cmpi' op failed to verify that result type has i1 element type and same shape as operands"},
		{"cmpf_operands", `%0 = "test.f"() : () -> f32
%1 = "test.f"() : () -> f64
%2 = "arith.cmpf"(%0, %1) {predicate = 0} : (f32, f64) -> i1`, "'arith.cmpf' op requires all operands to have the same type"},
		{"cmpf_result", `%0 = "test.f"() : () -> f32
%1 = "arith.cmpf"(%0, %0) {predicate = 0} : (f32, f32) -> f32`, "'arith.cmpf' op result #0 must be bool-like, but got 'f32'"},
		{"index_cast_same", `%0 = "test.x"() : () -> index
%1 = arith.index_cast %0 : index to index`, "'arith.index_cast' op operand type 'index' and result type 'index' are cast incompatible"},
		{"index_cast_float", `%0 = "test.x"() : () -> index
%1 = arith.index_cast %0 : index to f32`, "'arith.index_cast' op result #0 must be signless-integer-like or memref of signless-integer, but got 'f32'"},
		{"index_cast_dims", `%0 = "test.x"() : () -> tensor<2xindex>
%1 = arith.index_cast %0 : tensor<2xindex> to tensor<?xi64>`, "'arith.index_cast' op failed to verify that input and output have the same tensor dimensions"},
		{"sitofp_result", `%0 = "test.i"() : () -> i32
%1 = arith.sitofp %0 : i32 to i64`, "'arith.sitofp' op result #0 must be floating-point-like, but got 'i64'"},
		{"sitofp_operand", `%0 = "test.f"() : () -> f32
%1 = arith.sitofp %0 : f32 to i32`, "'arith.sitofp' op operand #0 must be signless-fixed-width-integer-like, but got 'f32'"},
		{"extf_narrow", `%0 = "test.f"() : () -> f32
%1 = arith.extf %0 : f32 to f16`, "'arith.extf' op operand type 'f32' and result type 'f16' are cast incompatible"},
		{"extf_encoding", `%0 = "test.f"() : () -> tensor<2xf32, "foo">
%1 = arith.extf %0 : tensor<2xf32, "foo"> to tensor<2xf64, "bar">`, "'arith.extf' op operand type 'tensor<2xf32, \"foo\">' and result type 'tensor<2xf64, \"bar\">' are cast incompatible"},
		{"truncf_wider", `%0 = "test.f"() : () -> f16
%1 = arith.truncf %0 : f16 to f32`, "'arith.truncf' op operand type 'f16' and result type 'f32' are cast incompatible"},
		{"extsi_index", `%0 = "test.x"() : () -> index
%1 = arith.extsi %0 : index to i128`, "'arith.extsi' op operand #0 must be signless-fixed-width-integer-like, but got 'index'"},
		{"extsi_narrower", `%0 = "test.i"() : () -> i16
%1 = arith.extsi %0 : i16 to i15`, "'arith.extsi' op operand type 'i16' and result type 'i15' are cast incompatible"},
		{"trunci_same", `%0 = "test.i"() : () -> i16
%1 = arith.trunci %0 : i16 to i16`, "'arith.trunci' op operand type 'i16' and result type 'i16' are cast incompatible"},
		{"extsi_dims", `%0 = "test.i"() : () -> tensor<4xi32>
%1 = arith.extsi %0 : tensor<4xi32> to tensor<?xi64>`, "'arith.extsi' op failed to verify that input and output have the same tensor dimensions"},
		{"select_rank0", `%0 = "test.c"() : () -> tensor<i1>
%1 = "test.v"() : () -> tensor<2xi64>
%2 = arith.select %0, %1, %1 : tensor<i1>, tensor<2xi64>`, "'arith.select' op failed to verify that condition is signless i1 or has matching shape"},
		{"select_encoding", `%0 = "test.c"() : () -> tensor<8xi1, "bar">
%1 = "test.v"() : () -> tensor<8xi32, "foo">
%2 = arith.select %0, %1, %1 : tensor<8xi1, "bar">, tensor<8xi32, "foo">`, "'arith.select' op expected condition type to have the same shape as the result type, expected 'tensor<8xi1, \"foo\">', but got 'tensor<8xi1, \"bar\">'"},
		{"select_types", `%0 = "test.c"() : () -> i1
%1 = "test.v"() : () -> i32
%2 = "test.v"() : () -> i64
%3 = "arith.select"(%0, %1, %2) : (i1, i32, i64) -> i32`, "'arith.select' op failed to verify that all of {true_value, false_value, result} have same type"},
		{"addui_extended", `%0 = "test.i"() : () -> i32
%1:2 = arith.addui_extended %0, %0 : i32, i32`, "'arith.addui_extended' op result #1 must be bool-like, but got 'i32'"},
		{"operand_count", `%0 = "test.i"() : () -> i32
%1 = "arith.addi"(%0, %0, %0) : (i32, i32, i32) -> i32`, "'arith.addi' op expected 2 operands, but found 3"},
		{"fastmath_type", `%0 = "test.f"() : () -> f32
%1 = "arith.addf"(%0, %0) <{fastmath = 1 : i32}> : (f32, f32) -> f32`, "'arith.addf' op attribute 'fastmath' failed to satisfy constraint: Floating point fast math flags"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			ctx := newCtx()
			ctx.AllowUnregistered = true
			op, err := asm.ParseString(ctx, c.src)
			if err != nil {
				t.Fatalf("parse: %v", err)
			}
			err = ir.Verify(op)
			if err == nil {
				t.Fatalf("expected error %q", c.want)
			}
			// Diagnostics print as FILE:LINE:COL: error: MESSAGE.
			got := err.Error()
			if i := strings.Index(got, "error: "); i >= 0 {
				got = got[i+len("error: "):]
			}
			if i := strings.IndexByte(got, '\n'); i >= 0 {
				got = got[:i]
			}
			if got != c.want {
				t.Errorf("got  %s\nwant %s", got, c.want)
			}
		})
	}
}

// TestParseErrors checks malformed custom syntax: located errors, never
// panics.
func TestParseErrors(t *testing.T) {
	pre := "%a = \"test.i\"() : () -> i32\n%f = \"test.f\"() : () -> f32\n"
	cases := []struct{ src, want string }{
		{"%0 = arith.addf %f, %f, %f : f32", "<string>:3:23: error: expected ':'"},
		{"%0 = arith.addf(%f, %f) : f32", "<string>:3:16: error: expected SSA operand"},
		{"%0 = arith.cmpi %a, %a : i32", "<string>:3:17: error: custom op 'arith.cmpi' expected string or keyword containing one of the following enum values for attribute 'predicate' [eq, ne, slt, sle, sgt, sge, ult, ule, ugt, uge]"},
		{"%0 = arith.cmpf sge, %f, %f : f32", "<string>:3:17: error: custom op 'arith.cmpf' expected string or keyword containing one of the following enum values for attribute 'predicate' [false, oeq, ogt, oge, olt, ole, one, ord, ueq, ugt, uge, ult, ule, une, uno, true]"},
		{"%0 = arith.cmpi eq, %f, %f : f32", "<string>:3:6: error: custom op 'arith.cmpi' 'lhs' must be signless-integer-like, but got 'f32'"},
		{"%0 = arith.constant", "<string>:3:20: error: expected attribute value"},
		{"%0 = arith.addi %a, %a overflow<foo> : i32", "<string>:3:33: error: custom op 'arith.addi' expected ::mlir::arith::IntegerOverflowFlags to be one of: none, nsw, nuw"},
		{"%0 = arith.addf %f, %f fastmath<> : f32", "<string>:3:33: error: expected valid keyword"},
		{"%0 = arith.addi %a, %a : i64", "<string>:3:17: error: use of value '%a' expects different type than prior uses: 'i64' vs 'i32'"},
		{"%0 = arith.extsi %a : i32 i64", "<string>:3:27: error: expected 'to'"},
		{"%0 = arith.select %a, %a : i32", "<string>:3:19: error: custom op 'arith.select' expected 3 operands"},
		{"%0 = arith.truncf %f foo : f32 to f16", "<string>:3:22: error: expected ':'"},
		{"%0 = arith.constant \"x\"", "<string>:3:21: error: custom op 'arith.constant' invalid kind of attribute specified"},
		{"%0 = arith.addi %a, %a overflow", "<string>:3:32: error: expected '<'"},
		{"%0 = arith.bogus %a", "<string>:3:6: error: custom op 'arith.bogus' is unknown"},
	}
	for _, c := range cases {
		ctx := newCtx()
		ctx.AllowUnregistered = true
		_, err := asm.ParseString(ctx, pre+c.src)
		if err == nil {
			t.Errorf("%q: expected error", c.src)
			continue
		}
		got := err.Error()
		if i := strings.IndexByte(got, '\n'); i >= 0 {
			got = got[:i]
		}
		if got != c.want {
			t.Errorf("%q:\n got  %s\n want %s", c.src, got, c.want)
		}
	}
}
