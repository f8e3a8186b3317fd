package ttrun

import (
	"regexp"
	"strings"
	"testing"
)

// reassociate-loop-addresses' stepped pointers (transforms/loopstep.go): a
// matmul whose strides promise no alignment loads its tiles element by
// element, 64 pointers a thread for each operand, all advanced alike every
// k-step. The per-thread IR carries one offset an operand instead of the
// 128 pointers (TT_X_STEPPED_POINTERS=off keeps them), and the simulator
// computes A B + bias exactly both ways, with M, N and K that are not
// multiples of the tiles (rows and columns wrap, the last k-step masked).
func TestSimSteppedPointersMatmul(t *testing.T) {
	if testing.Short() {
		t.Skip("simulates wgmma tiles")
	}
	const m, n, k = 130, 100, 70
	sig := "*fp16:16, *fp16:16, *fp16:16, *fp16:16, i32, i32, i32, i32, 1, i32, 1, i32, 1, 128, 128, 64"
	ttgir, _ := biasMatmulTTGIR(t, sig, 4)

	// The pointers the K loop's header carries, from the per-thread IR.
	header := regexp.MustCompile(`(?m)^\s*\^bb\d+\((.*)\):`)
	carried := func(stepped string) int {
		t.Helper()
		ptrs := 0
		for _, h := range header.FindAllStringSubmatch(perThreadIR(t, ttgir, "TT_X_STEPPED_POINTERS", stepped), -1) {
			ptrs += strings.Count(h[1], "!llvm.ptr<1>")
		}
		return ptrs
	}
	if on, off := carried("on"), carried("off"); on != 0 || off < 128 {
		t.Fatalf("the K loop carries %d global pointers with stepped pointers and %d without; want 0 and at least 128", on, off)
	}

	mm := newBiasMatmul(m, n, k, 5)
	for _, stepped := range []string{"on", "off"} {
		t.Setenv("TT_X_STEPPED_POINTERS", stepped)
		mm.simulate(t, ttgir, 2, 1)
	}
}
