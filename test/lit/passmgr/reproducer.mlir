// RUN: not tt-opt %s -canonicalize -test-pass-crash --mlir-pass-pipeline-crash-reproducer=%t 2>&1 | FileCheck %s
// RUN: FileCheck %s --input-file=%t --check-prefix=REPRO
// RUN: not tt-opt %t --run-reproducer 2>&1 | FileCheck %s --check-prefix=AGAIN
// RUN: not tt-opt %s -test-pass-failure=op=arith.muli 2>&1 | FileCheck %s --check-prefix=FAIL
// RUN: not tt-opt %s -test-pass-invalid-ir 2>&1 | FileCheck %s --check-prefix=VERIFY
// RUN: tt-opt %s -test-pass-invalid-ir --verify-each=false --mlir-print-op-generic -o /dev/null

// A pass that crashes gives a located error and a reproducer: the IR before
// the failing pass plus the pipeline that re-runs it. Verification after
// each pass catches passes that break the IR.

// CHECK: error: pass 'test-pass-crash' crashed: test pass crashed on purpose
// CHECK: note: a reproducer was written to
// REPRO: tt.func @f
// REPRO: mlir_reproducer
// REPRO-NEXT: pipeline: "builtin.module(test-pass-crash)"
// AGAIN: error: pass 'test-pass-crash' crashed
// FAIL: reproducer.mlir:[[# @LINE + 5]]:8: error: 'arith.muli' op test pass failure
// VERIFY: error: 'arith.muli' op operand #0 does not dominate this use
tt.func @f(%a: i32) -> i32 {
  %c = arith.constant 1 : i32
  %0 = arith.addi %a, %c : i32
  %1 = arith.muli %0, %0 : i32
  tt.return %1 : i32
}
