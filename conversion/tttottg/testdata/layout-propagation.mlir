// RUN: tt-opt %s -split-input-file -convert-triton-to-tritongpu='target=cuda:80 num-warps=4'

// expand_dims takes a slice of the result's default layout (converting the
// operand), broadcast keeps the operand's layout, reduce and scan results
// take a slice of the operand's layout.
module {
  tt.func @expand_broadcast_reduce(%p: !tt.ptr<f32>) -> (tensor<32xf32>, tensor<32x64xf32>) {
    %r = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
    %c = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
    %r2 = tt.expand_dims %r {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
    %c2 = tt.expand_dims %c {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
    %rb = tt.broadcast %r2 : tensor<32x1xi32> -> tensor<32x64xi32>
    %cb = tt.broadcast %c2 : tensor<1x64xi32> -> tensor<32x64xi32>
    %o = arith.addi %rb, %cb : tensor<32x64xi32>
    %pp = tt.splat %p : !tt.ptr<f32> -> tensor<32x64x!tt.ptr<f32>>
    %a = tt.addptr %pp, %o : tensor<32x64x!tt.ptr<f32>>, tensor<32x64xi32>
    %v = tt.load %a : tensor<32x64x!tt.ptr<f32>>
    %s = "tt.reduce"(%v) <{axis = 1 : i32}> ({
    ^bb0(%x: f32, %y: f32):
      %z = arith.addf %x, %y : f32
      tt.reduce.return %z : f32
    }) : (tensor<32x64xf32>) -> tensor<32xf32>
    %cs = "tt.scan"(%v) <{axis = 1 : i32, reverse = false}> ({
    ^bb0(%x: f32, %y: f32):
      %z = arith.addf %x, %y : f32
      tt.scan.return %z : f32
    }) : (tensor<32x64xf32>) -> tensor<32x64xf32>
    tt.return %s, %cs : tensor<32xf32>, tensor<32x64xf32>
  }
}

// -----

// trans, reshape, join, split and cat: results get layouts inferred from
// the operand (trans, join, split) or the default one (reshape, cat).
module {
  tt.func @shape_ops(%a: tensor<32x64xf32>, %b: tensor<32x64xf32>) -> (tensor<64x32xf32>, tensor<2048xf32>, tensor<32x64xf32>, tensor<64x64xf32>) {
    %t = tt.trans %a {order = array<i32: 1, 0>} : tensor<32x64xf32> -> tensor<64x32xf32>
    %r = tt.reshape %a : tensor<32x64xf32> -> tensor<2048xf32>
    %j = tt.join %a, %b : tensor<32x64xf32> -> tensor<32x64x2xf32>
    %l, %h = tt.split %j : tensor<32x64x2xf32> -> tensor<32x64xf32>
    %s = arith.addf %l, %h : tensor<32x64xf32>
    %c = tt.cat %a, %b : tensor<32x64xf32> -> tensor<64x64xf32>
    tt.return %t, %r, %s, %c : tensor<64x32xf32>, tensor<2048xf32>, tensor<32x64xf32>, tensor<64x64xf32>
  }
}

// -----

// tt.dot: operands get dot_op layouts of the accumulator's blocked layout
// (FMA, before accelerate-matmul).
module {
  tt.func @dot(%a: tensor<32x16xf16>, %b: tensor<16x64xf16>, %c: tensor<32x64xf32>) -> tensor<32x64xf32> {
    %d = tt.dot %a, %b, %c : tensor<32x16xf16> * tensor<16x64xf16> -> tensor<32x64xf32>
    tt.return %d : tensor<32x64xf32>
  }
}

// -----

// gather keeps default layouts; histogram takes the default layout of its
// result.
module {
  tt.func @gather_histogram(%src: tensor<128x4xf32>, %idx: tensor<256x4xi32>, %v: tensor<1024xi32>) -> (tensor<256x4xf32>, tensor<32xi32>) {
    %g = tt.gather %src[%idx] {axis = 0 : i32} : (tensor<128x4xf32>, tensor<256x4xi32>) -> tensor<256x4xf32>
    %h = tt.histogram %v : tensor<1024xi32> -> tensor<32xi32>
    tt.return %g, %h : tensor<256x4xf32>, tensor<32xi32>
  }
}
