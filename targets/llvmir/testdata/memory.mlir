// RUN-TARGETS: sm_90 gfx942
// Predicated vector loads and stores: widths, others, spaces and options.
module {
  llvm.func @memory(%g: !llvm.ptr<1>, %s: !llvm.ptr<3>, %p: i1, %o: f32, %h: f16, %b: i8, %l: i64) attributes {gpu.kernel} {
    %a:4 = gpu.load %g, %p, %o, %o, %o, %o {space = global} : !llvm.ptr<1> -> f32, f32, f32, f32
    %c:2 = gpu.load %g, %p {space = global, cache = cg} : !llvm.ptr<1> -> i32, i32
    %d = gpu.load %g, %p {space = global, evict = evict_last} : !llvm.ptr<1> -> f16
    %e = gpu.load %g {space = global, volatile} : !llvm.ptr<1> -> i64
    %f:4 = gpu.load %s {space = shared} : !llvm.ptr<3> -> vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>
    %i = gpu.load %s, %p {space = shared} : !llvm.ptr<3> -> i8
    %j:2 = gpu.load %g, %p, %l, %l {space = global, cache = ca} : !llvm.ptr<1> -> i64, i64
    gpu.store %g, %p, %a#0, %a#1, %a#2, %a#3 {space = global} : !llvm.ptr<1>, f32, f32, f32, f32
    gpu.store %g, %c#0, %c#1 {space = global, cache = cs} : !llvm.ptr<1>, i32, i32
    gpu.store %s, %p, %d {space = shared} : !llvm.ptr<3>, f16
    gpu.store %g, %p, %e {space = global, evict = evict_first} : !llvm.ptr<1>, i64
    gpu.store %s, %f#0, %f#1 {space = shared} : !llvm.ptr<3>, vector<2xf16>, vector<2xf16>
    gpu.store %s, %p, %i {space = shared, volatile} : !llvm.ptr<3>, i8
    gpu.store %g, %j#0, %j#1 {space = global} : !llvm.ptr<1>, i64, i64
    llvm.return
  }
}
