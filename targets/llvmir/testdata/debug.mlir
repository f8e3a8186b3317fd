// RUN-TARGETS: sm_90
// Device printf and assert (NVPTX: vprintf and __assertfail).
module {
  llvm.func @debug(%x: f32, %i: i32, %b: i8, %h: f16, %p: !llvm.ptr<1>, %c: i1) attributes {gpu.kernel} {
    gpu.printf "start\0A"
    gpu.printf "i=%d b=%d x=%f h=%f p=%p c=%d\0A", %i, %b, %x, %h, %p, %c : i32, i8, f32, f16, !llvm.ptr<1>, i1
    gpu.assert %c, "c must hold", "kernel.py", 42 {function = "debug_kernel"}
    gpu.assert %c, "again", "kernel.py", 43
    llvm.return
  }
}
