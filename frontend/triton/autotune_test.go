package triton_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ttcompiler/tt/frontend/triton"
)

// findTuned writes src as a kernel file and describes kernel k in it.
func findTuned(t *testing.T, src string, target triton.GPUTarget) *triton.Kernel {
	t.Helper()
	path := filepath.Join(t.TempDir(), "tuned.py")
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	k, err := triton.FindKernelFor(path, "k", nil, target)
	if err != nil {
		t.Fatal(err)
	}
	return k
}

func configStrings(cs []*triton.Config) []string {
	var out []string
	for _, c := range cs {
		out = append(out, c.String())
	}
	return out
}

func TestAutotuneOfExample(t *testing.T) {
	k, err := triton.FindKernel("../../examples/kernel_patterns.py", "vector_add_autotuned", nil)
	if err != nil {
		t.Fatal(err)
	}
	a := k.Autotune
	if k.TuningErr != nil || a == nil {
		t.Fatalf("no autotune read: %v", k.TuningErr)
	}
	want := []string{"BLOCK_SIZE: 128, num_warps: 4, num_ctas: 1, num_stages: 3, maxnreg: None",
		"BLOCK_SIZE: 1024, num_warps: 8, num_ctas: 1, num_stages: 3, maxnreg: None"}
	if got := configStrings(a.Configs); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("configs:\n%s", strings.Join(got, "\n"))
	}
	if len(a.Key) != 1 || a.Key[0] != "n_elements" {
		t.Errorf("key %v", a.Key)
	}
	if v, ok := a.Configs[1].Value("BLOCK_SIZE"); !ok || v.String() != "1024" {
		t.Errorf("BLOCK_SIZE of config 1: %v", v)
	}
	// A kernel without decorators has none.
	k, _ = triton.FindKernel("../../examples/kernel_patterns.py", "vector_add_kernel", nil)
	if k.Autotune != nil || k.Heuristics != nil || k.TuningErr != nil {
		t.Errorf("tuning read from a plain kernel: %+v", k)
	}
}

const tunedKernel = `import triton
import triton.language as tl

def is_cuda():
    return triton.runtime.driver.active.get_current_target().backend == "cuda"

def configs():
    if is_cuda():
        return [triton.Config({'BM': bm, 'BN': bn}, num_warps=w, num_stages=s)
                for bm in [32, 64] for bn in (64, 128) for w in [4, 8] for s in [3] if bm * bn <= 4096]
    return [triton.Config({'BM': 64, 'BN': 64}, num_warps=8, num_stages=2)]

def prune(configs, named_args, **kwargs):
    n = named_args['n']
    return [c for c in configs if c.kwargs.get('BM', 0) <= n and c.num_warps <= kwargs.get('MAX_WARPS', 8)]

def model(n, BM, BN, num_warps, num_stages, num_ctas, **rest):
    return abs(BM - 64) + BN / 64 + num_warps

@triton.autotune(configs=configs(), key=['n'], reset_to_zero=['out'], restore_value=('x',),
                 prune_configs_by={'early_config_prune': prune, 'perf_model': model, 'top_k': 2})
@triton.heuristics({'EVEN': lambda args: args['n'] % args['BM'] == 0,
                    'HALF': lambda a: a['n'] // 2})
@triton.jit
def k(x, out, n, BM: tl.constexpr, BN: tl.constexpr, EVEN: tl.constexpr, HALF: tl.constexpr):
    pass
`

func TestAutotuneDecorators(t *testing.T) {
	k := findTuned(t, tunedKernel, triton.TargetOf("sm_90"))
	a := k.Autotune
	if k.TuningErr != nil || a == nil {
		t.Fatalf("autotune not read: %v", k.TuningErr)
	}
	got := configStrings(a.Configs)
	want := []string{
		"BM: 32, BN: 64, num_warps: 4, num_ctas: 1, num_stages: 3, maxnreg: None",
		"BM: 32, BN: 64, num_warps: 8, num_ctas: 1, num_stages: 3, maxnreg: None",
		"BM: 32, BN: 128, num_warps: 4, num_ctas: 1, num_stages: 3, maxnreg: None",
		"BM: 32, BN: 128, num_warps: 8, num_ctas: 1, num_stages: 3, maxnreg: None",
		"BM: 64, BN: 64, num_warps: 4, num_ctas: 1, num_stages: 3, maxnreg: None",
		"BM: 64, BN: 64, num_warps: 8, num_ctas: 1, num_stages: 3, maxnreg: None",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("configs:\n%s", strings.Join(got, "\n"))
	}
	if strings.Join(a.ResetToZero, ",") != "out" || strings.Join(a.RestoreValue, ",") != "x" {
		t.Errorf("reset_to_zero %v, restore_value %v", a.ResetToZero, a.RestoreValue)
	}
	// Pruning: early_config_prune keeps BM <= n and num_warps <= MAX_WARPS,
	// then the perf model's two best estimates.
	named := triton.NewDict()
	named.Set("n", triton.IntArg(40))
	kw := triton.NewDict()
	kw.Set("MAX_WARPS", triton.IntArg(4))
	pruned, err := a.Prune(named, kw)
	if err != nil {
		t.Fatal(err)
	}
	if got := configStrings(pruned); len(got) != 2 || got[0] != want[0] || got[1] != want[2] {
		t.Errorf("pruned to:\n%s", strings.Join(got, "\n"))
	}
	// The tuning key: the key arguments' values, then the tensors' dtypes.
	buf, err := triton.BufferArg("*fp16", 40)
	if err != nil {
		t.Fatal(err)
	}
	named.Set("x", buf)
	if key := a.TuningKey(named, []string{"x", "out", "n"}); key != "(40, fp16)" {
		t.Errorf("tuning key %s", key)
	}
	// Heuristics, below the autotuner: they see the configuration.
	if len(k.Heuristics) != 2 || !k.Heuristics[0].SeesConfig {
		t.Fatalf("heuristics %+v", k.Heuristics)
	}
	args := triton.NewDict()
	args.Set("n", triton.IntArg(96))
	args.Set("BM", triton.IntArg(32))
	for i, want := range []string{"True", "48"} {
		v, err := k.Heuristics[i].Eval(args)
		if err != nil || v.String() != want {
			t.Errorf("heuristic %s = %v (%v), want %s", k.Heuristics[i].Name, v, err, want)
		}
	}
	// On an AMD target is_cuda() is false: the other list.
	k = findTuned(t, tunedKernel, triton.TargetOf("gfx942"))
	if got := configStrings(k.Autotune.Configs); len(got) != 1 || !strings.HasPrefix(got[0], "BM: 64, BN: 64, num_warps: 8") {
		t.Errorf("gfx942 configs: %v", got)
	}
}

