package ttrun

import (
	"math/rand"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/ttcompiler/tt/internal/sharedtest"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
	"github.com/ttcompiler/tt/tools/tttranslate"
)

// notLowered are the suite's cases whose kernels the simulator cannot
// run (docs/CONFORMANCE.md): the tf32x3 matmul, whose F32DotTC split is
// inline assembly the simulator does not execute.
var notLowered = map[string]bool{"matmul_f32_tf32x3": true}

var locatedError = regexp.MustCompile(`^\S+:\d+:\d+: error: `)

// runSimCases runs every case of a manifest with --backend sim, from the
// TTIR (as the GPU runs them) and from Triton's TTGIR, and requires
// Triton's outputs; the cases the lowering refuses must be refused with a
// located error, so that this list stays the truth.
func runSimCases(t *testing.T, path string) {
	dir, cases := readCases(t, path)
	for _, c := range cases {
		refused := notLowered[c.Name]
		for _, irLevel := range []string{"ttir", "ttgir"} {
			t.Run(c.Name+"/"+irLevel, func(t *testing.T) {
				r, err := RunCase(dir, c, Sim{}, CaseOptions{IR: irLevel})
				switch {
				case refused && err == nil:
					t.Fatalf("the case runs now (%v): take it out of notLowered, or the dot path's list", r)
				case refused && !locatedError.MatchString(err.Error()):
					t.Fatalf("refused without a located error: %v", err)
				case refused:
					t.Logf("refused: %v", strings.SplitN(err.Error(), "\n", 2)[0])
				case err != nil:
					t.Fatal(err)
				case !r.Pass:
					t.Fatal(r)
				}
			})
		}
	}
}

// The seed cases of shared/kernels/cases (skipped without shared/).
func TestSimSharedCases(t *testing.T) {
	runSimCases(t, sharedtest.Path(t, "kernels/cases/manifest.json"))
}

// The repository's own suite (testdata/cases), which needs nothing else.
func TestSimGeneratedCases(t *testing.T) {
	runSimCases(t, filepath.Join("..", "..", "testdata", "cases", "manifest.json"))
}

func TestSimBackendListed(t *testing.T) {
	if b, err := LookupBackend("sim"); err != nil || b.Name() != "sim" {
		t.Fatalf("sim backend: %v", err)
	}
	code, stdout, _ := runTool("--help")
	if code != 0 || !strings.Contains(stdout, "  sim     tt's pipeline lowers the kernel") {
		t.Errorf("--help does not list the sim backend:\n%s", stdout)
	}
	code, _, stderr := runTool("x.ttir", "--grid", "1", "--arch", "sm_90")
	if code != 2 || !strings.Contains(stderr, "--arch, --no-race-check and --sms apply to --backend sim") {
		t.Errorf("--arch with the interpreter: %d %s", code, stderr)
	}
}

// TestSimCLI runs a kernel with --backend sim from TTIR, and from its
// per-thread IR (which the interpreter cannot run).
func TestSimCLI(t *testing.T) {
	f := writeAddFiles(t)
	src, dir := f.src, f.dir
	args := []string{"--grid", "2", "--arg", "@" + f.x, "--arg", "@" + f.y, "--arg", "@" + f.out, "--arg", "13", "--arg", "0.25", "--check", "out=@" + f.expect}

	code, stdout, stderr := runTool(append([]string{src, "--kernel", "add", "--backend", "sim"}, args...)...)
	if code != 0 || !strings.Contains(stdout, "PASS out") {
		t.Fatalf("from TTIR: exit %d\n%s%s", code, stdout, stderr)
	}

	lowered := lowerFile(t, src, dir)
	args[len(args)-1] = "arg2=@" + f.expect // per-thread IR names parameters by position
	code, stdout, stderr = runTool(append([]string{lowered, "--backend", "sim"}, args...)...)
	if code != 0 || !strings.Contains(stdout, "PASS arg2") {
		t.Fatalf("from per-thread IR: exit %d\n%s%s", code, stdout, stderr)
	}
	code, _, stderr = runTool(append([]string{lowered}, args...)...)
	if code != 1 || !strings.Contains(stderr, "the interp backend runs TTIR or TTGIR") {
		t.Errorf("the interpreter on per-thread IR: exit %d: %s", code, stderr)
	}
}

// lowerFile lowers a kernel file to per-thread IR with tt-translate's
// pipeline and writes it into dir.
func lowerFile(t *testing.T, path, dir string) string {
	t.Helper()
	k, err := LoadKernelFile(path, "", false)
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := tttranslate.Lower(k.Module, tttranslate.DefaultOptions()); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, strings.TrimSuffix(filepath.Base(path), filepath.Ext(path))+".llir.mlir")
	if err := os.WriteFile(out, []byte(asm.Sprint(k.Module, asm.PrintConfig{})), 0o644); err != nil {
		t.Fatal(err)
	}
	return out
}

