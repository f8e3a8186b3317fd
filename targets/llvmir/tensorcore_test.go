package llvmir_test

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/ttcompiler/tt/dialects/all"
	"github.com/ttcompiler/tt/dialects/gpu"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
	"github.com/ttcompiler/tt/targets/llvmir"
	"github.com/ttcompiler/tt/targets/nvptx"
)

// The tensor-core, async-copy and barrier ops are translated from the PTX
// emitter's own golden inputs, so that both emitters are checked on the
// same IR: the LLVM IR against goldens here, llc-19 on it (for sm_90a and
// for sm_80 with PTX 8.0, as Triton's toolchain would run it), and the
// PTX instructions llc prints against the ones targets/nvptx prints.
var tensorCoreInputs = []string{"mma", "mma_fp8", "mma_f64", "mma_f64_sm90", "ldmatrix", "asynccopy", "wgmma", "mbarrier", "cpasync_mbarrier", "tma", "tma_reduce", "warpspec", "cluster_sharing"}

const nvptxGoldens = "../nvptx/testdata/golden"

// archsOf reads the `// ARCH: sm_XX` lines of a PTX golden input.
func archsOf(src string) []string {
	var out []string
	for _, l := range strings.Split(src, "\n") {
		if a, ok := strings.CutPrefix(strings.TrimSpace(l), "// ARCH:"); ok {
			out = append(out, strings.TrimSpace(a))
		}
	}
	return out
}

func parseShared(t *testing.T, name string) (*ir.Operation, []string) {
	t.Helper()
	path := filepath.Join(nvptxGoldens, name+".mlir")
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	ctx := all.NewContext()
	gpu.Load(ctx)
	m, err := asm.Parse(ctx, string(raw), asm.ParseConfig{Filename: filepath.Base(path)})
	if err != nil {
		t.Fatalf("parse: %v", err)
	}
	if err := ir.Verify(m); err != nil {
		t.Fatalf("verify: %v", err)
	}
	return m, archsOf(string(raw))
}

// llcFor returns llc-19's -mcpu and -mattr for a target: sm_90 code is
// compiled for sm_90a (wgmma, setmaxnreg), with the PTX version the code
// needs (8.0, 8.4 for fp8 mma).
func llcFor(arch, ll string) (cpu, attr string) {
	cpu, attr = arch, "+ptx80"
	if arch == "sm_90" {
		cpu = "sm_90a"
	}
	if strings.Contains(ll, ".e4m3.") || strings.Contains(ll, ".e5m2.") {
		attr = "+ptx84"
	}
	return cpu, attr
}

var ptxInstr = regexp.MustCompile(`^\s*(?:@!?%?\w+\s+)?((?:mma|ldmatrix|stmatrix|cp\.async|wgmma|mbarrier|fence\.proxy|fence\.mbarrier_init|prefetch\.tensormap|bar\.sync|bar\.arrive|barrier\.sync|barrier\.arrive|setmaxnreg|elect)\S*)`)

// tensorOpcodes lists the tensor-core, async and barrier opcodes of PTX
// text, sorted.
func tensorOpcodes(ptx string) []string {
	var out []string
	for _, l := range strings.Split(ptx, "\n") {
		if m := ptxInstr.FindStringSubmatch(l); m != nil {
			out = append(out, strings.TrimSuffix(m[1], ";"))
		}
	}
	sort.Strings(out)
	return out
}

func withoutFences(ops []string) []string {
	var out []string
	for _, o := range ops {
		if o != "wgmma.fence.sync.aligned" {
			out = append(out, o)
		}
	}
	return out
}

