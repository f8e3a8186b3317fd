// Package math defines MLIR's math dialect as Triton 3.6 uses it:
// elementwise transcendental and rounding functions on floats (with
// arith's fastmath flags) and a few integer ops, with MLIR's syntax,
// verifiers and folders.
//
//	%0 = math.exp %x fastmath<fast> : tensor<1024xf32>
//	%1 = math.fma %a, %b, %c : f32
//	%2 = math.fpowi %x, %n : f32, i32
//	%3 = math.isnan %x : f32
package math
