package ttrun

import (
	"fmt"
	"path/filepath"
	"testing"
)

// TestWarpSpecializeTritonKernelsSim runs the hand-written kernels of
// Triton 3.6's test_warp_specialization.py (tools/tttranslate/testdata/
// warpspec) through tt's pipeline in the simulator with the race
// detector, and checks what the Python tests assert: the one-warp
// partition's store beside the default warps' (test_warp_specialize_basic_ir),
// and the four partitions' sums (test_warpgroup_reduction).
func TestWarpSpecializeTritonKernelsSim(t *testing.T) {
	dir := t.TempDir()
	data := filepath.Join("..", "tttranslate", "testdata", "warpspec")

	out := writeI32(t, dir, "out2.npy", []int32{0, 0})
	if code, _, stderr := runTool(filepath.Join(data, "basic_ir.ttir"), "--kernel", "kernel", "--grid", "1",
		"--arg", "@"+out, "--out", "arg0="+out, "--backend", "sim"); code != 0 {
		t.Fatalf("basic_ir: exit %d: %s", code, stderr)
	}
	if got := readI32(t, out); fmt.Sprint(got) != "[42 5555]" {
		t.Errorf("basic_ir wrote %v, want [42 5555]", got)
	}

	in := make([]int32, 1024)
	for i := range in {
		in[i] = int32(i)
	}
	inPath := writeI32(t, dir, "in.npy", in)
	out4 := writeI32(t, dir, "out4.npy", make([]int32, 4))
	if code, _, stderr := runTool(filepath.Join(data, "warpgroup_reduction.ttgir"), "--kernel", "kernel", "--grid", "1",
		"--arg", "@"+inPath, "--arg", "@"+out4, "--out", "arg1="+out4, "--backend", "sim"); code != 0 {
		t.Fatalf("warpgroup_reduction: exit %d: %s", code, stderr)
	}
	var want []int32
	for i := 0; i < 4; i++ {
		s := int32(0)
		for j := 256 * i; j < 256*(i+1); j++ {
			s += int32(j)
		}
		want = append(want, s)
	}
	if got := readI32(t, out4); fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("warpgroup_reduction wrote %v, want %v", got, want)
	}
}
