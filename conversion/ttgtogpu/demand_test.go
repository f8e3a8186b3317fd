package ttgtogpu_test

import (
	"testing"

	"github.com/ttcompiler/tt/conversion/ttgtogpu"
)

// TestDemandLowersReadRegistersOnly: the pointers of a vectorized load in
// a loop, of its loop-carried increment and of a vectorized store are
// lowered for the first register of each vector only (2 of a thread's 16),
// before any canonicalization.
func TestDemandLowersReadRegistersOnly(t *testing.T) {
	m := parse(t, `
#blocked = #ttg.blocked<{sizePerThread = [8], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.num-ctas" = 1 : i32, "ttg.threads-per-warp" = 32 : i32, ttg.target = "cuda:80"} {
  tt.func public @k(%in: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %out: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %step = arith.constant dense<2048> : tensor<2048xi32, #blocked>
    %zero = arith.constant dense<0.000000e+00> : tensor<2048xf16, #blocked>
    %r = tt.make_range {end = 2048 : i32, start = 0 : i32} : tensor<2048xi32, #blocked>
    %b = tt.splat %in : !tt.ptr<f16> -> tensor<2048x!tt.ptr<f16>, #blocked>
    %p0 = tt.addptr %b, %r : tensor<2048x!tt.ptr<f16>, #blocked>, tensor<2048xi32, #blocked>
    %res:2 = scf.for %i = %c0 to %n step %c1 iter_args(%p = %p0, %acc = %zero) -> (tensor<2048x!tt.ptr<f16>, #blocked>, tensor<2048xf16, #blocked>) : i32 {
      %x = tt.load %p : tensor<2048x!tt.ptr<f16>, #blocked>
      %s = arith.addf %acc, %x : tensor<2048xf16, #blocked>
      %q = tt.addptr %p, %step : tensor<2048x!tt.ptr<f16>, #blocked>, tensor<2048xi32, #blocked>
      scf.yield %q, %s : tensor<2048x!tt.ptr<f16>, #blocked>, tensor<2048xf16, #blocked>
    }
    %ob = tt.splat %out : !tt.ptr<f16> -> tensor<2048x!tt.ptr<f16>, #blocked>
    %o = tt.addptr %ob, %r : tensor<2048x!tt.ptr<f16>, #blocked>, tensor<2048xi32, #blocked>
    tt.store %o, %res#1 : tensor<2048x!tt.ptr<f16>, #blocked>
    tt.return
  }
}`)
	runPipeline(t, m, "convert-scf-to-cf,"+ttgtogpu.PassName)
	if n, want := count(m, "llvm.getelementptr"), 3*2; n != want {
		t.Errorf("%d getelementptrs after the lowering, want %d (three addptrs, two vectors each):\n%s", n, want, print(m))
	}
	if n := count(m, "gpu.load"); n != 2 {
		t.Errorf("%d loads, want 2", n)
	}
}
