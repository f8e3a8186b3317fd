package ttgtogpu_test

import (
	"encoding/binary"
	"math"
	"math/rand"
	"path/filepath"
	"testing"

	"github.com/ttcompiler/tt/dialects/gpu"
	"github.com/ttcompiler/tt/dialects/llvm"
	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/numeric"
)

// Clusters of CTAs (ttg.num-ctas > 1). Triton 3.6's own TTGIR of
// test_matmul.py's kernel at NUM_CTAS = 2 and 4 (and test_core's kernel_r
// at 4), recorded on an H200 (testdata/cta), is lowered and run in the
// simulator, each program a cluster of CTAs that know their rank, against
// the interpreter running the same TTGIR with one program per cluster.
// Operands are small integers, so every product is exact and the outputs
// must match bit for bit.

const ctaDir = "../../testdata/cta"

// ctaMatmul is one recorded configuration of test_simple_matmul.
type ctaMatmul struct {
	file       string
	a, c       string // element kinds of A and B, and of the output
	bm, bn, bk int
	warps      int
	ctas       int
}

var ctaMatmuls = []ctaMatmul{
	{"mm_float16_float32_128x128x16_s4_w4_c2", "f16", "f32", 128, 128, 16, 4, 2},
	{"mm_float16_float16_64x128x32_s4_w8_c2", "f16", "f16", 64, 128, 32, 8, 2},
	{"mm_float16_float32_256x128x32_s4_w8_c2", "f16", "f32", 256, 128, 32, 8, 2},
	{"mm_float16_float32_64x512x32_s2_w4_c2", "f16", "f32", 64, 512, 32, 4, 2},
	{"mm_float16_float32_512x64x32_s2_w8_c2", "f16", "f32", 512, 64, 32, 8, 2},
	{"mm_tensorfloat32_float32_128x128x16_s4_w4_c2", "f32", "f32", 128, 128, 16, 4, 2},
	{"mm_float8e5_float32_128x128x32_s4_w4_c2", "f8E5M2", "f32", 128, 128, 32, 4, 2},
	{"mm_float64_float64_64x128x32_s4_w4_c2", "f64", "f64", 64, 128, 32, 4, 2},
	{"mm_float16_float32_128x128x64_s3_w4_c4", "f16", "f32", 128, 128, 64, 4, 4},
}

// ctaInts is a buffer of n small integers in [-lim, lim] of element kind
// kind, exact in every type here (and their sums of products too).
func ctaInts(r *rand.Rand, kind string, n, lim int) diffArg {
	v := func() float64 { return float64(r.Intn(2*lim+1) - lim) }
	switch kind {
	case "f16":
		return halfInts(r, n, lim)
	case "f32":
		return f32Ints(r, n, lim)
	case "f64":
		b := make([]byte, 8*n)
		for i := 0; i < n; i++ {
			binary.LittleEndian.PutUint64(b[8*i:], math.Float64bits(v()))
		}
		return diffArg{buf: b, kind: "f64"}
	case "f8E5M2":
		b := make([]byte, n)
		for i := range b {
			b[i] = byte(numeric.F8E5M2.FromFloat32(float32(v()), numeric.RNE))
		}
		return diffArg{buf: b, kind: "i8"}
	}
	panic("no buffer of " + kind)
}

// ctaMatmulArgs are the arguments of the matmul kernel for a grid of
// programs x programs tiles (M = programs*BM rows, N = programs*BN... see
// below) and K = kSteps*BK: A is MxK, B KxN, the output MxN, row-major.
func ctaMatmulArgs(r *rand.Rand, c ctaMatmul, tilesM, tilesN, kSteps int) ([]diffArg, [3]int) {
	M, N, K := c.bm*tilesM, c.bn*tilesN, c.bk*kSteps
	args := []diffArg{
		ctaInts(r, c.a, M*K, 2), ctaInts(r, c.a, K*N, 2), zeroBuf(c.c, M*N),
		intArg(int64(M)), intArg(int64(N)), intArg(int64(K)),
		intArg(int64(K)), intArg(int64(N)), intArg(int64(N)),
	}
	return args, [3]int{tilesM * tilesN, 1, 1}
}

// TestCTAMatmulDiff runs every recorded multi-CTA matmul in the simulator
// against the interpreter, on two programs (so that the program id is the
// cluster's) with enough K steps to go around the software pipeline.
func TestCTAMatmulDiff(t *testing.T) {
	for i, c := range ctaMatmuls {
		t.Run(c.file, func(t *testing.T) {
			if testing.Short() && i > 0 {
				t.Skip("one configuration in -short mode")
			}
			m := parseFile(t, filepath.Join(ctaDir, c.file+".ttgir"))
			if n := ttg.NumCTAs(m); n != c.ctas {
				t.Fatalf("the TTGIR has ttg.num-ctas = %d, want %d", n, c.ctas)
			}
			args, grid := ctaMatmulArgs(rand.New(rand.NewSource(int64(i))), c, 2, 1, 5)
			diffTestCheck(t, m, "matmul_kernel", grid, args, 0, func(lowered *ir.Operation) {
				if count(lowered, gpu.ClusterBlockRankOp.Name) == 0 {
					t.Errorf("the lowered kernel never reads its rank in the cluster")
				}
				if count(lowered, gpu.ClusterIDOp.Name) == 0 || count(lowered, gpu.BlockIDOp.Name) != 0 {
					t.Errorf("the program id must be the cluster's id (gpu.cluster_id), not the CTA's")
				}
			})
		})
	}
}

