package ttgtogpu_test

import (
	"math/rand"
	"os"
	"strings"
	"testing"

	"github.com/ttcompiler/tt/dialects/gpu"
	"github.com/ttcompiler/tt/ir"
)

// TestF64MatmulDiff compiles an f64 matmul (the repository's ieee f32
// matmul case with every f32 made f64: a K loop with masked edges, three
// pipeline stages) with tt's own pipelines for sm_80 and sm_90 and runs
// it in the simulator against the interpreter on the TTIR. As in Triton
// 3.6, both targets put the dot on the nvidia_mma v2 layout (wgmma has no
// f64, so sm_90 falls back from v3 to v2); sm_80 issues mma.sync m8n8k4,
// sm_90 its m16n8k16 f64.
func TestF64MatmulDiff(t *testing.T) {
	src, err := os.ReadFile("../../testdata/cases/matmul_f32_ieee.ttir")
	if err != nil {
		t.Fatal(err)
	}
	ttir := strings.ReplaceAll(string(src), "f32", "f64")
	for _, c := range []struct {
		cc    string
		shape gpu.Shape
		mmas  int // per thread: 32x32 tiles of 4 warps, two 16-k steps
	}{
		{"80", gpu.Shape{M: 8, N: 8, K: 4}, 2 * 2 * 4},
		{"90", gpu.Shape{M: 16, N: 8, K: 16}, 2 * 1},
	} {
		t.Run("sm_"+c.cc, func(t *testing.T) {
			ref := parse(t, ttir)
			m := parse(t, ttir)
			runPipeline(t, m, "ttir-pipeline{capability="+c.cc+"},ttgir-pipeline{num-warps=4 capability="+c.cc+" num-stages=3}")
			if text := print(m); !strings.Contains(text, "#ttg.nvidia_mma<{versionMajor = 2") || count(m, "ttng.warp_group_dot") != 0 {
				t.Fatalf("accelerate-matmul did not choose MMA v2 for the f64 dot:\n%s", text)
			}
			r := rand.New(rand.NewSource(64))
			M, N, K := 70, 50, 40
			args := []diffArg{dotBuf(r, "f64", M*K), dotBuf(r, "f64", K*N), zeroBuf("f64", M*N),
				intArg(int64(M)), intArg(int64(N)), intArg(int64(K)), intArg(int64(K)), intArg(int64(N)), intArg(int64(N))}
			diffRefCheck(t, ref, m, "grouped_matmul_kernel", [3]int{6, 1, 1}, args, 16, func(lowered *ir.Operation) {
				mmas := ops(lowered, gpu.MMASyncOp.Name)
				if len(mmas) != c.mmas {
					t.Errorf("%d gpu.mma_sync, want %d", len(mmas), c.mmas)
				}
				for _, op := range mmas {
					if s, ts := gpu.ShapeOf(op), gpu.TypesOf(op); s != c.shape || ts.D != gpu.MMAF64 {
						t.Fatalf("gpu.mma_sync %s %s, want %s f64", s, ts, c.shape)
					}
				}
			})
		})
	}
}
