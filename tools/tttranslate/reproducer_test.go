package tttranslate

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/ttcompiler/tt/passmgr"
	"github.com/ttcompiler/tt/tools/ttopt"
)

// ttOpt runs tt-opt in process and returns its exit code and stderr.
func ttOpt(args ...string) (int, string) {
	var stdout, stderr bytes.Buffer
	code := ttopt.Run(args, strings.NewReader(""), &stdout, &stderr)
	return code, stderr.String()
}

// TestStageReproducers: --reproducer-path writes one reproducer per stage,
// named as Triton names its own, and `tt-opt FILE --run-reproducer` runs
// each stage again to the IR the stage left (its --dump-stages file). The
// matmul is compiled on tt's persistent schedule, which tt-translate
// plans before make_ttgir (the plan's decisions reach the passes as the
// options in the reproducer's pipeline or are made again by them from the
// IR). The per-thread IR that make_llir's
// reproducer gives compiles to the PTX the compilation wrote, line table
// included: the IR's printed form leaves out the locations of region
// arguments (scf.for's iter_args, as MLIR's printer does), which the
// second run takes from the reproducer's own lines, and the PTX shows that
// no op's location changed with them.
func TestStageReproducers(t *testing.T) {
	requireStages(t, LevelTTIR)
	matmul := []string{filepath.Join("..", "..", "examples", "tiled_matmul.py"), "--kernel", "matmul_kernel", "--signature",
		"*fp16:16, *fp16:16, *fp32:16, i32:16, i32:16, i32:16, i32:16, i32:1, i32:16, i32:1, i32:16, i32:1, 128, 128, 32"}
	for name, c := range map[string]struct{ args, extra []string }{
		"softmax": {[]string{"../../examples/softmax.ttir"}, nil},
		// With its grid-schedule variant, compiled again from the TTIR
		// (grid_variant.go), which writes no reproducer of its own.
		"matmul": {matmul, []string{"--grid-variant"}},
	} {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			prefix, dumps, ptx := filepath.Join(dir, "repro"), filepath.Join(dir, "stages"), filepath.Join(dir, "k.ptx")
			args := append(c.args, "--arch=sm_90")
			code, _, stderr := run(t, "", append(append(args, c.extra...), "--reproducer-path="+prefix, "--dump-stages="+dumps, "-o", filepath.Join(dir, "with.ptx"))...)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			// The kernel alone, as the stages compiled it.
			if code, _, stderr := run(t, "", append(args, "--no-cache", "-o", ptx)...); code != 0 {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			want, err := os.ReadFile(ptx)
			if err != nil {
				t.Fatal(err)
			}
			if name == "matmul" && !strings.Contains(string(want), "%nsmid") {
				t.Fatalf("the matmul is not on the persistent schedule the test means to cover")
			}
			// What Triton 3.6's test_reproducer looks for in each file's
			// pipeline (make_llir's is tt's conversion, not Triton's
			// convert-triton-gpu-to-llvm: docs/CONFORMANCE.md).
			wantPipeline := map[string]*regexp.Regexp{
				"make_ttir":  regexp.MustCompile(`^builtin\.module\(.*triton-combine`),
				"make_ttgir": regexp.MustCompile(`^builtin\.module\(tt-persistent-programs.*triton.*-coalesce`),
				"make_llir":  regexp.MustCompile(`^builtin\.module\(.*convert-triton-gpu-to-gpu`),
			}
			for i, s := range StagesFrom(LevelTTIR) {
				file := ReproducerFile(prefix, s)
				text, err := os.ReadFile(file)
				if err != nil {
					t.Fatalf("stage %s: %v", s.Name, err)
				}
				if !strings.HasSuffix(file, ".make_"+s.Name+".repro.mlir") {
					t.Errorf("stage %s's reproducer is %s", s.Name, file)
				}
				pipeline, _, verifyEach, ok := passmgr.ReadReproducer(string(text))
				if !ok || verifyEach || !wantPipeline[s.ReproducerTag()].MatchString(pipeline) {
					t.Errorf("%s: pipeline %q (verify_each %v)", file, pipeline, verifyEach)
				}
				out := filepath.Join(dir, s.ReproducerTag()+".out.mlir")
				if code, stderr := ttOpt(file, "--run-reproducer", "-o", out); code != 0 {
					t.Fatalf("tt-opt %s --run-reproducer: exit %d: %s", file, code, stderr)
				}
				got, err := os.ReadFile(out)
				if err != nil {
					t.Fatal(err)
				}
				dump, err := os.ReadFile(filepath.Join(dumps, fmt.Sprintf("%02d-%s.mlir", i+1, s.Name)))
				if err != nil {
					t.Fatal(err)
				}
				if string(got) != string(dump) {
					t.Errorf("stage %s: tt-opt --run-reproducer printed IR other than the stage's", s.Name)
				}
				if s.Out == LevelPerThread {
					// With its locations, the source of the PTX's line table.
					if code, stderr := ttOpt(file, "--run-reproducer", "--mlir-print-debuginfo", "-o", out); code != 0 {
						t.Fatalf("tt-opt %s --run-reproducer --mlir-print-debuginfo: exit %d: %s", file, code, stderr)
					}
					again := filepath.Join(dir, "again.ptx")
					if code, _, stderr := run(t, "", out, "--arch=sm_90", "--no-cache", "-o", again); code != 0 {
						t.Fatalf("compiling %s: exit %d: %s", out, code, stderr)
					} else if b, _ := os.ReadFile(again); string(b) != string(want) {
						t.Errorf("the per-thread IR of make_llir's reproducer compiles to other PTX")
					}
				}
			}
		})
	}
}

