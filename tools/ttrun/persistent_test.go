package ttrun

import (
	"bytes"
	"fmt"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/ttcompiler/tt/npy"
)

// A persistent matmul (examples/persistent_matmul.py: two programs walk four
// 64x64 tiles, the tile loop flattened into the K loop, so the pipeliner
// prefetches across tiles and the accumulator is reset inside the fused
// loop) runs on sm_90's wgmma path in the simulator and writes the exact
// product. The inputs are small integers, so every product and sum is
// exact in f32 whatever the order of the tensor cores' additions; K = 80
// leaves a partial last block, and the masks must zero it. The reset is
// where select-to-block-args applies: a wrong edge value there leaves one
// tile's sum in the next tile.
func TestSimPersistentMatmulWGMMA(t *testing.T) {
	if testing.Short() {
		t.Skip("simulates eight wgmma tiles")
	}
	const m, n, k = 128, 128, 80
	dir := t.TempDir()
	a, b, want := exactMatmul(m, n, k)
	kernel := filepath.Join("..", "..", "examples", "persistent_matmul.py")
	args := []string{kernel, "--kernel", "persistent_matmul_kernel", "--backend", "sim", "--arch", "sm_90", "--no-cache",
		"--grid", "2", "--constexpr", "NUM_PROGRAMS=2", "--constexpr", "BLOCK_M=64", "--constexpr", "BLOCK_N=64", "--constexpr", "BLOCK_K=32",
		"--arg", "a_ptr=@" + writeHalfNpy(t, dir, "a.npy", a, m, k), "--arg", "b_ptr=@" + writeHalfNpy(t, dir, "b.npy", b, k, n),
		"--arg", "c_ptr=@" + writeNpy(t, dir, "c.npy", make([]float32, m*n)),
		"--arg", fmt.Sprint("M=", m), "--arg", fmt.Sprint("N=", n), "--arg", fmt.Sprint("K=", k),
		"--check", "c_ptr=@" + writeNpy(t, dir, "want.npy", want), "--tol", "0"}
	code, stdout, stderr := runTool(args...)
	if code != 0 || !strings.Contains(stdout, fmt.Sprintf("PASS c_ptr: 0/%d elements differ", m*n)) {
		t.Fatalf("exit %d\nstdout: %s\nstderr: %s", code, stdout, stderr)
	}
}

// tt-persistent-programs makes a plain matmul persistent (tt-translate's
// TTGIR of the specialization reads %nsmid and has a flattened tile loop,
// P = %nsmid times the CTAs an SM holds), and the persistent kernel
// computes the exact product in the simulator (three SMs): 128x256 tiles
// on 4 warps, one CTA an SM, so programs 0-2 walk three, three and two of
// the eight tiles and 3-7 exit; 128x128 tiles, two CTAs an SM, so
// programs 0-5 walk the sixteen tiles and 6-15 exit. The 128x128 kernel
// without the consumers taking turns that tt gives it by default
// (TestSimTileTurnsMatmul).
func TestSimAutoPersistentMatmul(t *testing.T) {
	if testing.Short() {
		t.Skip("simulates 24 wgmma tiles")
	}
	t.Setenv("TT_X_TILE_TURNS", "off")
	for _, c := range []struct {
		bn, grid int
		perSM    string // the multiplier of %nsmid in the TTGIR ("" for 1, folded away)
	}{{256, 8, ""}, {128, 16, "%c2_i32"}} {
		t.Run(fmt.Sprintf("128x%d", c.bn), func(t *testing.T) { autoPersistentMatmul(t, c.bn, c.grid, c.perSM) })
	}
}

func autoPersistentMatmul(t *testing.T, bn, grid int, perSM string) {
	const m, n, k = 512, 512, 96
	kernel := filepath.Join("..", "..", "examples", "kernel_patterns.py")
	dir := t.TempDir()
	sig := fmt.Sprintf("*fp16:16, *fp16:16, *fp32:16, i32:16, i32:16, i32:16, i32:16, 1, i32:16, 1, i32:16, 1, 128, %d, 64, 8", bn)
	text := translate(t, filepath.Join(dir, "mm.ttgir"), kernel, "--kernel", "matmul_kernel", "--signature", sig, "--arch", "sm_90", "--target=ttgir")
	for _, want := range []string{"%nsmid", "{tt.flatten}"} {
		if !bytes.Contains(text, []byte(want)) {
			t.Fatalf("the TTGIR has no %q: the kernel was not made persistent", want)
		}
	}
	if perSM != "" && !regexp.MustCompile(`arith\.muli %\w+, `+perSM+` : i32`).Match(text) {
		t.Fatalf("the persistent programs are not %%nsmid * %s", perSM)
	}

	a, b, want := exactMatmul(m, n, k)
	args := []string{kernel, "--kernel", "matmul_kernel", "--backend", "sim", "--arch", "sm_90", "--no-cache", "--grid", fmt.Sprint(grid),
		"--constexpr", "BLOCK_M=128", "--constexpr", fmt.Sprint("BLOCK_N=", bn), "--constexpr", "BLOCK_K=64", "--constexpr", "GROUP_M=8",
		"--arg", "a_ptr=@" + writeHalfNpy(t, dir, "a.npy", a, m, k), "--arg", "b_ptr=@" + writeHalfNpy(t, dir, "b.npy", b, k, n),
		"--arg", "c_ptr=@" + writeNpy(t, dir, "c.npy", make([]float32, m*n)),
		"--arg", fmt.Sprint("M=", m), "--arg", fmt.Sprint("N=", n), "--arg", fmt.Sprint("K=", k),
		"--arg", fmt.Sprint("stride_am=", k), "--arg", "stride_ak=1", "--arg", fmt.Sprint("stride_bk=", n), "--arg", "stride_bn=1",
		"--arg", fmt.Sprint("stride_cm=", n), "--arg", "stride_cn=1",
		"--check", "c_ptr=@" + writeNpy(t, dir, "want.npy", want), "--tol", "0"}
	code, stdout, stderr := runTool(args...)
	if code != 0 || !strings.Contains(stdout, fmt.Sprintf("PASS c_ptr: 0/%d elements differ", m*n)) {
		t.Fatalf("exit %d\nstdout: %s\nstderr: %s", code, stdout, stderr)
	}
}

// exactMatmul returns an m x k and a k x n matrix of small integers and
// their product: every product and partial sum is exact in f16 inputs and
// f32 sums, whatever order the tensor cores add in.
func exactMatmul(m, n, k int) (a, b, want []float32) {
	a, b = make([]float32, m*k), make([]float32, k*n)
	for i := range a {
		a[i] = float32(i*7%5 - 2)
	}
	for i := range b {
		b[i] = float32(i*3%7 - 3)
	}
	want = make([]float32, m*n)
	for i := range m {
		for j := range n {
			var s float32
			for l := range k {
				s += a[i*k+l] * b[l*n+j]
			}
			want[i*n+j] = s
		}
	}
	return a, b, want
}

// writeHalfNpy writes v, rounded to f16, as a rows x cols float16 array.
func writeHalfNpy(t *testing.T, dir, name string, v []float32, rows, cols int) string {
	t.Helper()
	bits := make([]uint16, len(v))
	for i, f := range v {
		bits[i] = npy.Float32ToFloat16(f)
	}
	a, err := npy.FromFloat16Bits(bits, rows, cols)
	return writeArray(t, dir, name, a, err)
}
