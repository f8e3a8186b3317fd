// RUN: tt-opt %s --pass-pipeline='builtin.module(tt.func(canonicalize),test-count-ops)' --mlir-timing --mlir-pass-statistics -o /dev/null 2>&1 | FileCheck %s

// The timing report shows the pipeline's nesting; statistics are reported
// per pass.

// CHECK: ... Pass statistics report ...
// CHECK: 'builtin.module' Pipeline
// CHECK-NEXT:   'tt.func' Pipeline
// CHECK-NEXT:     Canonicalizer
// CHECK-NEXT:   TestCountOps
// CHECK-NEXT:     (S) 3 num-ops - Number of operations
// CHECK: ... Execution time report ...
// CHECK: Total Execution Time:
// CHECK: ----Wall Time----  ----Name----
// CHECK: Parser
// CHECK: 'tt.func' Pipeline
// CHECK-NEXT: Canonicalizer
// CHECK-NEXT: TestCountOps
// CHECK: Output
// CHECK: Total
tt.func @f(%a: i32) -> i32 {
  %0 = arith.muli %a, %a : i32
  tt.return %0 : i32
}
