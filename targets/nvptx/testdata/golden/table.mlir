// gpu.table_load: each distinct table is one .global array of the module
// (the i64 table read by both kernels and twice in @table is declared
// once; the i32 table apart), the element's address the symbol plus the
// index times the element size (mad.wide.s32 for an i32 index, mad.lo.s64
// for an i64 one, an add for a constant), and the load ld.global.nc.
module attributes {"ttg.num-warps" = 1 : i32} {
  llvm.func @table(%p: !llvm.ptr<1>, %i: i32, %l: i64) attributes {gpu.kernel} {
    %0 = gpu.table_load %i {table = array<i64: 1, -2, 81985529216486895>} : i32 -> i64
    %c1 = llvm.mlir.constant(1 : i32) : i32
    %j = llvm.add %i, %c1 : i32
    %1 = gpu.table_load %j {table = array<i64: 1, -2, 81985529216486895>} : i32 -> i64
    %2 = gpu.table_load %l {table = array<i32: 10, 20, -30, 40>} : i64 -> i32
    %c2 = llvm.mlir.constant(2 : i32) : i32
    %3 = gpu.table_load %c2 {table = array<i32: 10, 20, -30, 40>} : i32 -> i32
    %s = llvm.add %0, %1 : i64
    %w = llvm.add %2, %3 : i32
    %x = llvm.zext %w : i32 to i64
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
