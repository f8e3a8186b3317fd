// RUN-TARGETS: sm_80 sm_90 gfx942
// vector_add as the ttg -> gpu+llvm conversion produces it (4 warps, 8
// f32 per thread in two v4 accesses).
module attributes {"ttg.num-warps" = 4 : i32, ttg.shared = 0 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  llvm.func @add_kernel(%x: !llvm.ptr<1>, %y: !llvm.ptr<1>, %out: !llvm.ptr<1>, %n: i32) attributes {gpu.kernel} {
    %c1024 = llvm.mlir.constant(1024 : i32) : i32
    %c4 = llvm.mlir.constant(4 : i32) : i32
    %c512 = llvm.mlir.constant(512 : i32) : i32
    %c127 = llvm.mlir.constant(127 : i32) : i32
    %pid = gpu.block_id x : i32
    %tid = gpu.thread_id x : i32
    %base = llvm.mul %pid, %c1024 : i32
    %t = llvm.and %tid, %c127 : i32
    %t4 = llvm.mul %t, %c4 : i32
    %o0 = llvm.add %base, %t4 : i32
    %o1 = llvm.add %o0, %c512 : i32
    %m0 = llvm.icmp "slt" %o0, %n : i32
    %m1 = llvm.icmp "slt" %o1, %n : i32
    %px0 = llvm.getelementptr %x[%o0] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %px1 = llvm.getelementptr %x[%o1] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %py0 = llvm.getelementptr %y[%o0] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %py1 = llvm.getelementptr %y[%o1] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %a:4 = gpu.load %px0, %m0 {space = global} : !llvm.ptr<1> -> f32, f32, f32, f32
    %b:4 = gpu.load %px1, %m1 {space = global} : !llvm.ptr<1> -> f32, f32, f32, f32
    %c:4 = gpu.load %py0, %m0 {space = global} : !llvm.ptr<1> -> f32, f32, f32, f32
    %d:4 = gpu.load %py1, %m1 {space = global} : !llvm.ptr<1> -> f32, f32, f32, f32
    %s0 = llvm.fadd %a#0, %c#0 : f32
    %s1 = llvm.fadd %a#1, %c#1 : f32
    %s2 = llvm.fadd %a#2, %c#2 : f32
    %s3 = llvm.fadd %a#3, %c#3 : f32
    %s4 = llvm.fadd %b#0, %d#0 : f32
    %s5 = llvm.fadd %b#1, %d#1 : f32
    %s6 = llvm.fadd %b#2, %d#2 : f32
    %s7 = llvm.fadd %b#3, %d#3 : f32
    %po0 = llvm.getelementptr %out[%o0] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %po1 = llvm.getelementptr %out[%o1] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    gpu.store %po0, %m0, %s0, %s1, %s2, %s3 {space = global} : !llvm.ptr<1>, f32, f32, f32, f32
    gpu.store %po1, %m1, %s4, %s5, %s6, %s7 {space = global} : !llvm.ptr<1>, f32, f32, f32, f32
    llvm.return
  }
}
