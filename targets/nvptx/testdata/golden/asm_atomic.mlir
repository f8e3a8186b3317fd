// Triton-style inline PTX, and LLVM atomics.
module attributes {"ttg.num-warps" = 4 : i32} {
  llvm.func @inline_asm(%p: !llvm.ptr<1>, %m: i1, %f: f32) attributes {gpu.kernel} {
    %s = gpu.shared_base : !llvm.ptr<3>
    %other = llvm.mlir.constant(-8388608 : i32) : i32
    %v = llvm.inline_asm has_side_effects asm_dialect = att operand_attrs = [] "mov.u32 $0, $2;\0A\09mov.u32 $1, $3;\0A\09@$5 ld.global.v2.b32 { $0, $1 }, [ $4 + 0 ];", "=r,=r,r,r,l,b" %other, %other, %p, %m : (i32, i32, !llvm.ptr<1>, i1) -> !llvm.struct<(i32, i32)>
    %a = llvm.extractvalue %v[0] : !llvm.struct<(i32, i32)>
    %b = llvm.extractvalue %v[1] : !llvm.struct<(i32, i32)>
    %fa = llvm.bitcast %a : i32 to f32
    %sum = llvm.fadd %fa, %f : f32
    %vec = llvm.mlir.undef : vector<1xf32>
    %k0 = llvm.mlir.constant(0 : i32) : i32
    %vec1 = llvm.insertelement %sum, %vec[%k0 : i32] : vector<1xf32>
    llvm.inline_asm has_side_effects asm_dialect = att operand_attrs = [] "@$2 st.shared.b32 [ $0 + 0 ], $1;", "r,r,b" %s, %vec1, %m : (!llvm.ptr<3>, vector<1xf32>, i1) -> !llvm.void
    // An f32 result through an "=r" output, a tied input, an immediate.
    %r = llvm.inline_asm "add.s32 $0, $1, $2;", "=r,0,n" %b, %k0 : (i32, i32) -> f32
    %h = llvm.inline_asm "cvt.rn.f16x2.f32 $0, $1, $2;", "=r,r,r" %r, %f : (f32, f32) -> vector<2xf16>
    %w = llvm.bitcast %h : vector<2xf16> to i32
    llvm.store %w, %p : i32, !llvm.ptr<1>
    // An i8 result through an "=r" output (tl.inline_asm_elementwise with
    // dtype=int8, pack=1): the register's low byte.
    %c = llvm.inline_asm has_side_effects "ld.global.b8 $0, [$1];\0A\09shl.b32 $0, $0, 3;", "=r,l" %p : (!llvm.ptr<1>) -> i8
    llvm.store %c, %p : i8, !llvm.ptr<1>
    // An assumption states nothing in PTX.
    %pos = llvm.icmp "sgt" %b, %k0 : i32
    llvm.intr.assume %pos : i1
    llvm.return
  }

  llvm.func @atomics(%p: !llvm.ptr<1>, %x: i32, %f: f32, %d: i64) attributes {gpu.kernel} {
    %s = gpu.shared_base : !llvm.ptr<3>
    %0 = llvm.atomicrmw add %p, %x monotonic : !llvm.ptr<1>, i32
    %1 = llvm.atomicrmw fadd %p, %f syncscope("agent") acq_rel : !llvm.ptr<1>, f32
    %2 = llvm.atomicrmw umax %s, %x syncscope("workgroup") acquire : !llvm.ptr<3>, i32
    %3 = llvm.atomicrmw xchg %p, %d release : !llvm.ptr<1>, i64
    %4 = llvm.atomicrmw sub %p, %x seq_cst : !llvm.ptr<1>, i32
    %5 = llvm.cmpxchg %p, %x, %0 acq_rel monotonic : !llvm.ptr<1>, i32
    %old = llvm.extractvalue %5[0] : !llvm.struct<(i32, i1)>
    %ok = llvm.extractvalue %5[1] : !llvm.struct<(i32, i1)>
    llvm.fence syncscope("agent") acq_rel
    llvm.fence seq_cst
    %sel = llvm.select %ok, %old, %2 : i1, i32
    %sum = llvm.add %sel, %4 : i32
    llvm.store %sum, %p : i32, !llvm.ptr<1>
    %g = llvm.getelementptr %p[1] : (!llvm.ptr<1>) -> !llvm.ptr<1>, f32
    llvm.store %1, %g : f32, !llvm.ptr<1>
    %g2 = llvm.getelementptr %p[1] : (!llvm.ptr<1>) -> !llvm.ptr<1>, i64
    llvm.store %3, %g2 : i64, !llvm.ptr<1>
    llvm.return
  }
}
