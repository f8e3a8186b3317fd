// Device functions (tt.call): scalar, predicate and struct parameters and
// results through PTX's .param call ABI.
module attributes {"ttg.num-warps" = 4 : i32} {
  llvm.func internal @scale(%x: f32, %s: f32, %neg: i1) -> f32 {
    %m = llvm.fmul %x, %s : f32
    %n = llvm.fneg %m : f32
    %r = llvm.select %neg, %n, %m : i1, f32
    llvm.return %r : f32
  }
  llvm.func @divmod(%a: i32, %b: i32) -> !llvm.struct<(i32, i32, i1)> {
    %q = llvm.sdiv %a, %b : i32
    %r = llvm.srem %a, %b : i32
    %c0 = llvm.mlir.constant(0 : i32) : i32
    %z = llvm.icmp "eq" %r, %c0 : i32
    %u = llvm.mlir.undef : !llvm.struct<(i32, i32, i1)>
    %u1 = llvm.insertvalue %q, %u[0] : !llvm.struct<(i32, i32, i1)>
    %u2 = llvm.insertvalue %r, %u1[1] : !llvm.struct<(i32, i32, i1)>
    %u3 = llvm.insertvalue %z, %u2[2] : !llvm.struct<(i32, i32, i1)>
    llvm.return %u3 : !llvm.struct<(i32, i32, i1)>
  }
  llvm.func @touch(%p: !llvm.ptr<1>) {
    %c = llvm.mlir.constant(7 : i32) : i32
    llvm.store %c, %p : i32, !llvm.ptr<1>
    llvm.return
  }
  llvm.func @caller(%p: !llvm.ptr<1>, %a: i32, %b: i32, %x: f32) attributes {gpu.kernel} {
    %d = llvm.call @divmod(%a, %b) : (i32, i32) -> !llvm.struct<(i32, i32, i1)>
    %q = llvm.extractvalue %d[0] : !llvm.struct<(i32, i32, i1)>
    %exact = llvm.extractvalue %d[2] : !llvm.struct<(i32, i32, i1)>
    %two = llvm.mlir.constant(2.000000e+00 : f32) : f32
    %y = llvm.call @scale(%x, %two, %exact) : (f32, f32, i1) -> f32
    llvm.call @touch(%p) : (!llvm.ptr<1>) -> ()
    %g = llvm.getelementptr %p[1] : (!llvm.ptr<1>) -> !llvm.ptr<1>, i32
    llvm.store %q, %g : i32, !llvm.ptr<1>
    %g2 = llvm.getelementptr %p[2] : (!llvm.ptr<1>) -> !llvm.ptr<1>, f32
    llvm.store %y, %g2 : f32, !llvm.ptr<1>
    llvm.return
  }
}
