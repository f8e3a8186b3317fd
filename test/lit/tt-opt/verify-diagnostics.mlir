// RUN: tt-opt %s -split-input-file -verify-diagnostics

// Diagnostics are matched against expected-* annotations per chunk.

tt.func @undefined() {
  // expected-error @+1 {{use of undeclared SSA value name}}
  %0 = arith.addi %x, %x : i32
  tt.return
}

// -----

tt.func @range() {
  // expected-error @+1 {{start must be less than end}}
  %0 = tt.make_range {end = 0 : i32, start = 4 : i32} : tensor<4xi32>
  tt.return
}

// -----

// expected-note @below {{prior use here}}
tt.func @types(%a: i32, %b: i64) {
  // expected-error @below {{use of value '%b' expects different type than prior uses: 'i32' vs 'i64'}}
  %0 = arith.addi %a, %b : i32
  tt.return
}
