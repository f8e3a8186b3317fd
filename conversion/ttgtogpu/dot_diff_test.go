package ttgtogpu_test

import (
	"math/rand"
	"strings"
	"testing"

	"github.com/ttcompiler/tt/ir"
)

// TestFMADotPipelinedDiff lowers Triton 3.6's own TTGIR of the f32 ieee
// matmul case (an FMA dot fed by a two-stage cp.async pipeline: multi-
// buffered shared memory, masked 4-byte copies, commit groups, waits) and
// runs it against the interpreter: the FMA dot multiplies and adds in
// Triton's order, so every element matches bit for bit.
func TestFMADotPipelinedDiff(t *testing.T) {
	m := parseFile(t, "../../testdata/cases/matmul_f32_ieee.ttgir")
	diffTest(t, m, "grouped_matmul_kernel", [3]int{6, 1, 1}, f32MatmulArgs(rand.New(rand.NewSource(11))), 0)
}

// f32MatmulArgs are arguments of the f32 matmul case (70x40 by 40x50,
// row-major) with random matrices.
func f32MatmulArgs(r *rand.Rand) []diffArg {
	M, N, K := 70, 50, 40
	return []diffArg{
		f32Buf(randF32(r, M*K, 2)), f32Buf(randF32(r, K*N, 2)), zeroBuf("f32", M*N),
		intArg(int64(M)), intArg(int64(N)), intArg(int64(K)), intArg(int64(K)), intArg(int64(N)), intArg(int64(N)),
	}
}

// sm80MatmulArgs are arguments of Triton's sm_80 matmul kernel: M x K by
// K x N matrices of f16 whose elements are s apart along both dimensions.
func sm80MatmulArgs(r *rand.Rand, M, N, K, s int) []diffArg {
	return []diffArg{
		f16Buf(randF32(r, M*K*s, 1)), f16Buf(randF32(r, K*N*s, 1)), zeroBuf("f16", M*N*s),
		intArg(int64(M)), intArg(int64(N)), intArg(int64(K)),
		intArg(int64(K * s)), intArg(int64(s)), intArg(int64(N * s)), intArg(int64(s)), intArg(int64(N * s)), intArg(int64(s)),
	}
}

// passDump returns the IR of a Triton pass dump (shared/kernels/passes)
// right before the pass named before.
func passDump(t *testing.T, file, before string) string {
	t.Helper()
	s := readKernel(t, "passes/"+file)
	i := strings.Index(s, "IR Dump Before "+before)
	if i < 0 {
		t.Fatalf("%s has no IR before %s", file, before)
	}
	s = s[strings.IndexByte(s[i:], '\n')+i+1:]
	if j := strings.Index(s, "// -----//"); j >= 0 {
		s = s[:j]
	}
	return s
}

// TestMatmulSM80Diff lowers Triton 3.6's own sm_80 TTGIR of the
// 128x128x64 f16 matmul (what convert-triton-gpu-to-llvm receives: mma v2
// with 2x2 warps, swizzled shared operands loaded to dot operand layouts)
// and runs it in the simulator against the interpreter, on a grid of four
// programs with ragged edges. The kernel was compiled with every integer
// argument divisible by 16 (tt.divisibility), which the lowering relies
// on, so the sizes and strides here are too: the matrices are strided by
// 16 elements along both dimensions.
func TestMatmulSM80Diff(t *testing.T) {
	m := parse(t, passDump(t, "matmul.sm80.passes.mlir", "ConvertTritonGPUToLLVM"))
	args := sm80MatmulArgs(rand.New(rand.NewSource(12)), 176, 144, 80, 16)
	diffTestCheck(t, m, "matmul_kernel", [3]int{4, 1, 1}, args, 2, func(lowered *ir.Operation) {
		if n := count(lowered, "gpu.mma_sync"); n != 4*8*4 {
			t.Errorf("%d gpu.mma_sync per thread, want 4x8 tiles of 16x8 per warp x 4 k steps", n)
		}
	})
}

// TestMatmulSM80WrongSwizzle reads the A operand of Triton's sm_80 matmul
// through a view with another swizzle than the one its buffer was written
// with (maxPhase 4 instead of 8, a memdesc_reinterpret before the
// local_load): the ldmatrix addresses follow the view's layout, the rows
// they fetch are the wrong ones, and the product must come out wrong. With
// the buffer's own swizzle the same kernel matches the interpreter
// (TestMatmulSM80Diff), so the swizzle the lowering applies is the
// layout's.
func TestMatmulSM80WrongSwizzle(t *testing.T) {
	src := passDump(t, "matmul.sm80.passes.mlir", "ConvertTritonGPUToLLVM")
	load := "%a_60 = ttg.local_load %a_55 : !ttg.memdesc<128x64xf16, #shared, #smem>"
	if !strings.Contains(src, load) {
		t.Fatalf("Triton's TTGIR has no %q", load)
	}
	src = "#wrong = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 4, order = [0, 1]}>\n" + strings.Replace(src, load,
		"%wrong = ttg.memdesc_reinterpret %a_55 : !ttg.memdesc<128x64xf16, #shared, #smem> -> !ttg.memdesc<128x64xf16, #wrong, #smem>\n"+
			"    %a_60 = ttg.local_load %wrong : !ttg.memdesc<128x64xf16, #wrong, #smem>", 1)
	m := parse(t, src)
	args := sm80MatmulArgs(rand.New(rand.NewSource(12)), 176, 144, 80, 16)
	ref := parse(t, passDump(t, "matmul.sm80.passes.mlir", "ConvertTritonGPUToLLVM"))
	want := cloneArgs(args)
	interpret(t, ref, "matmul_kernel", [3]int{4, 1, 1}, want)
	got := cloneArgs(args)
	simulateLowered(t, m, "matmul_kernel", [3]int{4, 1, 1}, got, func(lowered *ir.Operation) {
		trans := 0
		for _, op := range ops(lowered, "gpu.ldmatrix") {
			if op.Attr("trans") != nil {
				trans++
			}
		}
		if trans != 16 {
			t.Errorf("%d transposed ldmatrix for A, want 16 (x4 over the warp's 64x64 of A)", trans)
		}
	})
	if msg := compareBuf("f16", want[2].buf, got[2].buf, 2); msg == "" {
		t.Errorf("reading A with the wrong swizzle still computes the right product")
	} else {
		t.Logf("wrong swizzle: %s", msg)
	}
}
