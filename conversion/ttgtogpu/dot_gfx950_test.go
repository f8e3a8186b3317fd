package ttgtogpu_test

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"github.com/ttcompiler/tt/dialects/gpu"
	"github.com/ttcompiler/tt/ir"
)

// TestPerfDotKernelsGFX950Diff compiles the perf suite's f16 matmul and
// flash attention for gfx950 (CDNA4), where accelerate-matmul picks the
// double-rate MFMAs (32x32x16, eight K elements a lane), and runs them on
// small shapes in the simulator against the interpreter. Attention's
// second dot takes P from the first dot's result with kWidth 4, half the
// instruction's eight: each instruction gathers a lane's elements from
// two runs of K, the order A and B share. Before gfx950's forms were
// modelled, every f16 dot for gfx950 was refused ("there is no mfma
// m32n32k16 with types f32.f16.f16").
func TestPerfDotKernelsGFX950Diff(t *testing.T) {
	r := rand.New(rand.NewSource(41))
	// doubleRate checks that every gpu.mfma is the double-rate form of
	// M = N = mn (K = 512/mn).
	doubleRate := func(t *testing.T, lowered *ir.Operation, mn int) {
		t.Helper()
		n := 0
		ir.WalkOps(lowered, func(op *ir.Operation) {
			if op.Name() != gpu.MFMAOp.Name {
				return
			}
			n++
			if s := gpu.ShapeOf(op); s.M != mn || s.K != 512/mn {
				t.Errorf("gpu.mfma %s, want the double-rate m%dn%dk%d", s, mn, mn, 512/mn)
			}
		})
		if n == 0 {
			t.Error("no gpu.mfma")
		}
	}
	// The 32x32x16 form, and 16x16x32 with the instruction size forced
	// (Triton's matrix_instr_nonkdim).
	for _, mn := range []int{32, 16} {
		t.Run(fmt.Sprintf("matmul_f16_4096_128x128x64_w4/m%d", mn), func(t *testing.T) {
			ref := parseFile(t, kernels+"perf/matmul_f16_4096_128x128x64_w4.ttir")
			m := ref.Clone(nil)
			pipeline := gfx950.pipelineStages(4, 2)
			if mn == 16 {
				pipeline = strings.TrimSuffix(pipeline, "}") + " matrix-instr-nonkdim=16}"
			}
			runPipeline(t, m, pipeline)
			M, N, K := 256, 256, 192
			diffRefCheck(t, ref, m, "matmul_kernel", [3]int{4, 1, 1}, []diffArg{
				f16Buf(randF32(r, M*K, 1)), f16Buf(randF32(r, K*N, 1)), zeroBuf("f16", M*N),
				intArg(int64(M)), intArg(int64(N)), intArg(int64(K)), intArg(int64(K)), intArg(int64(N)), intArg(int64(N)),
			}, 2, func(lowered *ir.Operation) { doubleRate(t, lowered, mn) })
		})
	}
	for _, a := range []struct{ d, warps int }{{64, 4}, {128, 8}} {
		t.Run(fmt.Sprintf("attention_f16_d%d", a.d), func(t *testing.T) {
			m := parseFile(t, fmt.Sprintf("%sperf/attention_f16_4096_d%d.ttir", kernels, a.d))
			runPipeline(t, m, gfx950.pipelineStages(a.warps, 2))
			if !strings.Contains(print(m), "kWidth = 4") {
				t.Fatalf("no dot operand with kWidth 4: the test no longer covers kWidth < kBase")
			}
			seq, heads := 256, 2
			n := heads * seq * a.d
			diffTestCheck(t, m, "attention_kernel", [3]int{seq / 128, heads, 1}, []diffArg{
				f16Buf(randF32(r, n, 1)), f16Buf(randF32(r, n, 1)), f16Buf(randF32(r, n, 1)), zeroBuf("f16", n),
				intArg(int64(seq)), floatArg(0.125 * 1.4426950408889634),
			}, 4, func(lowered *ir.Operation) { doubleRate(t, lowered, 32) })
		})
	}
	// The double-rate forms are CDNA4's: gfx942 has none of them.
	t.Run("refused_on_gfx942", func(t *testing.T) {
		src := gfx942.header(4) + ` {
  tt.func public @k(%a: tensor<32x16xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 8}>>, %b: tensor<16x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 8}>>, %c: tensor<32x32xf32, #mma>) {
    %d = tt.dot %a, %b, %c : tensor<32x16xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 8}>> * tensor<16x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 8}>> -> tensor<32x32xf32, #mma>
    tt.return
  }
}`
		src = "#mma = #ttg.amd_mfma<{version = 3, warpsPerCTA = [4, 1], instrShape = [32, 32, 16], isTransposed = true}>\n" + src
		err := lowerErr(parse(t, src))
		if err == nil || !strings.Contains(err.Error(), "CDNA4's (gfx950)") {
			t.Errorf("gfx942 lowered a double-rate MFMA: %v", err)
		}
	})
}
