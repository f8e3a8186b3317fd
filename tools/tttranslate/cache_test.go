package tttranslate

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/ttcompiler/tt/compilecache"
)

// onlyEntry returns the cache's single entry key.
func onlyEntry(t *testing.T, c *compilecache.Cache) compilecache.Key {
	t.Helper()
	keys := c.Keys()
	if len(keys) != 1 {
		t.Fatalf("%d entries in the cache, want 1", len(keys))
	}
	return keys[0]
}

// A second tt-translate of the same kernel takes its output from the
// cache (a planted entry proves it), --no-cache ignores the cache, and a
// truncated or corrupted entry is recompiled and replaced.
func TestTranslateUsesCache(t *testing.T) {
	dir := t.TempDir()
	t.Setenv(compilecache.EnvDir, dir)
	c, _ := compilecache.Open(dir)
	k := "../../examples/vector_add.ttir"
	code, ptx, stderr := run(t, "", k)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	key := onlyEntry(t, c)
	if code, again, _ := run(t, "", k); code != 0 || again != ptx {
		t.Fatalf("the cached output differs from the compiled one")
	}
	// Plant a different output under the same key: a hit prints it.
	e, ok := c.Get(key)
	if !ok {
		t.Fatal("the entry is not valid")
	}
	e.Parts["output"] = []byte("// planted\n")
	c.Put(key, e)
	if _, out, _ := run(t, "", k); out != "// planted\n" {
		t.Fatalf("the second compile did not come from the cache: %.80q", out)
	}
	if _, out, _ := run(t, "", k, "--no-cache"); out != ptx {
		t.Fatalf("--no-cache used the cache: %.80q", out)
	}
	// An option changes the key.
	if _, out, _ := run(t, "", k, "--num-warps=8"); out == "// planted\n" || out == ptx {
		t.Fatal("--num-warps=8 got the entry of the default options")
	}
	// So does an experimental setting (TT_X_*), which passes read: a third
	// entry.
	t.Setenv("TT_X_CACHE_TEST", "1")
	if _, out, _ := run(t, "", k); out == "// planted\n" {
		t.Fatal("a TT_X_ setting got the entry compiled without it")
	}
	os.Unsetenv("TT_X_CACHE_TEST")
	for _, damage := range []func([]byte) []byte{
		func(b []byte) []byte { return b[:len(b)/2] },
		func(b []byte) []byte { b[len(b)-3] ^= 0x20; return b },
	} {
		c.Put(key, e)
		b, _ := os.ReadFile(c.Path(key))
		os.WriteFile(c.Path(key), damage(b), 0o644)
		if _, out, _ := run(t, "", k); out != ptx {
			t.Fatalf("a damaged entry was used: %.80q", out)
		}
		if got, ok := c.Get(key); !ok || string(got.Parts["output"]) != ptx {
			t.Fatal("the damaged entry was not replaced by the recompiled one")
		}
	}
	if n, problems := c.Check(); len(problems) != 0 || n != 3 {
		t.Errorf("%d entries, problems %v", n, problems)
	}
}

// Compilations that print IR or time the passes run the pipeline and
// leave the cache alone.
func TestTranslateSideOutputsBypassCache(t *testing.T) {
	dir := t.TempDir()
	t.Setenv(compilecache.EnvDir, dir)
	c, _ := compilecache.Open(dir)
	k := "../../examples/vector_add.ttir"
	for _, flag := range []string{"--mlir-timing", "--mlir-print-ir-after-all", "--dump-stages=" + t.TempDir()} {
		if code, _, stderr := run(t, "", k, flag, "-o", filepath.Join(t.TempDir(), "k.ptx")); code != 0 {
			t.Fatalf("%s: exit %d: %s", flag, code, stderr)
		}
	}
	if keys := c.Keys(); len(keys) != 0 {
		t.Errorf("%d entries written by compilations with side outputs", len(keys))
	}
}

