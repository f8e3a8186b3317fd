package tttranslate

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// translate runs tt-translate on testdata/triton_options.ttir with args
// and returns its PTX and metadata JSON.
func translate(t *testing.T, args ...string) (string, map[string]any) {
	t.Helper()
	return translateFile(t, "testdata/triton_options.ttir", args...)
}

// translateFile runs tt-translate on input with args.
func translateFile(t *testing.T, input string, args ...string) (string, map[string]any) {
	t.Helper()
	out := filepath.Join(t.TempDir(), "k.ptx")
	var stdout, stderr bytes.Buffer
	if code := Run(append([]string{input, "-o", out}, args...), nil, &stdout, &stderr); code != 0 {
		t.Fatalf("%v: exit %d: %s", args, code, stderr.String())
	}
	var meta map[string]any
	if err := json.Unmarshal([]byte(parseFile(t, MetadataPath(out))), &meta); err != nil {
		t.Fatal(err)
	}
	return parseFile(t, out), meta
}

// fmaRE is what Triton's test_enable_fp_fusion searches for.
var fmaRE = regexp.MustCompile(`(mad|fma)\.r[nzmp]\.(ftz\.)?f32`)

// TestTritonOptions: each of Triton's compile options that changes code
// after the TTIR changes tt's PTX the way it changes Triton's.
func TestTritonOptions(t *testing.T) {
	requireStages(t, LevelTTIR)
	def, meta := translate(t)
	if !fmaRE.MatchString(def) || !strings.Contains(def, "ex2.approx.ftz.f32") {
		t.Errorf("default: want an fma and ex2.approx.ftz.f32 (Triton's defaults):\n%s", def)
	}
	if strings.Contains(def, ".maxnreg") || strings.Contains(def, "opts_param_2") {
		t.Errorf("default: no .maxnreg, no scratch parameters:\n%s", def)
	}
	for _, k := range []string{"global_scratch_size", "profile_scratch_size"} {
		if _, ok := meta[k]; ok {
			t.Errorf("default metadata has %q: %v", k, meta)
		}
	}

	if ptx, _ := translate(t, "--enable-fp-fusion=false"); fmaRE.MatchString(ptx) || !strings.Contains(ptx, "mul.rn.f32") {
		t.Errorf("--enable-fp-fusion=false: want mul.rn and add.rn, no fma:\n%s", ptx)
	}
	if ptx, _ := translate(t, "--enable-reflect-ftz=false"); strings.Contains(ptx, "ex2.approx.ftz.f32") || !strings.Contains(ptx, "ex2.approx.f32") {
		t.Errorf("--enable-reflect-ftz=false: want ex2.approx.f32:\n%s", ptx)
	}
	if ptx, _ := translate(t, "--maxnreg=42"); !regexp.MustCompile(`\.visible \.entry [^{;]*\.maxnreg 42`).MatchString(ptx) {
		t.Errorf("--maxnreg=42: no .maxnreg 42 on the entry:\n%s", ptx)
	}
	// The options Triton's backend does not read after the TTIR change
	// nothing.
	same, _ := translate(t, "--debug", "--sanitize-overflow=false", "--launch-cooperative-grid", "--launch-pdl",
		"--extern-libs=libdevice=/opt/triton/lib/libdevice.10.bc")
	if same != def {
		t.Errorf("debug/sanitize/launch/extern-libs options changed the PTX")
	}
}

// TestTritonKernelABI: --kernel-abi=triton appends Triton 3.6's global
// and profile scratch pointers to the entry, declared as Triton's PTX
// declares them, and the metadata gives their sizes.
func TestTritonKernelABI(t *testing.T) {
	requireStages(t, LevelTTIR)
	ptx, meta := translate(t, "--kernel-abi=triton")
	entry := regexp.MustCompile(`\.visible \.entry opts\(([^)]*)\)`).FindStringSubmatch(ptx)
	if entry == nil {
		t.Fatalf("no entry:\n%s", ptx)
	}
	params := strings.Split(strings.TrimSpace(entry[1]), ",")
	want := []string{".param .u64 .ptr .global .align 1 opts_param_0", ".param .u32 opts_param_1",
		".param .u64 .ptr .global .align 1 opts_param_2", ".param .u64 .ptr .global .align 1 opts_param_3"}
	if len(params) != len(want) {
		t.Fatalf("entry parameters %q, want %q", params, want)
	}
	for i := range want {
		if strings.TrimSpace(params[i]) != want[i] {
			t.Errorf("parameter %d: %q, want %q", i, strings.TrimSpace(params[i]), want[i])
		}
	}
	for k, v := range map[string]float64{"global_scratch_size": 0, "global_scratch_align": 1, "profile_scratch_size": 0,
		"profile_scratch_align": 1, "num_warps": 4, "shared": 0} {
		if got, ok := meta[k].(float64); !ok || got != v {
			t.Errorf("metadata %s = %v, want %v", k, meta[k], v)
		}
	}
	if meta["name"] != "opts" {
		t.Errorf("metadata name %v", meta["name"])
	}
}

