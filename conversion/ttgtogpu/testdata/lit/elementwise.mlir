// RUN: tt-opt %s -split-input-file -convert-triton-gpu-to-gpu | FileCheck %s

// Triton's fast math: exp = ex2.approx(x * log2 e), divf = div.full.f32,
// sqrt = sqrt.approx.ftz; tt.precise_sqrt is the correctly rounded sqrt.
// Several results travel in a struct.
// CHECK-LABEL: llvm.func internal @fast(%arg0: f32, %arg1: f32) -> !llvm.struct<(f32, f32, f32, f32)>
// CHECK-DAG:     %[[LOG2E:.+]] = llvm.mlir.constant(1.44269504 : f32) : f32
// CHECK:         %[[M:.+]] = llvm.fmul %arg0, %[[LOG2E]] : f32
// CHECK-NEXT:    %[[E:.+]] = gpu.ex2_approx %[[M]] : f32
// CHECK-NEXT:    %[[D:.+]] = gpu.div_full %arg0, %arg1 : f32
// CHECK-NEXT:    %[[S:.+]] = gpu.sqrt_approx %arg0 {ftz} : f32
// CHECK-NEXT:    %[[P:.+]] = llvm.intr.sqrt(%arg0) : (f32) -> f32
// CHECK-NEXT:    %[[U:.+]] = llvm.mlir.undef : !llvm.struct<(f32, f32, f32, f32)>
// CHECK-NEXT:    %[[I0:.+]] = llvm.insertvalue %[[E]], %[[U]][0]
// CHECK-NEXT:    %[[I1:.+]] = llvm.insertvalue %[[D]], %[[I0]][1]
// CHECK-NEXT:    %[[I2:.+]] = llvm.insertvalue %[[S]], %[[I1]][2]
// CHECK-NEXT:    %[[I3:.+]] = llvm.insertvalue %[[P]], %[[I2]][3]
// CHECK-NEXT:    llvm.return %[[I3]]
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @fast(%x: f32, %y: f32) -> (f32, f32, f32, f32) {
    %e = math.exp %x : f32
    %d = arith.divf %x, %y : f32
    %s = math.sqrt %x : f32
    %p = tt.precise_sqrt %x : f32
    tt.return %e, %d, %s, %p : f32, f32, f32, f32
  }
}

// -----

// math.log and math.log2 are libdevice's __nv_logf and __nv_log2f on
// NVIDIA (libm_f32.go), never lg2.approx: a subnormal x scaled by 2^23;
// the mantissa reduced against 2/3 (log) or 1/sqrt(2) (log2) by integer
// arithmetic on the bits; a Horner chain of fused multiply-adds; the
// exponent times ln(2) (log) or added (log2); specials selected.
// CHECK-LABEL: llvm.func internal @logs
// CHECK-NOT:     lg2_approx
// CHECK-DAG:     %[[TINY:.+]] = llvm.mlir.constant(1.17549435E-38 : f32) : f32
// CHECK-DAG:     %[[TWO23:.+]] = llvm.mlir.constant(0x4B000000 : f32) : f32
// CHECK-DAG:     %[[LOGOFF:.+]] = llvm.mlir.constant(1059760811 : i32) : i32
// CHECK-DAG:     %[[LN2:.+]] = llvm.mlir.constant(0.693147182 : f32) : f32
// CHECK-DAG:     %[[LOG2OFF:.+]] = llvm.mlir.constant(1060439283 : i32) : i32
// CHECK-DAG:     %[[INVLN2:.+]] = llvm.mlir.constant(1.44269502 : f32) : f32
// CHECK:         %[[SMALL:.+]] = llvm.fcmp "olt" %arg0, %[[TINY]] : f32
// CHECK-NEXT:    %[[SCALED:.+]] = llvm.fmul %arg0, %[[TWO23]] : f32
// CHECK-NEXT:    %[[X:.+]] = llvm.select %[[SMALL]], %[[SCALED]], %arg0 : i1, f32
// CHECK:         %[[BITS:.+]] = llvm.bitcast %[[X]] : f32 to i32
// CHECK-NEXT:    llvm.sub %[[BITS]], %[[LOGOFF]] : i32
// CHECK-COUNT-9: llvm.intr.fma
// CHECK:         llvm.intr.fma({{.+}}, %[[LN2]], {{.+}})
// CHECK:         llvm.icmp "uge"
// CHECK:         llvm.fcmp "oeq"
// CHECK:         llvm.sub %{{.+}}, %[[LOG2OFF]] : i32
// CHECK-COUNT-10: llvm.intr.fma
// CHECK:         llvm.intr.fma(%{{.+}}, %[[INVLN2]], %{{.+}})
// CHECK-NEXT:    llvm.fadd
// CHECK-NOT:     lg2_approx
// CHECK:         llvm.return
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @logs(%x: f32) -> (f32, f32) {
    %l = math.log %x : f32
    %l2 = math.log2 %x : f32
    tt.return %l, %l2 : f32, f32
  }
}

