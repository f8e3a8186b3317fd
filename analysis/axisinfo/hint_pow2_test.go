package axisinfo_test

import "testing"

// TestHintsNotPowersOfTwo: a hint that is not a power of two counts as
// its largest power-of-two divisor (contiguity 3 as 1, divisibility 12 as
// 4, constancy 6 as 2), on ops and on function arguments: coalesce builds
// per-thread vectors from these, and took a contiguity of 3 into a
// blocked layout with sizePerThread [3], which no layout may have (found
// by the fuzz harness: tt.contiguity = 3 on a vector add's offsets made
// the IR after tritongpu-coalesce fail verification).
func TestHintsNotPowersOfTwo(t *testing.T) {
	m, named, _ := analyze(t, `
tt.func @f(%p: !tt.ptr<f32> {tt.divisibility = 12 : i32}, %n: i32 {tt.divisibility = 48 : i32}) {
  %r = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32>
  %o = arith.addi %r, %r {tt.contiguity = 3 : i32, tt.divisibility = 12 : i32, tt.constancy = 6 : i32} : tensor<1024xi32> loc("o")
  %s = tt.splat %p : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>> loc("s")
  %m = tt.splat %n : i32 -> tensor<1024xi32> loc("m")
  tt.return
}`)
	check(t, m, named, "o", want{v(1), v(4), v(2), -1})
	check(t, m, named, "s", want{v(1), v(4), v(1024), -1})
	check(t, m, named, "m", want{v(1), v(16), v(1024), -1})
}
