package tt

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ttcompiler/tt/autotune"
	"github.com/ttcompiler/tt/compilecache"
	"github.com/ttcompiler/tt/ir"
)

func vectorAddOptions(c *compilecache.Cache) Options {
	return Options{Kernel: "vector_add_kernel", Signature: "*fp32:16, *fp32:16, *fp32:16, i32",
		Constexprs: map[string]any{"BLOCK_SIZE": 1024}, Cache: c}
}

// The second compilation of a kernel comes from the cache, whole.
func TestCompileCached(t *testing.T) {
	c, err := compilecache.Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	o := vectorAddOptions(c)
	o.KeepIR = true
	first, err := CompilePython("examples/kernel_patterns.py", o)
	if err != nil {
		t.Fatal(err)
	}
	second, err := CompilePython("examples/kernel_patterns.py", o)
	if err != nil {
		t.Fatal(err)
	}
	if first.Cached || !second.Cached {
		t.Errorf("Cached: first %v, second %v", first.Cached, second.Cached)
	}
	if string(first.Code) != string(second.Code) || first.TTGIR != second.TTGIR || first.TTIR == "" || first.TTGIR == "" ||
		len(second.Params) != 4 || second.NumWarps != 4 || second.Name != first.Name {
		t.Errorf("the cached kernel differs from the compiled one: %+v", second.Params)
	}
	// Another option is another entry; NoCache neither reads nor writes.
	o.NumWarps = 8
	if k, _ := CompilePython("examples/kernel_patterns.py", o); k.Cached || k.NumWarps != 8 {
		t.Errorf("NumWarps 8 came from the cache or has %d warps", k.NumWarps)
	}
	o.NoCache = true
	puts := c.Stats().Puts
	if k, _ := CompilePython("examples/kernel_patterns.py", o); k.Cached || c.Stats().Puts != puts {
		t.Error("NoCache used the cache")
	}
	// A corrupted entry is recompiled, not used.
	for _, key := range c.Keys() {
		path := c.Path(key)
		b, _ := os.ReadFile(path)
		os.WriteFile(path, b[:len(b)-10], 0o644)
	}
	o.NoCache, o.NumWarps = false, 0
	k, err := CompilePython("examples/kernel_patterns.py", o)
	if err != nil || k.Cached || string(k.Code) != string(first.Code) {
		t.Errorf("a truncated entry: err %v, cached %v", err, k != nil && k.Cached)
	}
}

// BenchmarkCompileCached is a compilation of a kernel the cache holds, in
// process: the goal is under 1 ms.
func BenchmarkCompileCached(b *testing.B) {
	c, err := compilecache.Open(b.TempDir())
	if err != nil {
		b.Fatal(err)
	}
	o := vectorAddOptions(c)
	if _, err := CompilePython("examples/kernel_patterns.py", o); err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		k, err := CompilePython("examples/kernel_patterns.py", o)
		if err != nil || !k.Cached {
			b.Fatal("not from the cache", err)
		}
	}
}

// BenchmarkCompileCold is the same compilation without the cache.
func BenchmarkCompileCold(b *testing.B) {
	o := vectorAddOptions(nil)
	o.NoCache = true
	for b.Loop() {
		if _, err := CompilePython("examples/kernel_patterns.py", o); err != nil {
			b.Fatal(err)
		}
	}
}