// -----

// math.exp2 is Triton's llvm.exp2.f32, which NVPTX selects as
// ex2.approx.ftz.f32 (subnormals flushed); math.exp keeps the plain
// ex2.approx of Triton's inline lowering.
// CHECK-LABEL: llvm.func internal @exp2
// CHECK:         gpu.ex2_approx %arg0 {ftz} : f32
// CHECK:         gpu.ex2_approx %{{.+}} : f32
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @exp2(%x: f32) -> (f32, f32) {
    %e2 = math.exp2 %x : f32
    %e = math.exp %x : f32
    tt.return %e2, %e : f32, f32
  }
}

// -----

// f32 tensors narrow to f16 and bf16 two registers at a time (Triton's
// cvt.rn.f16x2.f32): registers 2i and 2i+1 go into one packed gpu.cvt,
// register 2i in the low lane; round-toward-zero too. Rounding down has no
// packed form and goes element by element.
// CHECK-LABEL: llvm.func internal @narrow_pairs
// CHECK-DAG:     %[[C0:.+]] = llvm.mlir.constant(0 : i32) : i32
// CHECK-DAG:     %[[C1:.+]] = llvm.mlir.constant(1 : i32) : i32
// CHECK:         %[[P0:.+]] = gpu.cvt %arg0, %arg1 {rounding = rn} : f32, f32 -> vector<2xf16>
// CHECK-NEXT:    %[[H0:.+]] = llvm.extractelement %[[P0]][%[[C0]] : i32] : vector<2xf16>
// CHECK-NEXT:    %[[H1:.+]] = llvm.extractelement %[[P0]][%[[C1]] : i32] : vector<2xf16>
// CHECK-NEXT:    %[[P1:.+]] = gpu.cvt %arg2, %arg3 {rounding = rn} : f32, f32 -> vector<2xf16>
// CHECK:         gpu.cvt %arg0, %arg1 {rounding = rz} : f32, f32 -> vector<2xbf16>
// CHECK:         gpu.cvt %arg2, %arg3 {rounding = rz} : f32, f32 -> vector<2xbf16>
// CHECK:         gpu.cvt %arg0 {rounding = rm} : f32 -> f16
// CHECK-NEXT:    gpu.cvt %arg1 {rounding = rm} : f32 -> f16
#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @narrow_pairs(%x: tensor<128xf32, #blocked>) -> (tensor<128xf16, #blocked>, tensor<128xbf16, #blocked>, tensor<128xf16, #blocked>) {
    %h = arith.truncf %x : tensor<128xf32, #blocked> to tensor<128xf16, #blocked>
    %b = tt.fp_to_fp %x, rounding = rtz : tensor<128xf32, #blocked> -> tensor<128xbf16, #blocked>
    %d = arith.truncf %x downward : tensor<128xf32, #blocked> to tensor<128xf16, #blocked>
    tt.return %h, %b, %d : tensor<128xf16, #blocked>, tensor<128xbf16, #blocked>, tensor<128xf16, #blocked>
  }
}

// -----

