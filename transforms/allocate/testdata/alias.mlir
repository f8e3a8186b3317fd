// RUN: tt-opt %s -split-input-file -test-print-alias -verify-diagnostics -o /dev/null

#A = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#AT = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0, 1]}>
#A1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32} {

// Every view of a buffer refers to that buffer.
tt.func @views() {
  %c0 = arith.constant 0 : i32
  // expected-remark @below {{%0 -> %0}}
  %buf = ttg.local_alloc : () -> !ttg.memdesc<2x16x16xf16, #A, #smem, mutable>
  // expected-remark @below {{%1 -> %0}}
  %slot = ttg.memdesc_index %buf[%c0] : !ttg.memdesc<2x16x16xf16, #A, #smem, mutable> -> !ttg.memdesc<16x16xf16, #A, #smem, mutable>
  // expected-remark @below {{%2 -> %0}}
  %half = ttg.memdesc_subslice %slot [0, 8] : !ttg.memdesc<16x16xf16, #A, #smem, mutable> -> !ttg.memdesc<16x8xf16, #A, #smem, mutable, 16x16>
  // expected-remark @below {{%3 -> %0}}
  %t = ttg.memdesc_trans %slot {order = array<i32: 1, 0>} : !ttg.memdesc<16x16xf16, #A, #smem, mutable> -> !ttg.memdesc<16x16xf16, #AT, #smem, mutable>
  // expected-remark @below {{%4 -> %0}}
  %flat = ttg.memdesc_reshape %slot : !ttg.memdesc<16x16xf16, #A, #smem, mutable> -> !ttg.memdesc<256xf16, #A1, #smem, mutable>
  // expected-remark @below {{%5 -> %0}}
  %bits = ttg.memdesc_reinterpret %slot : !ttg.memdesc<16x16xf16, #A, #smem, mutable> -> !ttg.memdesc<16x16xi16, #A, #smem, mutable>
  tt.return
}

}

// -----

#A = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32} {

// Branch results refer to the buffers of every arm that can run; an arm
// that a constant condition rules out contributes nothing.
tt.func @branches(%c: i1, %t: tensor<16x16xf16, #blocked>) {
  %true = arith.constant true
  // expected-remark @below {{%0 -> %0}}
  %a = ttg.local_alloc %t : (tensor<16x16xf16, #blocked>) -> !ttg.memdesc<16x16xf16, #A, #smem>
  // expected-remark @below {{%1 -> %1}}
  %b = ttg.local_alloc %t : (tensor<16x16xf16, #blocked>) -> !ttg.memdesc<16x16xf16, #A, #smem>
  // expected-remark @below {{%2 -> %0,%1}}
  %either = scf.if %c -> !ttg.memdesc<16x16xf16, #A, #smem> {
    // Values of nested regions are numbered after those of the function.
    // expected-remark @below {{%6 -> %0}}
    %ra = ttg.memdesc_reinterpret %a : !ttg.memdesc<16x16xf16, #A, #smem> -> !ttg.memdesc<16x16xi16, #A, #smem>
    // expected-remark @below {{%7 -> %0}}
    %back = ttg.memdesc_reinterpret %ra : !ttg.memdesc<16x16xi16, #A, #smem> -> !ttg.memdesc<16x16xf16, #A, #smem>
    scf.yield %back : !ttg.memdesc<16x16xf16, #A, #smem>
  } else {
    scf.yield %b : !ttg.memdesc<16x16xf16, #A, #smem>
  }
  // expected-remark @below {{%3 -> %1}}
  %only_else = scf.if %true -> !ttg.memdesc<16x16xf16, #A, #smem> {
    scf.yield %b : !ttg.memdesc<16x16xf16, #A, #smem>
  } else {
    scf.yield %a : !ttg.memdesc<16x16xf16, #A, #smem>
  }
  // A poisoned descriptor refers to nothing, and, as in Triton 3.6, the
  // result of a select does not follow its operands.
  %p = ub.poison : !ttg.memdesc<16x16xf16, #A, #smem>
  %maybe = arith.select %c, %p, %b : !ttg.memdesc<16x16xf16, #A, #smem>
  tt.return
}

}

// -----

#A = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32} {

// Loop-carried descriptors refer to everything that can reach them; a
// rotation of three buffers mixes them all.
tt.func @rotate(%lb: index, %ub: index, %step: index) {
  // expected-remark @below {{%0 -> %0}}
  %x = ttg.local_alloc : () -> !ttg.memdesc<16x16xf16, #A, #smem, mutable>
  // expected-remark @below {{%1 -> %1}}
  %y = ttg.local_alloc : () -> !ttg.memdesc<16x16xf16, #A, #smem, mutable>
  // expected-remark @below {{%2 -> %2}}
  %z = ttg.local_alloc : () -> !ttg.memdesc<16x16xf16, #A, #smem, mutable>
  // expected-remark @below {{%arg4 -> %0}}
  // expected-remark @below {{%arg5 -> %1}}
  // expected-remark @below {{%arg6 -> %2}}
  // expected-remark @below {{%3#0 -> %0,%1,%2}}
  // expected-remark @below {{%3#1 -> %0,%1,%2}}
  // expected-remark @below {{%3#2 -> %0,%1,%2}}
  %r:3 = scf.for %i = %lb to %ub step %step iter_args(%p = %x, %q = %y, %s = %z) -> (!ttg.memdesc<16x16xf16, #A, #smem, mutable>, !ttg.memdesc<16x16xf16, #A, #smem, mutable>, !ttg.memdesc<16x16xf16, #A, #smem, mutable>) {
    scf.yield %q, %s, %p : !ttg.memdesc<16x16xf16, #A, #smem, mutable>, !ttg.memdesc<16x16xf16, #A, #smem, mutable>, !ttg.memdesc<16x16xf16, #A, #smem, mutable>
  }
  tt.return
}

