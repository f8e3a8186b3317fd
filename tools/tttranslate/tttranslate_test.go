package tttranslate

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/ttcompiler/tt/ir/asm"
)

// requireStages skips a test when a stage's passes are not linked in,
// naming what is missing.
func requireStages(t *testing.T, from Level) {
	t.Helper()
	for _, s := range StagesFrom(from) {
		if miss := s.Missing(Registry); len(miss) > 0 {
			t.Skipf("stage %s is not available: %s not registered", s.Name, strings.Join(miss, ", "))
		}
	}
}

// writeFile writes text to dir/name and returns the path.
func writeFile(t *testing.T, dir, name, text string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func parseFile(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestDetectLevel(t *testing.T) {
	cases := map[string]Level{
		"../../examples/vector_add.ttir": LevelTTIR,
		"testdata/perthread.mlir":        LevelPerThread,
	}
	for path, want := range cases {
		m, err := asm.Parse(NewContext(), parseFile(t, path), asm.ParseConfig{Filename: path})
		if err != nil {
			t.Fatal(err)
		}
		if got := DetectLevel(m); got != want {
			t.Errorf("%s: level %s, want %s", path, got, want)
		}
	}
	ttgir := `module attributes {"ttg.num-warps" = 4 : i32} {}`
	m, err := asm.Parse(NewContext(), ttgir, asm.ParseConfig{Filename: "ttgir"})
	if err != nil {
		t.Fatal(err)
	}
	if got := DetectLevel(m); got != LevelTTGIR {
		t.Errorf("module with ttg.num-warps: level %s", got)
	}
	if n := len(StagesFrom(LevelTTGIR)); n != 1 {
		t.Errorf("TTGIR runs %d stages, want only the lowering", n)
	}
	if n := len(StagesFrom(LevelPerThread)); n != 0 {
		t.Errorf("per-thread IR runs %d stages", n)
	}
}

// TestEndToEnd compiles the bundled TTIR kernels to PTX through every
// stage and checks the kernel ABI and the shape of the code.
func TestEndToEnd(t *testing.T) {
	requireStages(t, LevelTTIR)
	cases := []struct {
		file, kernel string
		params       int
		shared       bool
		want         []string
	}{
		{"vector_add.ttir", "add_kernel", 4, false, []string{"ld.global.v4.b32", "st.global.v4.b32", "add.f32", "%ctaid.x"}},
		{"softmax.ttir", "softmax_kernel", 5, true, []string{"shfl.sync.bfly.b32", "bar.sync 0", "ex2.approx.f32", "div.full.f32", "global_smem"}},
	}
	for _, c := range cases {
		t.Run(c.file, func(t *testing.T) {
			path := filepath.Join("../../examples", c.file)
			res, err := CompileSource(path, parseFile(t, path), DefaultOptions())
			if err != nil {
				t.Fatalf("%s", RenderError(path, parseFile(t, path), err))
			}
			ptx := string(res.Output)
			if len(res.Kernels) != 1 || res.Kernels[0].Name != c.kernel || res.Kernels[0].NumWarps != 4 {
				t.Fatalf("metadata %+v", res.Kernels)
			}
			if got := res.Kernels[0].Shared > 0; got != c.shared {
				t.Errorf("shared = %d", res.Kernels[0].Shared)
			}
			if n := strings.Count(ptx, ".param "); n != c.params {
				t.Errorf("%d parameters, want %d (the tt.func arguments, no hidden ones)", n, c.params)
			}
			for _, w := range append(c.want, ".visible .entry "+c.kernel+"(", ".reqntid 128, 1, 1", ".target sm_90") {
				if !strings.Contains(ptx, w) {
					t.Errorf("PTX lacks %q", w)
				}
			}
			if res.Input != LevelTTIR {
				t.Errorf("input level %s", res.Input)
			}
		})
	}
}

// TestRun drives the command: output and metadata files, stage dumps,
// IR printing and timing through the whole pipeline.
func TestRun(t *testing.T) {
	requireStages(t, LevelTTIR)
	dir := t.TempDir()
	out := filepath.Join(dir, "va.ptx")
	dumps := filepath.Join(dir, "stages")
	var stdout, stderr bytes.Buffer
	code := Run([]string{"../../examples/vector_add.ttir", "--target=ptx", "--arch", "sm_80", "--num-warps=8",
		"-o", out, "--dump-stages", dumps, "--mlir-print-ir-after-all", "--mlir-timing"}, nil, &stdout, &stderr)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	var meta Kernel
	if err := json.Unmarshal([]byte(parseFile(t, filepath.Join(dir, "va.json"))), &meta); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(meta, Kernel{Name: "add_kernel", NumWarps: 8, NumCTAs: 1, ClusterDims: [3]int{1, 1, 1}, Shared: 0, Target: "sm_80"}) {
		t.Errorf("metadata %+v", meta)
	}
	ptx := parseFile(t, out)
	if !strings.Contains(ptx, ".target sm_80") || !strings.Contains(ptx, ".reqntid 256, 1, 1") {
		t.Errorf("PTX header:\n%s", ptx[:min(len(ptx), 300)])
	}
	for _, s := range []string{"01-ttir.mlir", "02-ttgir.mlir", "03-llir.mlir", "out.ptx"} {
		if _, err := os.Stat(filepath.Join(dumps, s)); err != nil {
			t.Errorf("missing stage dump: %v", err)
		}
	}
	if !strings.Contains(parseFile(t, filepath.Join(dumps, "03-llir.mlir")), "llvm.func @add_kernel") {
		t.Errorf("the llir dump is not per-thread IR")
	}
	log := stderr.String()
	for _, w := range []string{"IR Dump After", "convert-triton-to-tritongpu", "convert-triton-gpu-to-gpu", "Execution time report", "ptx emission",
		// make_ttgir's tensor-memory steps run (and do nothing) on sm_80.
		"TritonNvidiaGPUOptimizeTMemLayoutsPass"} {
		if !strings.Contains(log, w) {
			t.Errorf("stderr lacks %q", w)
		}
	}
	if n := strings.Count(log, "tt-translate: warning: "); n != 0 {
		t.Errorf("%d warnings about steps not built, want none on sm_80:\n%s", n, log)
	}
}

// TestPerThreadInput: per-thread IR goes straight to the emitter.
func TestPerThreadInput(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if code := Run([]string{"testdata/perthread.mlir"}, nil, &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	if !strings.Contains(stdout.String(), ".visible .entry rotate(") {
		t.Errorf("output:\n%s", stdout.String())
	}
}

func TestErrors(t *testing.T) {
	cases := []struct {
		args []string
		code int
		want []string
	}{
		{[]string{"testdata/bad.ttir"}, 1, []string{"testdata/bad.ttir:3:", "%0 = arith.addi %p, %p : i32", "^"}},
		{[]string{"testdata/perthread.mlir", "--target=hsail"}, 2, []string{"unknown target"}},
		{[]string{"testdata/perthread.mlir", "--num-warps=3"}, 2, []string{"power of two"}},
		{[]string{"a.ttir", "b.ttir"}, 2, []string{"too many input files"}},
		{[]string{"testdata/missing.ttir"}, 1, []string{"could not open input file"}},
		{[]string{"testdata/perthread.mlir", "--arch=sm_60"}, 2, []string{"tt-translate: --arch=sm_60 is not supported (supported: sm_70, "}},
	}
	for _, c := range cases {
		var stdout, stderr bytes.Buffer
		code := Run(c.args, nil, &stdout, &stderr)
		if code != c.code {
			t.Errorf("%v: exit %d, want %d (%s)", c.args, code, c.code, stderr.String())
		}
		for _, w := range c.want {
			if !strings.Contains(stderr.String(), w) {
				t.Errorf("%v: stderr lacks %q:\n%s", c.args, w, stderr.String())
			}
		}
	}
}

func TestMetadataJSON(t *testing.T) {
	b, err := Metadata([]Kernel{{Name: "k", NumWarps: 4, Shared: 16, Target: "sm_90"}})
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	if m["name"] != "k" || m["num_warps"] != 4.0 || m["shared"] != 16.0 || m["target"] != "sm_90" {
		t.Errorf("metadata %s", b)
	}
	if MetadataPath("out/k.ptx") != "out/k.json" {
		t.Errorf("metadata path %s", MetadataPath("out/k.ptx"))
	}
	if _, err := Metadata(nil); err == nil {
		t.Errorf("no error for no kernels")
	}
}

func TestHelp(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if code := Run([]string{"--help"}, nil, &stdout, &stderr); code != 0 || !strings.Contains(stdout.String(), "USAGE: tt-translate") {
		t.Errorf("help: exit %d\n%s", code, stdout.String())
	}
}

// TestLLVMIRTarget: the same pipeline, emitted as LLVM IR.
func TestLLVMIRTarget(t *testing.T) {
	requireStages(t, LevelTTIR)
	o := DefaultOptions()
	o.Target = "llvmir"
	path := "../../examples/vector_add.ttir"
	res, err := CompileSource(path, parseFile(t, path), o)
	if err != nil {
		t.Fatalf("%s", RenderError(path, parseFile(t, path), err))
	}
	ll := string(res.Output)
	for _, w := range []string{`target triple = "nvptx64-nvidia-cuda"`, "@add_kernel(", "llvm.nvvm.read.ptx.sreg.tid.x"} {
		if !strings.Contains(ll, w) {
			t.Errorf("LLVM IR lacks %q", w)
		}
	}
	if len(res.Kernels) != 1 || !reflect.DeepEqual(res.Kernels[0], Kernel{Name: "add_kernel", NumWarps: 4, NumCTAs: 1, ClusterDims: [3]int{1, 1, 1}, Target: "sm_90"}) {
		t.Errorf("metadata %+v", res.Kernels)
	}
}

// TestAMDGCNTarget runs llc on per-thread IR for an AMD GPU; it skips
// where llc is not installed.
func TestAMDGCNTarget(t *testing.T) {
	if _, err := exec.LookPath("llc"); err != nil {
		t.Skip("llc not found on PATH")
	}
	var stdout, stderr bytes.Buffer
	code := Run([]string{"testdata/perthread.mlir", "--target=amdgcn", "--arch=gfx90a"}, nil, &stdout, &stderr)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	if !strings.Contains(stdout.String(), `.amdgcn_target "amdgcn-amd-amdhsa--gfx90a"`) {
		t.Errorf("not AMDGCN assembly:\n%s", stdout.String()[:min(stdout.Len(), 400)])
	}
	stderr.Reset()
	if code := Run([]string{"testdata/perthread.mlir", "--target=amdgcn", "--arch=sm_90"}, nil, &stdout, &stderr); code != 2 ||
		!strings.Contains(stderr.String(), "needs an AMD architecture") {
		t.Errorf("amdgcn for sm_90: exit %d, %s", code, stderr.String())
	}
}

// TestBF16ArithmeticTargets compiles a kernel of bf16 adds, subtracts and
// multiplies for both NVIDIA outputs: the PTX emitter's and the LLVM IR
// translation's (inline PTX, LLVM 14 having no bf16 arithmetic), which
// both keep the ops bf16 from sm_80 on: the product feeding the sum one
// fma.rn.bf16 (contracted, as Triton's LLVM does), then sm_90's
// sub.rn.bf16 and sm_80's fma.rn.bf16 for the subtraction.
func TestBF16ArithmeticTargets(t *testing.T) {
	requireStages(t, LevelTTIR)
	path := "testdata/bf16_arith.ttir"
	for _, c := range []struct{ arch, want string }{{"sm_90", "fma.rn.bf16"}, {"sm_90", "sub.rn.bf16"}, {"sm_80", "fma.rn.bf16"}} {
		for _, target := range []string{"ptx", "llvmir"} {
			o := DefaultOptions()
			o.Target, o.Arch = target, c.arch
			res, err := CompileSource(path, parseFile(t, path), o)
			if err != nil {
				t.Errorf("%s %s: %s", c.arch, target, RenderError(path, parseFile(t, path), err))
				continue
			}
			if !strings.Contains(string(res.Output), c.want) {
				t.Errorf("%s %s: output lacks %s", c.arch, target, c.want)
			}
		}
	}
}