// Before sm_80 (no packed conversion) and on AMD, narrowing stays per
// element.
// CHECK-LABEL: llvm.func internal @narrow_sm75
// CHECK-NOT:     vector<2xf16>
// CHECK:         llvm.fptrunc %arg0 : f32 to f16
// CHECK-NOT:     vector<2xf16>
#blocked = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:75", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @narrow_sm75(%x: tensor<64xf32, #blocked>) -> tensor<64xf16, #blocked> {
    %h = arith.truncf %x : tensor<64xf32, #blocked> to tensor<64xf16, #blocked>
    tt.return %h : tensor<64xf16, #blocked>
  }
}

// -----

// bf16 add, sub and mul stay bf16 on NVIDIA from sm_80 on (the PTX
// emitter selects add/sub/mul.rn.bf16 on sm_90, one fma.rn.bf16 on sm_80);
// bf16 widens exactly by a shift; f32 to f16 is fptrunc (round to nearest
// even); other roundings use gpu.cvt.
// CHECK-LABEL: llvm.func internal @narrow
// CHECK:         %[[C16:.+]] = llvm.mlir.constant(16 : i32) : i32
// CHECK-NEXT:    %[[SUM:.+]] = llvm.fadd %arg0, %arg0 : bf16
// CHECK-NEXT:    %[[B0:.+]] = llvm.bitcast %arg0 : bf16 to i16
// CHECK-NEXT:    %[[Z0:.+]] = llvm.zext %[[B0]] : i16 to i32
// CHECK-NEXT:    %[[S0:.+]] = llvm.shl %[[Z0]], %[[C16]] : i32
// CHECK-NEXT:    %[[F0:.+]] = llvm.bitcast %[[S0]] : i32 to f32
// CHECK-NEXT:    %[[T:.+]] = llvm.fptrunc %arg1 : f32 to f16
// CHECK-NEXT:    %[[Z:.+]] = gpu.cvt %arg1 {rounding = rz} : f32 -> bf16
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @narrow(%h: bf16, %x: f32, %g: f16) -> (bf16, f32, f16, bf16) {
    %b = arith.addf %h, %h : bf16
    %e = arith.extf %h : bf16 to f32
    %t = arith.truncf %x : f32 to f16
    %z = tt.fp_to_fp %x, rounding = rtz : f32 -> bf16
    tt.return %b, %e, %t, %z : bf16, f32, f16, bf16
  }
}

// -----

// On gfx942, which has no bf16 arithmetic, bf16 computes in f32 and
// rounds back once (exact: f32 holds more than twice bf16's precision).
// CHECK-LABEL: llvm.func internal @narrow_amd
// CHECK:         %[[C16:.+]] = llvm.mlir.constant(16 : i32) : i32
// CHECK-NEXT:    %[[B0:.+]] = llvm.bitcast %arg0 : bf16 to i16
// CHECK-NEXT:    %[[Z0:.+]] = llvm.zext %[[B0]] : i16 to i32
// CHECK-NEXT:    %[[S0:.+]] = llvm.shl %[[Z0]], %[[C16]] : i32
// CHECK-NEXT:    %[[F0:.+]] = llvm.bitcast %[[S0]] : i32 to f32
// CHECK:         %[[SUM:.+]] = llvm.fmul %[[F0]], %{{.+}} : f32
// CHECK-NEXT:    %[[R:.+]] = gpu.cvt %[[SUM]] {rounding = rn} : f32 -> bf16
// CHECK-NEXT:    llvm.return %[[R]] : bf16
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func private @narrow_amd(%h: bf16) -> bf16 {
    %b = arith.mulf %h, %h : bf16
    tt.return %b : bf16
  }
}

// -----

