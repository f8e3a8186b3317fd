// RUN: tt-opt %s -split-input-file -test-print-alignment

// vector_add's address arithmetic: one remark per op result. The pass
// reports through diagnostics, so tt-opt exits 1 and prints no IR.
tt.func @vector_add(%x: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %n: i32 {tt.divisibility = 16 : i32}) {
  %pid = tt.get_program_id x : i32
  %c1024 = arith.constant 1024 : i32
  %start = arith.muli %pid, %c1024 : i32
  %r = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32>
  %s = tt.splat %start : i32 -> tensor<1024xi32>
  %off = arith.addi %s, %r : tensor<1024xi32>
  %sn = tt.splat %n : i32 -> tensor<1024xi32>
  %m = arith.cmpi slt, %off, %sn : tensor<1024xi32>
  %px = tt.splat %x : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
  %a = tt.addptr %px, %off : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
  %v = tt.load %a, %m : tensor<1024x!tt.ptr<f32>>
  tt.return
}

// -----

// A loop-carried pointer advanced by a multiple of the block, and a
// callee whose argument attributes come from its caller.
tt.func private @callee(%p: tensor<128x!tt.ptr<f16>>) -> tensor<128xf16> {
  %v = tt.load %p : tensor<128x!tt.ptr<f16>>
  tt.return %v : tensor<128xf16>
}
tt.func @loop(%x: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %k: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
  %px = tt.splat %x : !tt.ptr<f16> -> tensor<128x!tt.ptr<f16>>
  %a = tt.addptr %px, %r : tensor<128x!tt.ptr<f16>>, tensor<128xi32>
  %step = arith.constant dense<128> : tensor<128xi32>
  %e = scf.for %i = %c0 to %k step %c1 iter_args(%p = %a) -> (tensor<128x!tt.ptr<f16>>) : i32 {
    %v = tt.call @callee(%p) : (tensor<128x!tt.ptr<f16>>) -> tensor<128xf16>
    %q = tt.addptr %p, %step : tensor<128x!tt.ptr<f16>>, tensor<128xi32>
    scf.yield %q : tensor<128x!tt.ptr<f16>>
  }
  tt.return
}
