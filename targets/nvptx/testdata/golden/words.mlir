// A word an instruction wrote, taken apart into lanes and packed again
// whole and in order, is that word: the packing reads its register (a
// bitcast binds to it, a store or a cvt reads it). Lanes in another order,
// part of a word's lanes, or lanes of two words are packed.
module attributes {"ttg.num-warps" = 1 : i32} {
  llvm.func @same_word(%p: !llvm.ptr<1>, %a: f32, %b: f32) attributes {gpu.kernel} {
    %c0 = llvm.mlir.constant(0 : i32) : i32
    %c1 = llvm.mlir.constant(1 : i32) : i32
    %v = gpu.load %p : !llvm.ptr<1> -> vector<2xf16>
    %x = llvm.extractelement %v[%c0 : i32] : vector<2xf16>
    %y = llvm.extractelement %v[%c1 : i32] : vector<2xf16>
    %u = llvm.mlir.undef : vector<2xf16>
    %w0 = llvm.insertelement %x, %u[%c0 : i32] : vector<2xf16>
    %w1 = llvm.insertelement %y, %w0[%c1 : i32] : vector<2xf16>
    %i = llvm.bitcast %w1 : vector<2xf16> to i32
    gpu.store %p, %i : !llvm.ptr<1>, i32
    %h = gpu.cvt %a, %b {rounding = rn} : f32, f32 -> vector<2xf16>
    gpu.store %p, %h : !llvm.ptr<1>, vector<2xf16>
    llvm.return
  }
  llvm.func @other_words(%p: !llvm.ptr<1>) attributes {gpu.kernel} {
    %c0 = llvm.mlir.constant(0 : i32) : i32
    %c1 = llvm.mlir.constant(1 : i32) : i32
    %v = gpu.load %p : !llvm.ptr<1> -> vector<2xf16>
    %x = llvm.extractelement %v[%c0 : i32] : vector<2xf16>
    %y = llvm.extractelement %v[%c1 : i32] : vector<2xf16>
    %u = llvm.mlir.undef : vector<2xf16>
    %s0 = llvm.insertelement %y, %u[%c0 : i32] : vector<2xf16>
    %s1 = llvm.insertelement %x, %s0[%c1 : i32] : vector<2xf16>
    %swapped = llvm.bitcast %s1 : vector<2xf16> to i32
    gpu.store %p, %swapped : !llvm.ptr<1>, i32
    %q = gpu.load %p : !llvm.ptr<1> -> vector<4xi8>
    %q0 = llvm.extractelement %q[%c0 : i32] : vector<4xi8>
    %q1 = llvm.extractelement %q[%c1 : i32] : vector<4xi8>
    %ub = llvm.mlir.undef : vector<2xi8>
    %b0 = llvm.insertelement %q0, %ub[%c0 : i32] : vector<2xi8>
    %b1 = llvm.insertelement %q1, %b0[%c1 : i32] : vector<2xi8>
    %half = llvm.bitcast %b1 : vector<2xi8> to i16
    gpu.store %p, %half : !llvm.ptr<1>, i16
    %v2 = gpu.load %p : !llvm.ptr<1> -> vector<2xf16>
    %z = llvm.extractelement %v2[%c1 : i32] : vector<2xf16>
    %m0 = llvm.insertelement %x, %u[%c0 : i32] : vector<2xf16>
    %m1 = llvm.insertelement %z, %m0[%c1 : i32] : vector<2xf16>
    %mixed = llvm.bitcast %m1 : vector<2xf16> to i32
    gpu.store %p, %mixed : !llvm.ptr<1>, i32
    llvm.return
  }
}
