// RUN: tt-opt %s -tritongpu-remove-layout-conversions | FileCheck %s

// The pass's cleanups run MLIR's default greedy order, bottom-up, as
// Triton's do. Each scf.if below yields the previous one's second result
// in its else branch (and nothing else uses it); only the last if's first
// result is used. Bottom-up, removing the last if's unused result frees
// the previous if's, which is visited after it: the whole chain goes in
// one round. Top-down it went one link a round (the else yield is edited
// in place, which queues the yield, not the if that defined its old
// operand), and a chain longer than the driver's ten rounds stopped
// unconverged: the tile-index conditionals of a persistent loop unrolled
// 64 times (test/fuzz/testdata/crashers/persistent_matmul_unroll_64_one_warp.py).

// CHECK-LABEL: tt.func @chain
// CHECK-COUNT-12: scf.if %{{.+}} -> (i32) {
// CHECK-NOT:     -> (i32, i32)
// CHECK:         tt.return
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @chain(%c: i1, %x: i32) -> i32 {
    %r0:2 = scf.if %c -> (i32, i32) {
      %a0 = arith.addi %x, %x : i32
      %b0 = arith.muli %x, %x : i32
      scf.yield %a0, %b0 : i32, i32
    } else {
      scf.yield %x, %x : i32, i32
    }
    %r1:2 = scf.if %c -> (i32, i32) {
      %a1 = arith.addi %r0#0, %x : i32
      %b1 = arith.muli %x, %x : i32
      scf.yield %a1, %b1 : i32, i32
    } else {
      scf.yield %r0#0, %r0#1 : i32, i32
    }
    %r2:2 = scf.if %c -> (i32, i32) {
      %a2 = arith.addi %r1#0, %x : i32
      %b2 = arith.muli %x, %x : i32
      scf.yield %a2, %b2 : i32, i32
    } else {
      scf.yield %r1#0, %r1#1 : i32, i32
    }
    %r3:2 = scf.if %c -> (i32, i32) {
      %a3 = arith.addi %r2#0, %x : i32
      %b3 = arith.muli %x, %x : i32
      scf.yield %a3, %b3 : i32, i32
    } else {
      scf.yield %r2#0, %r2#1 : i32, i32
    }
    %r4:2 = scf.if %c -> (i32, i32) {
      %a4 = arith.addi %r3#0, %x : i32
      %b4 = arith.muli %x, %x : i32
      scf.yield %a4, %b4 : i32, i32
    } else {
      scf.yield %r3#0, %r3#1 : i32, i32
    }
    %r5:2 = scf.if %c -> (i32, i32) {
      %a5 = arith.addi %r4#0, %x : i32
      %b5 = arith.muli %x, %x : i32
      scf.yield %a5, %b5 : i32, i32
    } else {
      scf.yield %r4#0, %r4#1 : i32, i32
    }
    %r6:2 = scf.if %c -> (i32, i32) {
      %a6 = arith.addi %r5#0, %x : i32
      %b6 = arith.muli %x, %x : i32
      scf.yield %a6, %b6 : i32, i32
    } else {
      scf.yield %r5#0, %r5#1 : i32, i32
    }
    %r7:2 = scf.if %c -> (i32, i32) {
      %a7 = arith.addi %r6#0, %x : i32
      %b7 = arith.muli %x, %x : i32
      scf.yield %a7, %b7 : i32, i32
    } else {
      scf.yield %r6#0, %r6#1 : i32, i32
    }
    %r8:2 = scf.if %c -> (i32, i32) {
      %a8 = arith.addi %r7#0, %x : i32
      %b8 = arith.muli %x, %x : i32
      scf.yield %a8, %b8 : i32, i32
    } else {
      scf.yield %r7#0, %r7#1 : i32, i32
    }
    %r9:2 = scf.if %c -> (i32, i32) {
      %a9 = arith.addi %r8#0, %x : i32
      %b9 = arith.muli %x, %x : i32
      scf.yield %a9, %b9 : i32, i32
    } else {
      scf.yield %r8#0, %r8#1 : i32, i32
    }
    %r10:2 = scf.if %c -> (i32, i32) {
      %a10 = arith.addi %r9#0, %x : i32
      %b10 = arith.muli %x, %x : i32
      scf.yield %a10, %b10 : i32, i32
    } else {
      scf.yield %r9#0, %r9#1 : i32, i32
    }
    %r11:2 = scf.if %c -> (i32, i32) {
      %a11 = arith.addi %r10#0, %x : i32
      %b11 = arith.muli %x, %x : i32
      scf.yield %a11, %b11 : i32, i32
    } else {
      scf.yield %r10#0, %r10#1 : i32, i32
    }
    tt.return %r11#0 : i32
  }
}
