// RUN: tt-opt %s -split-input-file -convert-triton-gpu-to-gpu | FileCheck %s

// Within a warp: in-thread combine in register order, then a butterfly
// over the lane bits along the axis (highest first); the result's slice
// layout is the registers of the same threads.
// CHECK-LABEL: llvm.func internal @rows(%arg0: f32, %arg1: f32) -> f32 attributes {no_inline}
// CHECK-DAG:     %[[C2:.+]] = llvm.mlir.constant(2 : i32) : i32
// CHECK-DAG:     %[[C32:.+]] = llvm.mlir.constant(32 : i32) : i32
// CHECK-DAG:     %[[C1:.+]] = llvm.mlir.constant(1 : i32) : i32
// CHECK:         %[[A:.+]] = llvm.fadd %arg0, %arg1 : f32
// CHECK-NEXT:    %[[S2:.+]] = gpu.shuffle xor %[[A]], %[[C2]], %[[C32]] : f32
// CHECK-NEXT:    %[[B:.+]] = llvm.fadd %[[A]], %[[S2]] : f32
// CHECK-NEXT:    %[[S1:.+]] = gpu.shuffle xor %[[B]], %[[C1]], %[[C32]] : f32
// CHECK-NEXT:    %[[C:.+]] = llvm.fadd %[[B]], %[[S1]] : f32
// CHECK-NEXT:    llvm.return %[[C]] : f32
#blocked = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [8, 4], warpsPerCTA = [1, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @rows(%x: tensor<8x8xf32, #blocked>) -> tensor<8xf32, #ttg.slice<{dim = 1, parent = #blocked}>> attributes {noinline = true} {
    %s = "tt.reduce"(%x) <{axis = 1 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %t = arith.addf %a, %b : f32
      tt.reduce.return %t : f32
    }) : (tensor<8x8xf32, #blocked>) -> tensor<8xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
    tt.return %s : tensor<8xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
  }
}

// -----

// Across two warps: lane 0 of each warp stores its partial to scratch at
// its warp's position, two lanes combine the pair and write it back, and
// every thread reads the result. Not a kernel: its shared memory is the
// reservation of the call, whose address is its last parameter, and it
// synchronizes at entry and return with the caller's accesses (whose
// scratch may overlap its memory).
// CHECK: ttg.shared = 8 : i32
// CHECK-LABEL: llvm.func internal @all(%arg0: i32, %arg1: !llvm.ptr<3>) -> i32
// CHECK:         %[[TID:.+]] = gpu.thread_id x : i32
// CHECK-NEXT:    %[[C32:.+]] = llvm.and %[[TID]], %{{.+}} : i32
// CHECK-NEXT:    %[[C5:.+]] = llvm.mlir.constant(5 : i32) : i32
// CHECK-NEXT:    %[[WARP:.+]] = llvm.lshr %[[C32]], %[[C5]] : i32
// CHECK:         %[[LANE0:.+]] = llvm.icmp "eq" %{{.+}}, %{{.+}} : i32
// CHECK-COUNT-5: gpu.shuffle xor
// CHECK:         %[[PART:.+]] = llvm.intr.smax
// CHECK-NEXT:    %[[OFF:.+]] = llvm.mul %[[WARP]], %{{.+}} : i32
// CHECK-NEXT:    %[[P:.+]] = llvm.getelementptr %arg1[%[[OFF]]] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8
// CHECK-NEXT:    gpu.barrier
// CHECK-NEXT:    gpu.store %[[P]], %[[LANE0]], %[[PART]] {space = shared} : !llvm.ptr<3>, i32
// CHECK-NEXT:    %[[IN:.+]] = llvm.icmp "slt" %[[TID]], %{{.+}} : i32
// CHECK:         gpu.barrier
// CHECK-NEXT:    %[[V:.+]] = gpu.load %{{.+}}, %[[IN]] {space = shared} : !llvm.ptr<3> -> i32
// CHECK-NEXT:    %[[SH:.+]] = gpu.shuffle xor %[[V]]
// CHECK-NEXT:    %[[R:.+]] = llvm.intr.smax(%[[V]], %[[SH]]) : (i32, i32) -> i32
// CHECK:         %[[W:.+]] = llvm.and %[[IN]], %{{.+}} : i1
// CHECK:         gpu.store %{{.+}}, %[[W]], %[[R]] {space = shared} : !llvm.ptr<3>, i32
// CHECK-NEXT:    gpu.barrier
// CHECK-NEXT:    %[[RES:.+]] = gpu.load %arg1 {space = shared} : !llvm.ptr<3> -> i32
// CHECK-NEXT:    gpu.barrier
// CHECK-NEXT:    llvm.return %[[RES]] : i32
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [2], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 2 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @all(%x: tensor<64xi32, #blocked>) -> i32 attributes {noinline = true} {
    %s = "tt.reduce"(%x) <{axis = 0 : i32}> ({
    ^bb0(%a: i32, %b: i32):
      %t = arith.maxsi %a, %b : i32
      tt.reduce.return %t : i32
    }) : (tensor<64xi32, #blocked>) -> i32
    tt.return %s : i32
  }
}