// clampf propagating NaNs uses maximum/minimum; floordivsi expands, its
// remainder computed from its quotient as x - (x/y)*y (LLVM's DivRemPairs:
// x for y = 0); a multiply feeding an add in the same block contracts to
// fma.
// CHECK-LABEL: llvm.func internal @misc
// CHECK:         %[[MX:.+]] = llvm.intr.maximum(%arg0, %arg1) : (f32, f32) -> f32
// CHECK-NEXT:    %[[CL:.+]] = llvm.intr.minimum(%[[MX]], %arg2) : (f32, f32) -> f32
// CHECK-NEXT:    %[[MH:.+]] = gpu.mulhi %arg3, %arg4 {unsigned} : i32
// CHECK-NEXT:    %[[SEL:.+]] = llvm.select %arg5, %arg0, %arg1 : i1, f32
// CHECK-NEXT:    %[[Q:.+]] = llvm.sdiv %arg3, %arg4 : i32
// CHECK-NEXT:    %[[QY:.+]] = llvm.mul %[[Q]], %arg4 : i32
// CHECK-NEXT:    %[[REM:.+]] = llvm.sub %arg3, %[[QY]] : i32
// CHECK-NEXT:    %[[NZ:.+]] = llvm.icmp "ne" %[[REM]], %{{.+}} : i32
// CHECK-NEXT:    %[[NA:.+]] = llvm.icmp "slt" %arg3, %{{.+}} : i32
// CHECK-NEXT:    %[[NB:.+]] = llvm.icmp "slt" %arg4, %{{.+}} : i32
// CHECK-NEXT:    %[[DIFF:.+]] = llvm.icmp "ne" %[[NA]], %[[NB]] : i1
// CHECK-NEXT:    %[[ADJ:.+]] = llvm.and %[[NZ]], %[[DIFF]] : i1
// CHECK-NEXT:    %[[QM1:.+]] = llvm.sub %[[Q]], %{{.+}} : i32
// CHECK-NEXT:    %[[FD:.+]] = llvm.select %[[ADJ]], %[[QM1]], %[[Q]] : i1, i32
// CHECK-NEXT:    %[[FMA:.+]] = llvm.intr.fma(%arg0, %arg1, %arg2) : (f32, f32, f32) -> f32
// CHECK-NOT:     llvm.fmul
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @misc(%x: f32, %y: f32, %z: f32, %i: i32, %j: i32, %c: i1) -> (f32, i32, f32, i32, f32) {
    %cl = tt.clampf %x, %y, %z, propagateNan = all : f32
    %m = tt.mulhiui %i, %j : i32
    %s = arith.select %c, %x, %y : f32
    %q = arith.floordivsi %i, %j : i32
    %a = arith.mulf %x, %y : f32
    %f = arith.addf %a, %z : f32
    tt.return %cl, %m, %s, %q, %f : f32, i32, f32, i32, f32
  }
}

// -----

// Symmetric clamps become min[.NaN].xorsign.abs on sm_90 (Triton's clip
// pattern: lo = 0 - hi, or splat constants lo = -hi); an asymmetric one
// stays min(max). select(x < 0, (0 - x) - 1, x) is x ^ (x >> 31).
// CHECK-LABEL: llvm.func internal @clips
// CHECK:         %[[C1:.+]] = gpu.min_xorsign_abs %arg0, %arg1 : f32
// CHECK-NEXT:    %[[C2:.+]] = gpu.min_xorsign_abs %arg0, %arg1 {nan} : f32
// CHECK:         %[[C3:.+]] = gpu.min_xorsign_abs %arg0, %{{.+}} : f32
// CHECK:         %[[MX:.+]] = llvm.intr.maxnum(%arg0, %{{.+}}) : (f32, f32) -> f32
// CHECK-NEXT:    %[[C4:.+]] = llvm.intr.minnum(%[[MX]], %{{.+}}) : (f32, f32) -> f32
// CHECK:         %[[SH:.+]] = llvm.ashr %arg2, %{{.+}} : i32
// CHECK-NEXT:    %[[FL:.+]] = llvm.xor %arg2, %[[SH]] : i32
// CHECK-NOT:     llvm.select
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @clips(%x: f32, %h: f32, %i: i32) -> (f32, f32, f32, f32, i32) {
    %zero = arith.constant 0.0 : f32
    %neg = arith.subf %zero, %h : f32
    %c1 = tt.clampf %x, %neg, %h, propagateNan = none : f32
    %c2 = tt.clampf %x, %neg, %h, propagateNan = all : f32
    %lo = arith.constant -2.0 : f32
    %hi = arith.constant 2.0 : f32
    %c3 = tt.clampf %x, %lo, %hi, propagateNan = none : f32
    %lo2 = arith.constant -1.0 : f32
    %c4 = tt.clampf %x, %lo2, %hi, propagateNan = none : f32
    %c0 = arith.constant 0 : i32
    %c1i = arith.constant 1 : i32
    %isneg = arith.cmpi slt, %i, %c0 : i32
    %n = arith.subi %c0, %i : i32
    %nm1 = arith.subi %n, %c1i : i32
    %f = arith.select %isneg, %nm1, %i : i32
    tt.return %c1, %c2, %c3, %c4, %f : f32, f32, f32, f32, i32
  }
}

