package ttrun

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime/debug"
	"strings"
	"testing"
	"time"

	"github.com/ttcompiler/tt/compilecache"
	"github.com/ttcompiler/tt/ir/asm"
)

// endlessKernel loops forever: only --timeout or an interrupt ends it.
const endlessKernel = `tt.func public @spin(%out: !tt.ptr<i32>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %true = arith.constant true
  %r = scf.while (%i = %c0) : (i32) -> i32 {
    scf.condition(%true) %i : i32
  } do {
  ^bb0(%j: i32):
    %k = arith.addi %j, %c1 : i32
    scf.yield %k : i32
  }
  tt.store %out, %r : !tt.ptr<i32>
  tt.return
}
`

// writeEndless writes endlessKernel and a one-element output buffer.
func writeEndless(t *testing.T) (src, out string) {
	dir := t.TempDir()
	src = filepath.Join(dir, "spin.ttir")
	if err := os.WriteFile(src, []byte(endlessKernel), 0o644); err != nil {
		t.Fatal(err)
	}
	return src, writeNpyI32(t, dir, "out.npy", 1)
}

func writeNpyI32(t *testing.T, dir, name string, n int) string {
	t.Helper()
	p := filepath.Join(dir, name)
	a := make([]float32, n)
	writeNpy(t, dir, name, a)
	// Reinterpret as int32: the header's dtype is all that differs.
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	b = bytes.Replace(b, []byte("'<f4'"), []byte("'<i4'"), 1)
	if err := os.WriteFile(p, b, 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// runWithin runs tt-run under ctx and fails the test if it does not
// return within a minute (a timeout that does not stop the kernel).
func runWithin(t *testing.T, ctx context.Context, args ...string) (int, string) {
	t.Helper()
	type result struct {
		code int
		errs string
	}
	done := make(chan result, 1)
	go func() {
		var out, errb bytes.Buffer
		code := RunContext(ctx, args, strings.NewReader(""), &out, &errb)
		done <- result{code, out.String() + errb.String()}
	}()
	select {
	case r := <-done:
		return r.code, r.errs
	case <-time.After(time.Minute):
		t.Fatalf("tt-run %v did not stop within a minute", args)
	}
	return 0, ""
}

func TestTimeoutStopsEndlessKernel(t *testing.T) {
	src, out := writeEndless(t)
	for _, backend := range []string{"interp", "sim"} {
		code, msg := runWithin(t, context.Background(), src, "--grid", "4", "--arg", "@"+out, "--backend", backend, "--timeout", "200ms", "--workers", "2")
		if code != 1 || !strings.Contains(msg, "tt-run: the run exceeded --timeout=200ms: stopped after 0 of 4 ") {
			t.Errorf("%s: exit %d, output %q", backend, code, msg)
		}
	}
	if code, _, msg := runTool(src, "--grid", "1", "--timeout", "-3s"); code != 2 || !strings.Contains(msg, `--timeout must be positive, got "-3s"`) {
		t.Errorf("a negative --timeout: exit %d %q", code, msg)
	}
}

func TestInterruptStopsRun(t *testing.T) {
	src, out := writeEndless(t)
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(100*time.Millisecond, cancel)
	code, msg := runWithin(t, ctx, src, "--grid", "4", "--arg", "@"+out)
	if code != exitInterrupted || !strings.Contains(msg, "tt-run: interrupted: stopped after 0 of 4 programs") {
		t.Errorf("exit %d, output %q", code, msg)
	}
}

// fakeBackend is registered to check that --help lists every backend.
type fakeBackend struct{}

func (fakeBackend) Name() string                              { return "fake-for-help" }
func (fakeBackend) Describe() string                          { return "a backend the tests register" }
func (fakeBackend) Run(*Kernel, [3]int, []Arg, Options) error { return nil }

func TestHelpListsEveryBackend(t *testing.T) {
	RegisterBackend(fakeBackend{})
	code, stdout, _ := runTool("--help")
	if code != 0 {
		t.Fatalf("--help: exit %d", code)
	}
	for _, want := range []string{"  interp  the tile-level CPU interpreter", "  sim     tt's pipeline lowers", "  cuda    compiles to PTX",
		"  fake-for-help a backend the tests register"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("--help does not list %q:\n%s", want, stdout)
		}
	}
}

func TestVersion(t *testing.T) {
	code, stdout, _ := runTool("--version")
	if code != 0 || !strings.HasPrefix(stdout, "tt-run (tt) version ") || !strings.Contains(stdout, ", commit ") {
		t.Errorf("--version: exit %d %q", code, stdout)
	}
}

func TestManifestOfAnotherShape(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		os.WriteFile(p, []byte(text), 0o644)
		return p
	}
	for _, c := range []struct{ file, want string }{
		{write("perf.json", `[{"name": "vector_add_2e26", "kernel": "add_kernel", "grid": [65536, 1, 1]}]`),
			"perf.json is not a case manifest: it is a JSON list (the perf kernels' manifest has this shape); a case manifest is an object with a \"cases\" list"},
		{write("other.json", `{"kernels": [], "gpu": "H100"}`), `other.json is not a case manifest: it has no "cases" list (its keys: "gpu", "kernels")`},
		{write("k.ttir", endlessKernel), "k.ttir is not a case manifest: it is not JSON"},
		{write("nokernel.json", `{"cases": [{"name": "a", "args": []}]}`), `nokernel.json is not a case manifest: case 0 has no "kernel" string`},
	} {
		code, stdout, stderr := runTool("--manifest", c.file)
		if code != 1 || !strings.Contains(stderr, c.want) {
			t.Errorf("--manifest %s: exit %d, want 1 with %q\nstdout: %s\nstderr: %s", filepath.Base(c.file), code, c.want, stdout, stderr)
		}
	}
}

