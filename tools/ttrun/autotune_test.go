package ttrun

import (
	"fmt"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ttcompiler/tt/autotune"
	"github.com/ttcompiler/tt/compilecache"
)

// fakeGPU is a Tuner whose runs take one microsecond per program of the
// grid (so larger blocks win) and whose Run is the interpreter's.
type fakeGPU struct {
	Interp
	mu       sync.Mutex
	compiled map[int]int // num_warps -> compilations
}

func (*fakeGPU) Name() string         { return "fake-gpu" }
func (*fakeGPU) Describe() string     { return "a GPU with a virtual clock (tests)" }
func (*fakeGPU) GPU() (string, error) { return "Fake GPU sm_00", nil }
func (g *fakeGPU) StartTuning(zero, restore []string, _ *compilecache.Cache) (TuningSession, error) {
	return &fakeSession{g: g}, nil
}

type fakeSession struct{ g *fakeGPU }

func (s *fakeSession) Devices() int { return 2 }
func (s *fakeSession) Close() error { return nil }
func (s *fakeSession) Compile(k *Kernel, o Options) (any, error) {
	s.g.mu.Lock()
	s.g.compiled[o.NumWarps]++
	s.g.mu.Unlock()
	return k, nil
}
func (s *fakeSession) Time(dev int, compiled any, grid [3]int, args []Arg, o autotune.BenchOptions) (autotune.Timing, error) {
	d := time.Duration(grid[0]*grid[1]*grid[2]) * time.Microsecond
	return autotune.Timing{Median: d, P20: d, P80: d, Runs: 1}, nil
}

func TestAutotuneFlag(t *testing.T) {
	g := &fakeGPU{compiled: map[int]int{}}
	RegisterBackend(g)
	t.Setenv(compilecache.EnvDir, t.TempDir())
	dir := t.TempDir()
	n := 5000
	a, b, sum := make([]float32, n), make([]float32, n), make([]float32, n)
	for i := range a {
		a[i], b[i] = float32(i), 0.5
		sum[i] = a[i] + b[i]
	}
	args := []string{filepath.Join("..", "..", "examples", "kernel_patterns.py"), "--kernel", "vector_add_autotuned", "--autotune",
		"--backend", "fake-gpu", "--grid", "cdiv(n_elements, BLOCK_SIZE)",
		"--arg", "a_ptr=@" + writeNpy(t, dir, "a.npy", a), "--arg", "b_ptr=@" + writeNpy(t, dir, "b.npy", b),
		"--arg", "c_ptr=@" + writeNpy(t, dir, "c.npy", make([]float32, n)), "--arg", fmt.Sprint("n_elements=", n),
		"--check", "c_ptr=@" + writeNpy(t, dir, "sum.npy", sum)}
	code, stdout, stderr := runTool(args...)
	if code != 0 {
		t.Fatalf("exit %d\n%s%s", code, stdout, stderr)
	}
	// BLOCK_SIZE 128 needs 40 programs (40 us), 1024 needs 5 (5 us).
	for _, want := range []string{
		"autotune vector_add_autotuned, key (5000, fp32, fp32, fp32): 2 configurations on 2 GPUs\n",
		"*   1      0.0050     0.0050     0.0050  BLOCK_SIZE: 1024, num_warps: 8, num_ctas: 1, num_stages: 3, maxnreg: None\n",
		"    0      0.0400     0.0400     0.0400  BLOCK_SIZE: 128, num_warps: 4",
		"best: #1 BLOCK_SIZE: 1024",
		"PASS c_ptr: 0/5000 elements differ",
	} {
		if !strings.Contains(stdout, want) {
			t.Errorf("output lacks %q:\n%s", want, stdout)
		}
	}
	if g.compiled[4] != 1 || g.compiled[8] != 1 {
		t.Errorf("compilations by num_warps: %v", g.compiled)
	}
	// The winner is kept per tuning key: the second run times nothing.
	code, stdout, _ = runTool(args...)
	if code != 0 || !strings.Contains(stdout, "2 configurations on 2 GPUs (from the cache)") || g.compiled[4] != 1 {
		t.Errorf("second run: exit %d, compilations %v\n%s", code, g.compiled, stdout)
	}
	// Another tuning key (n_elements) tunes again.
	args2 := append([]string(nil), args[:len(args)-2]...)
	for i, a := range args2 {
		if strings.HasPrefix(a, "n_elements=") {
			args2[i] = "n_elements=4096"
		}
	}
	if code, stdout, stderr = runTool(args2...); code != 0 || !strings.Contains(stdout, "key (4096, fp32, fp32, fp32): 2 configurations on 2 GPUs\n") {
		t.Errorf("n_elements=4096: exit %d\n%s%s", code, stdout, stderr)
	}
}

func TestAutotuneFlagErrors(t *testing.T) {
	RegisterBackend(&fakeGPU{compiled: map[int]int{}})
	kernel := filepath.Join("..", "..", "examples", "kernel_patterns.py")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{kernel, "--kernel", "vector_add_autotuned", "--autotune", "--grid", "1"}, "--autotune times kernels on a GPU: use --backend cuda (the interp backend cannot)"},
		{[]string{kernel, "--kernel", "vector_add_kernel", "--autotune", "--grid", "1", "--backend", "fake-gpu"}, "--autotune: kernel vector_add_kernel has no @triton.autotune"},
		{[]string{"../../examples/vector_add.ttir", "--autotune", "--grid", "1"}, "--autotune runs a Python kernel's @triton.autotune: give a .py file"},
	} {
		code, _, stderr := runTool(c.args...)
		if code != 2 || !strings.Contains(stderr, c.want) {
			t.Errorf("%v: exit %d %q, want %q", c.args, code, stderr, c.want)
		}
	}
}

func TestGridExpressions(t *testing.T) {
	f := writeAddFiles(t)
	code, stdout, stderr := runTool(f.src, "--grid", "cdiv(n, 8), 1", "--arg", "@"+f.x, "--arg", "@"+f.y, "--arg", "@"+f.out, "--arg", "n=13", "--arg", "scale=0.25",
		"--check", "out=@"+f.expect)
	if code != 0 || !strings.Contains(stdout, "PASS out") {
		t.Errorf("exit %d\n%s%s", code, stdout, stderr)
	}
	code, _, stderr = runTool(f.src, "--grid", "cdiv(m, 8)", "--arg", "@"+f.x, "--arg", "@"+f.y, "--arg", "@"+f.out, "--arg", "13", "--arg", "0.25")
	if code != 2 || !strings.Contains(stderr, "--grid dimension 0 (cdiv(m, 8)): NameError: name 'm' is not defined") {
		t.Errorf("unknown name: exit %d %q", code, stderr)
	}
}