// TestCTARankIgnoredFails is the mutation that must fail: with every
// CTA's rank read as 0, each CTA of a cluster computes and stores the
// first CTA's share, and the columns of the others stay unwritten. The
// same kernel unmutated matches the interpreter (TestCTAMatmulDiff).
func TestCTARankIgnoredFails(t *testing.T) {
	c := ctaMatmuls[1] // f16 64x128x32 on 8 warps: B and the result split along N
	m := parseFile(t, filepath.Join(ctaDir, c.file+".ttgir"))
	args, grid := ctaMatmulArgs(rand.New(rand.NewSource(7)), c, 2, 1, 5)
	want := cloneArgs(args)
	interpret(t, m.Clone(nil), "matmul_kernel", grid, want)
	got, err := runMutated(t, m, "matmul_kernel", grid, cloneArgs(args), zeroClusterRank(t))
	if err != nil {
		t.Fatal(err)
	}
	if msg := compareBuf(c.c, want[2].buf, got[2].buf, 0); msg == "" {
		t.Errorf("with the CTAs' ranks read as 0 the product is still right: the rank does not select the CTA's share")
	} else {
		t.Logf("rank ignored: %s", msg)
	}
}

// zeroClusterRank returns a mutation that replaces every
// gpu.cluster_block_rank of the lowered module by the constant 0.
func zeroClusterRank(t *testing.T) func(*ir.Operation) {
	return func(m *ir.Operation) {
		rank := ops(m, gpu.ClusterBlockRankOp.Name)
		if len(rank) == 0 {
			t.Fatalf("no gpu.cluster_block_rank to mutate")
		}
		for _, op := range rank {
			b := ir.NewBuilder(m.Context())
			b.SetInsertionPoint(op)
			zero := llvm.NewConstant(b, op.Loc(), ir.I32(m.Context()), ir.I32Attr(m.Context(), 0)).Result(0)
			ir.ReplaceAllUsesWith(op.Result(0), zero)
			op.Erase()
		}
	}
}

// TestCTAKernelRDiff: test_core's kernel_r at num_ctas = 4 loads a scalar
// and stores it back from one thread of one CTA of each cluster (Triton
// masks the store with (tid & 127 | ctarank) == 0).
func TestCTAKernelRDiff(t *testing.T) {
	m := parseFile(t, filepath.Join(ctaDir, "kernel_r_c4.ttgir"))
	vals := make([]float32, 128)
	for i := range vals {
		vals[i] = float32(i + 1)
	}
	diffTestCheck(t, m, "kernel_r", [3]int{2, 1, 1}, []diffArg{f32Buf(vals)}, 0, func(lowered *ir.Operation) {
		stores := ops(lowered, gpu.StoreOp.Name)
		if len(stores) != 1 {
			t.Fatalf("%d gpu.store, want 1", len(stores))
		}
		if count(lowered, gpu.ClusterBlockRankOp.Name) != 1 {
			t.Errorf("the scalar store is not predicated on the CTA's rank")
		}
	})
}

// ctaWriteMasks counts how often each program performs its writes
// (testdata/cta/write_masks.ttgir says how).
const ctaWriteMasks = "testdata/cta/write_masks.ttgir"

// ctaWriteMaskArgs are the buffers of ctaWriteMasks for programs.
func ctaWriteMaskArgs(programs int) []diffArg {
	return []diffArg{zeroBuf("i32", 1), zeroBuf("i32", 128), zeroBuf("i32", 1024), zeroBuf("i32", 1024*programs)}
}

// TestCTAWriteMasks runs ctaWriteMasks on three programs of four CTAs:
// the counts must be the interpreter's (3 for the scalar and the whole
// tensor, 3 for every split element), and the stored coordinates too.
func TestCTAWriteMasks(t *testing.T) {
	diffTest(t, parseFile(t, ctaWriteMasks), "write_masks", [3]int{3, 1, 1}, ctaWriteMaskArgs(3), 0)
}

// TestCTAWriteMasksRankIgnored: with the ranks read as 0 every CTA of a
// cluster thinks it is the first: the scalar atomic runs four times per
// program and the split tensor's first quarter is counted four times.
func TestCTAWriteMasksRankIgnored(t *testing.T) {
	m := parseFile(t, ctaWriteMasks)
	want := ctaWriteMaskArgs(3)
	interpret(t, m.Clone(nil), "write_masks", [3]int{3, 1, 1}, want)
	got, err := runMutated(t, m, "write_masks", [3]int{3, 1, 1}, ctaWriteMaskArgs(3), zeroClusterRank(t))
	if err != nil {
		t.Fatal(err)
	}
	if want, got := binary.LittleEndian.Uint32(want[0].buf), binary.LittleEndian.Uint32(got[0].buf); got != 4*want {
		t.Errorf("scalar atomic: %d increments with the ranks ignored, want four per program (%d)", got, 4*want)
	}
	if msg := compareBuf("i32", want[2].buf, got[2].buf, 0); msg == "" {
		t.Errorf("the split tensor's atomics count right with the ranks ignored")
	}
}
