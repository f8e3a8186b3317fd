// RUN: tt-opt %s -split-input-file -convert-triton-gpu-to-gpu | FileCheck %s --check-prefix=PAIR
// RUN: tt-opt %s -split-input-file -convert-triton-gpu-to-gpu=fp8-pair-conversions=false | FileCheck %s --check-prefix=GENERIC

// From sm_89 on, 8-bit floats convert two at a time by default, as Triton
// does: rounding to nearest into f8E4M3FN or f8E5M2 is one satfinite cvt
// of two f32 into an i16 (low byte the first element), and f8E4M3FN
// widens by packing two bytes into an i16 for one cvt to f16x2 (then to
// the destination type). With the option off every element goes through
// tt's integer sequence.
// PAIR-LABEL: llvm.func internal @fp8_pairs_sm90
// PAIR:         %[[N:.+]] = gpu.cvt %arg0, %arg1 {rounding = rn, satfinite, fp8 = e4m3} : f32, f32 -> i16
// PAIR-NEXT:    %[[N0:.+]] = llvm.trunc %[[N]] : i16 to i8
// PAIR-NEXT:    %[[NH:.+]] = llvm.lshr %[[N]], %{{.+}} : i16
// PAIR-NEXT:    %[[N1:.+]] = llvm.trunc %[[NH]] : i16 to i8
// PAIR:         gpu.cvt %arg0, %arg1 {rounding = rn, satfinite, fp8 = e5m2} : f32, f32 -> i16
// PAIR:         %[[LO:.+]] = llvm.zext %arg2 : i8 to i16
// PAIR-NEXT:    %[[HI:.+]] = llvm.zext %arg3 : i8 to i16
// PAIR-NEXT:    %[[HS:.+]] = llvm.shl %[[HI]], %{{.+}} : i16
// PAIR-NEXT:    %[[P:.+]] = llvm.or disjoint %[[LO]], %[[HS]] : i16
// PAIR-NEXT:    gpu.cvt %[[P]] {rounding = rn, fp8 = e4m3} : i16 -> vector<2xf16>
// PAIR:         llvm.return
// GENERIC-LABEL: llvm.func internal @fp8_pairs_sm90
// GENERIC-NOT:   fp8 =
// GENERIC:       llvm.return
#blocked = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @fp8_pairs_sm90(%x: tensor<64xf32, #blocked>, %e: tensor<64xf8E4M3FN, #blocked>) -> (tensor<64xf8E4M3FN, #blocked>, tensor<64xf8E5M2, #blocked>, tensor<64xbf16, #blocked>) {
    %n = tt.fp_to_fp %x, rounding = rtne : tensor<64xf32, #blocked> -> tensor<64xf8E4M3FN, #blocked>
    %m = tt.fp_to_fp %x, rounding = rtne : tensor<64xf32, #blocked> -> tensor<64xf8E5M2, #blocked>
    %w = tt.fp_to_fp %e : tensor<64xf8E4M3FN, #blocked> -> tensor<64xbf16, #blocked>
    tt.return %n, %m, %w : tensor<64xf8E4M3FN, #blocked>, tensor<64xf8E5M2, #blocked>, tensor<64xbf16, #blocked>
  }
}

// -----

// sm_80 has no fp8 cvt instructions: element by element either way.
// PAIR-LABEL: llvm.func internal @fp8_pairs_sm80
// PAIR-NOT:     fp8 =
// PAIR:         llvm.return
// GENERIC-LABEL: llvm.func internal @fp8_pairs_sm80
// GENERIC-NOT:   fp8 =
// GENERIC:       llvm.return
#blocked = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @fp8_pairs_sm80(%x: tensor<64xf32, #blocked>, %e: tensor<64xf8E4M3FN, #blocked>) -> (tensor<64xf8E4M3FN, #blocked>, tensor<64xbf16, #blocked>) {
    %n = tt.fp_to_fp %x, rounding = rtne : tensor<64xf32, #blocked> -> tensor<64xf8E4M3FN, #blocked>
    %w = tt.fp_to_fp %e : tensor<64xf8E4M3FN, #blocked> -> tensor<64xbf16, #blocked>
    tt.return %n, %w : tensor<64xf8E4M3FN, #blocked>, tensor<64xbf16, #blocked>
  }
}
