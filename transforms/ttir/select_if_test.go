package ttir_test

import "testing"

// Two tensor selects on the condition of two ifs: both go to the first
// if (the first that comes after them and before all their users); uses
// inside either if are first resolved to the branch's value.
func TestCombineTensorSelectAndIf(t *testing.T) {
	expect(t, "tritongpu-combine-tensor-select-and-if", `
tt.func @two_ifs(%c: i1, %a: tensor<4xf32>, %b: tensor<4xf32>, %p: tensor<4x!tt.ptr<f32>>) -> tensor<4xf32> {
  %s = arith.select %c, %a, %b : tensor<4xf32>
  %t = arith.select %c, %b, %a : tensor<4xf32>
  %0 = scf.if %c -> (tensor<4xf32>) {
    %u = arith.addf %s, %t : tensor<4xf32>
    scf.yield %u : tensor<4xf32>
  } else {
    scf.yield %t : tensor<4xf32>
  }
  scf.if %c {
    tt.store %p, %s : tensor<4x!tt.ptr<f32>>
  }
  %1 = arith.addf %s, %0 : tensor<4xf32>
  %2 = arith.addf %1, %t : tensor<4xf32>
  tt.return %2 : tensor<4xf32>
}`, `
module {
  tt.func @two_ifs(%arg0: i1, %arg1: tensor<4xf32>, %arg2: tensor<4xf32>, %arg3: tensor<4x!tt.ptr<f32>>) -> tensor<4xf32> {
    %0:3 = scf.if %arg0 -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
      %3 = arith.addf %arg1, %arg2 : tensor<4xf32>
      scf.yield %3, %arg1, %arg2 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
    } else {
      scf.yield %arg1, %arg2, %arg1 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
    }
    scf.if %arg0 {
      tt.store %arg3, %arg1 : tensor<4x!tt.ptr<f32>>
    }
    %1 = arith.addf %0#1, %0#0 : tensor<4xf32>
    %2 = arith.addf %1, %0#2 : tensor<4xf32>
    tt.return %2 : tensor<4xf32>
  }
}`)
}
