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
