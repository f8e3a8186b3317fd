// RUN: tt-opt %s -split-input-file -convert-triton-to-tritongpu='target=cuda:90 num-warps=4'

// Every tensor gets the default blocked layout of its shape; the module
// gets Triton's four attributes.
module {
  tt.func public @add(%x: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %y: !tt.ptr<f32>, %n: i32) {
    %pid = tt.get_program_id x : i32
    %c1024 = arith.constant 1024 : i32
    %start = arith.muli %pid, %c1024 : i32
    %r = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32>
    %s = tt.splat %start : i32 -> tensor<1024xi32>
    %off = arith.addi %s, %r : tensor<1024xi32>
    %sn = tt.splat %n : i32 -> tensor<1024xi32>
    %m = arith.cmpi slt, %off, %sn : tensor<1024xi32>
    %px = tt.splat %x : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
    %ax = tt.addptr %px, %off : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
    %zero = arith.constant dense<0.0> : tensor<1024xf32>
    %v = tt.load %ax, %m, %zero : tensor<1024x!tt.ptr<f32>>
    %e = math.exp %v : tensor<1024xf32>
    %h = arith.truncf %e : tensor<1024xf32> to tensor<1024xf16>
    %w = arith.extf %h : tensor<1024xf16> to tensor<1024xf32>
    %sel = arith.select %m, %w, %zero : tensor<1024xi1>, tensor<1024xf32>
    %py = tt.splat %y : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
    %ay = tt.addptr %py, %off : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
    tt.store %ay, %sel, %m : tensor<1024x!tt.ptr<f32>>
    %old = tt.atomic_rmw fadd, acq_rel, gpu, %ay, %sel, %m : (tensor<1024x!tt.ptr<f32>>, tensor<1024xf32>, tensor<1024xi1>) -> tensor<1024xf32>
    tt.return
  }
}

// -----

// Small and 2-d shapes: the default layout fills threads along the
// fastest dim first, then warps; a tensor smaller than a warp repeats.
module {
  tt.func @shapes(%a: tensor<16xf32>, %b: tensor<64x64xf16>, %c: tensor<2x4x8xi32>) -> (tensor<16xf32>, tensor<64x64xf16>, tensor<2x4x8xi32>) {
    %0 = arith.addf %a, %a : tensor<16xf32>
    %1 = arith.mulf %b, %b : tensor<64x64xf16>
    %2 = arith.xori %c, %c : tensor<2x4x8xi32>
    tt.return %0, %1, %2 : tensor<16xf32>, tensor<64x64xf16>, tensor<2x4x8xi32>
  }
}