func TestCompileErrors(t *testing.T) {
	for _, c := range []struct {
		name string
		run  func() error
		want string
	}{
		{"unknown arch", func() error { _, err := CompileTTIR("k", "", Options{Arch: "sm_35"}); return err }, "tt: architecture sm_35 is not supported"},
		{"ptx on AMD", func() error { _, err := CompileTTIR("k", "", Options{Arch: "gfx942"}); return err }, "tt: target ptx cannot run on gfx942"},
		{"bad warps", func() error { _, err := CompileTTIR("k", "", Options{NumWarps: 3}); return err }, "NumWarps must be a power of two, got 3"},
		{"parse error", func() error {
			_, err := CompileTTIR("k.ttir", "module {\n  tt.func public @k() {\n    %x = arith.addi %y, %y : i32\n  }\n}", Options{NoCache: true})
			return err
		}, "k.ttir:3:21: error: use of undeclared SSA value name"},
		{"no kernel", func() error { _, err := CompileTTIR("k.ttir", "module {\n}", Options{NoCache: true}); return err }, "tt: the module has no public tt.func"},
		{"missing signature", func() error {
			_, err := CompilePython("examples/kernel_patterns.py", Options{Kernel: "vector_add_kernel", NoCache: true})
			return err
		}, "parameter a_ptr of vector_add_kernel has no signature entry or constexpr value"},
		{"constexpr type", func() error {
			o := vectorAddOptions(nil)
			o.Constexprs = map[string]any{"BLOCK_SIZE": []int{1}}
			_, err := CompilePython("examples/kernel_patterns.py", o)
			return err
		}, "a []int cannot be a constexpr"},
		{"which kernel", func() error {
			_, err := CompilePython("examples/kernel_patterns.py", Options{NoCache: true})
			return err
		},
			"defines 7 @triton.jit functions"},
	} {
		err := c.run()
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", c.name, err, c.want)
		}
	}
	// Diagnostics stay reachable under the rendered message.
	_, err := CompileTTIR("k.ttir", "module {\n  tt.func public @k() {\n    %x = arith.addi %y, %y : i32\n  }\n}", Options{NoCache: true})
	var ce *CompileError
	var d *ir.Diagnostic
	var ds ir.Diagnostics
	if !errors.As(err, &ce) || !(errors.As(err, &d) || errors.As(err, &ds)) {
		t.Errorf("the error %T does not unwrap to diagnostics", err)
	}
}

// Launch's argument checks, without a GPU.
func TestLaunchArgs(t *testing.T) {
	d, other := &Device{}, &Device{}
	k := &Kernel{Name: "k", Params: []Param{{"x", "*fp32"}, {"n", "i32"}, {"s", "fp16"}, {"m", "i64"}}}
	f := &Function{d: d, k: k}
	buf := &Buffer{d: d, ptr: 256, size: 64, DType: "fp32"}
	if _, err := f.args([]any{buf, 10, 1.5, int64(1) << 40}); err != nil {
		t.Errorf("valid arguments: %v", err)
	}
	for _, c := range []struct {
		args []any
		want string
	}{
		{[]any{buf, 1}, "tt: k takes 4 arguments (x *fp32, n i32, s fp16, m i64), got 2"},
		{[]any{3, 1, 1.0, 1}, "argument 0 (x *fp32): a pointer parameter takes a *tt.Buffer, not a int"},
		{[]any{&Buffer{d: other, ptr: 256}, 1, 1.0, 1}, "the buffer is on another device"},
		{[]any{&Buffer{d: d, ptr: 256, DType: "fp16"}, 1, 1.0, 1}, "the buffer holds fp16 elements"},
		{[]any{buf, int64(1) << 33, 1.0, 1}, "argument 1 (n i32): 8589934592 does not fit in 32 bits"},
		{[]any{buf, "7", 1.0, 1}, "want an integer, got a string"},
		{[]any{buf, 1, "x", 1}, "argument 2 (s fp16): want a float, got a string"},
	} {
		if _, err := f.args(c.args); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v: %v, want %q", c.args, err, c.want)
		}
	}
}

// JIT specializes on the arguments as Triton's launcher does.
func TestJITSpecializes(t *testing.T) {
	o := Options{Cache: mustCache(t)}
	j, err := JIT("examples/kernel_patterns.py", "vector_add_kernel", o)
	if err != nil {
		t.Fatal(err)
	}
	buf := func() *Buffer { return &Buffer{ptr: 1 << 20, size: 4096, DType: "fp16"} }
	k, err := j.Compile("sm_80", Args{"a_ptr": buf(), "b_ptr": buf(), "c_ptr": buf(), "n_elements": 1024, "BLOCK_SIZE": 256})
	if err != nil {
		t.Fatal(err)
	}
	if len(k.Params) != 4 || k.Params[0].Type != "*fp16" || k.Arch != "sm_80" {
		t.Errorf("params %v", k.Params)
	}
	// n_elements = 1 is a constant: not a parameter any more.
	k, err = j.Compile("sm_80", Args{"a_ptr": buf(), "b_ptr": buf(), "c_ptr": buf(), "n_elements": 1, "BLOCK_SIZE": 256})
	if err != nil || len(k.Params) != 3 {
		t.Errorf("n_elements=1: %v params, %v", k, err)
	}
	if _, err := j.Compile("sm_80", Args{"a_ptr": buf()}); err == nil || !strings.Contains(err.Error(), "missing argument b_ptr") {
		t.Errorf("missing arguments: %v", err)
	}
}