// TestStageReproducerOnFailure: a stage that fails leaves in its file the
// reproducer from the failing pass on, as Triton's pass manager does, and
// the diagnostic says where it is; tt-opt reproduces the failure from it.
func TestStageReproducerOnFailure(t *testing.T) {
	requireStages(t, LevelTTIR)
	dir := t.TempDir()
	huge, prefix := filepath.Join(dir, "huge.ttir"), filepath.Join(dir, "repro")
	os.WriteFile(huge, []byte(tileKernel(t, 1<<18)), 0o644)
	code, _, stderr := run(t, "", huge, "--reproducer-path="+prefix, "-o", filepath.Join(dir, "k.ptx"))
	file := prefix + ".make_llir.repro.mlir"
	const refusal = "needs 4096 registers per thread with 4 warps"
	if code != 1 || !strings.Contains(stderr, refusal) || !strings.Contains(stderr, "a reproducer was written to "+file) {
		t.Fatalf("exit %d, stderr:\n%s", code, stderr)
	}
	text, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if pipeline, _, _, _ := passmgr.ReadReproducer(string(text)); !strings.HasPrefix(pipeline, "builtin.module(convert-triton-gpu-to-gpu") {
		t.Errorf("the failed stage's reproducer runs %q, not its pipeline from the failing pass", pipeline)
	}
	if code, stderr := ttOpt(file, "--run-reproducer", "-o", os.DevNull); code != 1 || !strings.Contains(stderr, refusal) {
		t.Errorf("tt-opt --run-reproducer: exit %d, stderr:\n%s", code, stderr)
	}
}

// TestReproducerPathFlag: the flag wants a prefix, not Triton's "-"
// (stdout, where tt-translate's output goes), and turns the compile cache
// off (a compilation served from it runs no stage).
func TestReproducerPathFlag(t *testing.T) {
	code, _, stderr := run(t, "", "../../examples/vector_add.ttir", "--reproducer-path=-")
	if code != 2 || !strings.HasPrefix(stderr, "tt-translate: --reproducer-path takes a path prefix") {
		t.Errorf("--reproducer-path=-: exit %d, %q", code, stderr)
	}
	o := DefaultOptions()
	o.ReproducerPath = filepath.Join(t.TempDir(), "p")
	if Cacheable(&o) {
		t.Errorf("a compilation writing reproducers is cacheable")
	}
}
