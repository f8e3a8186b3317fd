package ttgtogpu_test

import (
	"math/rand"
	"testing"

	"github.com/ttcompiler/tt/dialects/ttg"
)

// kernels is shared/kernels beside the checkout; tests skip without it.
const kernels = "../../../shared/kernels/"

func TestVectorAddKernel(t *testing.T) {
	m := parseFile(t, kernels+"vector_add_f32_b1024.ttgir")
	lower(t, m)
	t.Log(print(m))
}

func TestSoftmaxKernel(t *testing.T) {
	m := parseFile(t, kernels+"softmax_f32_b1024_w4.ttgir")
	lower(t, m)
	t.Log(print(m))
}

func TestVectorAddDiff(t *testing.T) {
	m := parseFile(t, kernels+"vector_add_f32_b1024.ttgir")
	r := rand.New(rand.NewSource(1))
	n := 2496
	diffTest(t, m, "add_kernel", [3]int{3, 1, 1}, []diffArg{
		f32Buf(randF32(r, n, 10)), f32Buf(randF32(r, n, 10)), zeroBuf("f32", n), intArg(int64(n)),
	}, 0)
}

func TestSoftmaxDiff(t *testing.T) {
	m := parseFile(t, kernels+"softmax_f32_b1024_w4.ttgir")
	r := rand.New(rand.NewSource(2))
	rows, cols := 3, 992
	diffTest(t, m, "softmax_kernel", [3]int{rows, 1, 1}, []diffArg{
		zeroBuf("f32", rows*1024), f32Buf(randF32(r, rows*1024, 5)), intArg(1024), intArg(1024), intArg(int64(cols)),
	}, 8)
}

// TestAMDVectorAddDiff lowers Triton's own gfx942 TTGIR of vector_add
// (64-lane wavefronts, one element per thread) and checks it against the
// interpreter.
func TestAMDVectorAddDiff(t *testing.T) {
	m := parseFile(t, kernels+"amd/amd_vector_add.ttgir")
	if ttg.ThreadsPerWarp(m) != 64 {
		t.Fatalf("Triton's gfx942 TTGIR has %d threads per warp", ttg.ThreadsPerWarp(m))
	}
	r := rand.New(rand.NewSource(3))
	n := 2496
	diffTest(t, m, "add_kernel", [3]int{3, 1, 1}, []diffArg{
		f32Buf(randF32(r, n, 10)), f32Buf(randF32(r, n, 10)), zeroBuf("f32", n), intArg(int64(n)),
	}, 0)
}

// TestAMDKernelsFromTTIRDiff compiles the gfx942 seed kernels' TTIR with
// the AMD pipelines (Triton's TTGIR of softmax uses buffer ops, which tt's
// pipeline does not make yet) and checks the lowered kernels.
func TestAMDKernelsFromTTIRDiff(t *testing.T) {
	r := rand.New(rand.NewSource(4))
	t.Run("vector_add", func(t *testing.T) {
		m := parseFile(t, kernels+"amd/amd_vector_add.ttir")
		runPipeline(t, m, gfx942.pipeline(4))
		n := 3000
		diffTest(t, m, "add_kernel", [3]int{3, 1, 1}, []diffArg{
			f32Buf(randF32(r, n, 10)), f32Buf(randF32(r, n, 10)), zeroBuf("f32", n), intArg(int64(n)),
		}, 0)
	})
	t.Run("softmax", func(t *testing.T) {
		m := parseFile(t, kernels+"amd/amd_softmax.ttir")
		runPipeline(t, m, gfx942.pipeline(4))
		rows, cols := 3, 1000
		diffTest(t, m, "softmax_kernel", [3]int{rows, 1, 1}, []diffArg{
			zeroBuf("f32", rows*1024), f32Buf(randF32(r, rows*1024, 5)), intArg(1024), intArg(1024), intArg(int64(cols)),
		}, 8)
	})
}
