package ttrun

import (
	"bytes"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
)

// tt-hoist-epilogue-loads issues the bias row a matmul's epilogue adds
// before the K loop of each consumer's tile (the pairs, the default): the
// simulator still computes A B + bias exactly, on one SM (a CTA walks all
// six tiles, pairs sharing B and a pair that does not) and on two (tiles
// without a partner), and the TTGIR differs from the one without the pass
// (TT_X_HOIST_EPILOGUE=off), which computes the same.
func TestSimHoistedEpilogueBias(t *testing.T) {
	if testing.Short() {
		t.Skip("simulates wgmma tiles")
	}
	const m, n, k = 320, 200, 160
	kernel := filepath.Join("testdata", "bias_matmul.py")
	sig := "*fp16:16, *fp16:16, *fp16:16, *fp16:16, i32, i32, i32, i32:16, 1, i32:16, 1, i32:16, 1, 128, 128, 64"
	mm := newBiasMatmul(m, n, k, 9)
	compile := func(dir string) []byte {
		t.Helper()
		return translate(t, filepath.Join(dir, "mm.ttgir"), kernel, "--kernel", "bias_matmul", "--signature", sig,
			"--arch", "sm_90", "--num-warps=4", "--target=ttgir")
	}
	offDir := t.TempDir()
	t.Setenv("TT_X_HOIST_EPILOGUE", "off")
	unhoisted := compile(offDir)
	t.Setenv("TT_X_HOIST_EPILOGUE", "")
	dir := t.TempDir()
	hoisted := compile(dir)
	if !bytes.Contains(hoisted, []byte("partition1(")) {
		t.Fatalf("the kernel is not the pairs' (no second consumer partition)")
	}
	if bytes.Equal(hoisted, unhoisted) {
		t.Fatalf("the pass changed nothing: the bias load was not issued before the K loop")
	}
	for _, sms := range []int{1, 2} {
		mm.simulate(t, filepath.Join(dir, "mm.ttgir"), 3*2, sms)
	}
	mm.simulate(t, filepath.Join(offDir, "mm.ttgir"), 3*2, 1)
}

// biasMatmul is testdata/bias_matmul.py's problem: C = A B + bias with A
// m x k, B k x n and C m x n, all row-major and contiguous, and the exact
// product it should give.
type biasMatmul struct {
	m, n, k          int
	a, b, bias, want []float32
}

// newBiasMatmul is the problem with exactMatmul's A and B and the bias
// row j%period - period/2: small integers, so that f16 holds every sum.
func newBiasMatmul(m, n, k, period int) biasMatmul {
	a, b, want := exactMatmul(m, n, k)
	bias := make([]float32, n)
	for j := range bias {
		bias[j] = float32(j%period - period/2)
	}
	for i := range m {
		for j := range n {
			want[i*n+j] += bias[j]
		}
	}
	return biasMatmul{m: m, n: n, k: k, a: a, b: b, bias: bias, want: want}
}

// simulate runs the kernel compiled to ttgir on the simulator (grid
// programs, sms SMs) and checks C bit for bit.
func (p biasMatmul) simulate(t *testing.T, ttgir string, grid, sms int) {
	t.Helper()
	m, n, k, tmp := p.m, p.n, p.k, t.TempDir()
	args := []string{ttgir, "--backend", "sim", "--arch", "sm_90", "--no-cache", "--grid", fmt.Sprint(grid), "--sms", fmt.Sprint(sms),
		"--arg", "a_ptr=@" + writeHalfNpy(t, tmp, "a.npy", p.a, m, k), "--arg", "b_ptr=@" + writeHalfNpy(t, tmp, "b.npy", p.b, k, n),
		"--arg", "c_ptr=@" + writeHalfNpy(t, tmp, "c.npy", make([]float32, m*n), m, n),
		"--arg", "bias_ptr=@" + writeHalfNpy(t, tmp, "bias.npy", p.bias, 1, n),
		"--arg", fmt.Sprint("M=", m), "--arg", fmt.Sprint("N=", n), "--arg", fmt.Sprint("K=", k),
		"--arg", fmt.Sprint("stride_am=", k), "--arg", fmt.Sprint("stride_bk=", n), "--arg", fmt.Sprint("stride_cm=", n),
		"--check", "c_ptr=@" + writeHalfNpy(t, tmp, "want.npy", p.want, m, n), "--tol", "0"}
	code, stdout, stderr := runTool(args...)
	if code != 0 || !strings.Contains(stdout, fmt.Sprintf("PASS c_ptr: 0/%d elements differ", m*n)) {
		t.Fatalf("%s, %d SMs: exit %d\nstdout: %s\nstderr: %s", ttgir, sms, code, stdout, stderr)
	}
}
