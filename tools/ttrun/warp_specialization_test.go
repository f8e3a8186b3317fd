package ttrun

import (
	"fmt"
	"strings"
	"testing"

	"github.com/ttcompiler/tt/internal/sharedtest"
)

// The TMA matmuls of Triton's test_warp_specialization.py, warp-specialized
// by nvgpu-warp-specialization (a producer warpgroup issuing the TMA copies
// into a ring of slots, the default warps running the wgmmas), run in the
// simulator with its race detector and write the exact product: the
// inputs are small integers whose sums (|s| <= 2*3*K < 2048) are exact in
// the f16 output. K spans more tiles than the ring has slots, so slots
// are reused and the phases flip; the persistent kernel's programs walk
// two tiles each on three SMs, so the ring position crosses tiles; 32^3
// is the test's small case (one partial tile, TMA's zero fill and
// clipped store; with 128x256 tiles the second consumer's rows are all
// outside). The 128x256 tiles run on two consumer warpgroups of 64
// rows each (the A tile copied as two halves, the C tile stored as two).
func TestSimWarpSpecializedTMAMatmul(t *testing.T) {
	if testing.Short() {
		t.Skip("simulates warp-specialized wgmma tiles")
	}
	src := sharedtest.Path(t, "tools/triton-suite/triton-tests/python/test/unit/language/test_warp_specialization.py")
	for _, c := range []struct {
		kernel          string
		m, n, k, bn, bk int
		stages, grid    int
	}{
		{"matmul_tma_ws_kernel", 256, 128, 320, 128, 64, 3, 2},
		{"matmul_tma_ws_kernel", 128, 256, 192, 256, 64, 2, 1},
		{"matmul_tma_ws_kernel", 32, 32, 32, 128, 64, 2, 1},
		{"matmul_tma_ws_kernel", 32, 32, 32, 256, 64, 2, 1},
		{"matmul_tma_persistent_ws_kernel", 256, 384, 192, 128, 64, 3, 3},
		{"matmul_tma_persistent_ws_kernel", 256, 512, 128, 256, 64, 2, 3},
	} {
		name := fmt.Sprintf("%s_%dx%dx%d_128x%dx%d_s%d", c.kernel, c.m, c.n, c.k, c.bn, c.bk, c.stages)
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			a, bkn, want := exactMatmul(c.m, c.n, c.k)
			b := make([]float32, len(bkn)) // B is N x K: the kernel computes A @ B.T
			for i := 0; i < c.k; i++ {
				for j := 0; j < c.n; j++ {
					b[j*c.k+i] = bkn[i*c.n+j]
				}
			}
			args := []string{src, "--kernel", c.kernel, "--backend", "sim", "--arch", "sm_90", "--no-cache", "--grid", fmt.Sprint(c.grid),
				"--constexpr", fmt.Sprint("num_stages=", c.stages), "--constexpr", "BLOCK_SIZE_M=128",
				"--constexpr", fmt.Sprint("BLOCK_SIZE_N=", c.bn), "--constexpr", fmt.Sprint("BLOCK_SIZE_K=", c.bk),
				"--constexpr", "GROUP_SIZE_M=8", "--constexpr", "USE_FP8=False",
				"--arg", "a_ptr=@" + writeHalfNpy(t, dir, "a.npy", a, c.m, c.k), "--arg", "b_ptr=@" + writeHalfNpy(t, dir, "b.npy", b, c.n, c.k),
				"--arg", "c_ptr=@" + writeHalfNpy(t, dir, "c.npy", make([]float32, c.m*c.n), c.m, c.n),
				"--arg", fmt.Sprint("a_stride0=", c.k), "--arg", "a_stride1=1", "--arg", fmt.Sprint("b_stride0=", c.k), "--arg", "b_stride1=1",
				"--arg", fmt.Sprint("c_stride0=", c.n), "--arg", "c_stride1=1",
				"--arg", fmt.Sprint("M=", c.m), "--arg", fmt.Sprint("N=", c.n), "--arg", fmt.Sprint("K=", c.k),
				"--check", "c_ptr=@" + writeHalfNpy(t, dir, "want.npy", want, c.m, c.n), "--tol", "0"}
			if strings.Contains(c.kernel, "persistent") {
				args = append(args, "--sms", "3", "--constexpr", "NUM_SMS=3", "--constexpr", "FLATTEN=False")
			}
			code, stdout, stderr := runTool(args...)
			if code != 0 || !strings.Contains(stdout, fmt.Sprintf("PASS c_ptr: 0/%d elements differ", c.m*c.n)) {
				t.Fatalf("exit %d\nstdout: %s\nstderr: %s", code, stdout, stderr)
			}
		})
	}
}