// A while loop carries its buffers through both regions; a buffer
// allocated in the body reaches the results through the condition.
tt.func @while_loop(%n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  // expected-remark @below {{%0 -> %0}}
  %x = ttg.local_alloc : () -> !ttg.memdesc<16x16xf16, #A, #smem, mutable>
  // expected-remark @below {{%1#1 -> %0,%3}}
  %r:2 = scf.while (%i = %c0, %m = %x) : (i32, !ttg.memdesc<16x16xf16, #A, #smem, mutable>) -> (i32, !ttg.memdesc<16x16xf16, #A, #smem, mutable>) {
    %go = arith.cmpi slt, %i, %n : i32
    scf.condition(%go) %i, %m : i32, !ttg.memdesc<16x16xf16, #A, #smem, mutable>
  } do {
  ^bb0(%j: i32, %k: !ttg.memdesc<16x16xf16, #A, #smem, mutable>):
    %next = arith.addi %j, %c1 : i32
    // expected-remark @below {{%3 -> %3}}
    %fresh = ttg.local_alloc : () -> !ttg.memdesc<16x16xf16, #A, #smem, mutable>
    scf.yield %next, %fresh : i32, !ttg.memdesc<16x16xf16, #A, #smem, mutable>
  }
  tt.return
}

}

// -----

#A = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32} {

// Block arguments join what their live predecessors pass; the branch
// reports the arguments of its own block.
tt.func @cf_loop(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %false = arith.constant false
  // expected-remark @below {{%0 -> %0}}
  %x = ttg.local_alloc : () -> !ttg.memdesc<16x16xf16, #A, #smem, mutable>
  // expected-remark @below {{%1 -> %1}}
  %y = ttg.local_alloc : () -> !ttg.memdesc<16x16xf16, #A, #smem, mutable>
  cf.br ^loop(%c0, %x, %y : index, !ttg.memdesc<16x16xf16, #A, #smem, mutable>, !ttg.memdesc<16x16xf16, #A, #smem, mutable>)
^loop(%i: index, %p: !ttg.memdesc<16x16xf16, #A, #smem, mutable>, %q: !ttg.memdesc<16x16xf16, #A, #smem, mutable>):
  %go = arith.cmpi slt, %i, %n : index
  // expected-remark @below {{%3 -> %0,%1}}
  // expected-remark @below {{%4 -> %0,%1}}
  cf.cond_br %go, ^body, ^exit
^body:
  %next = arith.addi %i, %c1 : index
  cf.br ^loop(%next, %q, %p : index, !ttg.memdesc<16x16xf16, #A, #smem, mutable>, !ttg.memdesc<16x16xf16, #A, #smem, mutable>)
^exit:
  // The dead block passes its buffer nowhere.
  cf.cond_br %false, ^dead, ^done(%p : !ttg.memdesc<16x16xf16, #A, #smem, mutable>)
^dead:
  %z = ttg.local_alloc : () -> !ttg.memdesc<16x16xf16, #A, #smem, mutable>
  cf.br ^done(%z : !ttg.memdesc<16x16xf16, #A, #smem, mutable>)
^done(%d: !ttg.memdesc<16x16xf16, #A, #smem, mutable>):
  // expected-remark @below {{%9 -> %0,%1}}
  %v = ttg.memdesc_reinterpret %d : !ttg.memdesc<16x16xf16, #A, #smem, mutable> -> !ttg.memdesc<16x16xi16, #A, #smem, mutable>
  tt.return
}

}

// -----

#A = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
module attributes {"ttg.num-warps" = 4 : i32} {

// Partitions of a warp_specialize see the buffers of their captures;
// descriptors of tensor memory and function arguments refer to no shared
// buffer.
tt.func @partitions(%arg: !ttg.memdesc<2xi64, #A, #smem, mutable>) {
  // expected-remark @below {{%0 -> %0}}
  %bar = ttg.local_alloc : () -> !ttg.memdesc<2xi64, #A, #smem, mutable>
  %acc = ttng.tmem_alloc : () -> !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>
  ttg.warp_specialize(%bar, %arg)
  default {
    ttg.warp_yield
  }
  partition0(%b: !ttg.memdesc<2xi64, #A, #smem, mutable>, %o: !ttg.memdesc<2xi64, #A, #smem, mutable>) num_warps(1) {
    // expected-remark @below {{%1 -> %0}}
    %v = ttg.memdesc_reinterpret %b : !ttg.memdesc<2xi64, #A, #smem, mutable> -> !ttg.memdesc<4xi32, #A, #smem, mutable>
    %w = ttg.memdesc_reinterpret %o : !ttg.memdesc<2xi64, #A, #smem, mutable> -> !ttg.memdesc<4xi32, #A, #smem, mutable>
    ttg.warp_return
  } : (!ttg.memdesc<2xi64, #A, #smem, mutable>, !ttg.memdesc<2xi64, #A, #smem, mutable>) -> ()
  tt.return
}

}
