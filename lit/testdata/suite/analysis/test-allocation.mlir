// Two pipelines on one RUN line, separated by ';' as in Triton's
// test/Analysis/test-allocation.mlir.
// RUN: tt-opt %s --to-stderr 2>&1 | FileCheck %s ; tt-opt %s --upper | FileCheck %s --check-prefix=UPPER

// CHECK: scratch offset = 0
// UPPER: SCRATCH OFFSET = 0
scratch offset = 0
