// RUN: tt-opt %s --pass-pipeline='builtin.module(tt.func(canonicalize,cse))' | FileCheck %s
// RUN: tt-opt %s -canonicalize -cse | FileCheck %s
// RUN: tt-opt %s -canonicalize -cse -dump-pass-pipeline 2>&1 >/dev/null | FileCheck %s --check-prefix=PIPE
// RUN: not tt-opt %s --pass-pipeline='builtin.module(tt.func(nope))' 2>&1 | FileCheck %s --check-prefix=ERR

// Pipelines given textually or as flags run the same passes; flags nest
// implicitly; options that differ from their defaults print sorted by name.

// PIPE: Pass Manager with builtin.module(canonicalize,cse)
// ERR: 'nope' does not refer to a registered pass or pass pipeline

// CHECK-LABEL: tt.func @f
// CHECK-NEXT:    %[[M:.*]] = arith.muli %arg0, %arg0 : i32
// CHECK-NEXT:    %[[A:.*]] = arith.addi %[[M]], %[[M]] : i32
// CHECK-NEXT:    tt.return %[[A]] : i32
tt.func @f(%a: i32) -> i32 {
  %c = arith.constant 0 : i32
  %0 = arith.addi %a, %c : i32
  %1 = arith.muli %0, %0 : i32
  %2 = arith.muli %0, %0 : i32
  %3 = arith.addi %1, %2 : i32
  tt.return %3 : i32
}
