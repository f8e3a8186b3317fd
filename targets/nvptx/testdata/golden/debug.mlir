// Device printf (vprintf) and assert (__assertfail).
module attributes {"ttg.num-warps" = 1 : i32} {
  llvm.func @debug(%p: !llvm.ptr<1>, %x: f32, %i: i32, %h: i16, %b: i1) attributes {gpu.kernel} {
    %pid = gpu.block_id x : i32
    gpu.printf "pid %d: x=%f i=%d h=%d b=%d p=%p\n", %pid, %x, %i, %h, %b, %p : i32, f32, i32, i16, i1, !llvm.ptr<1>
    gpu.printf "no arguments\n"
    %c = llvm.icmp "sgt" %i, %pid : i32
    gpu.assert %c, "i > pid", "kernel.py", 12 {function = "debug_kernel"}
    llvm.return
  }
}
