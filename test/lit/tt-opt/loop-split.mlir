// RUN: tt-opt %s -split-input-file -triton-loop-split -canonicalize | FileCheck %s
// RUN: tt-opt %s -split-input-file -triton-loop-split | FileCheck %s --check-prefix=SPLIT

// triton-loop-split splits an scf.for at the first iteration where
// `i PRED c` changes value. For `i > c` and `i <= c` that is c + 1, or ub
// when c >= ub (so c + 1 cannot wrap); for `i >= c` and `i < c` it is c
// itself. The point is clamped to [lb, ub]: neither loop runs an
// iteration the original did not.

// CHECK-LABEL: tt.func @sgt
// CHECK-SAME: (%[[N:.*]]: i32, %[[C:.*]]: i32)
// CHECK-DAG: %[[ZERO:.*]] = arith.constant 0 : i32
// CHECK-DAG: %[[ONE:.*]] = arith.constant 1 : i32
// CHECK: %[[NEXT:.*]] = arith.addi %[[C]], %[[ONE]] : i32
// CHECK: %[[PAST:.*]] = arith.cmpi sge, %[[C]], %[[N]] : i32
// CHECK: %[[SEL:.*]] = arith.select %[[PAST]], %[[N]], %[[NEXT]] : i32
// CHECK: %[[LO:.*]] = arith.maxsi %[[SEL]], %[[ZERO]] : i32
// CHECK: %[[MID:.*]] = arith.minsi %[[LO]], %[[N]] : i32
// CHECK: %[[FIRST:.*]] = scf.for %{{.*}} = %[[ZERO]] to %[[MID]] step %[[ONE]]
// CHECK-NOT: arith.cmpi
// CHECK: arith.subi
// CHECK: scf.for %{{.*}} = %[[MID]] to %[[N]] step %[[ONE]] iter_args(%{{.*}} = %[[FIRST]])
// CHECK-NOT: arith.cmpi
// CHECK: arith.addi
tt.func @sgt(%n: i32, %c: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %c0) -> (i32) : i32 {
    %p = arith.cmpi sgt, %i, %c : i32
    %v = scf.if %p -> (i32) {
      %a = arith.addi %acc, %i : i32
      scf.yield %a : i32
    } else {
      %s = arith.subi %acc, %i : i32
      scf.yield %s : i32
    }
    scf.yield %v : i32
  }
  tt.return %r : i32
}

// -----

// `i >= c` flips at c: no increment.
// CHECK-LABEL: tt.func @sge
// CHECK-SAME: (%[[N:.*]]: i32, %[[C:.*]]: i32)
// CHECK-NOT: arith.addi
// CHECK: %[[LO:.*]] = arith.maxsi %[[C]], %{{.*}} : i32
// CHECK: %[[MID:.*]] = arith.minsi %[[LO]], %[[N]] : i32
// CHECK: scf.for %{{.*}} = %{{.*}} to %[[MID]]
// CHECK: arith.subi
// CHECK: scf.for %{{.*}} = %[[MID]] to %[[N]]
// CHECK: arith.addi
tt.func @sge(%n: i32, %c: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %c0) -> (i32) : i32 {
    %p = arith.cmpi sge, %i, %c : i32
    %v = scf.if %p -> (i32) {
      %a = arith.addi %acc, %i : i32
      scf.yield %a : i32
    } else {
      %s = arith.subi %acc, %i : i32
      scf.yield %s : i32
    }
    scf.yield %v : i32
  }
  tt.return %r : i32
}

// -----

// With step 10 the clamped point is rounded up to the next iteration,
// lb + ceil((mid - lb) / 10) * 10 (here lb = 0).
// CHECK-LABEL: tt.func @step10
// CHECK-SAME: (%[[N:.*]]: i32, %[[C:.*]]: i32)
// CHECK-DAG: %[[TEN:.*]] = arith.constant 10 : i32
// CHECK: %[[LO:.*]] = arith.maxsi %[[C]], %{{.*}} : i32
// CHECK: %[[HI:.*]] = arith.minsi %[[LO]], %[[N]] : i32
// CHECK: %[[ITERS:.*]] = arith.ceildivui %[[HI]], %[[TEN]] : i32
// CHECK: %[[MID:.*]] = arith.muli %[[ITERS]], %[[TEN]] : i32
// CHECK: scf.for %{{.*}} = %{{.*}} to %[[MID]] step %[[TEN]]
// CHECK: arith.addi
// CHECK: scf.for %{{.*}} = %[[MID]] to %[[N]] step %[[TEN]]
// CHECK: arith.subi
tt.func @step10(%n: i32, %c: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %c10 = arith.constant 10 : i32
  %r = scf.for %i = %c0 to %n step %c10 iter_args(%acc = %c0) -> (i32) : i32 {
    %p = arith.cmpi slt, %i, %c : i32
    %v = scf.if %p -> (i32) {
      %a = arith.addi %acc, %i : i32
      scf.yield %a : i32
    } else {
      %s = arith.subi %acc, %i : i32
      scf.yield %s : i32
    }
    scf.yield %v : i32
  }
  tt.return %r : i32
}

// -----

// A zero step never reaches ub: the loop is not split (checked before
// -canonicalize, which would delete a first loop of no iterations).
// SPLIT-LABEL: tt.func @step0
// SPLIT-NOT: arith.ceildivui
// SPLIT: scf.for
// SPLIT-NOT: scf.for
// SPLIT: tt.return
tt.func @step0(%n: i32, %c: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %r = scf.for %i = %c0 to %n step %c0 iter_args(%acc = %c0) -> (i32) : i32 {
    %p = arith.cmpi slt, %i, %c : i32
    %v = arith.select %p, %i, %acc : i32
    scf.yield %v : i32
  }
  tt.return %r : i32
}
