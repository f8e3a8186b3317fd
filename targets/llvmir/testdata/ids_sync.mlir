// RUN-TARGETS: sm_90 gfx942
// Thread indices, lanes, barriers, shuffles and ballots.
module attributes {"ttg.num-warps" = 4 : i32} {
  llvm.func @ids(%out: !llvm.ptr<1>, %x: f32, %v: i32, %h: vector<2xf16>, %p: i1) attributes {gpu.kernel} {
    %tid = gpu.thread_id x : i32
    %tidy = gpu.thread_id y : i32
    %bid = gpu.block_id x : i32
    %bidz = gpu.block_id z : i32
    %nb = gpu.grid_dim x : i32
    %nt = gpu.block_dim x : i32
    %lane = gpu.lane_id : i32
    %smem = gpu.shared_base : !llvm.ptr<3>
    gpu.barrier
    %c1 = llvm.mlir.constant(1 : i32) : i32
    %c16 = llvm.mlir.constant(16 : i32) : i32
    %s0 = gpu.shuffle xor %x, %c1, %c16 : f32
    %s1 = gpu.shuffle up %v, %c1, %c16 : i32
    %s2 = gpu.shuffle down %h, %c1, %nt : vector<2xf16>
    %s3 = gpu.shuffle idx %x, %lane, %c16 : f32
    %m = gpu.ballot %p : i32
    %m64 = gpu.ballot %p : i64
    %a = llvm.add %tid, %tidy : i32
    %b = llvm.add %a, %bid : i32
    %c = llvm.add %b, %bidz : i32
    %d = llvm.add %c, %nb : i32
    %e = llvm.add %d, %lane : i32
    %f = llvm.add %e, %s1 : i32
    %g = llvm.add %f, %m : i32
    %g64 = llvm.trunc %m64 : i64 to i32
    %sum = llvm.add %g, %g64 : i32
    %ptr = llvm.getelementptr %out[%tid] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, i32
    gpu.store %ptr, %sum : !llvm.ptr<1>, i32
    %fs = llvm.fadd %s0, %s3 : f32
    gpu.store %smem, %fs : !llvm.ptr<3>, f32
    %hp = llvm.getelementptr %smem[1] : (!llvm.ptr<3>) -> !llvm.ptr<3>, vector<2xf16>
    gpu.store %hp, %s2 : !llvm.ptr<3>, vector<2xf16>
    llvm.return
  }
}