// Heuristics above @triton.autotune run first, without the configuration.
func TestHeuristicsOrder(t *testing.T) {
	src := `import triton
import triton.language as tl

@triton.heuristics(values={'B': lambda args: 2 * args['n']})
@triton.autotune(configs=[triton.Config({'A': 1})], key=[])
@triton.jit
def k(n, A: tl.constexpr, B: tl.constexpr):
    pass
`
	k := findTuned(t, src, triton.DefaultTarget)
	if k.TuningErr != nil || len(k.Heuristics) != 1 || k.Heuristics[0].SeesConfig {
		t.Errorf("heuristics %+v, err %v", k.Heuristics, k.TuningErr)
	}
}

// Decorators tt cannot read say why, at their line; the kernel itself
// is still found.
func TestAutotuneErrors(t *testing.T) {
	for _, c := range []struct{ deco, want string }{
		{`@triton.autotune(configs=[], key=['n'])`, "tuned.py:4:2: error: @triton.autotune: configs is empty"},
		{`@triton.autotune(configs=[triton.Config({'A': 1})])`, "missing its key"},
		{`@triton.autotune(configs=[{'A': 1}], key=['n'])`, "configs[0] is a dict, not a triton.Config"},
		{`@triton.autotune(configs=[triton.Config({'A': 1}, num_warps=3)], key=['n'])`, "num_warps must be a power of two, got 3"},
		{`@triton.autotune(configs=torch.configs(), key=['n'])`, "configs depends on the result of torch.configs(), which tt cannot evaluate"},
		{`@triton.autotune(configs=[triton.Config({'A': 1})], key=['n'], pre_hook=print)`, "pre_hook is host code (it runs torch) that tt cannot run"},
		{`@triton.autotune(configs=[triton.Config({'A': 1})], key=['n'], prune_configs_by={'top': 3})`, "prune_configs_by has an unknown entry 'top'"},
		{`@triton.autotune(configs=[triton.Config({'A': 1})], key='n')`, "key: want a list of argument names, got str"},
		{`@triton.heuristics({'A': 4})`, "@triton.heuristics: the value of A must be a function of the arguments, got int"},
		{`@triton.autotune(configs=[triton.Config({'A': 1}, num_wraps=4)], key=['n'])`, "Config() got an unexpected keyword argument 'num_wraps'"},
	} {
		src := "import triton\nimport triton.language as tl\nimport torch\n" + c.deco + "\n@triton.jit\ndef k(n, A: tl.constexpr):\n    pass\n"
		k := findTuned(t, src, triton.DefaultTarget)
		if k.TuningErr == nil {
			t.Errorf("%s: no error", c.deco)
			continue
		}
		msg := triton.Render(k.TuningErr, os.ReadFile)
		if !strings.Contains(msg, c.want) {
			t.Errorf("%s:\n%s\nwant %q", c.deco, msg, c.want)
		}
	}
}

// Triton's matrix multiplication tutorial picks its configurations with
// is_cuda(): 16 on an NVIDIA GPU, 8 with matrix_instr_nonkdim on AMD.
func TestAutotuneOfTutorial(t *testing.T) {
	path := "../../../shared/tools/triton-suite/triton-tests/python/tutorials/03-matrix-multiplication.py"
	if _, err := os.Stat(path); err != nil {
		t.Skip("Triton's tutorials are in ../shared, which is not here")
	}
	for arch, n := range map[string]int{"sm_90": 16, "gfx942": 8} {
		k, err := triton.FindKernelFor(path, "matmul_kernel", nil, triton.TargetOf(arch))
		if err != nil {
			t.Fatal(err)
		}
		if k.TuningErr != nil {
			t.Fatalf("%s: %v", arch, triton.Render(k.TuningErr, os.ReadFile))
		}
		if got := len(k.Autotune.Configs); got != n {
			t.Errorf("%s: %d configs, want %d", arch, got, n)
		}
		if strings.Join(k.Autotune.Key, ",") != "M,N,K" {
			t.Errorf("key %v", k.Autotune.Key)
		}
	}
}
