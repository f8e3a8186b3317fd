// RUN-TARGETS: sm_80 sm_90
// bf16 add, sub and mul (the conversion keeps them bf16 from sm_80 on):
// inline PTX, sm_90's add/sub/mul.rn.bf16 and sm_80's one fma.rn.bf16
// each, as tt's PTX emitter prints them.
module {
  llvm.func @bf16_arith(%g: !llvm.ptr<1>, %a: bf16, %b: bf16) attributes {gpu.kernel} {
    %s = llvm.fadd %a, %b : bf16
    %d = llvm.fsub %s, %b : bf16
    %m = llvm.fmul %d, %a : bf16
    gpu.store %g, %m : !llvm.ptr<1>, bf16
    llvm.return
  }
}
