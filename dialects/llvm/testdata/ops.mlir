module {
  llvm.mlir.global external @global_smem() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<0 x i8>
  llvm.mlir.global internal constant @str("hi\0A\00") {addr_space = 0 : i32}
  llvm.mlir.global private @counter(0 : i32) {addr_space = 1 : i32} : i32
  llvm.func @vprintf(!llvm.ptr, !llvm.ptr) -> i32
  llvm.func @printf(!llvm.ptr, ...) -> i32
  llvm.func internal @helper(%arg0: i32 {llvm.noundef}) -> i32 attributes {no_inline} {
    llvm.return %arg0 : i32
  }
  llvm.func ptx_kernelcc @all_ops(%arg0: !llvm.ptr<1>, %arg1: i32, %arg2: f32, %arg3: i1, %arg4: vector<4xf32>, %arg5: i64) attributes {nvvm.kernel = 1 : ui1} {
    %0 = llvm.mlir.constant(7 : i32) : i32
    %1 = llvm.mlir.constant(1.500000e+00 : f32) : f32
    %2 = llvm.mlir.constant(dense<0.000000e+00> : vector<4xf32>) : vector<4xf32>
    %3 = llvm.mlir.undef : !llvm.struct<(i32, f32)>
    %4 = llvm.mlir.poison : i32
    %5 = llvm.mlir.zero : !llvm.ptr
    %6 = llvm.mlir.addressof @global_smem : !llvm.ptr<3>
    %7 = llvm.add %arg1, %0 : i32
    %8 = llvm.add %arg1, %0 overflow<nsw, nuw> : i32
    %9 = llvm.sub %7, %8 overflow<nsw> : i32
    %10 = llvm.mul %9, %0 : i32
    %11 = llvm.udiv exact %10, %0 : i32
    %12 = llvm.sdiv %10, %0 : i32
    %13 = llvm.urem %11, %0 : i32
    %14 = llvm.srem %12, %0 : i32
    %15 = llvm.and %13, %14 : i32
    %16 = llvm.or disjoint %15, %0 : i32
    %17 = llvm.xor %16, %0 : i32
    %18 = llvm.shl %17, %0 : i32
    %19 = llvm.lshr exact %18, %0 : i32
    %20 = llvm.ashr %19, %0 : i32
    %21 = llvm.fadd %arg2, %1 : f32
    %22 = llvm.fsub %21, %1 {fastmathFlags = #llvm.fastmath<fast>} : f32
    %23 = llvm.fmul %22, %1 {fastmathFlags = #llvm.fastmath<nnan, ninf>} : f32
    %24 = llvm.fdiv %23, %1 : f32
    %25 = llvm.frem %24, %1 : f32
    %26 = llvm.fneg %25 : f32
    %27 = llvm.icmp "ult" %20, %arg1 : i32
    %28 = llvm.fcmp "olt" %26, %arg2 : f32
    %29 = llvm.select %27, %20, %arg1 : i1, i32
    %30 = llvm.freeze %29 : i32
    %31 = llvm.sext %30 : i32 to i64
    %32 = llvm.zext nneg %30 : i32 to i64
    %33 = llvm.trunc %31 overflow<nuw> : i64 to i16
    %34 = llvm.fpext %arg2 : f32 to f64
    %35 = llvm.fptrunc %34 : f64 to f16
    %36 = llvm.sitofp %30 : i32 to f32
    %37 = llvm.uitofp nneg %30 : i32 to f32
    %38 = llvm.fptosi %36 : f32 to i32
    %39 = llvm.fptoui %37 : f32 to i32
    %40 = llvm.ptrtoint %arg0 : !llvm.ptr<1> to i64
    %41 = llvm.inttoptr %40 : i64 to !llvm.ptr<1>
    %42 = llvm.addrspacecast %41 : !llvm.ptr<1> to !llvm.ptr
    %43 = llvm.bitcast %arg2 : f32 to i32
    %44 = llvm.getelementptr %arg0[%arg1] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %45 = llvm.getelementptr inbounds %arg0[0, 1] : (!llvm.ptr<1>) -> !llvm.ptr<1>, !llvm.struct<(i32, f32)>
    %46 = llvm.getelementptr inbounds | nuw %6[%arg5, 3] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, !llvm.array<4 x i32>
    %47 = llvm.load %44 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %48 = llvm.load volatile %46 : !llvm.ptr<3> -> i32
    %49 = llvm.load %44 atomic syncscope("agent") acquire {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    llvm.store %47, %44 : f32, !llvm.ptr<1>
    llvm.store %48, %46 atomic release {alignment = 4 : i64} : i32, !llvm.ptr<3>
    %50 = llvm.insertvalue %30, %3[0] : !llvm.struct<(i32, f32)> 
    %51 = llvm.extractvalue %50[1] : !llvm.struct<(i32, f32)> 
    %52 = llvm.extractelement %arg4[%arg1 : i32] : vector<4xf32>
    %53 = llvm.insertelement %52, %2[%0 : i32] : vector<4xf32>
    %54 = llvm.atomicrmw fadd %44, %arg2 acq_rel : !llvm.ptr<1>, f32
    %55 = llvm.atomicrmw volatile _and %46, %48 syncscope("workgroup") monotonic {alignment = 4 : i64} : !llvm.ptr<3>, i32
    %56 = llvm.cmpxchg %46, %48, %30 acq_rel monotonic : !llvm.ptr<3>, i32
    llvm.fence syncscope("agent") release
    %57 = llvm.call @helper(%30) : (i32) -> i32
    %58 = llvm.call @printf(%5, %30) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i32) -> i32
    %59 = llvm.call_intrinsic "llvm.nvvm.ex2.approx.f"(%arg2) : (f32) -> f32
    llvm.call_intrinsic "llvm.nvvm.barrier0"() : () -> ()
    %60 = llvm.inline_asm has_side_effects asm_dialect = att operand_attrs = [] "mov.u32 $0, %laneid;", "=r"  : () -> i32
    %61 = llvm.inline_asm "add.f32 $0, $1, $2;", "=f,f,f" %arg2, %1 : (f32, f32) -> f32
    %62 = llvm.intr.fma(%arg2, %1, %1) : (f32, f32, f32) -> f32
    %63 = llvm.intr.fmuladd(%arg2, %1, %1) : (f32, f32, f32) -> f32
    %64 = llvm.intr.maxnum(%arg2, %1) : (f32, f32) -> f32
    %65 = llvm.intr.minnum(%arg2, %1) : (f32, f32) -> f32
    %66 = llvm.intr.maximum(%arg2, %1) {fastmathFlags = #llvm.fastmath<nnan>} : (f32, f32) -> f32
    %67 = llvm.intr.minimum(%arg2, %1) : (f32, f32) -> f32
    %68 = llvm.intr.copysign(%arg2, %1) : (f32, f32) -> f32
    %69 = llvm.intr.pow(%arg2, %1) : (f32, f32) -> f32
    %70 = llvm.intr.fabs(%arg2) : (f32) -> f32
    %71 = llvm.intr.sqrt(%arg2) : (f32) -> f32
    llvm.intr.assume %27 : i1
    %72 = llvm.intr.exp(%arg2) : (f32) -> f32
    %73 = llvm.intr.exp2(%arg2) : (f32) -> f32
    %74 = llvm.intr.log(%arg2) : (f32) -> f32
    %75 = llvm.intr.log2(%arg2) : (f32) -> f32
    %76 = llvm.intr.sin(%arg2) : (f32) -> f32
    %77 = llvm.intr.cos(%arg2) : (f32) -> f32
    %78 = llvm.intr.floor(%arg2) : (f32) -> f32
    %79 = llvm.intr.ceil(%arg2) : (f32) -> f32
    %80 = llvm.intr.round(%arg2) : (f32) -> f32
    %81 = llvm.intr.roundeven(%arg2) : (f32) -> f32
    %82 = llvm.intr.trunc(%arg2) : (f32) -> f32
    %83 = llvm.intr.smax(%arg1, %0) : (i32, i32) -> i32
    %84 = llvm.intr.smin(%arg1, %0) : (i32, i32) -> i32
    %85 = llvm.intr.umax(%arg1, %0) : (i32, i32) -> i32
    %86 = llvm.intr.umin(%arg1, %0) : (i32, i32) -> i32
    %87 = llvm.intr.ctpop(%arg1) : (i32) -> i32
    %88 = llvm.intr.bitreverse(%arg1) : (i32) -> i32
    %89 = llvm.intr.bswap(%arg1) : (i32) -> i32
    %90 = llvm.intr.fshl(%arg1, %0, %0) : (i32, i32, i32) -> i32
    %91 = llvm.intr.fshr(%arg1, %0, %0) : (i32, i32, i32) -> i32
    llvm.cond_br %arg3 weights([1, 99]), ^bb1(%30 : i32), ^bb2
  ^bb1(%92: i32):  // pred: ^bb0
    llvm.br ^bb3(%92, %arg2 : i32, f32)
  ^bb2:  // pred: ^bb0
    llvm.br ^bb3(%arg1, %1 : i32, f32)
  ^bb3(%93: i32, %94: f32):  // 2 preds: ^bb1, ^bb2
    llvm.switch %93 : i32, ^bb4 [
      0: ^bb5,
      7: ^bb6(%94 : f32)
    ]
  ^bb4:  // 2 preds: ^bb3, ^bb6
    llvm.unreachable
  ^bb5:  // 2 preds: ^bb3, ^bb6
    llvm.return
  ^bb6(%95: f32):  // pred: ^bb3
    llvm.cond_br %28, ^bb4, ^bb5
  }
}
