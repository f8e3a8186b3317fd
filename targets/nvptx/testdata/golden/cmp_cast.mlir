// Comparisons, selects and casts.
module attributes {"ttg.num-warps" = 2 : i32} {
  llvm.func @compare(%p: !llvm.ptr<1>, %a: i32, %b: i32, %x: f32, %y: f32, %q: !llvm.ptr<1>) attributes {gpu.kernel} {
    %k = llvm.mlir.constant(10 : i32) : i32
    %c0 = llvm.icmp "eq" %a, %b : i32
    %c1 = llvm.icmp "ne" %a, %k : i32
    %c2 = llvm.icmp "sle" %k, %a : i32
    %c3 = llvm.icmp "ugt" %a, %b : i32
    %c4 = llvm.icmp "uge" %a, %b : i32
    %c5 = llvm.icmp "eq" %p, %q : !llvm.ptr<1>
    %f0 = llvm.fcmp "olt" %x, %y : f32
    %f1 = llvm.fcmp "une" %x, %y : f32
    %f2 = llvm.fcmp "uno" %x, %y : f32
    %f3 = llvm.fcmp "ord" %x, %y : f32
    %f4 = llvm.fcmp "ueq" %x, %y : f32
    %f5 = llvm.fcmp "_true" %x, %y : f32
    %one = llvm.mlir.constant(1.000000e+00 : f32) : f32
    %f6 = llvm.fcmp "ogt" %one, %y : f32
    %s0 = llvm.select %c0, %a, %b : i1, i32
    %s1 = llvm.select %f0, %x, %one : i1, f32
    %s2 = llvm.select %c1, %c2, %c3 : i1, i1
    %s3 = llvm.select %f6, %p, %q : i1, !llvm.ptr<1>
    %a1 = llvm.and %s2, %c4 : i1
    %a2 = llvm.and %a1, %c5 : i1
    %a3 = llvm.or %a2, %f1 : i1
    %a4 = llvm.or %a3, %f2 : i1
    %a5 = llvm.or %a4, %f3 : i1
    %a6 = llvm.or %a5, %f4 : i1
    %a7 = llvm.and %a6, %f5 : i1
    %w = llvm.zext %a7 : i1 to i32
    %sum = llvm.add %w, %s0 : i32
    llvm.store %sum, %s3 : i32, !llvm.ptr<1>
    %g = llvm.getelementptr %p[1] : (!llvm.ptr<1>) -> !llvm.ptr<1>, f32
    llvm.store %s1, %g : f32, !llvm.ptr<1>
    llvm.return
  }

  llvm.func @casts(%p: !llvm.ptr<1>, %a: i32, %h: i16, %c: i8, %x: f32, %d: f64) attributes {gpu.kernel} {
    %sx = llvm.sext %a : i32 to i64
    %zx = llvm.zext %h : i16 to i32
    %sc = llvm.sext %c : i8 to i32
    %zc = llvm.zext %c : i8 to i16
    %tr = llvm.trunc %sx : i64 to i16
    %t8 = llvm.trunc %zc : i16 to i8
    %tb = llvm.trunc %a : i32 to i1
    %sb = llvm.sext %tb : i1 to i32
    %e = llvm.fpext %x : f32 to f64
    %t = llvm.fptrunc %d : f64 to f32
    %h1 = llvm.fptrunc %x : f32 to f16
    %b1 = llvm.fptrunc %x : f32 to bf16
    %h2 = llvm.fpext %h1 : f16 to f32
    %b2 = llvm.fpext %b1 : bf16 to f32
    %si = llvm.sitofp %a : i32 to f32
    %ui = llvm.uitofp %zx : i32 to f64
    %s8 = llvm.sitofp %c : i8 to f32
    %fb = llvm.uitofp %tb : i1 to f32
    %fs = llvm.fptosi %x : f32 to i32
    %fu = llvm.fptoui %d : f64 to i64
    %fh = llvm.fptosi %h1 : f16 to i16
    %bc = llvm.bitcast %x : f32 to i32
    %bd = llvm.bitcast %fu : i64 to f64
    %bh = llvm.bitcast %h1 : f16 to i16
    %v = llvm.bitcast %a : i32 to vector<2xf16>
    %vi = llvm.bitcast %v : vector<2xf16> to i32
    %v8 = llvm.bitcast %a : i32 to vector<4xi8>
    %i8 = llvm.bitcast %v8 : vector<4xi8> to i32
    %pi = llvm.ptrtoint %p : !llvm.ptr<1> to i64
    %ip = llvm.inttoptr %pi : i64 to !llvm.ptr<1>
    %g = llvm.addrspacecast %ip : !llvm.ptr<1> to !llvm.ptr
    %back = llvm.addrspacecast %g : !llvm.ptr to !llvm.ptr<1>
    %r0 = llvm.add %zx, %sc : i32
    %r1 = llvm.add %r0, %sb : i32
    %r2 = llvm.add %r1, %fs : i32
    %r3 = llvm.add %r2, %bc : i32
    %r4 = llvm.add %r3, %vi : i32
    %r5 = llvm.add %r4, %i8 : i32
    llvm.store %r5, %back : i32, !llvm.ptr<1>
    %f0 = llvm.fadd %t, %h2 : f32
    %f1 = llvm.fadd %f0, %b2 : f32
    %f2 = llvm.fadd %f1, %si : f32
    %f3 = llvm.fadd %f2, %s8 : f32
    %f4 = llvm.fadd %f3, %fb : f32
    %g1 = llvm.getelementptr %p[1] : (!llvm.ptr<1>) -> !llvm.ptr<1>, f32
    llvm.store %f4, %g1 : f32, !llvm.ptr<1>
    %d0 = llvm.fadd %e, %ui : f64
    %d1 = llvm.fadd %d0, %bd : f64
    %g2 = llvm.getelementptr %p[1] : (!llvm.ptr<1>) -> !llvm.ptr<1>, f64
    llvm.store %d1, %g2 : f64, !llvm.ptr<1>
    %w0 = llvm.add %tr, %fh : i16
    %w1 = llvm.add %w0, %bh : i16
    %g3 = llvm.getelementptr %p[8] : (!llvm.ptr<1>) -> !llvm.ptr<1>, i16
    llvm.store %w1, %g3 : i16, !llvm.ptr<1>
    %g4 = llvm.getelementptr %p[18] : (!llvm.ptr<1>) -> !llvm.ptr<1>, i8
    llvm.store %t8, %g4 : i8, !llvm.ptr<1>
    llvm.return
  }
}
