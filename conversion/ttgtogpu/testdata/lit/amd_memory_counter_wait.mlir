// RUN: tt-opt %s -split-input-file -convert-triton-gpu-to-gpu | FileCheck %s

// amdg.memory_counter_wait keeps its counters, the ones it names and no
// others, in gpu.memory_counter_wait; targets/llvmir encodes them for
// the target (s_waitcnt on gfx942).
// CHECK-LABEL: llvm.func @waits()
// CHECK-NEXT:    gpu.memory_counter_wait {ds = 0}
// CHECK-NEXT:    gpu.memory_counter_wait {load = 2, store = 1, ds = 3}
// CHECK-NEXT:    gpu.memory_counter_wait {store = 70}
// CHECK-NEXT:    gpu.memory_counter_wait
// CHECK-NEXT:    llvm.return
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func public @waits() {
    amdg.memory_counter_wait ds(0)
    amdg.memory_counter_wait load(2) store(1) ds(3)
    amdg.memory_counter_wait store(70)
    amdg.memory_counter_wait
    tt.return
  }
}