// -----

// A remainder is x - (x/y)*y only where its block also divides x by y.
// CHECK-LABEL: llvm.func internal @rems
// CHECK:         %[[R:.+]] = llvm.srem %arg0, %arg1 : i32
// CHECK-NEXT:    %[[Q:.+]] = llvm.udiv %arg0, %arg2 : i32
// CHECK-NEXT:    %[[QY:.+]] = llvm.mul %[[Q]], %arg2 : i32
// CHECK-NEXT:    %[[U:.+]] = llvm.sub %arg0, %[[QY]] : i32
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @rems(%x: i32, %y: i32, %z: i32) -> (i32, i32, i32) {
    %r = arith.remsi %x, %y : i32
    %q = arith.divui %x, %z : i32
    %u = arith.remui %x, %z : i32
    tt.return %r, %q, %u : i32, i32, i32
  }
}

// -----

// math.sin on f32 is libdevice's __nv_sinf (libm_f32.go): Cody-Waite in
// three fused multiply-adds and the polynomial on every register; the
// Payne-Hanek reduction (the 2/pi words, the f64 multiply) only in a
// block the thread branches to when an argument reaches 105615, whose
// results join the fast ones as block arguments. Never sin.approx.
// CHECK-LABEL: llvm.func internal @sin
// CHECK-NOT:     sin_approx
// CHECK-DAG:     %[[HUGE:.+]] = llvm.mlir.constant(1.056150e+05 : f32) : f32
// CHECK:         llvm.intr.roundeven
// CHECK-COUNT-3: llvm.intr.fma
// CHECK:         %[[BIG:.+]] = llvm.fcmp "oge" %{{.+}}, %[[HUGE]] : f32
// CHECK-NEXT:    llvm.cond_br %[[BIG]], ^[[SLOW:.+]], ^[[JOIN:.+]](%{{.+}} : f32)
// CHECK:       ^[[SLOW]]:
// CHECK:         llvm.sitofp %{{.+}} : i64 to f64
// CHECK:         llvm.br ^[[JOIN]](%{{.+}} : f32)
// CHECK:       ^[[JOIN]](%[[R:.+]]: f32):
// CHECK-NEXT:    llvm.return %[[R]] : f32
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @sin(%x: f32) -> f32 {
    %s = math.sin %x : f32
    tt.return %s : f32
  }
}

// -----

// f16 sin is __nv_sinf's algorithm on the value widened to f32, rounded
// back (as Triton's call widens and narrows), on NVIDIA and AMD alike.
// CHECK-LABEL: llvm.func internal @sin_f16
// CHECK-NOT:     sin_approx
// CHECK:         %[[W:.+]] = llvm.fpext %arg0 : f16 to f32
// CHECK:         %[[N:.+]] = llvm.fptrunc %{{.+}} : f32 to f16
// CHECK:         llvm.cond_br %{{.+}}, ^[[SLOW:.+]], ^[[JOIN:.+]](%[[N]] : f16)
// CHECK-NOT:     sin_approx
// CHECK:         llvm.return %{{.+}} : f16
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func private @sin_f16(%x: f16) -> f16 {
    %s = math.sin %x : f16
    tt.return %s : f16
  }
}
