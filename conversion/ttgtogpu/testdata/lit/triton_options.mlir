// RUN: tt-opt %s -split-input-file -convert-triton-gpu-to-gpu | FileCheck %s --check-prefix=DEFAULT
// RUN: tt-opt %s -split-input-file -convert-triton-gpu-to-gpu=enable-fp-fusion=false | FileCheck %s --check-prefix=NOFUSE
// RUN: tt-opt %s -split-input-file -convert-triton-gpu-to-gpu=enable-reflect-ftz=false | FileCheck %s --check-prefix=NOFTZ

// Triton's enable_fp_fusion: a multiply feeding an add contracts to one
// fma by default; with the option off both roundings stay. An explicit
// math.fma is an fma either way.
// DEFAULT-LABEL: llvm.func internal @mul_add
// DEFAULT:         llvm.intr.fma(%arg0, %arg1, %arg2) : (f32, f32, f32) -> f32
// DEFAULT-NOT:     llvm.fmul
// DEFAULT:         llvm.return
// NOFUSE-LABEL:  llvm.func internal @mul_add
// NOFUSE:          %[[M:.+]] = llvm.fmul %arg0, %arg1 : f32
// NOFUSE-NEXT:     %[[A:.+]] = llvm.fadd %[[M]], %arg2 : f32
// NOFUSE-NEXT:     %[[F:.+]] = llvm.intr.fma(%arg0, %arg1, %arg2) : (f32, f32, f32) -> f32
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @mul_add(%x: f32, %y: f32, %z: f32) -> (f32, f32) {
    %m = arith.mulf %x, %y : f32
    %a = arith.addf %m, %z : f32
    %f = math.fma %x, %y, %z : f32
    tt.return %a, %f : f32, f32
  }
}

// -----

// Triton's enable_reflect_ftz: the functions libdevice implements with an
// approximate instruction (exp2, sqrt, rsqrt) take its .ftz path by
// default and the plain one with the option off; math.exp is Triton's own
// ex2.approx without .ftz either way.
// DEFAULT-LABEL: llvm.func internal @reflect
// DEFAULT:         gpu.ex2_approx %arg0 {ftz} : f32
// DEFAULT-NEXT:    gpu.sqrt_approx %arg0 {ftz} : f32
// DEFAULT-NEXT:    gpu.rsqrt_approx %arg0 {ftz} : f32
// DEFAULT:         gpu.ex2_approx %{{.+}} : f32
// NOFTZ-LABEL:   llvm.func internal @reflect
// NOFTZ:           gpu.ex2_approx %arg0 : f32
// NOFTZ-NEXT:      gpu.sqrt_approx %arg0 : f32
// NOFTZ-NEXT:      gpu.rsqrt_approx %arg0 : f32
// NOFTZ-NOT:       ftz
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @reflect(%x: f32) -> (f32, f32, f32, f32) {
    %e2 = math.exp2 %x : f32
    %s = math.sqrt %x : f32
    %r = math.rsqrt %x : f32
    %e = math.exp %x : f32
    tt.return %e2, %s, %r, %e : f32, f32, f32, f32
  }
}
