package ttgtogpu_test

import (
	"fmt"
	"math/rand"
	"testing"

	"github.com/ttcompiler/tt/dialects/tt"
	"github.com/ttcompiler/tt/ir"
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

// TestPerfDotKernelsGFX942Diff compiles the perf suite's matmul and
// flash-attention kernels with tt's AMD pipelines for gfx942 (MFMA dots,
// the stream pipeliner's LDS buffers, block ping-pong: one cluster on 4
// wavefronts, two clusters with the wave-group barriers on 8) and runs
// them on small shapes in the simulator against the interpreter, at
// Triton's AMD default of 2 stages (one LDS buffer per operand) and, where
// the LDS allows, at the perf manifest's 3 (two buffers, read one
// iteration behind the one being written); the d128 attention runs on 8
// wavefronts. Attention also runs at 4 stages on 4 wavefronts, Triton's
// chained-dot schedule, whose ping-pong waits on the LDS counter
// (gpu.memory_counter_wait) before its barriers. The "buffer" variants take
// the TTIR as Triton's AMD backend specializes it for tensors under 2 GB
// (tt.pointer_range = 32 on the pointers): their global accesses become
// buffer ops, strided (the rows' distance as a cache hint) for the tiles.
func TestPerfDotKernelsGFX942Diff(t *testing.T) {
	r := rand.New(rand.NewSource(37))
	type variant struct {
		warps, stages int
		buffer        bool
	}
	name := func(v variant) string {
		s := fmt.Sprintf("warps=%d/stages=%d", v.warps, v.stages)
		if v.buffer {
			s += "/buffer"
		}
		return s
	}
	// perIter is a thread's gpu.mfma per loop iteration.
	matmul := func(kernel string, v variant, M, N, K int, grid int, perIter, condBarriers int) {
		t.Run(kernel+"/"+name(v), func(t *testing.T) {
			ref := parseFile(t, kernels+"perf/"+kernel+".ttir")
			if v.buffer {
				pointerRange32(ref)
			}
			m := ref.Clone(nil)
			runPipeline(t, m, gfx942.pipelineStages(v.warps, v.stages))
			diffRefCheck(t, ref, m, "matmul_kernel", [3]int{grid, 1, 1}, []diffArg{
				f16Buf(randF32(r, M*K, 1)), f16Buf(randF32(r, K*N, 1)), zeroBuf("f16", M*N),
				intArg(int64(M)), intArg(int64(N)), intArg(int64(K)), intArg(int64(K)), intArg(int64(N)), intArg(int64(N)),
			}, 2, func(lowered *ir.Operation) {
				// The loop body's, and those of the stages-1 iterations
				// the pipeliner peels into the epilogue.
				if n := count(lowered, "gpu.mfma"); n != perIter*v.stages {
					t.Errorf("%d gpu.mfma per thread, want %d per iteration x %d stages", n, perIter, v.stages)
				}
				if n := count(lowered, "gpu.set_priority"); n == 0 {
					t.Error("no gpu.set_priority: block ping-pong did not apply")
				}
				if n := count(lowered, "gpu.cond_barrier"); n != condBarriers {
					t.Errorf("%d gpu.cond_barrier, want %d", n, condBarriers)
				}
				checkBufferOps(t, lowered, v.buffer)
			})
		})
	}
	matmul("matmul_f16_4096_128x128x64_w4", variant{4, 2, false}, 256, 256, 192, 4, 32, 0)
	matmul("matmul_f16_4096_128x128x64_w4", variant{4, 3, false}, 256, 256, 256, 4, 32, 0)
	matmul("matmul_f16_4096_128x128x64_w4", variant{4, 3, true}, 256, 256, 256, 4, 32, 0)
	matmul("matmul_f16_4096_128x256x64_w8", variant{8, 2, false}, 256, 256, 192, 2, 32, 2)
	matmul("matmul_f16_4096_128x256x64_w8", variant{8, 2, true}, 256, 256, 192, 2, 32, 2)
	attention := func(d int, v variant) {
		t.Run(fmt.Sprintf("attention_f16_d%d/%s", d, name(v)), func(t *testing.T) {
			// The reference is the TTIR: at 4 stages block ping-pong
			// puts rocdl ops the interpreter does not run in the TTGIR.
			ref := parseFile(t, fmt.Sprintf("%sperf/attention_f16_4096_d%d.ttir", kernels, d))
			if v.buffer {
				pointerRange32(ref)
			}
			m := ref.Clone(nil)
			runPipeline(t, m, gfx942.pipelineStages(v.warps, v.stages))
			seq, heads := 256, 2
			n := heads * seq * d
			diffRefCheck(t, ref, m, "attention_kernel", [3]int{seq / 128, heads, 1}, []diffArg{
				f16Buf(randF32(r, n, 1)), f16Buf(randF32(r, n, 1)), f16Buf(randF32(r, n, 1)), zeroBuf("f16", n),
				intArg(int64(seq)), floatArg(0.125 * 1.4426950408889634),
			}, 4, func(lowered *ir.Operation) {
				checkBufferOps(t, lowered, v.buffer)
				// At 4 stages the chained-dot ping-pong waits for the LDS
				// reads before the barrier of each of its two compute
				// clusters.
				want := 0
				if v.stages == 4 && v.warps == 4 {
					want = 2
				}
				if n := count(lowered, "gpu.memory_counter_wait"); n != want {
					t.Errorf("%d gpu.memory_counter_wait, want %d", n, want)
				}
			})
		})
	}
	for _, v := range []variant{{4, 2, false}, {4, 3, false}, {4, 2, true}, {4, 4, false}} {
		attention(64, v)
	}
	attention(128, variant{8, 2, false})
	// At 4 stages the chained-dot ping-pong (and its wait on the LDS
	// counter) runs on 4 wavefronts. On 8 block ping-pong leaves the loop
	// alone (exchangeAcrossWarps): the two halves would run a barrier
	// apart while the softmax's row statistics cross from the first dot's
	// layout (warps [8, 1]) to the second's ([4, 2]) through shared memory
	// between the halves, which the simulator reported as a race.
	attention(128, variant{4, 4, false})
	attention(64, variant{8, 4, false})
	attention(128, variant{8, 4, false})
}

// pointerRange32 marks every pointer argument of the module's kernels
// tt.pointer_range = 32, as Triton's AMD backend specializes arguments
// whose tensors are under 2 GB (buffer ops enabled, its default).
func pointerRange32(m *ir.Operation) {
	ir.Walk(m, ir.PreOrder, func(op *ir.Operation) ir.WalkResult {
		if op.Name() != "tt.func" {
			return ir.Advance
		}
		f := tt.FuncOp{Operation: op}
		for i, in := range f.Type().Inputs {
			if _, ok := in.(*tt.PointerType); ok {
				f.SetArgAttr(i, "tt.pointer_range", ir.I32Attr(op.Context(), 32))
			}
		}
		return ir.Skip
	})
}

// checkBufferOps checks that the global loads and stores of a lowered
// kernel are buffer accesses if and only if want.
func checkBufferOps(t *testing.T, lowered *ir.Operation, want bool) {
	t.Helper()
	loads, stores := count(lowered, "gpu.buffer_load"), count(lowered, "gpu.buffer_store")
	if want != (loads > 0 && stores > 0) || (!want && loads+stores > 0) {
		t.Errorf("%d gpu.buffer_load and %d gpu.buffer_store, want buffer accesses: %t", loads, stores, want)
	}
}
