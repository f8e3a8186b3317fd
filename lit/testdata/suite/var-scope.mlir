// FileCheck gets --enable-var-scope by default, so V is undefined after
// the second label; without FILECHECK_OPTS the check passes.
// RUN: tt-opt %s | not FileCheck %s
// RUN: tt-opt %s | env FILECHECK_OPTS= FileCheck %s

// CHECK-LABEL: one
// CHECK: val [[V:[0-9]+]]
// CHECK-LABEL: two
// CHECK: val [[V]]
one
val 7
two
val 7
