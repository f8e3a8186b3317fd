// RUN: tt-opt %s -split-input-file -select-to-block-args | FileCheck %s

// A flattened loop's accumulator reset: the select before `cond_br %last`
// is used only in the merge block, so it becomes the merge block's
// argument: the epilogue's edge passes the zero, the other edge the
// accumulator itself.

// CHECK-LABEL: llvm.func @reset
// CHECK-NOT:     llvm.select
// CHECK:         llvm.cond_br %arg1, ^bb1, ^bb2(%arg2 : f32)
// CHECK:       ^bb1:
// CHECK:         llvm.br ^bb2(%[[ZERO:.+]] : f32)
// CHECK:       ^bb2(%[[ACC:.+]]: f32):
// CHECK-NEXT:    llvm.br ^bb3(%[[ACC]] : f32)
module attributes {"ttg.num-warps" = 1 : i32} {
  llvm.func @reset(%p: !llvm.ptr<1>, %last: i1, %acc: f32) attributes {gpu.kernel} {
    %zero = llvm.mlir.constant(0.000000e+00 : f32) : f32
    %next = llvm.select %last, %zero, %acc : i1, f32
    llvm.cond_br %last, ^bb1, ^bb2
  ^bb1:
    gpu.store %p, %acc : !llvm.ptr<1>, f32
    llvm.br ^bb2
  ^bb2:
    llvm.br ^bb3(%next : f32)
  ^bb3(%v: f32):
    llvm.return
  }
}

// -----

// The select in the merge block itself, the deciding branch two blocks up
// the true side, and branch operands already on the edges: the new
// operands go after them, in the right segment of the cond_br.

// CHECK-LABEL: llvm.func @chain
// CHECK-NOT:     llvm.select
// CHECK:         llvm.cond_br %arg1, ^bb1, ^bb3(%arg3, %arg3 : i32, i32)
// CHECK:       ^bb1:
// CHECK-NEXT:    llvm.br ^bb2
// CHECK:       ^bb2:
// CHECK-NEXT:    llvm.br ^bb3(%arg2, %arg2 : i32, i32)
// CHECK:       ^bb3(%[[X:.+]]: i32, %[[S:.+]]: i32):
// CHECK-NEXT:    %[[R:.+]] = llvm.add %[[X]], %[[S]] : i32
module attributes {"ttg.num-warps" = 1 : i32} {
  llvm.func @chain(%p: !llvm.ptr<1>, %c: i1, %a: i32, %b: i32) attributes {gpu.kernel} {
    llvm.cond_br %c, ^bb1, ^bb3(%b : i32)
  ^bb1:
    llvm.br ^bb2
  ^bb2:
    llvm.br ^bb3(%a : i32)
  ^bb3(%x: i32):
    %s = llvm.select %c, %a, %b : i1, i32
    %r = llvm.add %x, %s : i32
    gpu.store %p, %r : !llvm.ptr<1>, i32
    llvm.return
  }
}

// -----

// Left alone: a predecessor of the users' block that no branch on the
// condition decides (the loop's back edge).

// CHECK-LABEL: llvm.func @undecided
// CHECK:         llvm.select %arg1, %arg2, %arg3 : i1, i32
module attributes {"ttg.num-warps" = 1 : i32} {
  llvm.func @undecided(%p: !llvm.ptr<1>, %c: i1, %a: i32, %b: i32) attributes {gpu.kernel} {
    %s = llvm.select %c, %a, %b : i1, i32
    llvm.cond_br %c, ^bb1, ^bb2
  ^bb1:
    llvm.br ^bb2
  ^bb2:
    gpu.store %p, %s : !llvm.ptr<1>, i32
    %n = gpu.load %p : !llvm.ptr<1> -> i32
    %again = llvm.icmp "ne" %n, %a : i32
    llvm.cond_br %again, ^bb2, ^bb3
  ^bb3:
    llvm.return
  }
}

// -----

// Left alone: every edge is decided, but the chosen operand is computed in
// the users' block, after the edges.

// CHECK-LABEL: llvm.func @local
// CHECK:         %[[D:.+]] = llvm.add %arg2, %arg2 : i32
// CHECK-NEXT:    llvm.select %arg1, %[[D]], %arg3 : i1, i32
module attributes {"ttg.num-warps" = 1 : i32} {
  llvm.func @local(%p: !llvm.ptr<1>, %c: i1, %a: i32, %b: i32) attributes {gpu.kernel} {
    llvm.cond_br %c, ^bb1, ^bb2
  ^bb1:
    llvm.br ^bb2
  ^bb2:
    %d = llvm.add %a, %a : i32
    %t = llvm.select %c, %d, %b : i1, i32
    gpu.store %p, %t : !llvm.ptr<1>, i32
    llvm.return
  }
}

// -----

// Triton's own persistent matmul (test_matmul.py's simple_persistent_kernel):
// the reset's only use is the back edge, in a block the merge block of the
// epilogue's `if` jumps to. The users' block's one edge decides nothing,
// so the argument goes to the merge block, which dominates it.

// CHECK-LABEL: llvm.func @after_merge
// CHECK-NOT:     llvm.select
// CHECK:         llvm.cond_br %arg1, ^bb1, ^bb2(%arg2 : f32)
// CHECK:       ^bb1:
// CHECK:         llvm.br ^bb2(%[[ZERO:.+]] : f32)
// CHECK:       ^bb2(%[[ACC:.+]]: f32):
// CHECK-NEXT:    llvm.br ^bb3
// CHECK:       ^bb3:
// CHECK-NEXT:    llvm.br ^bb4(%[[ACC]] : f32)
module attributes {"ttg.num-warps" = 1 : i32} {
  llvm.func @after_merge(%p: !llvm.ptr<1>, %last: i1, %acc: f32) attributes {gpu.kernel} {
    %zero = llvm.mlir.constant(0.000000e+00 : f32) : f32
    %next = llvm.select %last, %zero, %acc : i1, f32
    llvm.cond_br %last, ^bb1, ^bb2
  ^bb1:
    gpu.store %p, %acc : !llvm.ptr<1>, f32
    llvm.br ^bb2
  ^bb2:
    llvm.br ^bb3
  ^bb3:
    llvm.br ^bb4(%next : f32)
  ^bb4(%v: f32):
    llvm.return
  }
}

// -----

// Left alone: the users' block is entered by a conditional branch on
// another value, so the walk up to the merge block stops there (the
// block it would reach does not lead to the users' block alone).

// CHECK-LABEL: llvm.func @guarded
// CHECK:         llvm.select %arg1, %arg3, %arg4 : i1, f32
module attributes {"ttg.num-warps" = 1 : i32} {
  llvm.func @guarded(%p: !llvm.ptr<1>, %last: i1, %other: i1, %zero: f32, %acc: f32) attributes {gpu.kernel} {
    %next = llvm.select %last, %zero, %acc : i1, f32
    llvm.cond_br %last, ^bb1, ^bb2
  ^bb1:
    llvm.br ^bb2
  ^bb2:
    llvm.cond_br %other, ^bb3, ^bb4
  ^bb3:
    gpu.store %p, %next : !llvm.ptr<1>, f32
    llvm.br ^bb4
  ^bb4:
    llvm.return
  }
}
