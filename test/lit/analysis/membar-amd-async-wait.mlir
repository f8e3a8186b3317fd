// RUN: tt-opt %s -split-input-file --convert-scf-to-cf --allocate-shared-memory -test-tritonamdgpu-membar | FileCheck %s
// RUN: tt-opt %s -split-input-file --convert-scf-to-cf --allocate-shared-memory -test-print-membar | FileCheck %s --check-prefix=NV

// The AMD membar filter: a local_load whose token comes from an async wait
// needs no barrier against async copies into the same buffer (the wait and
// the barrier after it already order them); one whose token comes straight
// from the copy does. The NVIDIA filter (test-print-membar) knows no such
// pairs.

#bl = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#sh = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, "ttg.num-ctas" = 1 : i32, "ttg.threads-per-warp" = 64 : i32, ttg.target = "hip:gfx942"} {
// CHECK-LABEL: @copy_after_waited_load
// CHECK: ttg.async_wait
// CHECK-NEXT: ttg.local_barrier
// CHECK-NEXT: ttg.local_load {{.*}} {ttg.amdg.syncedViaAsyncWait = true}
// CHECK-NEXT: ttg.async_copy_global_to_local
// CHECK-NOT: ttg.local_barrier
// CHECK: tt.return
// NV-LABEL: @copy_after_waited_load
// NV: ttg.local_load
// NV-NEXT: ttg.local_barrier
// NV-NEXT: ttg.async_copy_global_to_local
tt.func @copy_after_waited_load(%p: tensor<32x64x!tt.ptr<f16>, #bl>) -> tensor<32x64xf16, #bl> {
  %buf = ttg.local_alloc : () -> !ttg.memdesc<32x64xf16, #sh, #smem, mutable>
  %t0 = ttg.async_copy_global_to_local %p, %buf : tensor<32x64x!tt.ptr<f16>, #bl> -> !ttg.memdesc<32x64xf16, #sh, #smem, mutable>
  %w = ttg.async_wait %t0 {num = 0 : i32}
  %v = ttg.local_load %buf token %w : !ttg.memdesc<32x64xf16, #sh, #smem, mutable> -> tensor<32x64xf16, #bl>
  %t1 = ttg.async_copy_global_to_local %p, %buf : tensor<32x64x!tt.ptr<f16>, #bl> -> !ttg.memdesc<32x64xf16, #sh, #smem, mutable>
  tt.return %v : tensor<32x64xf16, #bl>
}

// CHECK-LABEL: @copy_after_unwaited_load
// CHECK: ttg.local_load {{.*}} {ttg.amdg.syncedViaAsyncWait = false}
// CHECK-NEXT: ttg.local_barrier
// CHECK-NEXT: ttg.async_copy_global_to_local
tt.func @copy_after_unwaited_load(%p: tensor<32x64x!tt.ptr<f16>, #bl>, %q: tensor<32x64x!tt.ptr<f16>, #bl>) -> tensor<32x64xf16, #bl> {
  %buf = ttg.local_alloc : () -> !ttg.memdesc<32x64xf16, #sh, #smem, mutable>
  %other = ttg.local_alloc : () -> !ttg.memdesc<32x64xf16, #sh, #smem, mutable>
  %t = ttg.async_copy_global_to_local %q, %other : tensor<32x64x!tt.ptr<f16>, #bl> -> !ttg.memdesc<32x64xf16, #sh, #smem, mutable>
  %v = ttg.local_load %buf token %t : !ttg.memdesc<32x64xf16, #sh, #smem, mutable> -> tensor<32x64xf16, #bl>
  %t1 = ttg.async_copy_global_to_local %p, %buf : tensor<32x64x!tt.ptr<f16>, #bl> -> !ttg.memdesc<32x64xf16, #sh, #smem, mutable>
  tt.return %v : tensor<32x64xf16, #bl>
}
}

// -----

// A token that only circulates through a loop (each iteration passes on
// the token it received) is as synced as the token entering the loop; the
// walk over the block arguments stops at the cycle. The wait in the body
// (and the barrier after it) orders each iteration's copy before the next
// iteration.

