// ARCH: sm_80
// ARCH: sm_90
// f16 and bf16: native where the architecture has the instruction (bf16
// add/sub/mul and compares need sm_90; sm_80 uses fma or f32).
module attributes {"ttg.num-warps" = 4 : i32} {
  llvm.func @half(%p: !llvm.ptr<1>, %a: f16, %b: f16, %x: bf16, %y: bf16, %i: i32) attributes {gpu.kernel} {
    %ha = llvm.fadd %a, %b : f16
    %hm = llvm.fmul %ha, %b : f16
    %hd = llvm.fdiv %hm, %a : f16
    %hn = llvm.fneg %hd : f16
    %hx = llvm.intr.maxnum(%hn, %a) : (f16, f16) -> f16
    %hf = llvm.intr.fma(%hx, %a, %b) : (f16, f16, f16) -> f16
    %hc = llvm.fcmp "olt" %hf, %a : f16
    %hs = llvm.select %hc, %hf, %b : i1, f16
    %ba = llvm.fadd %x, %y : bf16
    %bs = llvm.fsub %ba, %y : bf16
    %bm = llvm.fmul %bs, %x : bf16
    %bf = llvm.intr.fma(%bm, %x, %y) : (bf16, bf16, bf16) -> bf16
    %bq = llvm.fdiv %bf, %y : bf16
    %bx = llvm.intr.minimum(%bq, %x) : (bf16, bf16) -> bf16
    %bc = llvm.fcmp "oge" %bx, %y : bf16
    %ab = llvm.intr.fabs(%bx) : (bf16) -> bf16
    %bsel = llvm.select %bc, %ab, %y : i1, bf16
    %ib = llvm.sitofp %i : i32 to bf16
    %bi = llvm.fptosi %bsel : bf16 to i32
    %sum = llvm.fadd %bsel, %ib : bf16
    %e = gpu.ex2_approx %sum : bf16
    %g = llvm.getelementptr %p[1] : (!llvm.ptr<1>) -> !llvm.ptr<1>, f16
    llvm.store %hs, %p : f16, !llvm.ptr<1>
    llvm.store %e, %g : bf16, !llvm.ptr<1>
    %g2 = llvm.getelementptr %p[1] : (!llvm.ptr<1>) -> !llvm.ptr<1>, i32
    llvm.store %bi, %g2 : i32, !llvm.ptr<1>
    llvm.return
  }
}
