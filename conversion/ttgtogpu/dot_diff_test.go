package ttgtogpu_test

import (
	"math/rand"
	"testing"
)

// TestFMADotPipelinedDiff lowers Triton 3.6's own TTGIR of the f32 ieee
// matmul case (an FMA dot fed by a two-stage cp.async pipeline: multi-
// buffered shared memory, masked 4-byte copies, commit groups, waits) and
// runs it against the interpreter: the FMA dot multiplies and adds in
// Triton's order, so every element matches bit for bit.
func TestFMADotPipelinedDiff(t *testing.T) {
	m := parseFile(t, "../../testdata/cases/matmul_f32_ieee.ttgir")
	r := rand.New(rand.NewSource(11))
	M, N, K := 70, 50, 40
	diffTest(t, m, "grouped_matmul_kernel", [3]int{6, 1, 1}, []diffArg{
		f32Buf(randF32(r, M*K, 2)), f32Buf(randF32(r, K*N, 2)), zeroBuf("f32", M*N),
		intArg(int64(M)), intArg(int64(N)), intArg(int64(K)), intArg(int64(K)), intArg(int64(N)), intArg(int64(N)),
	}, 0)
}
