// RUN: tt-opt %s -split-input-file -ttgir-pipeline='num-warps=4 capability=90'

// TTIR without loops through Triton 3.6's NVIDIA make_ttgir (the passes
// registered here): layouts from coalesce, conversions removed.
module {
  tt.func @f32_aligned(%x: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %y: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %n: i32 {tt.divisibility = 16 : i32}) {
    %r = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32>
    %sn = tt.splat %n : i32 -> tensor<1024xi32>
    %m = arith.cmpi slt, %r, %sn : tensor<1024xi32>
    %px = tt.splat %x : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
    %ax = tt.addptr %px, %r : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
    %v = tt.load %ax, %m : tensor<1024x!tt.ptr<f32>>
    %py = tt.splat %y : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
    %ay = tt.addptr %py, %r : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
    tt.store %ay, %v, %m : tensor<1024x!tt.ptr<f32>>
    tt.return
  }
}
// -----
module {
  tt.func @f16_and_unaligned(%x: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %y: !tt.ptr<f16>, %n: i32) {
    %r = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32>
    %px = tt.splat %x : !tt.ptr<f16> -> tensor<1024x!tt.ptr<f16>>
    %ax = tt.addptr %px, %r : tensor<1024x!tt.ptr<f16>>, tensor<1024xi32>
    %v = tt.load %ax : tensor<1024x!tt.ptr<f16>>
    %sn = tt.splat %n : i32 -> tensor<1024xi32>
    %m = arith.cmpi slt, %r, %sn : tensor<1024xi32>
    %py = tt.splat %y : !tt.ptr<f16> -> tensor<1024x!tt.ptr<f16>>
    %ay = tt.addptr %py, %r : tensor<1024x!tt.ptr<f16>>, tensor<1024xi32>
    tt.store %ay, %v, %m : tensor<1024x!tt.ptr<f16>>
    tt.return
  }
}
// -----
module {
  tt.func @rows_and_columns(%x: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %y: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %stride: i32 {tt.divisibility = 16 : i32}) {
    %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
    %rows = tt.expand_dims %r {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
    %cols = tt.expand_dims %r {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
    %s = tt.splat %stride : i32 -> tensor<64x1xi32>
    %rs = arith.muli %rows, %s : tensor<64x1xi32>
    %rsb = tt.broadcast %rs : tensor<64x1xi32> -> tensor<64x64xi32>
    %cb = tt.broadcast %cols : tensor<1x64xi32> -> tensor<64x64xi32>
    %off = arith.addi %rsb, %cb : tensor<64x64xi32>
    %px = tt.splat %x : !tt.ptr<f32> -> tensor<64x64x!tt.ptr<f32>>
    %ax = tt.addptr %px, %off : tensor<64x64x!tt.ptr<f32>>, tensor<64x64xi32>
    %v = tt.load %ax : tensor<64x64x!tt.ptr<f32>>
    %s2 = tt.splat %stride : i32 -> tensor<1x64xi32>
    %cs = arith.muli %cols, %s2 : tensor<1x64xi32>
    %csb = tt.broadcast %cs : tensor<1x64xi32> -> tensor<64x64xi32>
    %rb = tt.broadcast %rows : tensor<64x1xi32> -> tensor<64x64xi32>
    %toff = arith.addi %rb, %csb : tensor<64x64xi32>
    %py = tt.splat %y : !tt.ptr<f32> -> tensor<64x64x!tt.ptr<f32>>
    %ay = tt.addptr %py, %toff : tensor<64x64x!tt.ptr<f32>>, tensor<64x64xi32>
    tt.store %ay, %v : tensor<64x64x!tt.ptr<f32>>
    tt.return
  }
}
// -----
module {
  tt.func @row_softmax(%x: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %y: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %stride: i32 {tt.divisibility = 16 : i32}) {
    %r = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
    %c = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
    %rows = tt.expand_dims %r {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
    %cols = tt.expand_dims %c {axis = 0 : i32} : tensor<128xi32> -> tensor<1x128xi32>
    %s = tt.splat %stride : i32 -> tensor<32x1xi32>
    %rs = arith.muli %rows, %s : tensor<32x1xi32>
    %rsb = tt.broadcast %rs : tensor<32x1xi32> -> tensor<32x128xi32>
    %cb = tt.broadcast %cols : tensor<1x128xi32> -> tensor<32x128xi32>
    %off = arith.addi %rsb, %cb : tensor<32x128xi32>
    %px = tt.splat %x : !tt.ptr<f32> -> tensor<32x128x!tt.ptr<f32>>
    %ax = tt.addptr %px, %off : tensor<32x128x!tt.ptr<f32>>, tensor<32x128xi32>
    %v = tt.load %ax : tensor<32x128x!tt.ptr<f32>>
    %mx = "tt.reduce"(%v) <{axis = 1 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %m = arith.maxnumf %a, %b : f32
      tt.reduce.return %m : f32
    }) : (tensor<32x128xf32>) -> tensor<32xf32>
    %mxe = tt.expand_dims %mx {axis = 1 : i32} : tensor<32xf32> -> tensor<32x1xf32>
    %mxb = tt.broadcast %mxe : tensor<32x1xf32> -> tensor<32x128xf32>
    %d = arith.subf %v, %mxb : tensor<32x128xf32>
    %e = math.exp %d : tensor<32x128xf32>
    %py = tt.splat %y : !tt.ptr<f32> -> tensor<32x128x!tt.ptr<f32>>
    %ay = tt.addptr %py, %off : tensor<32x128x!tt.ptr<f32>>, tensor<32x128xi32>
    tt.store %ay, %e : tensor<32x128x!tt.ptr<f32>>
    tt.return
  }
}
// -----
module {
  tt.func @column_sum(%x: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %y: !tt.ptr<f32> {tt.divisibility = 16 : i32}) {
    %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
    %rows = tt.expand_dims %r {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
    %cols = tt.expand_dims %r {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
    %c64 = arith.constant dense<64> : tensor<64x1xi32>
    %rs = arith.muli %rows, %c64 : tensor<64x1xi32>
    %rsb = tt.broadcast %rs : tensor<64x1xi32> -> tensor<64x64xi32>
    %cb = tt.broadcast %cols : tensor<1x64xi32> -> tensor<64x64xi32>
    %off = arith.addi %rsb, %cb : tensor<64x64xi32>
    %px = tt.splat %x : !tt.ptr<f16> -> tensor<64x64x!tt.ptr<f16>>
    %ax = tt.addptr %px, %off : tensor<64x64x!tt.ptr<f16>>, tensor<64x64xi32>
    %v = tt.load %ax : tensor<64x64x!tt.ptr<f16>>
    %f = arith.extf %v : tensor<64x64xf16> to tensor<64x64xf32>
    %sum = "tt.reduce"(%f) <{axis = 0 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %m = arith.addf %a, %b : f32
      tt.reduce.return %m : f32
    }) : (tensor<64x64xf32>) -> tensor<64xf32>
    %py = tt.splat %y : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
    %ay = tt.addptr %py, %r : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
    tt.store %ay, %sum : tensor<64x!tt.ptr<f32>>
    tt.return
  }
}