#bl = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#sh = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, "ttg.num-ctas" = 1 : i32, "ttg.threads-per-warp" = 64 : i32, ttg.target = "hip:gfx942"} {
// CHECK-LABEL: @token_around_loop
// CHECK: ttg.local_load {{.*}} {ttg.amdg.syncedViaAsyncWait = true}
// CHECK-NOT: ttg.local_barrier
// CHECK: ttg.async_copy_global_to_local
// CHECK-LABEL: @token_around_loop_unwaited
// CHECK: ttg.local_load {{.*}} {ttg.amdg.syncedViaAsyncWait = false}
// CHECK-NEXT: ttg.local_barrier
// CHECK-NEXT: ttg.async_copy_global_to_local
tt.func @token_around_loop(%p: tensor<32x64x!tt.ptr<f16>, #bl>, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %buf = ttg.local_alloc : () -> !ttg.memdesc<32x64xf16, #sh, #smem, mutable>
  %t0 = ttg.async_copy_global_to_local %p, %buf : tensor<32x64x!tt.ptr<f16>, #bl> -> !ttg.memdesc<32x64xf16, #sh, #smem, mutable>
  %w = ttg.async_wait %t0 {num = 0 : i32}
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%t = %w) -> (!ttg.async.token) : i32 {
    %v = ttg.local_load %buf token %t : !ttg.memdesc<32x64xf16, #sh, #smem, mutable> -> tensor<32x64xf16, #bl>
    %t1 = ttg.async_copy_global_to_local %p, %buf : tensor<32x64x!tt.ptr<f16>, #bl> -> !ttg.memdesc<32x64xf16, #sh, #smem, mutable>
    %w1 = ttg.async_wait %t1 {num = 0 : i32}
    scf.yield %t : !ttg.async.token
  }
  tt.return
}
tt.func @token_around_loop_unwaited(%p: tensor<32x64x!tt.ptr<f16>, #bl>, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %buf = ttg.local_alloc : () -> !ttg.memdesc<32x64xf16, #sh, #smem, mutable>
  %t0 = ttg.async_copy_global_to_local %p, %buf : tensor<32x64x!tt.ptr<f16>, #bl> -> !ttg.memdesc<32x64xf16, #sh, #smem, mutable>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%t = %t0) -> (!ttg.async.token) : i32 {
    %v = ttg.local_load %buf token %t : !ttg.memdesc<32x64xf16, #sh, #smem, mutable> -> tensor<32x64xf16, #bl>
    %t1 = ttg.async_copy_global_to_local %p, %buf : tensor<32x64x!tt.ptr<f16>, #bl> -> !ttg.memdesc<32x64xf16, #sh, #smem, mutable>
    %w1 = ttg.async_wait %t1 {num = 0 : i32}
    scf.yield %t : !ttg.async.token
  }
  tt.return
}
}

// -----

// Ops on LDS mbarriers are ordered by the hardware: no barrier between
// initializing two of them in one buffer, nor between arriving and
// waiting.

#sh1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, "ttg.num-ctas" = 1 : i32, "ttg.threads-per-warp" = 64 : i32, ttg.target = "hip:gfx1250"} {
// CHECK-LABEL: @lds_barriers
// CHECK-NOT: ttg.local_barrier
// CHECK: tt.return
// NV-LABEL: @lds_barriers
// NV: amdg.init_barrier
// NV-NEXT: ttg.local_barrier
tt.func @lds_barriers() {
  %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #sh1, #smem, mutable>
  amdg.init_barrier %bar, 1 : !ttg.memdesc<1xi64, #sh1, #smem, mutable>
  %phase = amdg.arrive_barrier %bar, 1 : !ttg.memdesc<1xi64, #sh1, #smem, mutable> -> i32
  amdg.wait_barrier %bar, %phase : !ttg.memdesc<1xi64, #sh1, #smem, mutable>
  tt.return
}
}
