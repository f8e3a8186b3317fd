package arith_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/ttcompiler/tt/ir/asm"
)

// TestGenericForm checks the generic spelling of properties as MLIR
// prints them (--mlir-print-op-generic): enum predicates as i64 integers,
// default-valued flags materialized, optional ones absent.
func TestGenericForm(t *testing.T) {
	src := `func.func @f(%a: i32, %b: f32, %c: i64, %d: i1) {
  %0 = arith.addi %a, %a overflow<nsw> : i32
  %1 = arith.cmpi slt, %a, %a : i32
  %2 = arith.cmpf olt, %b, %b : f32
  %3 = arith.constant 5 : i64
  %4 = arith.trunci %c : i64 to i32
  %5 = arith.truncf %b to_nearest_even : f32 to f16
  %6 = arith.divsi %a, %a exact : i32
  %7 = arith.select %d, %a, %a : i32
  %8 = arith.muli %a, %a : i32
  %9 = "arith.subi"(%a, %a) : (i32, i32) -> i32
  %10 = arith.extf %b : f32 to f64
  %11 = ub.poison : i32
  return
}`
	want := `"builtin.module"() ({
  "func.func"() <{function_type = (i32, f32, i64, i1) -> (), sym_name = "f"}> ({
  ^bb0(%arg0: i32, %arg1: f32, %arg2: i64, %arg3: i1):
    %0 = "arith.addi"(%arg0, %arg0) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %1 = "arith.cmpi"(%arg0, %arg0) <{predicate = 2 : i64}> : (i32, i32) -> i1
    %2 = "arith.cmpf"(%arg1, %arg1) <{fastmath = #arith.fastmath<none>, predicate = 4 : i64}> : (f32, f32) -> i1
    %3 = "arith.constant"() <{value = 5 : i64}> : () -> i64
    %4 = "arith.trunci"(%arg2) <{overflowFlags = #arith.overflow<none>}> : (i64) -> i32
    %5 = "arith.truncf"(%arg1) <{roundingmode = 0 : i32}> : (f32) -> f16
    %6 = "arith.divsi"(%arg0, %arg0) <{isExact}> : (i32, i32) -> i32
    %7 = "arith.select"(%arg3, %arg0, %arg0) : (i1, i32, i32) -> i32
    %8 = "arith.muli"(%arg0, %arg0) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    %9 = "arith.subi"(%arg0, %arg0) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    %10 = "arith.extf"(%arg1) : (f32) -> f64
    %11 = "ub.poison"() <{value = #ub.poison}> : () -> i32
    "func.return"() : () -> ()
  }) : () -> ()
}) : () -> ()
`
	op, err := asm.ParseString(newCtx(), src)
	if err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff(want, asm.Sprint(op, asm.PrintConfig{Generic: true})); d != "" {
		t.Errorf("(-want +got):\n%s", d)
	}
}
