// RUN: tt-opt %s -split-input-file -convert-triton-gpu-to-gpu | FileCheck %s

// A 64-lane wavefront (AMD CDNA): the warp index is tid >> 6, shuffles
// span the whole wavefront (width 64) and the butterfly starts at lane
// offset 32; lane 0 of each wavefront writes its partial.
// CHECK: ttg.shared = 8 : i32
// CHECK-LABEL: llvm.func internal @all(%arg0: i32, %arg1: !llvm.ptr<3>) -> i32
// CHECK-DAG:     %[[C32:.+]] = llvm.mlir.constant(32 : i32) : i32
// CHECK-DAG:     %[[C64:.+]] = llvm.mlir.constant(64 : i32) : i32
// CHECK-DAG:     %[[C1:.+]] = llvm.mlir.constant(1 : i32) : i32
// CHECK:         %[[TID:.+]] = gpu.thread_id x : i32
// CHECK-NEXT:    %[[WBIT:.+]] = llvm.and %[[TID]], %[[C64]] : i32
// CHECK-NEXT:    %[[C6:.+]] = llvm.mlir.constant(6 : i32) : i32
// CHECK-NEXT:    %[[WARP:.+]] = llvm.lshr %[[WBIT]], %[[C6]] : i32
// CHECK-NEXT:    %[[C63:.+]] = llvm.mlir.constant(63 : i32) : i32
// CHECK-NEXT:    %[[LANE:.+]] = llvm.and %[[TID]], %[[C63]] : i32
// CHECK:         %[[LANE0:.+]] = llvm.icmp "eq" %[[LANE]], %{{.+}} : i32
// CHECK:         %[[S32:.+]] = gpu.shuffle xor %arg0, %[[C32]], %[[C64]] : i32
// CHECK-NEXT:    %[[M32:.+]] = llvm.intr.smax(%arg0, %[[S32]]) : (i32, i32) -> i32
// CHECK-COUNT-4: gpu.shuffle xor %{{.+}}, %{{.+}}, %[[C64]] : i32
// CHECK:         %[[S1:.+]] = gpu.shuffle xor %{{.+}}, %[[C1]], %[[C64]] : i32
// CHECK-NEXT:    %[[PART:.+]] = llvm.intr.smax
// CHECK-NEXT:    %[[OFF:.+]] = llvm.mul %[[WARP]], %{{.+}} : i32
// CHECK-NEXT:    %[[P:.+]] = llvm.getelementptr %{{.+}}[%[[OFF]]] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8
// CHECK-NEXT:    gpu.barrier
// CHECK-NEXT:    gpu.store %[[P]], %[[LANE0]], %[[PART]] {space = shared} : !llvm.ptr<3>, i32
// CHECK:         gpu.barrier
// CHECK-NEXT:    gpu.load
// CHECK:         gpu.shuffle xor %{{.+}}, %[[C1]], %[[C64]] : i32
// CHECK-NOT:     gpu.shuffle
// CHECK:         llvm.return
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [64], warpsPerCTA = [2], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 2 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func private @all(%x: tensor<128xi32, #blocked>) -> i32 attributes {noinline = true} {
    %s = "tt.reduce"(%x) <{axis = 0 : i32}> ({
    ^bb0(%a: i32, %b: i32):
      %t = arith.maxsi %a, %b : i32
      tt.reduce.return %t : i32
    }) : (tensor<128xi32, #blocked>) -> i32
    tt.return %s : i32
  }
}

// -----

// A layout conversion within each wavefront that trades a register bit
// for lane bit 5: each round selects the register to send and reads it
// with an index shuffle over all 64 lanes, no shared memory.
// CHECK-LABEL: llvm.func internal @lanes(%arg0: f32, %arg1: f32) -> !llvm.struct<(f32, f32)>
// CHECK-DAG:     %[[W:.+]] = llvm.mlir.constant(64 : i32) : i32
// CHECK:         gpu.shuffle idx %{{.+}}, %{{.+}}, %[[W]] : f32
// CHECK:         gpu.shuffle idx %{{.+}}, %{{.+}}, %[[W]] : f32
// CHECK-NOT:     gpu.barrier
#a = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [64], warpsPerCTA = [1], order = [0]}>
#b = #ttg.linear<{register = [[64]], lane = [[1], [2], [4], [8], [16], [32]], warp = [], block = []}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func private @lanes(%x: tensor<128xf32, #a>) -> tensor<128xf32, #b> attributes {noinline = true} {
    %y = ttg.convert_layout %x : tensor<128xf32, #a> -> tensor<128xf32, #b>
    tt.return %y : tensor<128xf32, #b>
  }
}

// -----

// Buffer ops with a stride (the rows' distance, which convert-buffer-ops
// records as a cache-swizzling hint): the same accesses as without it,
// 128 bits a thread at byte offset 16*lane; the stride is not read (3.6
// builds its buffer resources with stride 0).
// CHECK-LABEL: llvm.func @strided(%arg0: !llvm.ptr<1>, %arg1: !llvm.ptr<1>, %arg2: i32)
// CHECK-NOT:     %arg2
// CHECK:         %[[V:.+]]:4 = gpu.buffer_load %arg0[%{{.+}}], %{{.+}} : !llvm.ptr<1> -> f32, f32, f32, f32
// CHECK-NOT:     %arg2
// CHECK:         gpu.buffer_store %arg1[%{{.+}}], %{{.+}}, %[[V]]#0, %[[V]]#1, %[[V]]#2, %[[V]]#3 : !llvm.ptr<1>, f32, f32, f32, f32
// CHECK-NEXT:    llvm.return
#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [64], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func public @strided(%p: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %q: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %s: i32) {
    %o = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32, #blocked>
    %v = amdg.buffer_load %p[%o] stride = %s : tensor<256xf32, #blocked>
    amdg.buffer_store %v, %q[%o] stride = %s : tensor<256xf32, #blocked>
    tt.return
  }
}
