package ttgtogpu_test

import (
	"strings"
	"testing"
)

// TestFP8ScalarParameter: a kernel parameter of an 8-bit float type is an
// i8, as fp8 tensor elements are; it was kept as f8E4M3FN, which no LLVM
// function takes (fuzz seed 240: attention with an i64 parameter made
// f8E4M3FN).
func TestFP8ScalarParameter(t *testing.T) {
	m := parse(t, `module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @k(%p: !tt.ptr<f8E4M3FN>, %x: f8E4M3FN, %q: !tt.ptr<f32>) {
    tt.store %p, %x : !tt.ptr<f8E4M3FN>
    %y = tt.fp_to_fp %x : f8E4M3FN -> f32
    tt.store %q, %y : !tt.ptr<f32>
    tt.return
  }
}`)
	lower(t, m)
	if out := print(m); !strings.Contains(out, "llvm.func @k(%arg0: !llvm.ptr<1>, %arg1: i8, %arg2: !llvm.ptr<1>)") {
		t.Errorf("want the fp8 parameter an i8:\n%s", out)
	}
}

// TestFP8CombineRegionArithmetic: a reduction's combine region on 8-bit
// floats (tl.argmin of fp8e4nv values: Triton's combine compares them in
// their own type) is refused at the comparison, as the elementwise
// lowering refuses fp8 arithmetic. Its clones run on the registers'
// bits, and an llvm.fcmp of i8 does not verify (fuzz seed 308; Triton
// 3.6 builds that same fcmp).
func TestFP8CombineRegionArithmetic(t *testing.T) {
	m := parse(t, `#b = #ttg.blocked<{sizePerThread = [1, 1, 8], threadsPerWarp = [2, 8, 2], warpsPerCTA = [1, 4, 1], order = [2, 0, 1]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @k(%p: !tt.ptr<i32>, %x: tensor<2x32x16xf8E4M3FN, #b>, %i: tensor<2x32x16xi32, #b>) {
    %r:2 = "tt.reduce"(%x, %i) <{axis = 0 : i32}> ({
    ^bb0(%a: f8E4M3FN, %ai: i32, %c: f8E4M3FN, %ci: i32):
      %lt = arith.cmpf olt, %a, %c : f8E4M3FN
      %v = arith.select %lt, %a, %c : f8E4M3FN
      %j = arith.select %lt, %ai, %ci : i32
      tt.reduce.return %v, %j : f8E4M3FN, i32
    }) : (tensor<2x32x16xf8E4M3FN, #b>, tensor<2x32x16xi32, #b>) -> (tensor<32x16xf8E4M3FN, #ttg.slice<{dim = 0, parent = #b}>>, tensor<32x16xi32, #ttg.slice<{dim = 0, parent = #b}>>)
    %s = "tt.reduce"(%r#1) <{axis = 0 : i32}> ({
    ^bb0(%u: i32, %w: i32):
      %sum = arith.addi %u, %w : i32
      tt.reduce.return %sum : i32
    }) : (tensor<32x16xi32, #ttg.slice<{dim = 0, parent = #b}>>) -> tensor<16xi32, #ttg.slice<{dim = 0, parent = #ttg.slice<{dim = 0, parent = #b}>}>>
    %t = "tt.reduce"(%s) <{axis = 0 : i32}> ({
    ^bb0(%u: i32, %w: i32):
      %sum = arith.addi %u, %w : i32
      tt.reduce.return %sum : i32
    }) : (tensor<16xi32, #ttg.slice<{dim = 0, parent = #ttg.slice<{dim = 0, parent = #b}>}>>) -> i32
    tt.store %p, %t : !tt.ptr<i32>
    tt.return
  }
}`)
	err := lowerErr(m)
	if err == nil || !strings.Contains(err.Error(), "'arith.cmpf' op on f8E4M3FN is not supported") {
		t.Errorf("a comparison of fp8 values in an argmin's combine region: got %v, want it refused", err)
	}
}
