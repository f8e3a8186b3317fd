// RUN: tt-opt %s -split-input-file -convert-triton-to-tritongpu='target=cuda:90 num-warps=4' -verify-diagnostics

// A tensor with an extent of 0 verifies (Triton counts 0 elements as a
// power of two), but no layout can hold it: the conversion refuses it,
// located at the value, before it builds a layout (the dot's accumulator
// layout divided by the extent).

tt.func @dot_zero_n(%a: tensor<128x64xf16>, %desc: !tt.tensordesc<tensor<64x0xf16>>, %i: i32) -> tensor<128x0xf32> {
  // expected-error @below {{'tt.descriptor_load' op tensor<64x0xf16> has no elements (an extent of 0); a layout needs every extent to be a power of two of at least 1}}
  %b = tt.descriptor_load %desc[%i, %i] : !tt.tensordesc<tensor<64x0xf16>> -> tensor<64x0xf16>
  %c = arith.constant dense<0.0> : tensor<128x0xf32>
  %d = tt.dot %a, %b, %c : tensor<128x64xf16> * tensor<64x0xf16> -> tensor<128x0xf32>
  tt.return %d : tensor<128x0xf32>
}

// -----

// A function argument is named by its position.
// expected-error @below {{'tt.func' op argument #0: tensor<0x16xf32> has no elements (an extent of 0)}}
tt.func @zero_argument(%x: tensor<0x16xf32>) {
  tt.return
}
