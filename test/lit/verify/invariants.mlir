// RUN: tt-opt %s -split-input-file -verify-diagnostics

// The verifier rejects what tt's passes index without checking: every
// list of per-dimension operands or hint entries matches its value's rank,
// and a loop's yield carries every loop-carried value.

tt.func @for_empty_yield(%n: i32) -> f32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %z = arith.constant 0.0 : f32
  // expected-error @below {{'scf.for' op different number of region iter_args and yielded values: 2 != 0}}
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %z, %b = %z) -> (f32, f32) : i32 {
    scf.yield
  }
  tt.return %r#0 : f32
}

// -----

tt.func @hint_too_long(%p: !tt.ptr<f32>) {
  %r = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32>
  %s = tt.splat %p : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
  // expected-error @below {{'tt.addptr' op hint 'tt.divisibility' of result #0 has 2 entries but the value has 1 dimensions}}
  %a = tt.addptr %s, %r {tt.divisibility = dense<[16, 16]> : tensor<2xi32>} : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
  tt.return
}

// -----

tt.func @hint_empty(%x: tensor<16x16xi32>) {
  // expected-error @below {{'tt.trans' op hint 'tt.contiguity' of result #0 has 0 entries but the value has 2 dimensions}}
  %t = tt.trans %x {order = array<i32: 1, 0>, tt.contiguity = dense<> : tensor<0xi32>} : tensor<16x16xi32> -> tensor<16x16xi32>
  tt.return
}

// -----

// One integer on a 2-D value is every dimension's hint (Triton 3.6's own
// lit tests write it so).
tt.func @hint_integer_on_2d(%x: tensor<16x16xi32>) {
  %t = tt.trans %x {order = array<i32: 1, 0>, tt.constancy = 4 : i32} : tensor<16x16xi32> -> tensor<16x16xi32>
  tt.return
}

// -----

tt.func @hint_zero(%x: tensor<16x16xi32>) {
  // expected-error @below {{'tt.trans' op hint 'tt.contiguity' of result #0 must be at least 1, got 0}}
  %t = tt.trans %x {order = array<i32: 1, 0>, tt.contiguity = dense<[0, 4]> : tensor<2xi32>} : tensor<16x16xi32> -> tensor<16x16xi32>
  tt.return
}

// -----

// A splat hint gives every dimension the same value (Triton's own tests
// write them with the value's shape); a per-dimension list is the usual form.
tt.func @hint_ok(%x: tensor<16x16xi32>, %p: !tt.ptr<f32> {tt.divisibility = 16 : i32}) {
  %t = tt.trans %x {order = array<i32: 1, 0>, tt.divisibility = dense<16> : tensor<16x16xi32>, tt.contiguity = dense<[1, 16]> : tensor<2xi32>} : tensor<16x16xi32> -> tensor<16x16xi32>
  tt.return
}

// -----

// expected-error @below {{'tt.func' op hint 'tt.divisibility' of argument #0 has 1 entries but the value has 2 dimensions}}
tt.func @arg_hint(%x: tensor<16x16xi32> {tt.divisibility = dense<[16]> : tensor<1xi32>}) {
  tt.return
}

// -----

tt.func @make_tensor_ptr_short(%p: !tt.ptr<f32>, %n: i64) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i64
  // expected-error @below {{'tt.make_tensor_ptr' op expects 2 shape, stride and offset operands each for its block 'tensor<128x64xf32>' of rank 2, got 3 operands}}
  %b = tt.make_tensor_ptr %p, [%n], [%c1], [%c0] {order = array<i32: 0>} : <tensor<128x64xf32>>
  tt.return
}

// -----

tt.func @make_tensor_ptr_order(%p: !tt.ptr<f32>, %n: i64) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i64
  // expected-error @below {{'tt.make_tensor_ptr' op order [1 1] must be a permutation of the block's 2 dimensions}}
  %b = tt.make_tensor_ptr %p, [%n, %n], [%c1, %c1], [%c0, %c0] {order = array<i32: 1, 1>} : <tensor<128x64xf32>>
  tt.return
}

// -----

tt.func @advance_short(%b: !tt.ptr<tensor<128x64xf32>>, %o: i32) {
  // expected-error @below {{'tt.advance' op expects 2 offsets for its block 'tensor<128x64xf32>' of rank 2, got 1}}
  %a = tt.advance %b, [%o] : <tensor<128x64xf32>>
  tt.return
}

// -----

tt.func @boundary_check(%b: !tt.ptr<tensor<128x64xf32>>) {
  // expected-error @below {{'tt.load' op boundaryCheck dimension 2 is out of range for the block 'tensor<128x64xf32>' of rank 2}}
  %x = tt.load %b {boundaryCheck = array<i32: 0, 2>} : !tt.ptr<tensor<128x64xf32>>
  tt.return
}