// Heuristics compute constexprs from the arguments.
func TestJITHeuristics(t *testing.T) {
	path := filepath.Join(t.TempDir(), "h.py")
	os.WriteFile(path, []byte(`import triton
import triton.language as tl

@triton.heuristics({'BLOCK': lambda args: triton.next_power_of_2(args['n']), 'EVEN': lambda args: args['n'] % 2 == 0})
@triton.jit
def k(x_ptr, n, BLOCK: tl.constexpr, EVEN: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    if EVEN:
        tl.store(x_ptr + offs, tl.load(x_ptr + offs) * 2)
    else:
        tl.store(x_ptr + offs, tl.load(x_ptr + offs, mask=offs < n), mask=offs < n)
`), 0o644)
	j, err := JIT(path, "", Options{Cache: mustCache(t), KeepIR: true})
	if err != nil {
		t.Fatal(err)
	}
	k, err := j.Compile("sm_90", Args{"x_ptr": &Buffer{ptr: 256, size: 400, DType: "fp32"}, "n": 100})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(k.TTIR, "tensor<128xf32>") || strings.Contains(k.TTIR, "arith.cmpi") {
		t.Errorf("BLOCK should be 128 and EVEN true (no mask):\n%s", k.TTIR)
	}
}

func mustCache(t *testing.T) *compilecache.Cache {
	c, err := compilecache.Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// The grouped matmul's 16 configurations compile in parallel in one
// process (run with -race for the race detector's view); those whose
// shared memory exceeds sm_90's are skipped with the reason.
func TestJITConfigurationsCompileInParallel(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles 16 matmuls")
	}
	j, err := JIT("examples/matmul_autotune.py", "", Options{Cache: mustCache(t)})
	if err != nil {
		t.Fatal(err)
	}
	buf := func() *Buffer { return &Buffer{ptr: 1 << 20, size: 2 << 20, DType: "fp16"} }
	args := Args{"a_ptr": buf(), "b_ptr": buf(), "c_ptr": buf(), "M": 4096, "N": 4096, "K": 4096,
		"stride_am": 4096, "stride_ak": 1, "stride_bk": 4096, "stride_bn": 1, "stride_cm": 4096, "stride_cn": 1}
	configs := j.info.Autotune.Configs
	names := make([]string, len(configs))
	for i, c := range configs {
		names[i] = c.String()
	}
	compile := func(i int) (any, error) {
		c := configs[i]
		return j.compile("sm_90", args, c)
	}
	// A stand-in timer: the compiled kernels' shared memory.
	timer := func(dev, i int, art any) (autotune.Timing, error) {
		return autotune.Timing{Median: time.Duration(art.(*Kernel).Shared)}, nil
	}
	rep, err := autotune.Tune(names, 1, compile, timer, autotune.Options{Workers: 4})
	if err != nil {
		t.Fatal(err)
	}
	compiled := 0
	for i, r := range rep.Results {
		switch {
		case r.Skipped == "":
			compiled++
		case !strings.Contains(r.Skipped, "KB of shared memory, over the 227 KB of sm_90"):
			t.Errorf("config %d (%s) skipped: %s", i, r.Config, r.Skipped)
		}
	}
	// Five configurations need 256-320 KB of shared memory with fp16.
	if compiled < 11 {
		t.Errorf("only %d of 16 configurations compiled", compiled)
	}
	var b strings.Builder
	rep.Table(&b, "matmul")
	t.Log("\n" + b.String())
}

