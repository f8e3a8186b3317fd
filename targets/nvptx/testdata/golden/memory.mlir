// Address arithmetic, loads and stores in every state space, aggregates.
module attributes {"ttg.num-warps" = 4 : i32, ttg.shared = 1024 : i32} {
  llvm.mlir.global external @global_smem() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<0 x i8>
  llvm.mlir.global internal constant @table("abc\00") {addr_space = 1 : i32} : !llvm.array<4 x i8>
  llvm.func @memory(%p: !llvm.ptr<1>, %i: i32, %j: i64, %g: !llvm.ptr) attributes {gpu.kernel} {
    // GEPs: 32-bit index (mad.wide), 64-bit index, constant, struct field.
    %a = llvm.getelementptr %p[%i] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %b = llvm.getelementptr %a[%j] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, f64
    %c = llvm.getelementptr %b[1, 2] : (!llvm.ptr<1>) -> !llvm.ptr<1>, !llvm.struct<(i32, i8, f64)>
    %d = llvm.getelementptr %c[%i, 1] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, !llvm.array<4 x i16>
    %x = llvm.load %d {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %v = llvm.load volatile %a : !llvm.ptr<1> -> vector<4xf32>
    %e0 = llvm.extractelement %v[%i : i32] : vector<4xf32>
    %k2 = llvm.mlir.constant(2 : i32) : i32
    %e2 = llvm.extractelement %v[%k2 : i32] : vector<4xf32>
    %s = llvm.fadd %e0, %e2 : f32
    %s2 = llvm.fadd %s, %x : f32
    %v2 = llvm.insertelement %s2, %v[%k2 : i32] : vector<4xf32>
    %v3 = llvm.insertelement %s, %v2[%i : i32] : vector<4xf32>
    llvm.store %v3, %a : vector<4xf32>, !llvm.ptr<1>
    // Shared memory: 32-bit addresses.
    %smem = llvm.mlir.addressof @global_smem : !llvm.ptr<3>
    %sp = llvm.getelementptr %smem[%i] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f32
    %sj = llvm.getelementptr %sp[%j] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, i8
    llvm.store %s2, %sp : f32, !llvm.ptr<3>
    %y = llvm.load %sj : !llvm.ptr<3> -> i16
    %gs = llvm.addrspacecast %sp : !llvm.ptr<3> to !llvm.ptr
    %z = llvm.load %gs : !llvm.ptr -> i16
    %yz = llvm.add %y, %z : i16
    llvm.store %yz, %g : i16, !llvm.ptr
    %back = llvm.addrspacecast %gs : !llvm.ptr to !llvm.ptr<3>
    %t = llvm.mlir.addressof @table : !llvm.ptr<1>
    %ch = llvm.load %t : !llvm.ptr<1> -> i8
    llvm.store %ch, %back : i8, !llvm.ptr<3>
    // i1 is a byte in memory; atomic orderings become .relaxed/.acquire.
    %flag = llvm.load %p : !llvm.ptr<1> -> i1
    %nf = llvm.xor %flag, %flag : i1
    llvm.store %nf, %p : i1, !llvm.ptr<1>
    %acq = llvm.load %p atomic syncscope("agent") acquire {alignment = 4 : i64} : !llvm.ptr<1> -> i32
    llvm.store %acq, %p atomic release {alignment = 4 : i64} : i32, !llvm.ptr<1>
    // Structs: members in registers, stored field by field.
    %u = llvm.mlir.undef : !llvm.struct<(i32, f32, i64)>
    %u1 = llvm.insertvalue %acq, %u[0] : !llvm.struct<(i32, f32, i64)>
    %u2 = llvm.insertvalue %s, %u1[1] : !llvm.struct<(i32, f32, i64)>
    %u3 = llvm.insertvalue %j, %u2[2] : !llvm.struct<(i32, f32, i64)>
    %f1 = llvm.extractvalue %u3[1] : !llvm.struct<(i32, f32, i64)>
    llvm.store %u3, %b : !llvm.struct<(i32, f32, i64)>, !llvm.ptr<1>
    llvm.store %f1, %c : f32, !llvm.ptr<1>
    llvm.return
  }
}
