package tttranslate

import (
	"fmt"
	"strings"
	"testing"

	"github.com/ttcompiler/tt/internal/sharedtest"
)

// Triton's test_warp_specialization.py compiles matmul_tma_ws_kernel (TMA
// loads of A and B in a loop marked warp_specialize=True) and asserts on
// Hopper that the TTGIR has ttg.warp_specialize, ttng.warp_group_dot and
// ttng.async_tma_copy_global_to_local with num_warps=4, and no
// ttg.warp_specialize with num_warps=8. tt's front end compiles the
// test's own source here, for the test's tile shapes and f16 and fp8, and
// its persistent variant matmul_tma_persistent_ws_kernel (the loads in a
// k-loop inside the marked tile loop).
func TestWarpSpecializeTMAMatmulTTGIR(t *testing.T) {
	requireStages(t, LevelTTIR)
	src := tritonLanguageTest(t, "test_warp_specialization.py")
	const ints = "i32:16, i32:1, i32:16, i32:1, i32:16, i32:1, i32, i32, i32"
	for _, c := range []struct {
		bn, bk, stages, warps int
		fp8, persistent       bool
	}{
		{128, 64, 2, 4, false, false},
		{256, 64, 3, 4, false, false},
		{128, 128, 3, 4, true, false},
		{256, 128, 2, 4, true, false},
		{128, 64, 3, 8, false, false},
		{256, 128, 2, 8, true, false},
		{128, 64, 3, 4, false, true},
		{256, 128, 2, 4, true, true},
		{256, 64, 3, 8, false, true},
	} {
		elem, useFP8 := "fp16", "False"
		if c.fp8 {
			elem, useFP8 = "fp8e4nv", "True"
		}
		kernel, extra := "matmul_tma_ws_kernel", []string(nil)
		if c.persistent {
			kernel, extra = "matmul_tma_persistent_ws_kernel", []string{"--constexpr", "NUM_SMS=132", "--constexpr", "FLATTEN=False"}
		}
		name := fmt.Sprintf("%s_128x%dx%d_s%d_w%d_%s", kernel, c.bn, c.bk, c.stages, c.warps, elem)
		t.Run(name, func(t *testing.T) {
			sig := fmt.Sprintf("*%s:16, *%s:16, *%s:16, %s", elem, elem, elem, ints)
			args := []string{src, "--kernel", kernel, "--signature", sig, "--arch", "sm_90",
				"--num-warps", fmt.Sprint(c.warps), "--target=ttgir", "--no-cache",
				"--constexpr", fmt.Sprintf("num_stages=%d", c.stages), "--constexpr", "BLOCK_SIZE_M=128",
				"--constexpr", fmt.Sprintf("BLOCK_SIZE_N=%d", c.bn), "--constexpr", fmt.Sprintf("BLOCK_SIZE_K=%d", c.bk),
				"--constexpr", "GROUP_SIZE_M=8", "--constexpr", "USE_FP8=" + useFP8}
			args = append(args, extra...)
			code, ttgir, stderr := run(t, "", args...)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			for _, want := range []string{"ttng.warp_group_dot", "ttng.async_tma_copy_global_to_local"} {
				if !strings.Contains(ttgir, want) {
					t.Errorf("the TTGIR has no %s", want)
				}
			}
			if ws := strings.Contains(ttgir, "ttg.warp_specialize"); ws != (c.warps == 4) {
				t.Errorf("num_warps=%d: ttg.warp_specialize in the TTGIR is %v", c.warps, ws)
			}
			if c.warps != 4 {
				return
			}
			// A 128x256 accumulator is cut over two consumer
			// warpgroups (64 rows each, the A tile in two rings of
			// half tiles); a 128x128 one stays on the default warps.
			aRing, split := fmt.Sprintf("!ttg.memdesc<%dx128x%dx", c.stages, c.bk), c.bn == 256
			if split {
				aRing = fmt.Sprintf("!ttg.memdesc<%dx64x%dx", c.stages, c.bk)
			}
			if !strings.Contains(ttgir, aRing) {
				t.Errorf("no ring of %d slots for the A tiles (%s)", c.stages, aRing)
			}
			if got := strings.Contains(ttgir, "partition1(") && strings.Contains(ttgir, "requestedRegisters = array<i32: 40, 232>"); got != split {
				t.Errorf("two consumer warpgroups: %v, want %v", got, split)
			}
		})
	}
}

// tritonLanguageTest is the path of one of Triton 3.6's language unit test
// files in ../shared's copy of its suite (the test skips without ../shared).
func tritonLanguageTest(t *testing.T, file string) string {
	t.Helper()
	return sharedtest.Path(t, "tools/triton-suite/triton-tests/python/test/unit/language/"+file)
}
