// RUN: tt-opt %s -allow-unregistered-dialect | FileCheck %s
// RUN: tt-opt %s -allow-unregistered-dialect --mlir-print-op-generic | tt-opt -allow-unregistered-dialect | FileCheck %s

// Generic operations with properties, attributes, regions, successors and
// block arguments survive a round trip, also through the generic form.

// CHECK-LABEL: "test.func"() ({
// CHECK-NEXT:  ^bb0(%arg0: i32, %arg1: f32):
// CHECK-NEXT:    %0:2 = "test.op"(%arg0, %arg1) <{p = 1 : i32}> {unit_attr, x = "s"} : (i32, f32) -> (i32, f32)
// CHECK-NEXT:    "test.br"(%0#0)[^bb1] : (i32) -> ()
// CHECK-NEXT:  ^bb1:  // pred: ^bb0
// CHECK-NEXT:    "test.ret"() : () -> ()
"test.func"() ({
^bb0(%a: i32, %b: f32):
  %0:2 = "test.op"(%a, %b) <{p = 1 : i32}> {x = "s", unit_attr} : (i32, f32) -> (i32, f32)
  "test.br"(%0#0)[^bb1] : (i32) -> ()
^bb1:
  "test.ret"() : () -> ()
}) : () -> ()
