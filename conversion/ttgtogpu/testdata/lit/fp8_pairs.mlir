// RUN: tt-opt %s -split-input-file -convert-triton-gpu-to-gpu | FileCheck %s --check-prefix=PAIR
// RUN: tt-opt %s -split-input-file -convert-triton-gpu-to-gpu=fp8-pair-conversions=false | FileCheck %s --check-prefix=GENERIC

// From sm_89 on, 8-bit floats convert two at a time by default, as Triton
// does: rounding to nearest into f8E4M3FN or f8E5M2 is one satfinite cvt
// of two f32 into an i16 (low byte the first element), and f8E4M3FN
// widens by packing two bytes into an i16 for one cvt to f16x2 (then to
// the destination type), as f8E5M2 does to f16. With the option off every
// element goes through tt's integer sequence.
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
// PAIR:         %[[Q:.+]] = llvm.or disjoint %{{.+}}, %{{.+}} : i16
// PAIR-NEXT:    gpu.cvt %[[Q]] {rounding = rn, fp8 = e5m2} : i16 -> vector<2xf16>
// PAIR:         llvm.return
// GENERIC-LABEL: llvm.func internal @fp8_pairs_sm90
// GENERIC-NOT:   fp8 =
// GENERIC:       llvm.return
#blocked = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @fp8_pairs_sm90(%x: tensor<64xf32, #blocked>, %e: tensor<64xf8E4M3FN, #blocked>, %f: tensor<64xf8E5M2, #blocked>) -> (tensor<64xf8E4M3FN, #blocked>, tensor<64xf8E5M2, #blocked>, tensor<64xbf16, #blocked>, tensor<64xf16, #blocked>) {
    %n = tt.fp_to_fp %x, rounding = rtne : tensor<64xf32, #blocked> -> tensor<64xf8E4M3FN, #blocked>
    %m = tt.fp_to_fp %x, rounding = rtne : tensor<64xf32, #blocked> -> tensor<64xf8E5M2, #blocked>
    %w = tt.fp_to_fp %e : tensor<64xf8E4M3FN, #blocked> -> tensor<64xbf16, #blocked>
    %h = tt.fp_to_fp %f : tensor<64xf8E5M2, #blocked> -> tensor<64xf16, #blocked>
    tt.return %n, %m, %w, %h : tensor<64xf8E4M3FN, #blocked>, tensor<64xf8E5M2, #blocked>, tensor<64xbf16, #blocked>, tensor<64xf16, #blocked>
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

// -----

// f8E5M2 widens to bf16 two at a time on sm_89+ as Triton does on sm_90:
// the two bytes into the high bytes of a word's halves (one prmt when they
// are bytes of a loaded word: selector 0x5000 takes bytes 0 and 1 of the
// word, 0x7020 bytes 2 and 3), magnitudes shifted right by 3 into the bf16
// fields, signs kept, each half multiplied by 2^112 in bf16.
// PAIR-LABEL: llvm.func @e5m2_loaded
// PAIR-DAG:     %[[S0:.+]] = llvm.mlir.constant(20480 : i32) : i32
// PAIR-DAG:     %[[S1:.+]] = llvm.mlir.constant(28704 : i32) : i32
// PAIR-DAG:     %[[MAG:.+]] = llvm.mlir.constant(2130738944 : i32) : i32
// PAIR-DAG:     %[[SIGN:.+]] = llvm.mlir.constant(-2147450880 : i32) : i32
// PAIR-DAG:     %[[TWO112:.+]] = llvm.mlir.constant(5.192{{[0-9]+}}e+33 : bf16) : bf16
// PAIR:         %[[W:.+]] = gpu.load %{{.+}} {space = global} : !llvm.ptr<1> -> i32
// PAIR:         %[[P:.+]] = gpu.prmt %[[W]], %[[W]], %[[S0]] : i32
// PAIR-NEXT:    %[[M:.+]] = llvm.and %[[P]], %[[MAG]] : i32
// PAIR-NEXT:    %[[MS:.+]] = llvm.lshr %[[M]], %{{.+}} : i32
// PAIR-NEXT:    %[[SG:.+]] = llvm.and %[[P]], %[[SIGN]] : i32
// PAIR-NEXT:    %[[X:.+]] = llvm.or disjoint %[[MS]], %[[SG]] : i32
// PAIR-NEXT:    %[[H:.+]] = llvm.bitcast %[[X]] : i32 to vector<2xbf16>
// PAIR:         llvm.fmul %{{.+}}, %[[TWO112]] : bf16
// PAIR-NEXT:    llvm.fmul %{{.+}}, %[[TWO112]] : bf16
// PAIR-NEXT:    gpu.prmt %[[W]], %[[W]], %[[S1]] : i32
// GENERIC-LABEL: llvm.func @e5m2_loaded
// GENERIC-NOT:   gpu.prmt
// GENERIC:       llvm.return
#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @e5m2_loaded(%p: !tt.ptr<f8E5M2> {tt.divisibility = 16 : i32}, %q: !tt.ptr<bf16> {tt.divisibility = 16 : i32}) {
    %r = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #blocked>
    %ps = tt.splat %p : !tt.ptr<f8E5M2> -> tensor<128x!tt.ptr<f8E5M2>, #blocked>
    %pp = tt.addptr %ps, %r : tensor<128x!tt.ptr<f8E5M2>, #blocked>, tensor<128xi32, #blocked>
    %x = tt.load %pp : tensor<128x!tt.ptr<f8E5M2>, #blocked>
    %w = tt.fp_to_fp %x : tensor<128xf8E5M2, #blocked> -> tensor<128xbf16, #blocked>
    %qs = tt.splat %q : !tt.ptr<bf16> -> tensor<128x!tt.ptr<bf16>, #blocked>
    %qp = tt.addptr %qs, %r : tensor<128x!tt.ptr<bf16>, #blocked>, tensor<128xi32, #blocked>
    tt.store %qp, %w : tensor<128x!tt.ptr<bf16>, #blocked>
    tt.return
  }
}
