// RUN: tt-opt %s -split-input-file --allocate-shared-memory -test-print-membar | FileCheck %s

#A = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32} {

// A read of what another thread wrote needs a barrier in between.
// CHECK-LABEL: @raw
// CHECK: ttg.local_store
// CHECK-NEXT: ttg.local_barrier
// CHECK-NEXT: ttg.local_load
tt.func @raw(%t: tensor<16x32xf16, #blocked>) -> tensor<16x32xf16, #blocked> {
  %a = ttg.local_alloc : () -> !ttg.memdesc<16x32xf16, #A, #smem, mutable>
  ttg.local_store %t, %a : tensor<16x32xf16, #blocked> -> !ttg.memdesc<16x32xf16, #A, #smem, mutable>
  %v = ttg.local_load %a : !ttg.memdesc<16x32xf16, #A, #smem, mutable> -> tensor<16x32xf16, #blocked>
  tt.return %v : tensor<16x32xf16, #blocked>
}

// Reads after reads, and accesses of disjoint buffers, need none (the
// initializing write of %a is ordered by the explicit barrier).
// CHECK-LABEL: @no_hazard
// CHECK: ttg.local_alloc
// CHECK-NEXT: ttg.local_alloc
// CHECK-NEXT: ttg.local_barrier
// CHECK-NOT: ttg.local_barrier
// CHECK: tt.return
tt.func @no_hazard(%t: tensor<16x32xf16, #blocked>) -> (tensor<16x32xf16, #blocked>, tensor<16x32xf16, #blocked>) {
  %a = ttg.local_alloc %t : (tensor<16x32xf16, #blocked>) -> !ttg.memdesc<16x32xf16, #A, #smem>
  %b = ttg.local_alloc : () -> !ttg.memdesc<16x32xf16, #A, #smem, mutable>
  ttg.local_barrier
  ttg.local_store %t, %b : tensor<16x32xf16, #blocked> -> !ttg.memdesc<16x32xf16, #A, #smem, mutable>
  %v = ttg.local_load %a : !ttg.memdesc<16x32xf16, #A, #smem> -> tensor<16x32xf16, #blocked>
  %w = ttg.local_load %a : !ttg.memdesc<16x32xf16, #A, #smem> -> tensor<16x32xf16, #blocked>
  tt.return %v, %w : tensor<16x32xf16, #blocked>, tensor<16x32xf16, #blocked>
}

// Overwriting what others may still read (WAR) or write (WAW) needs a
// barrier; an existing barrier already separates the accesses.
// CHECK-LABEL: @war_waw
// CHECK: ttg.local_alloc
// CHECK-NEXT: ttg.local_barrier
// CHECK-NEXT: ttg.local_load
// CHECK-NEXT: ttg.local_barrier
// CHECK-NEXT: ttg.local_store
// CHECK-NEXT: ttg.local_barrier
// CHECK-NEXT: ttg.local_store
// CHECK-NEXT: ttg.local_barrier
// CHECK-NEXT: ttg.local_load
// CHECK-NOT: ttg.local_barrier
// CHECK: tt.return
tt.func @war_waw(%t: tensor<16x32xf16, #blocked>) -> tensor<16x32xf16, #blocked> {
  %a = ttg.local_alloc %t : (tensor<16x32xf16, #blocked>) -> !ttg.memdesc<16x32xf16, #A, #smem, mutable>
  %v = ttg.local_load %a : !ttg.memdesc<16x32xf16, #A, #smem, mutable> -> tensor<16x32xf16, #blocked>
  ttg.local_store %v, %a : tensor<16x32xf16, #blocked> -> !ttg.memdesc<16x32xf16, #A, #smem, mutable>
  ttg.local_store %t, %a : tensor<16x32xf16, #blocked> -> !ttg.memdesc<16x32xf16, #A, #smem, mutable>
  ttg.local_barrier
  %w = ttg.local_load %a : !ttg.memdesc<16x32xf16, #A, #smem, mutable> -> tensor<16x32xf16, #blocked>
  tt.return %w : tensor<16x32xf16, #blocked>
}

}

// -----

#A = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32} {

// In a loop the accesses of one iteration meet those of the next: the
// load at the top must wait for the store of the previous iteration.
// CHECK-LABEL: @loop
// CHECK: scf.for
// CHECK-NEXT: ttg.local_barrier
// CHECK-NEXT: ttg.local_load
// CHECK-NEXT: ttg.local_barrier
// CHECK-NEXT: ttg.local_store
// CHECK-NEXT: }
// CHECK-NEXT: tt.return
tt.func @loop(%lb: index, %ub: index, %step: index, %t: tensor<16x32xf16, #blocked>) {
  %a = ttg.local_alloc : () -> !ttg.memdesc<16x32xf16, #A, #smem, mutable>
  scf.for %i = %lb to %ub step %step {
    %v = ttg.local_load %a : !ttg.memdesc<16x32xf16, #A, #smem, mutable> -> tensor<16x32xf16, #blocked>
    ttg.local_store %v, %a : tensor<16x32xf16, #blocked> -> !ttg.memdesc<16x32xf16, #A, #smem, mutable>
  }
  tt.return
}

// A loop that only reads needs nothing.
// CHECK-LABEL: @read_loop
// CHECK-NOT: ttg.local_barrier
// CHECK: tt.return
tt.func @read_loop(%lb: index, %ub: index, %step: index) {
  %a = ttg.local_alloc : () -> !ttg.memdesc<16x32xf16, #A, #smem, mutable>
  scf.for %i = %lb to %ub step %step {
    %v = ttg.local_load %a : !ttg.memdesc<16x32xf16, #A, #smem, mutable> -> tensor<16x32xf16, #blocked>
  }
  tt.return
}

// A write in one arm of a branch reaches the code after the branch.
// CHECK-LABEL: @branch
// CHECK: scf.if
// CHECK-NEXT: ttg.local_store
// CHECK-NEXT: } else {
// CHECK-NEXT: ttg.local_load
// CHECK-NEXT: }
// CHECK-NEXT: ttg.local_barrier
// CHECK-NEXT: ttg.local_load
tt.func @branch(%c: i1, %t: tensor<16x32xf16, #blocked>) -> tensor<16x32xf16, #blocked> {
  %a = ttg.local_alloc : () -> !ttg.memdesc<16x32xf16, #A, #smem, mutable>
  scf.if %c {
    ttg.local_store %t, %a : tensor<16x32xf16, #blocked> -> !ttg.memdesc<16x32xf16, #A, #smem, mutable>
  } else {
    %u = ttg.local_load %a : !ttg.memdesc<16x32xf16, #A, #smem, mutable> -> tensor<16x32xf16, #blocked>
  }
  %v = ttg.local_load %a : !ttg.memdesc<16x32xf16, #A, #smem, mutable> -> tensor<16x32xf16, #blocked>
  tt.return %v : tensor<16x32xf16, #blocked>
}

// The same loop after convert-scf-to-cf: the back edge carries the store.
// CHECK-LABEL: @cf_loop
// CHECK: ^bb2:
// CHECK-NEXT: ttg.local_barrier
// CHECK-NEXT: ttg.local_load
// CHECK-NEXT: ttg.local_barrier
// CHECK-NEXT: ttg.local_store
tt.func @cf_loop(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = ttg.local_alloc : () -> !ttg.memdesc<16x32xf16, #A, #smem, mutable>
  cf.br ^bb1(%c0 : index)
^bb1(%i: index):
  %go = arith.cmpi slt, %i, %n : index
  cf.cond_br %go, ^bb2, ^bb3
^bb2:
  %v = ttg.local_load %a : !ttg.memdesc<16x32xf16, #A, #smem, mutable> -> tensor<16x32xf16, #blocked>
  ttg.local_store %v, %a : tensor<16x32xf16, #blocked> -> !ttg.memdesc<16x32xf16, #A, #smem, mutable>
  %next = arith.addi %i, %c1 : index
  cf.br ^bb1(%next : index)
^bb3:
  tt.return
}

}