func TestGridLimits(t *testing.T) {
	f := writeAddFiles(t)
	args := []string{f.src, "--arg", "@" + f.x, "--arg", "@" + f.y, "--arg", "@" + f.out, "--arg", "13", "--arg", "0.25"}
	for _, c := range []struct {
		flags []string
		want  string
	}{
		{[]string{"--grid", "1,65536", "--backend", "sim"}, "tt-run: grid y dimension 65536 exceeds 65535, the most sm_90 allows; put the large dimension on x"},
		{[]string{"--grid", "2147483648"}, "tt-run: grid x dimension 2147483648 exceeds 2147483647, the most the interpreter (tl.program_id is i32) allows"},
	} {
		code, _, stderr := runTool(append(append([]string(nil), args...), c.flags...)...)
		if code != 2 || !strings.Contains(stderr, c.want) {
			t.Errorf("%v: exit %d, stderr %q, want %q", c.flags, code, stderr, c.want)
		}
	}
}

// --out replaces the file whole or leaves it alone: when the file cannot
// be replaced (here it is a directory), nothing changes and no temporary
// file is left beside it.
func TestOutWholeOrNothing(t *testing.T) {
	f := writeAddFiles(t)
	res := filepath.Join(f.dir, "res.npy")
	os.Mkdir(res, 0o755)
	os.WriteFile(filepath.Join(res, "keep"), []byte("old"), 0o644)
	before, _ := os.ReadDir(f.dir)
	code, _, stderr := runTool(f.src, "--grid", "2", "--arg", "@"+f.x, "--arg", "@"+f.y, "--arg", "@"+f.out, "--arg", "13", "--arg", "0.25", "--out", "out="+res)
	if code != 1 || !strings.Contains(stderr, "res.npy") {
		t.Errorf("exit %d, stderr %q", code, stderr)
	}
	if b, _ := os.ReadFile(filepath.Join(res, "keep")); string(b) != "old" {
		t.Errorf("the old content became %q", b)
	}
	if after, _ := os.ReadDir(f.dir); len(after) != len(before) {
		t.Errorf("files left beside the output: %v", after)
	}
}

// memoryChildEnv makes the test binary run one tt-run (the memory test's
// child process) instead of the tests.
const memoryChildEnv = "TTRUN_MEMORY_CHILD"

// peakRSSLabel precedes the memory test child's own peak RSS in bytes.
const peakRSSLabel = "peak-rss-bytes:"

// ownPeakRSS is the process's own peak resident set (VmHWM of
// /proc/self/status), or 0 where it cannot be read. Not the rusage's
// maxrss: Linux records there, at exec, the peak of the memory the child
// shared with its parent until then (Go forks with CLONE_VM), so a test
// process grown large by earlier tests would count as the child's.
func ownPeakRSS() int64 {
	status, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(status), "\n") {
		if rest, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			var kib int64
			if _, err := fmt.Sscan(rest, &kib); err == nil {
				return kib << 10
			}
		}
	}
	return 0
}

