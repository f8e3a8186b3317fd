// RUN-TARGETS: sm_90 gfx942
// gpu.table_load: each distinct table an internal constant array (address
// space 1 on NVPTX, 4 on AMDGCN; the i64 table that both functions read
// twice is defined once), read by a getelementptr inbounds and a load
// marked !invariant.load (NVPTX's ld.global.nc).
module {
  llvm.func @table(%p: !llvm.ptr<1>, %i: i32, %l: i64) attributes {gpu.kernel} {
    %0 = gpu.table_load %i {table = array<i64: 1, -2, 81985529216486895>} : i32 -> i64
    %c1 = llvm.mlir.constant(1 : i32) : i32
    %j = llvm.add %i, %c1 : i32
    %1 = gpu.table_load %j {table = array<i64: 1, -2, 81985529216486895>} : i32 -> i64
    %2 = gpu.table_load %l {table = array<i32: 10, 20, -30, 40>} : i64 -> i32
    %x = llvm.zext %2 : i32 to i64
    %s = llvm.add %0, %1 : i64
    %r = llvm.add %s, %x : i64
    gpu.store %p, %r : !llvm.ptr<1>, i64
    llvm.return
  }
  llvm.func @again(%p: !llvm.ptr<1>, %i: i32) attributes {gpu.kernel} {
    %0 = gpu.table_load %i {table = array<i64: 1, -2, 81985529216486895>} : i32 -> i64
    gpu.store %p, %0 : !llvm.ptr<1>, i64
    llvm.return
  }
}
