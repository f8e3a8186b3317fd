// Float arithmetic, intrinsics and fast-math flags on f32 and f64.
module attributes {"ttg.num-warps" = 1 : i32} {
  llvm.func @f32_ops(%p: !llvm.ptr<1>, %a: f32, %b: f32, %c: f32) attributes {gpu.kernel} {
    %half = llvm.mlir.constant(5.000000e-01 : f32) : f32
    %add = llvm.fadd %a, %b : f32
    %sub = llvm.fsub %add, %half : f32
    %mul = llvm.fmul %sub, %c : f32
    %mulc = llvm.fmul %mul, %c {fastmathFlags = #llvm.fastmath<contract>} : f32
    %div = llvm.fdiv %mulc, %b : f32
    %dfast = llvm.fdiv %div, %c {fastmathFlags = #llvm.fastmath<afn>} : f32
    %rem = llvm.frem %dfast, %b : f32
    %neg = llvm.fneg %rem : f32
    %fma0 = llvm.intr.fma(%neg, %a, %b) : (f32, f32, f32) -> f32
    %fma = llvm.intr.fmuladd(%fma0, %a, %b) : (f32, f32, f32) -> f32
    %abs = llvm.intr.fabs(%fma) : (f32) -> f32
    %max = llvm.intr.maxnum(%abs, %a) : (f32, f32) -> f32
    %min = llvm.intr.minnum(%max, %b) : (f32, f32) -> f32
    %maxn = llvm.intr.maximum(%min, %a) : (f32, f32) -> f32
    %minn = llvm.intr.minimum(%maxn, %b) : (f32, f32) -> f32
    %cs = llvm.intr.copysign(%minn, %c) : (f32, f32) -> f32
    %sq = llvm.intr.sqrt(%cs) : (f32) -> f32
    %fl = llvm.intr.floor(%sq) : (f32) -> f32
    %ce = llvm.intr.ceil(%fl) : (f32) -> f32
    %tr = llvm.intr.trunc(%ce) : (f32) -> f32
    %re = llvm.intr.roundeven(%tr) : (f32) -> f32
    %ro = llvm.intr.round(%re) : (f32) -> f32
    %e2 = llvm.intr.exp2(%ro) : (f32) -> f32
    %l2 = llvm.intr.log2(%e2) : (f32) -> f32
    %ex = llvm.intr.exp(%l2) : (f32) -> f32
    %lg = llvm.intr.log(%ex) : (f32) -> f32
    %sn = llvm.intr.sin(%lg) : (f32) -> f32
    %cn = llvm.intr.cos(%sn) : (f32) -> f32
    llvm.store %cn, %p : f32, !llvm.ptr<1>
    llvm.return
  }

  llvm.func @f64_ops(%p: !llvm.ptr<1>, %a: f64, %b: f64) attributes {gpu.kernel} {
    %one = llvm.mlir.constant(1.000000e+00 : f64) : f64
    %z = llvm.mlir.zero : f64
    %u = llvm.mlir.poison : f64
    %fz = llvm.freeze %u : f64
    %add0 = llvm.fadd %a, %one : f64
    %add1 = llvm.fadd %add0, %z : f64
    %add = llvm.fadd %add1, %fz : f64
    %div = llvm.fdiv %add, %b : f64
    %rem = llvm.frem %div, %b : f64
    %fma = llvm.intr.fma(%rem, %a, %b) : (f64, f64, f64) -> f64
    %mx = llvm.intr.maximum(%fma, %a) : (f64, f64) -> f64
    %sq = llvm.intr.sqrt(%mx) : (f64) -> f64
    %ro = llvm.intr.round(%sq) : (f64) -> f64
    llvm.store %ro, %p : f64, !llvm.ptr<1>
    llvm.return
  }
}
