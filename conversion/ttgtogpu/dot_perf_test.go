package ttgtogpu_test

import (
	"math/rand"
	"testing"
)

// TestPerfDotKernelsSM80Diff compiles the perf suite's f16 matmul and
// flash-attention kernels (shared/kernels/perf) with tt's pipelines for
// sm_80 (mma.sync dots; chained dots through registers in attention) and
// runs them on small shapes in the simulator against the interpreter.
func TestPerfDotKernelsSM80Diff(t *testing.T) {
	r := rand.New(rand.NewSource(31))
	t.Run("matmul_f16_128x128x64_w4", func(t *testing.T) {
		m := parseFile(t, kernels+"perf/matmul_f16_4096_128x128x64_w4.ttir")
		runPipeline(t, m, sm80.pipeline(4))
		M, N, K := 256, 256, 128
		diffTest(t, m, "matmul_kernel", [3]int{4, 1, 1}, []diffArg{
			f16Buf(randF32(r, M*K, 1)), f16Buf(randF32(r, K*N, 1)), zeroBuf("f16", M*N),
			intArg(int64(M)), intArg(int64(N)), intArg(int64(K)), intArg(int64(K)), intArg(int64(N)), intArg(int64(N)),
		}, 2)
	})
	t.Run("attention_f16_d64", func(t *testing.T) {
		m := parseFile(t, kernels+"perf/attention_f16_4096_d64.ttir")
		runPipeline(t, m, sm80.pipeline(4))
		seq, heads, d := 128, 2, 64
		n := heads * seq * d
		diffTest(t, m, "attention_kernel", [3]int{seq / 128, heads, 1}, []diffArg{
			f16Buf(randF32(r, n, 1)), f16Buf(randF32(r, n, 1)), f16Buf(randF32(r, n, 1)), zeroBuf("f16", n),
			intArg(int64(seq)), floatArg(0.125 * 1.4426950408889634),
		}, 4)
	})
}
