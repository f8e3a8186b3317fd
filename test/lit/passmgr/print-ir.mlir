// RUN: tt-opt %s -canonicalize -cse --mlir-print-ir-before=cse --mlir-print-ir-after-all -o /dev/null 2>&1 | FileCheck %s

// IR dumps carry MLIR's headers, name the op a pass ran on, and follow the
// pipeline order.

// CHECK: // -----// IR Dump After Canonicalizer (canonicalize) ('builtin.module' operation) //----- //
// CHECK: // -----// IR Dump Before CSE (cse) ('builtin.module' operation) //----- //
// CHECK-NEXT: module {
// CHECK: // -----// IR Dump After CSE (cse) ('builtin.module' operation) //----- //
tt.func @f(%a: i32) -> i32 {
  %0 = arith.muli %a, %a : i32
  tt.return %0 : i32
}
