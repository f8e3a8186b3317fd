package ttgtogpu_test

import (
	"math/rand"
	"testing"

	"github.com/ttcompiler/tt/dialects/llvm"
	"github.com/ttcompiler/tt/ir"
)

// The FMA dot's multiply-adds go k-outer (every accumulator's step k, then
// step k+1) while the thread's accumulators take at most 64 registers,
// and chain by chain beyond: the order ptxas needs fewer registers for,
// by the measurements in docs/perf-notes.md. Each accumulator adds its
// products in increasing k in both orders, so the results are the
// interpreter's bit for bit on random (non-integer) inputs. The kernels
// are test_matmul.py's test_simple_matmul with f32 inputs and `ieee`
// precision (FMA dots), as Triton made their TTIR, on 8 warps: 64x128x32
// tiles (32 accumulators a thread) and 256x128x32 (128).

func TestFMADotKOuterDiff(t *testing.T) {
	fmaDotOrderDiff(t, "testdata/regress/matmul_f32_fma_64x128x32.ttir", 64, 128, true)
}

func TestFMADotChainsDiff(t *testing.T) {
	fmaDotOrderDiff(t, "testdata/regress/matmul_f32_fma_256x128x32.ttir", 256, 128, false)
}

func fmaDotOrderDiff(t *testing.T, path string, M, N int, kOuter bool) {
	r := rand.New(rand.NewSource(61))
	K := 64
	floats := func(n int) diffArg {
		v := make([]float32, n)
		for i := range v {
			v[i] = r.Float32()*2 - 1
		}
		return f32Buf(v)
	}
	compileTTIRDiff(t, path, "matmul_kernel", 90, 8, 4, [3]int{1, 1, 1}, []diffArg{
		floats(M * K), floats(K * N), zeroBuf("f32", M*N),
		intArg(int64(M)), intArg(int64(N)), intArg(int64(K)), intArg(int64(K)), intArg(int64(N)), intArg(int64(N)),
	}, func(lowered *ir.Operation) {
		var fmas []*ir.Operation
		ir.WalkOps(lowered, func(op *ir.Operation) {
			if op.Def() == llvm.FMAOp {
				fmas = append(fmas, op)
			}
		})
		if len(fmas) < 2 {
			t.Fatalf("%d llvm.intr.fma: the case is the FMA dot's", len(fmas))
		}
		// Chain by chain, the second multiply-add adds to the first's result.
		if got := fmas[1].Operand(2) != fmas[0].Result(0); got != kOuter {
			t.Errorf("multiply-adds k-outer: %v, want %v", got, kOuter)
		}
	})
}
