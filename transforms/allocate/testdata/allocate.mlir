// RUN: tt-opt %s -split-input-file -allocate-shared-memory | FileCheck %s
// RUN: tt-opt %s -split-input-file -allocate-shared-memory-nv=compute-capability=90 | FileCheck %s

#A = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#col = #ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [32, 1], warpsPerCTA = [1, 4], order = [0, 1]}>
#smem = #ttg.shared_memory

// The module records the most shared memory any kernel needs; ops that
// own a buffer record its offset. Ops without shared memory get nothing.
// CHECK: module attributes {{{.*}}ttg.shared = 16384 : i32
module attributes {"ttg.num-warps" = 4 : i32} {

// CHECK-LABEL: @kernel
tt.func @kernel(%x: tensor<64x32xf32, #blocked>) -> (tensor<64x32xf32, #col>, tensor<32xf32, #ttg.slice<{dim = 0, parent = #blocked}>>) {
  // Equal sizes: the explicit buffer is placed first.
  // CHECK: ttg.local_alloc %{{.*}} {allocation.offset = 0 : i32}
  %a = ttg.local_alloc %x : (tensor<64x32xf32, #blocked>) -> !ttg.memdesc<64x32xf32, #A, #smem>
  // CHECK: ttg.convert_layout %{{.*}} {allocation.offset = 8192 : i32}
  %c = ttg.convert_layout %x : tensor<64x32xf32, #blocked> -> tensor<64x32xf32, #col>
  // CHECK: ttg.local_load
  // CHECK-NOT: allocation.offset
  // CHECK-SAME: -> tensor
  %v = ttg.local_load %a : !ttg.memdesc<64x32xf32, #A, #smem> -> tensor<64x32xf32, #blocked>
  // %a is dead: the reduction's scratch reuses its memory.
  // CHECK: "tt.reduce"
  // CHECK: allocation.offset = 0 : i32
  %r = "tt.reduce"(%v) <{axis = 0 : i32}> ({
  ^bb0(%p: f32, %q: f32):
    %s = arith.addf %p, %q : f32
    tt.reduce.return %s : f32
  }) : (tensor<64x32xf32, #blocked>) -> tensor<32xf32, #ttg.slice<{dim = 0, parent = #blocked}>>
  tt.return %c, %r : tensor<64x32xf32, #col>, tensor<32xf32, #ttg.slice<{dim = 0, parent = #blocked}>>
}

// A call records where its callee's memory starts.
// CHECK-LABEL: @helper
// CHECK: ttg.local_alloc {allocation.offset = 0 : i32}
tt.func private @helper() {
  %t = ttg.local_alloc : () -> !ttg.memdesc<32x32xf16, #A, #smem, mutable>
  tt.return
}

// CHECK-LABEL: @caller
// CHECK: ttg.local_alloc {allocation.offset = 2048 : i32}
// CHECK: tt.call @helper() {allocation.offset = 0 : i32}
tt.func @caller() {
  %keep = ttg.local_alloc : () -> !ttg.memdesc<16x32xf16, #A, #smem, mutable>
  tt.call @helper() : () -> ()
  ttg.local_dealloc %keep : !ttg.memdesc<16x32xf16, #A, #smem, mutable>
  tt.return
}

}

// -----

// A module without shared memory records 0.
// CHECK: module attributes {{{.*}}ttg.shared = 0 : i32
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @empty() {
    tt.return
  }
}
