// RUN: tt-opt %s -split-input-file --tritongpu-global-scratch-memory-allocation | FileCheck %s

// Buffers are laid out in op order (post-order, so those inside an scf.if
// count where they stand), each at its alignment; a call takes its callee's
// whole size at the callee's alignment, callees being allocated first; the
// size is rounded up to the largest alignment. The module gets the public
// function's totals.

// CHECK: module attributes {ttg.global_scratch_memory_alignment = 64 : i32, ttg.global_scratch_memory_size = 448 : i32
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK: @leaf() {{.*}}attributes {ttg.global_scratch_memory_alignment = 16 : i32, ttg.global_scratch_memory_size = 48 : i32}
  // CHECK: ttg.global_scratch_memory_offset = 0
  // CHECK: ttg.global_scratch_memory_offset = 16
  tt.func private @leaf() {
    %0 = ttg.global_scratch_alloc {alignment = 4 : i32, nbytes = 10 : i32} : !tt.ptr<i8>
    %1 = ttg.global_scratch_alloc {alignment = 16 : i32, nbytes = 20 : i32} : !tt.ptr<i8>
    tt.return
  }
  // CHECK: @mid() {{.*}}attributes {ttg.global_scratch_memory_alignment = 64 : i32, ttg.global_scratch_memory_size = 128 : i32}
  // CHECK: tt.call @leaf() {ttg.global_scratch_memory_offset = 0 : i32}
  // CHECK: ttg.global_scratch_memory_offset = 64
  tt.func private @mid() {
    tt.call @leaf() : () -> ()
    %0 = ttg.global_scratch_alloc {alignment = 64 : i32, nbytes = 1 : i32} : !tt.ptr<i8>
    tt.return
  }
  // CHECK: @kernel(%arg0: i1) attributes {ttg.global_scratch_memory_alignment = 64 : i32, ttg.global_scratch_memory_size = 448 : i32}
  // CHECK: ttg.global_scratch_memory_offset = 0
  // CHECK: scf.if
  // CHECK: ttg.global_scratch_memory_offset = 100
  // CHECK: tt.call @mid() {ttg.global_scratch_memory_offset = 256 : i32}
  // CHECK: tt.call @leaf() {ttg.global_scratch_memory_offset = 384 : i32}
  tt.func public @kernel(%c: i1) {
    %0 = ttg.global_scratch_alloc {alignment = 1 : i32, nbytes = 100 : i32} : !tt.ptr<i8>
    scf.if %c {
      %1 = ttg.global_scratch_alloc {alignment = 2 : i32, nbytes = 150 : i32} : !tt.ptr<i8>
    }
    tt.call @mid() : () -> ()
    tt.call @leaf() : () -> ()
    tt.return
  }
}

// -----

// Without scratch, everything is 0 bytes aligned to 1.

// CHECK: module attributes {ttg.global_scratch_memory_alignment = 1 : i32, ttg.global_scratch_memory_size = 0 : i32
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func public @kernel() {
    tt.return
  }
}