// A grid of a million programs runs in memory bounded by the workers'
// tiles: the peak RSS of a tt-run process (as cmd/tt-run configures the
// garbage collector) stays far below what holding per-program state
// would take (16 bytes a program were 260 MB of RSS before streaming).
func TestStreamingMemoryBound(t *testing.T) {
	kernel := filepath.Join("..", "..", "examples", "kernel_patterns.py")
	if os.Getenv(memoryChildEnv) != "" {
		debug.SetGCPercent(400) // as cmd/tt-run
		BoundHeap = true
		var args []string
		if err := json.Unmarshal([]byte(os.Getenv(memoryChildEnv)), &args); err != nil {
			t.Fatal(err)
		}
		code := Run(args, strings.NewReader(""), os.Stdout, os.Stderr)
		fmt.Printf("%s %d\n", peakRSSLabel, ownPeakRSS())
		os.Exit(code)
	}
	if testing.Short() {
		t.Skip("runs a million programs")
	}
	dir := t.TempDir()
	n := 1000
	a, b, sum := make([]float32, n), make([]float32, n), make([]float32, n)
	for i := range a {
		a[i], b[i] = float32(i), float32(3*i)+0.5
		sum[i] = a[i] + b[i]
	}
	args := []string{kernel, "--kernel", "vector_add_kernel", "--constexpr", "BLOCK_SIZE=16", "--grid", "1000000", "--no-cache",
		"--arg", "a_ptr=@" + writeNpy(t, dir, "a.npy", a), "--arg", "b_ptr=@" + writeNpy(t, dir, "b.npy", b),
		"--arg", "c_ptr=@" + writeNpy(t, dir, "c.npy", make([]float32, n)), "--arg", fmt.Sprint("n_elements=", n),
		"--check", "c_ptr=@" + writeNpy(t, dir, "sum.npy", sum)}
	cmd := exec.Command(os.Args[0], "-test.run=^TestStreamingMemoryBound$")
	js, _ := json.Marshal(args)
	cmd.Env = append(os.Environ(), memoryChildEnv+"="+string(js))
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("tt-run: %v\n%s", err, out)
	}
	if !strings.Contains(string(out), "PASS c_ptr: 0/1000 elements differ") {
		t.Errorf("output: %s", out)
	}
	var maxRSS int64
	if i := strings.LastIndex(string(out), peakRSSLabel); i < 0 || func() bool {
		_, err := fmt.Sscan(string(out[i+len(peakRSSLabel):]), &maxRSS)
		return err != nil || maxRSS <= 0
	}() {
		t.Fatalf("the child reported no peak RSS: %s", out)
	}
	const bound = 120 << 20
	t.Logf("peak RSS for 10^6 programs: %d MiB", maxRSS>>20)
	if maxRSS > bound {
		t.Errorf("peak RSS %d MiB for a grid of 10^6 programs, want at most %d MiB", maxRSS>>20, bound>>20)
	}
}

// A Python kernel's TTIR comes from the cache the second time; the
// cached TTIR runs as the compiled one does; --no-cache writes nothing.
func TestPythonTTIRCache(t *testing.T) {
	dir := t.TempDir()
	c, err := compilecache.Open(filepath.Join(dir, "cache"))
	if err != nil {
		t.Fatal(err)
	}
	kernel := filepath.Join("..", "..", "examples", "kernel_patterns.py")
	a := writeNpy(t, dir, "a.npy", []float32{1, 2, 3})
	p := PythonKernel{Path: kernel, Kernel: "vector_add_kernel", Args: []string{"a_ptr=@" + a, "b_ptr=@" + a, "c_ptr=@" + a, "n_elements=3"},
		Constexprs: []string{"BLOCK_SIZE=4"}, Cache: c}
	var texts []string
	for range 2 {
		k, _, err := LoadPython(p)
		if err != nil {
			t.Fatal(err)
		}
		texts = append(texts, asm.Sprint(k.Module, asm.PrintConfig{DebugInfo: true}))
	}
	if s := c.Stats(); s.Puts != 1 || s.Hits != 1 {
		t.Errorf("cache stats %+v, want one put then one hit", s)
	}
	if texts[0] != texts[1] {
		t.Errorf("the cached TTIR differs from the compiled one")
	}
	t.Setenv(compilecache.EnvDir, filepath.Join(dir, "other"))
	code, stdout, stderr := runTool(kernel, "--kernel", "vector_add_kernel", "--constexpr", "BLOCK_SIZE=4", "--grid", "1", "--no-cache",
		"--arg", "a_ptr=@"+a, "--arg", "b_ptr=@"+a, "--arg", "c_ptr=@"+a, "--arg", "n_elements=3")
	if code != 0 {
		t.Fatalf("exit %d: %s%s", code, stdout, stderr)
	}
	if _, err := os.Stat(filepath.Join(dir, "other")); err == nil {
		t.Error("--no-cache created the cache directory")
	}
}
