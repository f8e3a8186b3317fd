// RUN-TARGETS: sm_90 gfx942
// The llvm dialect: arithmetic, casts, memory, aggregates, globals, calls
// and intrinsics.
module {
  llvm.mlir.global internal @table(dense<[1, 2, 3, 4]> : vector<4xi32>) {addr_space = 1 : i32, alignment = 16 : i64} : vector<4xi32>
  llvm.mlir.global internal constant @scale(2.500000e-01 : f32) {addr_space = 1 : i32} : f32
  llvm.mlir.global internal @scratch() {addr_space = 3 : i32, alignment = 8 : i64} : !llvm.array<64 x f32>
  llvm.func internal @helper(%a: i32, %b: f32) -> f32 {
    %0 = llvm.sitofp %a : i32 to f32
    %1 = llvm.fmul %0, %b {fastmathFlags = #llvm.fastmath<fast>} : f32
    llvm.return %1 : f32
  }
  llvm.func @ops(%p: !llvm.ptr<1>, %i: i32, %l: i64, %x: f32, %v: vector<4xf32>) attributes {gpu.kernel} {
    %c1 = llvm.mlir.constant(1 : i32) : i32
    %c3 = llvm.mlir.constant(3 : index) : i32
    %cf = llvm.mlir.constant(1.500000e+00 : f32) : f32
    %ch = llvm.mlir.constant(2.000000e+00 : f16) : f16
    %cb = llvm.mlir.constant(2.000000e+00 : bf16) : bf16
    %cv = llvm.mlir.constant(dense<0.000000e+00> : vector<4xf32>) : vector<4xf32>
    %t = llvm.mlir.constant(true) : i1
    %0 = llvm.add %i, %c1 overflow<nsw> : i32
    %1 = llvm.sub %0, %c3 : i32
    %2 = llvm.mul %1, %1 overflow<nuw> : i32
    %3 = llvm.udiv exact %2, %c3 : i32
    %4 = llvm.sdiv %3, %c3 : i32
    %5 = llvm.urem %4, %c3 : i32
    %6 = llvm.srem %5, %c3 : i32
    %7 = llvm.and %6, %i : i32
    %8 = llvm.or disjoint %7, %c1 : i32
    %9 = llvm.xor %8, %i : i32
    %10 = llvm.shl %9, %c1 : i32
    %11 = llvm.lshr %10, %c1 : i32
    %12 = llvm.ashr exact %11, %c1 : i32
    %13 = llvm.icmp "sge" %12, %i : i32
    %14 = llvm.select %13, %12, %i : i1, i32
    %15 = llvm.freeze %14 : i32
    %16 = llvm.zext %15 : i32 to i64
    %17 = llvm.sext %15 : i32 to i64
    %18 = llvm.add %16, %17 : i64
    %19 = llvm.trunc %18 : i64 to i16
    %20 = llvm.zext %19 : i16 to i32
    %21 = llvm.uitofp %20 : i32 to f32
    %22 = llvm.fadd %21, %x : f32
    %23 = llvm.fsub %22, %cf : f32
    %24 = llvm.fmul %23, %x {fastmathFlags = #llvm.fastmath<nnan, ninf>} : f32
    %25 = llvm.fdiv %24, %cf : f32
    %26 = llvm.frem %25, %cf : f32
    %27 = llvm.fneg %26 : f32
    %28 = llvm.fcmp "olt" %27, %x : f32
    %29 = llvm.fpext %27 : f32 to f64
    %30 = llvm.fptrunc %29 : f64 to f16
    %31 = llvm.fadd %30, %ch : f16
    %32 = llvm.fpext %31 : f16 to f32
    %33 = llvm.fptosi %32 : f32 to i32
    %34 = llvm.fptoui %32 : f32 to i32
    %35 = llvm.bitcast %32 : f32 to i32
    %36 = llvm.ptrtoint %p : !llvm.ptr<1> to i64
    %37 = llvm.inttoptr %36 : i64 to !llvm.ptr<1>
    %38 = llvm.addrspacecast %37 : !llvm.ptr<1> to !llvm.ptr
    %39 = llvm.getelementptr inbounds %p[%33] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %40 = llvm.load %39 {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    llvm.store %40, %39 : f32, !llvm.ptr<1>
    %41 = llvm.mlir.addressof @scratch : !llvm.ptr<3>
    %42 = llvm.getelementptr %41[0, %34] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, !llvm.array<64 x f32>
    llvm.store volatile %40, %42 {alignment = 4 : i64} : f32, !llvm.ptr<3>
    %43 = llvm.mlir.addressof @table : !llvm.ptr<1>
    %44 = llvm.load %43 {alignment = 16 : i64} : !llvm.ptr<1> -> vector<4xi32>
    %45 = llvm.extractelement %44[%c1 : i32] : vector<4xi32>
    %46 = llvm.insertelement %x, %v[%c3 : i32] : vector<4xf32>
    %47 = llvm.mlir.undef : !llvm.struct<(i32, f32)>
    %48 = llvm.insertvalue %45, %47[0] : !llvm.struct<(i32, f32)> 
    %49 = llvm.insertvalue %40, %48[1] : !llvm.struct<(i32, f32)> 
    %50 = llvm.extractvalue %49[1] : !llvm.struct<(i32, f32)> 
    %51 = llvm.call @helper(%35, %50) : (i32, f32) -> f32
    %52 = llvm.intr.fma(%51, %x, %cf) : (f32, f32, f32) -> f32
    %53 = llvm.intr.maxnum(%52, %x) : (f32, f32) -> f32
    %54 = llvm.intr.fabs(%53) : (f32) -> f32
    %55 = llvm.intr.smax(%45, %i) : (i32, i32) -> i32
    %56 = llvm.intr.umin(%l, %l) : (i64, i64) -> i64
    %57 = llvm.intr.fma(%46, %46, %cv) : (vector<4xf32>, vector<4xf32>, vector<4xf32>) -> vector<4xf32>
    %58 = llvm.mlir.addressof @scale : !llvm.ptr<1>
    %59 = llvm.load %58 : !llvm.ptr<1> -> f32
    %60 = llvm.atomicrmw fadd %p, %59 monotonic : !llvm.ptr<1>, f32
    %61 = llvm.cmpxchg %p, %55, %45 acq_rel monotonic : !llvm.ptr<1>, i32
    %62 = llvm.extractvalue %61[0] : !llvm.struct<(i32, i1)> 
    llvm.fence syncscope("agent") acq_rel
    %63 = llvm.mlir.zero : !llvm.ptr<1>
    %64 = llvm.icmp "eq" %p, %63 : !llvm.ptr<1>
    %65 = llvm.select %64, %54, %60 : i1, f32
    %66 = llvm.select %28, %65, %x : i1, f32
    llvm.store %66, %p : f32, !llvm.ptr<1>
    llvm.store %57, %p {alignment = 16 : i64} : vector<4xf32>, !llvm.ptr<1>
    llvm.store %62, %p : i32, !llvm.ptr<1>
    llvm.store %56, %p : i64, !llvm.ptr<1>
    llvm.store %cb, %p : bf16, !llvm.ptr<1>
    llvm.store %t, %p : i1, !llvm.ptr<1>
    %67 = llvm.load %38 : !llvm.ptr -> i32
    llvm.store %67, %p : i32, !llvm.ptr<1>
    llvm.return
  }
}