// TestGlobalScratchABI: a kernel that makes tensor descriptors (two
// 128-byte tensor maps per program) takes the global scratch base as its
// last parameter in tt's ABI, and the metadata says how much to allocate;
// Triton's ABI adds only the profile pointer after it.
func TestGlobalScratchABI(t *testing.T) {
	requireStages(t, LevelTTIR)
	entry := regexp.MustCompile(`\.visible \.entry kernel\(([^)]*)\)`)
	for _, c := range []struct {
		abi     string
		params  int
		profile bool
	}{{"tt", 3, false}, {"triton", 4, true}} {
		ptx, meta := translateFile(t, "testdata/tensor_desc_in_kernel.ttir", "--kernel-abi="+c.abi, "--arch=sm_90a")
		m := entry.FindStringSubmatch(ptx)
		if m == nil {
			t.Fatalf("%s: no entry:\n%s", c.abi, ptx)
		}
		params := strings.Split(m[1], ",")
		if len(params) != c.params || !strings.Contains(params[2], ".param .u64 .ptr .global .align 1 kernel_param_2") {
			t.Errorf("%s: entry parameters %q, want %d with the global scratch base third", c.abi, params, c.params)
		}
		if !strings.Contains(ptx, "ld.param.u64 %rd3, [kernel_param_2]") || !strings.Contains(ptx, "tensormap.cp_fenceproxy") {
			t.Errorf("%s: the kernel does not write its tensor maps into the scratch parameter:\n%s", c.abi, ptx)
		}
		if meta["global_scratch_size"] != 256.0 || meta["global_scratch_align"] != 128.0 {
			t.Errorf("%s: metadata global scratch %v (align %v), want 256 (128)", c.abi, meta["global_scratch_size"], meta["global_scratch_align"])
		}
		if _, ok := meta["profile_scratch_size"]; ok != c.profile {
			t.Errorf("%s: metadata has profile_scratch_size: %v, want %v", c.abi, ok, c.profile)
		}
	}
}

// TestTritonOptionErrors: what tt cannot honour is refused, naming the
// flag.
func TestTritonOptionErrors(t *testing.T) {
	in := "testdata/triton_options.ttir"
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--num-ctas=3"}, "--num-ctas=3: want 1, 2, 4, 8 or 16 CTAs per cluster"},
		{[]string{"--num-ctas=32"}, "--num-ctas=32: want 1, 2, 4, 8 or 16 CTAs per cluster"},
		{[]string{"--num-ctas=0"}, "--num-ctas=0: want 1, 2, 4, 8 or 16 CTAs per cluster"},
		{[]string{"--arch=sm_80", "--num-ctas=2"}, "num_ctas > 1 requires NVIDIA SM90+ (Hopper). Current target is sm_80."},
		{[]string{"--target=amdgcn", "--num-ctas=4"}, "--num-ctas=4: num_ctas > 1 not supported on gfx942"},
		{[]string{"--extern-libs=mylib=/x/mylib.bc"}, `extern library "mylib" (/x/mylib.bc) is not supported`},
		{[]string{"--extern-libs=libdevice"}, "--extern-libs takes NAME=PATH"},
		{[]string{"--kernel-abi=hip"}, "--kernel-abi=hip: want tt or triton"},
		{[]string{"--maxnreg=-8"}, "--maxnreg=-8: the register bound must be positive"},
		{[]string{"--target=amdgcn", "--maxnreg=64"}, "--maxnreg applies to NVIDIA targets"},
		{[]string{"--target=amdgcn", "--kernel-abi=triton"}, "--kernel-abi=triton is Triton's CUDA launcher ABI"},
		{[]string{"--target=amdgcn", "--enable-reflect-ftz=false"}, "--enable-reflect-ftz applies to NVIDIA targets"},
	} {
		var stdout, stderr bytes.Buffer
		if code := Run(append([]string{in}, c.args...), nil, &stdout, &stderr); code != 2 || !strings.Contains(stderr.String(), c.want) {
			t.Errorf("%v: exit %d, stderr %q; want exit 2 and %q", c.args, code, stderr.String(), c.want)
		}
	}
}

// TestLineInfoFlag: the PTX carries the TTIR's source positions (Triton's
// default, what nvdisasm -g and profilers read) unless --line-info=false
// (the plugin's translation of TRITON_DISABLE_LINE_INFO=1).
func TestLineInfoFlag(t *testing.T) {
	requireStages(t, LevelTTIR)
	src := `module {
  tt.func public @k(%p: !tt.ptr<f32> loc("/src/k.py":7:0)) {
    %x = tt.load %p : !tt.ptr<f32> loc("/src/k.py":8:16)
    %y = arith.addf %x, %x : f32 loc("/src/k.py":9:12)
    tt.store %p, %y : !tt.ptr<f32> loc("/src/k.py":10:20)
    tt.return loc("/src/k.py":10:4)
  } loc("/src/k.py":7:0)
} loc("/src/k.py":7:0)
`
	path := filepath.Join(t.TempDir(), "k.ttir")
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	ptx, _ := translateFile(t, path)
	for _, want := range []string{".file\t1 \"/src/k.py\"", ".loc\t1 8 16", ".loc\t1 9 12", ".loc\t1 10 20"} {
		if !strings.Contains(ptx, want) {
			t.Errorf("default: want %q in\n%s", want, ptx)
		}
	}
	if ptx, _ := translateFile(t, path, "--line-info=false"); strings.Contains(ptx, ".loc") || strings.Contains(ptx, ".file") {
		t.Errorf("--line-info=false: want no line information:\n%s", ptx)
	}
}
