// RUN: tt-opt %s -split-input-file -convert-triton-gpu-to-gpu | FileCheck %s

// ttg.fp4_to_fp to bf16: each byte's two e2m1 magnitudes (x & 0x77, two
// prmt selectors) pick the high bytes (0x3F3F3F00, 0x40404040) and the low
// bytes (0xC0800000, 0xC0804000) of 0, 0.5, 1, 1.5, 2, 3, 4, 6; the signs
// (bits 3 and 7) move to bits 7 and 15 (mask 0x8080) of the high bytes; a
// last prmt (0x5140) interleaves low and high bytes into the bf16 pair,
// low nibble first: result registers 2i and 2i+1 come from source
// register i.
// CHECK-LABEL: llvm.func internal @bf16(%arg0: i8, %arg1: i8)
// CHECK-DAG:     %[[C77:.+]] = llvm.mlir.constant(119 : i32) : i32
// CHECK-DAG:     %[[HIA:.+]] = llvm.mlir.constant(1061109504 : i32) : i32
// CHECK-DAG:     %[[HIB:.+]] = llvm.mlir.constant(1077952576 : i32) : i32
// CHECK-DAG:     %[[SGN:.+]] = llvm.mlir.constant(32896 : i32) : i32
// CHECK-DAG:     %[[LOA:.+]] = llvm.mlir.constant(-1065353216 : i32) : i32
// CHECK-DAG:     %[[LOB:.+]] = llvm.mlir.constant(-1065336832 : i32) : i32
// CHECK-DAG:     %[[ILV:.+]] = llvm.mlir.constant(20800 : i32) : i32
// CHECK:         %[[X:.+]] = llvm.zext %arg0 : i8 to i32
// CHECK-NEXT:    %[[SEL:.+]] = llvm.and %[[X]], %[[C77]] : i32
// CHECK-NEXT:    %[[HI:.+]] = gpu.prmt %[[HIA]], %[[HIB]], %[[SEL]] : i32
// CHECK:         %[[S:.+]] = llvm.and %{{.+}}, %[[SGN]] : i32
// CHECK-NEXT:    %[[HIS:.+]] = llvm.or disjoint %[[HI]], %[[S]] : i32
// CHECK-NEXT:    %[[LO:.+]] = gpu.prmt %[[LOA]], %[[LOB]], %[[SEL]] : i32
// CHECK-NEXT:    %[[W:.+]] = gpu.prmt %[[LO]], %[[HIS]], %[[ILV]] : i32
// CHECK-NEXT:    %[[V:.+]] = llvm.bitcast %[[W]] : i32 to vector<2xbf16>
// CHECK-NEXT:    %[[R0:.+]] = llvm.extractelement %[[V]]
// CHECK-NEXT:    %[[R1:.+]] = llvm.extractelement %[[V]]
// CHECK:         llvm.zext %arg1 : i8 to i32
// CHECK:         %[[V1:.+]] = llvm.bitcast %{{.+}} : i32 to vector<2xbf16>
// CHECK-NEXT:    %[[R2:.+]] = llvm.extractelement %[[V1]]
// CHECK-NEXT:    %[[R3:.+]] = llvm.extractelement %[[V1]]
// CHECK:         llvm.insertvalue %[[R0]], %{{.+}}[0]
// CHECK-NEXT:    llvm.insertvalue %[[R1]], %{{.+}}[1]
// CHECK-NEXT:    llvm.insertvalue %[[R2]], %{{.+}}[2]
// CHECK-NEXT:    llvm.insertvalue %[[R3]], %{{.+}}[3]
#src = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [32, 1], warpsPerCTA = [1, 1], order = [1, 0]}>
#dst = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [32, 1], warpsPerCTA = [1, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @bf16(%x: tensor<32x2xi8, #src>) -> tensor<32x4xbf16, #dst> {
    %y = ttg.fp4_to_fp %x {axis = 1 : i32} : tensor<32x2xi8, #src> -> tensor<32x4xbf16, #dst>
    tt.return %y : tensor<32x4xbf16, #dst>
  }
}

// -----

// To f16 every low byte is zero: one table of high bytes (0x3E3C3800,
// 0x46444240), the signs, and a prmt (0x1404) that places the two high
// bytes over zero low bytes: two prmt per byte.
// CHECK-LABEL: llvm.func internal @f16(%arg0: i8, %arg1: i8)
// CHECK-DAG:     %[[HIA:.+]] = llvm.mlir.constant(1044133888 : i32) : i32
// CHECK-DAG:     %[[HIB:.+]] = llvm.mlir.constant(1178878528 : i32) : i32
// CHECK-DAG:     %[[ZERO:.+]] = llvm.mlir.constant(0 : i32) : i32
// CHECK-DAG:     %[[PLACE:.+]] = llvm.mlir.constant(5124 : i32) : i32
// CHECK:         %[[HI:.+]] = gpu.prmt %[[HIA]], %[[HIB]], %{{.+}} : i32
// CHECK:         %[[HIS:.+]] = llvm.or disjoint %[[HI]], %{{.+}} : i32
// CHECK-NEXT:    %[[W:.+]] = gpu.prmt %[[HIS]], %[[ZERO]], %[[PLACE]] : i32
// CHECK-NEXT:    llvm.bitcast %[[W]] : i32 to vector<2xf16>
// CHECK-NOT:     gpu.prmt
// CHECK:         llvm.zext %arg1 : i8 to i32
// CHECK-COUNT-2: gpu.prmt
// CHECK-NOT:     gpu.prmt
// CHECK:         llvm.return
#src = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
#dst = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @f16(%x: tensor<64xi8, #src>) -> tensor<128xf16, #dst> {
    %y = ttg.fp4_to_fp %x {axis = 0 : i32} : tensor<64xi8, #src> -> tensor<128xf16, #dst>
    tt.return %y : tensor<128xf16, #dst>
  }
}
