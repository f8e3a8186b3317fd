// RUN-TARGETS: sm_90 gfx942
// Blocks, block arguments (phis), loops and a cond_br whose two edges
// reach one block with different arguments.
module {
  llvm.func @loop(%p: !llvm.ptr<1>, %n: i32, %c: i1) attributes {gpu.kernel} {
    %c0 = llvm.mlir.constant(0 : i32) : i32
    %c1 = llvm.mlir.constant(1 : i32) : i32
    %z = llvm.mlir.constant(0.000000e+00 : f32) : f32
    llvm.br ^bb1(%c0, %z : i32, f32)
  ^bb1(%i: i32, %acc: f32):  // 2 preds: ^bb0, ^bb2
    %done = llvm.icmp "sge" %i, %n : i32
    llvm.cond_br %done, ^bb3, ^bb2
  ^bb2:  // pred: ^bb1
    %q = llvm.getelementptr %p[%i] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %v = gpu.load %q, %c {space = global} : !llvm.ptr<1> -> f32
    %acc2 = llvm.fadd %acc, %v : f32
    %i2 = llvm.add %i, %c1 : i32
    llvm.br ^bb1(%i2, %acc2 : i32, f32)
  ^bb3:  // pred: ^bb1
    llvm.cond_br %c, ^bb4(%acc : f32), ^bb4(%z : f32)
  ^bb4(%r: f32):  // 2 preds: ^bb3, ^bb3
    gpu.store %p, %r : !llvm.ptr<1>, f32
    llvm.return
  }
}
