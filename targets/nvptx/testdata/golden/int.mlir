// Integer arithmetic on i8, i16, i32, i64 and i1; constants as immediates.
module attributes {"ttg.num-warps" = 1 : i32} {
  llvm.func @int_ops(%p: !llvm.ptr<1>, %a: i32, %b: i32, %c: i64, %d: i64) attributes {gpu.kernel} {
    %k7 = llvm.mlir.constant(7 : i32) : i32
    %add = llvm.add %a, %b : i32
    %sub = llvm.sub %add, %k7 : i32
    %mul = llvm.mul %sub, %b : i32
    %udiv = llvm.udiv %mul, %b : i32
    %sdiv = llvm.sdiv %udiv, %k7 : i32
    %urem = llvm.urem %sdiv, %b : i32
    %srem = llvm.srem %urem, %a : i32
    %and = llvm.and %srem, %k7 : i32
    %or = llvm.or %and, %a : i32
    %xor = llvm.xor %or, %b : i32
    %shl = llvm.shl %xor, %a : i32
    %lshr = llvm.lshr %shl, %k7 : i32
    %ashr = llvm.ashr %lshr, %b : i32
    %smax = llvm.intr.smax(%ashr, %a) : (i32, i32) -> i32
    %smin = llvm.intr.smin(%smax, %b) : (i32, i32) -> i32
    %umax = llvm.intr.umax(%smin, %a) : (i32, i32) -> i32
    %umin = llvm.intr.umin(%umax, %b) : (i32, i32) -> i32
    %pop = llvm.intr.ctpop(%umin) : (i32) -> i32
    %rev = llvm.intr.bitreverse(%pop) : (i32) -> i32
    %bsw = llvm.intr.bswap(%rev) : (i32) -> i32
    %fsl = llvm.intr.fshl(%bsw, %a, %b) : (i32, i32, i32) -> i32
    %fsr = llvm.intr.fshr(%fsl, %a, %k7) : (i32, i32, i32) -> i32
    %q = llvm.getelementptr %p[0] : (!llvm.ptr<1>) -> !llvm.ptr<1>, i32
    llvm.store %fsr, %q : i32, !llvm.ptr<1>
    // 64-bit: the shift amount is always a .u32 operand.
    %c3 = llvm.add %c, %d : i64
    %c4 = llvm.mul %c3, %d : i64
    %c5 = llvm.shl %c4, %d : i64
    %c6 = llvm.sdiv %c5, %d : i64
    %c7 = llvm.intr.ctpop(%c6) : (i64) -> i64
    %q64 = llvm.getelementptr %p[2] : (!llvm.ptr<1>) -> !llvm.ptr<1>, i32
    llvm.store %c7, %q64 : i64, !llvm.ptr<1>
    llvm.return
  }

  llvm.func @narrow_ops(%p: !llvm.ptr<1>, %a: i8, %b: i8, %h: i16) attributes {gpu.kernel} {
    // i8 lives in 16-bit registers; division, right shifts and
    // comparisons extend it first.
    %add = llvm.add %a, %b : i8
    %div = llvm.sdiv %add, %b : i8
    %udiv = llvm.udiv %div, %a : i8
    %shr = llvm.lshr %udiv, %b : i8
    %ashr = llvm.ashr %shr, %a : i8
    %k = llvm.mlir.constant(-1 : i8) : i8
    %u = llvm.udiv %ashr, %k : i8
    llvm.store %u, %p : i8, !llvm.ptr<1>
    %h2 = llvm.mul %h, %h : i16
    %h3 = llvm.lshr %h2, %h : i16
    %q = llvm.getelementptr %p[2] : (!llvm.ptr<1>) -> !llvm.ptr<1>, i8
    llvm.store %h3, %q : i16, !llvm.ptr<1>
    llvm.return
  }

  llvm.func @bool_ops(%p: !llvm.ptr<1>, %a: i32, %b: i32) attributes {gpu.kernel} {
    // i1 arithmetic is predicate logic.
    %x = llvm.icmp "slt" %a, %b : i32
    %y = llvm.icmp "eq" %a, %b : i32
    %and = llvm.and %x, %y : i1
    %or = llvm.or %and, %x : i1
    %xor = llvm.xor %or, %y : i1
    %add = llvm.add %xor, %x : i1
    %t = llvm.mlir.constant(true) : i1
    %nt = llvm.xor %add, %t : i1
    %eq = llvm.icmp "eq" %nt, %x : i1
    %ult = llvm.icmp "ult" %eq, %y : i1
    %slt = llvm.icmp "slt" %ult, %y : i1
    llvm.store %slt, %p : i1, !llvm.ptr<1>
    llvm.return
  }
}