// TestSimReportsRaces removes the barrier between the stores and loads of
// softmax's cross-warp reduction from its per-thread IR: tt-run --backend
// sim fails with the race, unless told not to check.
func TestSimReportsRaces(t *testing.T) {
	dir := t.TempDir()
	lowered := lowerFile(t, "../../examples/softmax.ttir", dir)
	text, err := os.ReadFile(lowered)
	if err != nil {
		t.Fatal(err)
	}
	// The first barrier follows the first shared store.
	racy := regexp.MustCompile(`(gpu.store [^\n]*\{space = shared\}[^\n]*\n)\s*gpu.barrier\n`).ReplaceAllString(string(text), "$1")
	if racy == string(text) {
		t.Fatal("no barrier after a shared store in softmax's per-thread IR")
	}
	racyPath := filepath.Join(dir, "racy.mlir")
	if err := os.WriteFile(racyPath, []byte(racy), 0o644); err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewSource(1))
	in := make([]float32, 2*1024)
	for i := range in {
		in[i] = r.Float32()
	}
	ip, op := writeNpy(t, dir, "in.npy", in), writeNpy(t, dir, "out.npy", make([]float32, len(in)))
	args := []string{"--backend", "sim", "--grid", "2", "--arg", "@" + op, "--arg", "@" + ip, "--arg", "1024", "--arg", "1024", "--arg", "1000"}

	if code, stdout, stderr := runTool(append([]string{lowered}, args...)...); code != 0 {
		t.Fatalf("softmax with its barriers: exit %d\n%s%s", code, stdout, stderr)
	}
	code, _, stderr := runTool(append([]string{racyPath}, args...)...)
	if code != 1 || !strings.Contains(stderr, "error: data race on shared memory byte") || !strings.Contains(stderr, "note: the") {
		t.Errorf("softmax without the barrier: exit %d: %s", code, stderr)
	}
	if code, _, stderr := runTool(append([]string{racyPath, "--no-race-check"}, args...)...); code != 0 {
		t.Errorf("--no-race-check: exit %d: %s", code, stderr)
	}
}

// TestSimDotCasesSM80 runs the cases with tt.dot from their TTIR with
// --backend sim --arch sm_80: tt's pipeline makes mma.sync and FMA dots
// for them, and they must give Triton's outputs (within each case's
// tolerance), except the tf32x3 matmul, whose F32DotTC split is inline
// assembly the simulator does not execute.
func TestSimDotCasesSM80(t *testing.T) {
	paths := []string{filepath.Join("..", "..", "testdata", "cases", "manifest.json")}
	if shared := filepath.Join("..", "..", "..", "shared", "kernels", "cases", "manifest.json"); fileExists(shared) {
		paths = append(paths, shared)
	}
	ran := 0
	for _, path := range paths {
		dir, cases := readCases(t, path)
		for _, c := range cases {
			k, err := LoadKernelFile(filepath.Join(dir, c.TTIR), c.Kernel, false)
			if err != nil {
				t.Fatal(err)
			}
			dot := false
			ir.WalkOps(k.Module, func(op *ir.Operation) { dot = dot || op.Name() == "tt.dot" })
			if !dot {
				continue
			}
			ran++
			t.Run(c.Name, func(t *testing.T) {
				r, err := RunCase(dir, c, Sim{Arch: "sm_80"}, CaseOptions{IR: "ttir"})
				switch {
				case c.Name == "matmul_f32_tf32x3":
					if err == nil || !strings.Contains(err.Error(), "llvm.inline_asm is not simulated") {
						t.Fatalf("want the simulator's refusal of the inline tf32 split, got %v, %v", r, err)
					}
				case err != nil:
					t.Fatal(err)
				case !r.Pass:
					t.Fatal(r)
				default:
					t.Log(r)
				}
			})
		}
	}
	if ran < 7 {
		t.Errorf("%d dot cases, want the 7 of testdata/cases at least", ran)
	}
}

func fileExists(path string) bool {
	s, err := os.Stat(path)
	return err == nil && !s.IsDir()
}

// readCases reads a case manifest: its directory and its cases.
func readCases(t *testing.T, path string) (string, []*Case) {
	t.Helper()
	m, err := ReadManifest(path)
	if err != nil {
		t.Fatal(err)
	}
	cases := make([]*Case, len(m.Cases))
	for i := range m.Cases {
		cases[i] = &m.Cases[i]
	}
	return filepath.Dir(path), cases
}

// TestSimSharedMatmulWGMMA runs the seed matmul (Triton's 128x128x64 f16
// kernel) lowered for sm_90 at num_stages=1: one synchronous wgmma chain
// per K step from nvmma_shared operands, in the simulator; the output must
// match what Triton's kernel wrote on an H200 (within the case's
// tolerance: the tensor cores add in another order).
func TestSimSharedMatmulWGMMA(t *testing.T) {
	path := sharedtest.Path(t, "kernels/cases/manifest.json")
	m, err := ReadManifest(path)
	if err != nil {
		t.Fatal(err)
	}
	for i := range m.Cases {
		c := m.Cases[i]
		if c.Name != "matmul_f16" {
			continue
		}
		c.NumStages = 1
		r, err := RunCase(filepath.Dir(path), &c, Sim{Arch: "sm_90"}, CaseOptions{IR: "ttir"})
		if err != nil {
			t.Fatal(err)
		}
		if !r.Pass {
			t.Fatal(r)
		}
		return
	}
	t.Fatal("no matmul_f16 case in the seed manifest")
}