func TestTensorCoreTranslation(t *testing.T) {
	llc19, err := exec.LookPath("llc-19")
	if err != nil {
		llc19 = ""
	}
	outDir := os.Getenv("TT_LLC_PTX_DIR") // where the lead collects llc's PTX for ptxas
	for _, name := range tensorCoreInputs {
		m, archs := parseShared(t, name)
		for _, arch := range archs {
			t.Run(name+"/"+arch, func(t *testing.T) {
				target := llvmir.MustTarget(arch)
				var buf bytes.Buffer
				if err := llvmir.Emit(m, target, &buf); err != nil {
					t.Fatalf("translate: %v", err)
				}
				golden := filepath.Join("testdata", "tensorcore", name+"."+arch+".ll")
				if *update {
					os.MkdirAll(filepath.Dir(golden), 0o755)
					if err := os.WriteFile(golden, buf.Bytes(), 0o644); err != nil {
						t.Fatal(err)
					}
				} else if want, err := os.ReadFile(golden); err != nil {
					t.Fatalf("%v (run go test -update to create it)", err)
				} else if got := buf.String(); got != string(want) {
					t.Errorf("%s differs from the translation: %s", golden, firstDiff(string(want), got))
				}
				if llc19 == "" {
					t.Skip("llc-19 not found: translation checked against the golden file only")
				}
				cpu, attr := llcFor(arch, buf.String())
				cmd := exec.Command(llc19, "-march=nvptx64", "-mcpu="+cpu, "-mattr="+attr, "-o", "-")
				cmd.Stdin = bytes.NewReader(buf.Bytes())
				var stderr bytes.Buffer
				cmd.Stderr = &stderr
				out, err := cmd.Output()
				if err != nil {
					t.Fatalf("llc-19 -mcpu=%s -mattr=%s: %v\n%s", cpu, attr, err, stderr.String())
				}
				if outDir != "" {
					if err := os.WriteFile(filepath.Join(outDir, "llc19."+name+"."+cpu+".ptx"), out, 0o644); err != nil {
						t.Fatal(err)
					}
				}
				var ptx strings.Builder
				if _, err := nvptx.Emit(m, nvptx.Options{Arch: arch}, &ptx); err != nil {
					t.Fatalf("nvptx: %v", err)
				}
				// The same instructions, except that tt's emitter adds a
				// wgmma.fence after copies it makes into wgmma registers.
				got, want := tensorOpcodes(string(out)), tensorOpcodes(ptx.String())
				if strings.Join(withoutFences(got), "\n") != strings.Join(withoutFences(want), "\n") || (len(got) == len(withoutFences(got))) != (len(want) == len(withoutFences(want))) {
					t.Errorf("llc-19 and tt's emitter print different instructions:\nllc-19: %q\ntt:     %q", got, want)
				}
			})
		}
	}
}

// TestTensorCoreTranslationErrors: ops the target cannot run are located
// errors, as in the PTX emitter.
func TestTensorCoreTranslationErrors(t *testing.T) {
	for _, c := range []struct{ name, arch, want string }{
		{"wgmma", "sm_80", "needs sm_90a; the target is sm_80"},
		{"mma_fp8_f16acc", "sm_90", "needs PTX 8.7, which LLVM 19's NVPTX backend cannot target"},
		{"mma_fp8", "sm_80", "needs sm_89 or newer; the target is sm_80"},
		{"tma", "sm_80", "prefetch.tensormap needs sm_90 or newer"},
		{"cluster_sharing", "sm_80", "clusters of CTAs ('tt.cta-cluster' = 2) need sm_90 or newer; the target is sm_80"},
		{"cluster_sharing", "gfx942", "clusters of CTAs ('tt.cta-cluster' = 2) are NVIDIA's; the target is gfx942"},
		{"mma", "gfx942", "'gpu.ldmatrix' is an NVIDIA instruction; the target is gfx942"},
	} {
		m, _ := parseShared(t, c.name)
		err := llvmir.Emit(m, llvmir.MustTarget(c.arch), &bytes.Buffer{})
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s on %s: got %v, want %q", c.name, c.arch, err, c.want)
		}
		if err != nil && !strings.Contains(err.Error(), c.name+".mlir:") {
			t.Errorf("%s on %s: not located: %v", c.name, c.arch, err)
		}
	}
}