// A Python kernel's entry depends on the modules it imports: changing
// one recompiles.
func TestPythonCacheFollowsImports(t *testing.T) {
	t.Setenv(compilecache.EnvDir, t.TempDir())
	dir := t.TempDir()
	kernel := filepath.Join(dir, "kern.py")
	os.WriteFile(kernel, []byte(`import triton
import triton.language as tl
from helper import SCALE

@triton.jit
def scale(x_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    tl.store(x_ptr + offs, tl.load(x_ptr + offs, mask=m) * SCALE, mask=m)
`), 0o644)
	helper := filepath.Join(dir, "helper.py")
	args := []string{kernel, "--signature", "*fp32:16, i32, 64"}
	for _, v := range []string{"3.0", "5.0", "3.0"} {
		os.WriteFile(helper, []byte("import triton.language as tl\nSCALE = tl.constexpr("+v+")\n"), 0o644)
		code, ptx, stderr := run(t, "", args...)
		if code != 0 {
			t.Fatalf("exit %d: %s", code, stderr)
		}
		// 3.0 is 0f40400000, 5.0 is 0f40A00000 in PTX.
		want := map[string]string{"3.0": "0f40400000", "5.0": "0f40A00000"}[v]
		if !strings.Contains(ptx, want) {
			t.Errorf("SCALE = %s: the PTX has no %s (a stale cache entry?)", v, want)
		}
	}
}

// childEnv makes the test binary one of several tt-translate processes.
const childEnv = "TTTRANSLATE_CACHE_CHILD"

// cacheKernels are what the processes compile: TTIR and Python kernels.
var cacheKernels = [][]string{
	{"../../examples/vector_add.ttir"},
	{"../../examples/softmax.ttir"},
	{"../../examples/vector_add.ttir", "--num-warps=8"},
	{"../../examples/kernel_patterns.py", "--kernel", "vector_add_kernel", "--signature", "*fp32:16, *fp32:16, *fp32:16, i32, 256"},
	{"../../examples/kernel_patterns.py", "--kernel", "softmax_kernel", "--signature", "*fp32:16, *fp32:16, i32, i32:16, i32:16, 1024"},
}

// Eight processes compiling the same kernels into one cache directory at
// once (run it with -race to check the race detector's view as well):
// every process prints the same PTX and every entry is valid at the end.
func TestProcessesCompileIntoOneCache(t *testing.T) {
	if out := os.Getenv(childEnv); out != "" {
		for round := range 3 {
			for i, k := range cacheKernels {
				path := filepath.Join(out, fmt.Sprintf("%d.ptx", i))
				if code, _, stderr := run(t, "", append(append([]string(nil), k...), "-o", path)...); code != 0 {
					t.Fatalf("round %d, %v: exit %d: %s", round, k, code, stderr)
				}
			}
		}
		return
	}
	if testing.Short() {
		t.Skip("starts 8 processes")
	}
	cacheDir := t.TempDir()
	var wg sync.WaitGroup
	outs := make([]string, 8)
	errs := make([]error, 8)
	logs := make([]bytes.Buffer, 8)
	for p := range 8 {
		outs[p] = t.TempDir()
		cmd := exec.Command(os.Args[0], "-test.run=^TestProcessesCompileIntoOneCache$")
		cmd.Env = append(os.Environ(), childEnv+"="+outs[p], compilecache.EnvDir+"="+cacheDir)
		cmd.Stdout, cmd.Stderr = &logs[p], &logs[p]
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs[p] = cmd.Run()
		}()
	}
	wg.Wait()
	for p := range 8 {
		if errs[p] != nil {
			t.Fatalf("process %d: %v\n%s", p, errs[p], logs[p].String())
		}
	}
	for i := range cacheKernels {
		first, _ := os.ReadFile(filepath.Join(outs[0], fmt.Sprintf("%d.ptx", i)))
		if !bytes.Contains(first, []byte(".entry")) {
			t.Fatalf("kernel %d: no PTX", i)
		}
		for p := 1; p < 8; p++ {
			if b, _ := os.ReadFile(filepath.Join(outs[p], fmt.Sprintf("%d.ptx", i))); !bytes.Equal(b, first) {
				t.Errorf("kernel %d: process %d printed other PTX", i, p)
			}
		}
	}
	c, _ := compilecache.Open(cacheDir)
	n, problems := c.Check()
	for _, p := range problems {
		t.Error(p)
	}
	if n != len(cacheKernels) {
		t.Errorf("%d entries, want %d", n, len(cacheKernels))
	}
}
