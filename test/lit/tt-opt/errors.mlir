// RUN: not tt-opt %s -allow-unregistered-dialect 2>&1 | FileCheck %s
// RUN: not tt-opt %s 2>&1 | FileCheck %s --check-prefix=UNREG

// Malformed input gets a located diagnostic with the source line and a
// caret, never a crash.

// CHECK: errors.mlir:[[# @LINE + 5]]:40: error: expected '>' in tensor type
// CHECK-NEXT: {{^}}  %0 = "test.x"() : () -> tensor<4xi32 f32>
// CHECK-NEXT: {{^}}                                       ^
// UNREG: errors.mlir:[[# @LINE + 2]]:16: error: operation being parsed with an unregistered dialect

  %0 = "test.x"() : () -> tensor<4xi32 f32>