// AMDGCN through llc, where LLVM 17 or later is installed.
func TestCompileAMDGCN(t *testing.T) {
	if _, err := exec.LookPath("llc-19"); err != nil {
		t.Skip("no llc-19")
	}
	k, err := CompilePython("examples/kernel_patterns.py", Options{Target: "amdgcn", Kernel: "vector_add_kernel",
		Signature: "*fp32:16, *fp32:16, *fp32:16, i32", Constexprs: map[string]any{"BLOCK_SIZE": 1024}, Cache: mustCache(t)})
	if err != nil {
		t.Fatal(err)
	}
	if k.Arch != "gfx942" || k.NumStages != 2 || !strings.Contains(string(k.Code), "vector_add_kernel:") || !strings.Contains(string(k.Code), "gfx942") {
		t.Errorf("kernel %s for %s (%d stages): %.200s", k.Name, k.Arch, k.NumStages, k.Code)
	}
	d := &Device{arch: "sm_90", loaded: map[*Kernel]*Function{}}
	if _, err := d.Load(k); err == nil || !strings.Contains(err.Error(), "is compiled for amdgcn; Load runs PTX") {
		t.Errorf("loading AMDGCN on a CUDA device: %v", err)
	}
}

// TestCompileGlobalScratch: a kernel that makes tensor descriptors reports
// the global scratch Launch must pass (two 128-byte tensor maps per
// program); one that does not reports none.
func TestCompileGlobalScratch(t *testing.T) {
	src, err := os.ReadFile("tools/tttranslate/testdata/tensor_desc_in_kernel.ttir")
	if err != nil {
		t.Fatal(err)
	}
	k, err := CompileTTIR("k.ttir", string(src), Options{NoCache: true, Arch: "sm_90a"})
	if err != nil {
		t.Fatal(err)
	}
	if k.GlobalScratch != 256 || k.GlobalScratchAlign != 128 {
		t.Errorf("global scratch %d (align %d), want 256 (128)", k.GlobalScratch, k.GlobalScratchAlign)
	}
	plain, err := CompileTTIR("p.ttir", "module {\n  tt.func public @p() {\n    tt.return\n  }\n}", Options{NoCache: true, Arch: "sm_90a"})
	if err != nil {
		t.Fatal(err)
	}
	if plain.GlobalScratch != 0 {
		t.Errorf("a kernel without tensor maps has %d bytes of global scratch", plain.GlobalScratch)
	}
}

// TestCompileGridVariant: a 128x128x64 f16 matmul on 4 warps, which tt
// makes persistent on one CTA an SM, comes with its grid-schedule variant
// (the module's second entry, two CTAs an SM) unless NoGridVariant; a
// kernel tt leaves on the grid's own schedule comes without one.
func TestCompileGridVariant(t *testing.T) {
	o := Options{NoCache: true, Arch: "sm_90", NumWarps: 4, Kernel: "unmasked_matmul",
		Signature:  "*fp16:16, *fp16:16, *fp16:16, i32:16, i32:16, i32:16, i32:16, i32:16, i32:16",
		Constexprs: map[string]any{"BLOCK_M": 128, "BLOCK_N": 128, "BLOCK_K": 64}}
	k, err := CompilePython("tools/ttrun/testdata/unmasked_matmul.py", o)
	if err != nil {
		t.Fatal(err)
	}
	v := k.GridVariant
	if v == nil || v.Name != "unmasked_matmul__tt_grid" || v.NumWarps != 4 || v.CTAsPerSM != 2 || v.Shared >= k.Shared ||
		!strings.Contains(string(k.Code), ".visible .entry "+v.Name+"(") {
		t.Fatalf("grid variant %+v of a kernel of %d bytes", v, k.Shared)
	}
	o.NoGridVariant = true
	if k, err = CompilePython("tools/ttrun/testdata/unmasked_matmul.py", o); err != nil || k.GridVariant != nil ||
		strings.Count(string(k.Code), ".visible .entry") != 1 {
		t.Errorf("NoGridVariant: err %v, variant %+v", err, k.GridVariant)
	}
	src, err := os.ReadFile("examples/vector_add.ttir")
	if err != nil {
		t.Fatal(err)
	}
	plain, err := CompileTTIR("vector_add.ttir", string(src), Options{NoCache: true})
	if err != nil {
		t.Fatal(err)
	}
	if plain.GridVariant != nil {
		t.Errorf("a vector add has a grid variant %+v", plain.GridVariant)
	}
}
