// RUN: tt-opt %s -split-input-file -convert-triton-to-tritongpu='target=cuda:90 num-warps=8'

// scf.for / scf.if / scf.while with tensor values: iter_args, results,
// region arguments and yields get the converted types; a callee's
// signature is converted too.
module {
  tt.func private @callee(%a: tensor<256xf32>) -> tensor<256xf32> {
    %b = arith.negf %a : tensor<256xf32>
    tt.return %b : tensor<256xf32>
  }
  tt.func @loops(%n: i32, %c: i1) -> tensor<256xf32> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %init = arith.constant dense<1.0> : tensor<256xf32>
    %f = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %init) -> (tensor<256xf32>) : i32 {
      %x = arith.addf %acc, %acc : tensor<256xf32>
      scf.yield %x : tensor<256xf32>
    }
    %g = scf.if %c -> (tensor<256xf32>) {
      %y = tt.call @callee(%f) : (tensor<256xf32>) -> tensor<256xf32>
      scf.yield %y : tensor<256xf32>
    } else {
      scf.yield %f : tensor<256xf32>
    }
    %w:2 = scf.while (%k = %c0, %t = %g) : (i32, tensor<256xf32>) -> (i32, tensor<256xf32>) {
      %cond = arith.cmpi slt, %k, %n : i32
      scf.condition(%cond) %k, %t : i32, tensor<256xf32>
    } do {
    ^bb0(%k2: i32, %t2: tensor<256xf32>):
      %k3 = arith.addi %k2, %c1 : i32
      %t3 = arith.mulf %t2, %t2 : tensor<256xf32>
      scf.yield %k3, %t3 : i32, tensor<256xf32>
    }
    tt.return %w#1 : tensor<256xf32>
  }
}

// -----

// Unstructured control flow: block arguments and branch operands.
module {
  tt.func @branches(%c: i1, %a: tensor<64xi32>) -> tensor<64xi32> {
    cf.cond_br %c, ^bb1(%a : tensor<64xi32>), ^bb2
  ^bb1(%x: tensor<64xi32>):
    %y = arith.addi %x, %x : tensor<64xi32>
    cf.br ^bb2
  ^bb2:
    tt.return %a : tensor<64xi32>
  }
}
