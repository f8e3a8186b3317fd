package ttgtogpu_test

import (
	"strings"
	"testing"
)

// TestAsyncCopyOtherWithoutMask: an async copy with an other value and no
// mask (the optional operands are found by name, not by position) copies
// every element as the unmasked copy does; the other was read as the mask
// (fuzz seed 238: an f32 select condition the verifier refused).
func TestAsyncCopyOtherWithoutMask(t *testing.T) {
	const copyLine = "%t = ttg.async_copy_global_to_local %pp, %buf : "
	if !strings.Contains(cpAsyncTracked, copyLine) {
		t.Fatal("the tracked kernel's copy changed")
	}
	plain := parse(t, cpAsyncTracked)
	lower(t, plain)
	withOther := strings.Replace(cpAsyncTracked, copyLine,
		"%one = arith.constant dense<1.000000e+00> : tensor<512xf32, #L>\n    %t = ttg.async_copy_global_to_local %pp, %buf other %one : ", 1)
	m := parse(t, withOther)
	lower(t, m)
	if got, want := count(m, "gpu.cp_async"), count(plain, "gpu.cp_async"); got != want || want == 0 {
		t.Errorf("%d cp.async, want %d as without the other:\n%s", got, want, print(m))
	}
	if n := count(m, "llvm.select"); n != count(plain, "llvm.select") {
		t.Errorf("%d selects, want those of the unmasked copy (%d)", n, count(plain, "llvm.select"))
	}
}