// -----

#A = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#col = #ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [32, 1], warpsPerCTA = [1, 4], order = [0, 1]}>
#wide = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32} {

// A conversion through shared memory writes its scratch first: when the
// scratch reuses the memory of a dead buffer, it waits for the buffer's
// readers.
// CHECK-LABEL: @scratch_reuse
// CHECK: ttg.local_load
// CHECK-NEXT: ttg.local_barrier
// CHECK-NEXT: ttg.convert_layout {{.*}}allocation.offset = 0
tt.func @scratch_reuse() -> tensor<64x32xf32, #col> {
  %a = ttg.local_alloc : () -> !ttg.memdesc<64x32xf32, #A, #smem, mutable>
  %v = ttg.local_load %a : !ttg.memdesc<64x32xf32, #A, #smem, mutable> -> tensor<64x32xf32, #blocked>
  %c = ttg.convert_layout %v : tensor<64x32xf32, #blocked> -> tensor<64x32xf32, #col>
  tt.return %c : tensor<64x32xf32, #col>
}

// The conversion's own barrier between its writes and reads orders every
// earlier access, so the store after it needs none.
// CHECK-LABEL: @scratch_syncs
// CHECK: ttg.local_load
// CHECK-NEXT: ttg.convert_layout
// CHECK-NEXT: ttg.local_store
tt.func @scratch_syncs(%t: tensor<64x32xf32, #blocked>) -> tensor<64x32xf32, #col> {
  %a = ttg.local_alloc : () -> !ttg.memdesc<64x32xf32, #A, #smem, mutable>
  %v = ttg.local_load %a : !ttg.memdesc<64x32xf32, #A, #smem, mutable> -> tensor<64x32xf32, #blocked>
  %c = ttg.convert_layout %t : tensor<64x32xf32, #blocked> -> tensor<64x32xf32, #col>
  ttg.local_store %v, %a : tensor<64x32xf32, #blocked> -> !ttg.memdesc<64x32xf32, #A, #smem, mutable>
  tt.return %c : tensor<64x32xf32, #col>
}

