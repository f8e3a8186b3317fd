// RUN: tt-opt %s -split-input-file -pack-carried-halves | FileCheck %s

// Two f16 values carried by a loop, filled on both edges from the lanes of
// one vector<2xf16>, travel as its 32 bits: the loop header takes one i32,
// each edge bitcasts its vector, and the block reads the lanes back.
// CHECK-LABEL: llvm.func @carry
// CHECK:         %[[W0:.+]] = llvm.bitcast %{{.+}} : vector<2xf16> to i32
// CHECK-NEXT:    llvm.br ^bb1(%{{.+}}, %[[W0]] : i32, i32)
// CHECK:       ^bb1(%[[IV:.+]]: i32, %[[W:.+]]: i32):
// CHECK-NEXT:    %[[V:.+]] = llvm.bitcast %[[W]] : i32 to vector<2xf16>
// CHECK:         %[[LO:.+]] = llvm.extractelement %[[V]][%{{.+}} : i32] : vector<2xf16>
// CHECK-NEXT:    %[[HI:.+]] = llvm.extractelement %[[V]][%{{.+}} : i32] : vector<2xf16>
// CHECK:         llvm.fadd %[[LO]], %[[HI]] : f16
// CHECK:         %[[W1:.+]] = llvm.bitcast %{{.+}} : vector<2xf16> to i32
// CHECK-NEXT:    llvm.cond_br %{{.+}}, ^bb1(%{{.+}}, %[[W1]] : i32, i32), ^bb2
module attributes {"ttg.num-warps" = 4 : i32} {
  llvm.func @carry(%p: !llvm.ptr<1>, %n: i32, %a: f32, %b: f32) attributes {gpu.kernel} {
    %c0 = llvm.mlir.constant(0 : i32) : i32
    %c1 = llvm.mlir.constant(1 : i32) : i32
    %v0 = gpu.cvt %a, %b {rounding = rn} : f32, f32 -> vector<2xf16>
    %x0 = llvm.extractelement %v0[%c0 : i32] : vector<2xf16>
    %y0 = llvm.extractelement %v0[%c1 : i32] : vector<2xf16>
    llvm.br ^bb1(%c0, %x0, %y0 : i32, f16, f16)
  ^bb1(%iv: i32, %x: f16, %y: f16):
    %s = llvm.fadd %x, %y : f16
    gpu.store %p, %s : !llvm.ptr<1>, f16
    %e = llvm.fpext %s : f16 to f32
    %v1 = gpu.cvt %e, %a {rounding = rn} : f32, f32 -> vector<2xf16>
    %x1 = llvm.extractelement %v1[%c0 : i32] : vector<2xf16>
    %y1 = llvm.extractelement %v1[%c1 : i32] : vector<2xf16>
    %next = llvm.add %iv, %c1 : i32
    %go = llvm.icmp "slt" %next, %n : i32
    llvm.cond_br %go, ^bb1(%next, %x1, %y1 : i32, f16, f16), ^bb2
  ^bb2:
    llvm.return
  }
}

// -----

// Lanes of different vectors on one of the edges stay two arguments.
// CHECK-LABEL: llvm.func @mixed
// CHECK:       ^bb3(%{{.+}}: f16, %{{.+}}: f16):
module attributes {"ttg.num-warps" = 4 : i32} {
  llvm.func @mixed(%p: !llvm.ptr<1>, %a: f32, %b: f32, %c: i1) attributes {gpu.kernel} {
    %c0 = llvm.mlir.constant(0 : i32) : i32
    %c1 = llvm.mlir.constant(1 : i32) : i32
    %v0 = gpu.cvt %a, %b {rounding = rn} : f32, f32 -> vector<2xf16>
    %v1 = gpu.cvt %b, %a {rounding = rn} : f32, f32 -> vector<2xf16>
    %x0 = llvm.extractelement %v0[%c0 : i32] : vector<2xf16>
    %y0 = llvm.extractelement %v0[%c1 : i32] : vector<2xf16>
    %y1 = llvm.extractelement %v1[%c1 : i32] : vector<2xf16>
    llvm.cond_br %c, ^bb2, ^bb3
  ^bb2:
    llvm.br ^bb1(%x0, %y0 : f16, f16)
  ^bb3:
    llvm.br ^bb1(%x0, %y1 : f16, f16)
  ^bb1(%x: f16, %y: f16):
    %s = llvm.fadd %x, %y : f16
    gpu.store %p, %s : !llvm.ptr<1>, f16
    llvm.return
  }
}
