package ttrun

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The matmul with a bias row of testdata/bias_matmul.py, shared by the
// simulator tests of the passes that change its schedule or its
// per-thread code.

// biasMatmulTTGIR compiles testdata/bias_matmul.py for signature sig on
// warps warps to TTGIR in a new temporary directory: the file and its text.
func biasMatmulTTGIR(t *testing.T, sig string, warps int) (string, []byte) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "mm.ttgir")
	text := translate(t, path, filepath.Join("testdata", "bias_matmul.py"), "--kernel", "bias_matmul", "--signature", sig,
		"--arch", "sm_90", fmt.Sprintf("--num-warps=%d", warps), "--target=ttgir")
	return path, text
}

// perThreadIR compiles ttgir with tt's experimental variable set to value
// and returns its per-thread IR (the llir stage's dump).
func perThreadIR(t *testing.T, ttgir, variable, value string) string {
	t.Helper()
	t.Setenv(variable, value)
	stages := t.TempDir()
	translate(t, filepath.Join(stages, "mm.ptx"), ttgir, "--arch", "sm_90", "--dump-stages", stages)
	files, _ := filepath.Glob(filepath.Join(stages, "*llir.mlir"))
	if len(files) != 1 {
		t.Fatalf("expected one per-thread IR dump in %s, got %v", stages, files)
	}
	text, err := os.ReadFile(files[0])
	if err != nil {
		t.Fatal(err)
	}
	return string(text)
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