// A conversion that only exchanges data within warps synchronizes per
// warp: earlier accesses stay pending across it.
// CHECK-LABEL: @warp_sync
// CHECK: ttg.local_load
// CHECK-NEXT: ttg.convert_layout
// CHECK-NEXT: ttg.local_barrier
// CHECK-NEXT: ttg.local_store
tt.func @warp_sync(%t: tensor<64x32xf32, #blocked>) -> tensor<64x32xf32, #wide> {
  %a = ttg.local_alloc : () -> !ttg.memdesc<64x32xf32, #A, #smem, mutable>
  %v = ttg.local_load %a : !ttg.memdesc<64x32xf32, #A, #smem, mutable> -> tensor<64x32xf32, #blocked>
  %c = ttg.convert_layout %t : tensor<64x32xf32, #blocked> -> tensor<64x32xf32, #wide>
  ttg.local_store %v, %a : tensor<64x32xf32, #blocked> -> !ttg.memdesc<64x32xf32, #A, #smem, mutable>
  tt.return %c : tensor<64x32xf32, #wide>
}

// Data copied asynchronously is visible to all threads after the wait and
// a barrier.
// CHECK-LABEL: @async_copy
// CHECK: ttg.async_wait
// CHECK-NEXT: ttg.local_barrier
// CHECK-NEXT: ttg.local_load
tt.func @async_copy(%p: tensor<64x32x!tt.ptr<f32>, #blocked>) -> tensor<64x32xf32, #blocked> {
  %a = ttg.local_alloc : () -> !ttg.memdesc<64x32xf32, #A, #smem, mutable>
  %tok = ttg.async_copy_global_to_local %p, %a : tensor<64x32x!tt.ptr<f32>, #blocked> -> <64x32xf32, #A, #smem, mutable>
  %g = ttg.async_commit_group tokens %tok
  %w = ttg.async_wait %g {num = 0 : i32}
  %v = ttg.local_load %a token %w : !ttg.memdesc<64x32xf32, #A, #smem, mutable> -> tensor<64x32xf32, #blocked>
  tt.return %v : tensor<64x32xf32, #blocked>
}

// What a callee leaves pending at its return is pending after the call
// (Triton compares the callee's intervals as they are, not shifted by the
// call's offset).
// CHECK-LABEL: @writer
// CHECK-NOT: ttg.local_barrier
// CHECK: tt.return
tt.func private @writer(%t: tensor<64x32xf32, #blocked>) {
  %a = ttg.local_alloc : () -> !ttg.memdesc<64x32xf32, #A, #smem, mutable>
  ttg.local_store %t, %a : tensor<64x32xf32, #blocked> -> !ttg.memdesc<64x32xf32, #A, #smem, mutable>
  tt.return
}

// CHECK-LABEL: @call
// CHECK: tt.call @writer
// CHECK-NEXT: ttg.local_barrier
// CHECK-NEXT: ttg.local_load
tt.func @call(%t: tensor<64x32xf32, #blocked>) -> tensor<64x32xf32, #blocked> {
  %a = ttg.local_alloc : () -> !ttg.memdesc<64x32xf32, #A, #smem, mutable>
  tt.call @writer(%t) : (tensor<64x32xf32, #blocked>) -> ()
  %v = ttg.local_load %a : !ttg.memdesc<64x32xf32, #A, #smem, mutable> -> tensor<64x32xf32, #blocked>
  tt.return %v : tensor<64x32xf32, #blocked>
}

}

// -----

#A1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#A2 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32} {

// Under the NVIDIA filter, initializing several mbarriers of one array
// needs no barrier between the inits, but waiting on one does.
// CHECK-LABEL: @mbarriers
// CHECK: ttng.init_barrier
// CHECK-NEXT: ttng.init_barrier
// CHECK-NEXT: ttg.local_barrier
// CHECK-NEXT: ttng.wait_barrier
tt.func @mbarriers(%phase: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %bars = ttg.local_alloc : () -> !ttg.memdesc<2x1xi64, #A2, #smem, mutable>
  %b0 = ttg.memdesc_index %bars[%c0] : !ttg.memdesc<2x1xi64, #A2, #smem, mutable> -> !ttg.memdesc<1xi64, #A1, #smem, mutable>
  %b1 = ttg.memdesc_index %bars[%c1] : !ttg.memdesc<2x1xi64, #A2, #smem, mutable> -> !ttg.memdesc<1xi64, #A1, #smem, mutable>
  ttng.init_barrier %b0, 1 : !ttg.memdesc<1xi64, #A1, #smem, mutable>
  ttng.init_barrier %b1, 1 : !ttg.memdesc<1xi64, #A1, #smem, mutable>
  ttng.wait_barrier %b0, %phase : !ttg.memdesc<1xi64, #A1, #smem, mutable>
  tt.return
}

}
