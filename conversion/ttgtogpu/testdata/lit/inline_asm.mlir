// RUN: tt-opt %s -split-input-file -convert-triton-gpu-to-gpu | FileCheck %s

// Two f16 elements travel packed in one 32-bit register per call; a
// 32-bit operand goes as is, one per element.
// CHECK-LABEL: llvm.func internal @asm
// CHECK:         %[[C0:.+]] = llvm.mlir.constant(0 : i32) : i32
// CHECK-NEXT:    %[[C1:.+]] = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT:    %[[U:.+]] = llvm.mlir.undef : vector<2xf16>
// CHECK-NEXT:    %[[A:.+]] = llvm.insertelement %arg0, %[[U]][%[[C0]] : i32] : vector<2xf16>
// CHECK-NEXT:    %[[AB:.+]] = llvm.insertelement %arg1, %[[A]][%[[C1]] : i32] : vector<2xf16>
// CHECK-NEXT:    %[[P:.+]] = llvm.bitcast %[[AB]] : vector<2xf16> to i32
// CHECK-NEXT:    %[[R:.+]] = llvm.inline_asm asm_dialect = att "{ op $0, $1, $2, $3; }", "=r,=r,=r,r,r,r" %[[P]], %arg4, %arg5 : (i32, i32, i32) -> !llvm.struct<(i32, i32, i32)>
// CHECK-NEXT:    %[[H:.+]] = llvm.extractvalue %[[R]][0]
// CHECK-NEXT:    %[[I0:.+]] = llvm.extractvalue %[[R]][1]
// CHECK-NEXT:    %[[I1:.+]] = llvm.extractvalue %[[R]][2]
// CHECK-NEXT:    %[[HV:.+]] = llvm.bitcast %[[H]] : i32 to vector<2xf16>
// CHECK-NEXT:    %[[H0:.+]] = llvm.extractelement %[[HV]][%[[C0]] : i32] : vector<2xf16>
// CHECK-NEXT:    %[[H1:.+]] = llvm.extractelement %[[HV]][%[[C1]] : i32] : vector<2xf16>
// The second call packs elements 2 and 3.
// CHECK:         llvm.inline_asm asm_dialect = att "{ op $0, $1, $2, $3; }", "=r,=r,=r,r,r,r" %{{.+}}, %arg6, %arg7
// CHECK:         llvm.insertvalue %[[H0]], %{{.+}}[0]
// CHECK-NEXT:    llvm.insertvalue %[[H1]], %{{.+}}[1]
// CHECK:         llvm.insertvalue %[[I0]], %{{.+}}[4]
// CHECK-NEXT:    llvm.insertvalue %[[I1]], %{{.+}}[5]
#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @asm(%h: tensor<128xf16, #blocked>, %i: tensor<128xi32, #blocked>) -> (tensor<128xf16, #blocked>, tensor<128xi32, #blocked>) {
    %r:2 = tt.elementwise_inline_asm "{ op $0, $1, $2, $3; }" {constraints = "=r,=r,=r,r,r,r", packed_element = 2 : i32, pure = true} %h, %i : tensor<128xf16, #blocked>, tensor<128xi32, #blocked> -> tensor<128xf16, #blocked>, tensor<128xi32, #blocked>
    tt.return %r#0, %r#1 : tensor<128xf16, #blocked>, tensor<128xi32, #blocked>
  }
}
