// RUN: tt-opt %s -split-input-file -triton-rewrite-tensor-descriptor-to-pointer -verify-diagnostics

// Triton 3.6's verifier accepts a descriptor access with fewer indices than
// its block's rank (its pipeliner tests write one); a pass that offsets one
// dimension per index refuses it before rewriting anything.

tt.func @descriptor_load_indices(%d: !tt.tensordesc<tensor<32x64xf16>>, %i: i32) -> tensor<32x64xf16> {
  // expected-error @below {{'tt.descriptor_load' op expects 2 indices for its descriptor's block of rank 2, got 1}}
  %x = tt.descriptor_load %d[%i] : !tt.tensordesc<tensor<32x64xf16>> -> tensor<32x64xf16>
  tt.return %x : tensor<32x64xf16>
}

// -----

tt.func @descriptor_store_indices(%d: !tt.tensordesc<tensor<32x64xf16>>, %v: tensor<32x64xf16>, %i: i32) {
  // expected-error @below {{'tt.descriptor_store' op expects 2 indices for its descriptor's block of rank 2, got 3}}
  tt.descriptor_store %d[%i, %i, %i], %v : !tt.tensordesc<tensor<32x64xf16>>, tensor<32x64xf16>
  tt.return
}
