// RUN: tt-opt %s | FileCheck %s

// CHECK-LABEL: func @add
// CHECK-NEXT: %0 = arith.addi %arg0, %arg1
func @add
  %0 = arith.addi %arg0, %arg1
