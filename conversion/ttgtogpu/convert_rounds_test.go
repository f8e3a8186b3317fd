package ttgtogpu_test

import (
	"math/rand"
	"testing"

	"github.com/ttcompiler/tt/analysis/allocation"
	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/linearlayout"
)

// TestConvertLayoutRoundsDiff runs conversions whose scratch holds only
// part of the tensor (the plan's rounds, barriers between them) through
// the simulator and checks every element against the interpreter. The
// first is the epilogue of a persistent Hopper matmul (an mma v3
// accumulator to the store layout): Triton 3.6's NVIDIA rule plans it in 4
// rounds of 8 KB (ld.shared stores, an ldmatrix-shaped load side), where
// the generic rule needs the whole 32 KB at once.
func TestConvertLayoutRoundsDiff(t *testing.T) {
	for _, c := range []struct {
		name       string
		tg         gpuTarget
		a, b, elem string
		m, n, w    int
		rounds     int
		scratch    int // bytes, the target's allocation
	}{
		{"persistent-epilogue-mma3-f16", sm90,
			"#ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>",
			"#ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>",
			"f16", 128, 128, 4, 4, 8192},
		// The same accumulator in mma v2 form on sm_80 (ldmatrix, no
		// stmatrix): the same plan.
		{"mma2-epilogue-f16", sm80,
			"#ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>",
			"#ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>",
			"f16", 128, 128, 4, 4, 8192},
		// f32: only plain accesses fit; the 64-bit vector [0, 1], [8, 0]
		// leaves the common registers [64, 0] and [0, 64] in the segment.
		{"mma3-epilogue-f32", sm90,
			"#ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 8]}>",
			"#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>",
			"f32", 128, 128, 4, 4, 16384},
		// 64-bit elements: a 128-bit vector [0, 8], and [0, 16] a round.
		{"blocked-transpose-i64", sm90,
			"#ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>",
			"#ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [32, 1], warpsPerCTA = [1, 4], order = [0, 1]}>",
			"i64", 64, 32, 4, 2, 8192},
	} {
		t.Run(c.name, func(t *testing.T) {
			m := parse(t, cvtKernel(c.tg, c.a, c.b, c.elem, c.m, c.n, c.w))
			cvt := ops(m, "ttg.convert_layout")[0]
			src, err := ttg.TypeLinearLayout(cvt.Operand(0).Type())
			if err != nil {
				t.Fatal(err)
			}
			dst, err := ttg.TypeLinearLayout(cvt.Result(0).Type())
			if err != nil {
				t.Fatal(err)
			}
			size := map[string]int{"f32": 4, "f16": 2, "i64": 8}[c.elem]
			cc := ttg.ComputeCapability(c.tg.target)
			plan, err := linearlayout.PlanSharedConversion(src, dst, size*8, linearlayout.NvidiaSharedInstrs(cc))
			if err != nil {
				t.Fatal(err)
			}
			if plan.Rounds != c.rounds {
				t.Errorf("%d rounds, want %d (layout %v)", plan.Rounds, c.rounds, plan.Layout)
			}
			if got, err := allocation.NvidiaScratchSize(cc)(cvt); err != nil || got != c.scratch {
				t.Errorf("scratch %d bytes (%v), want %d", got, err, c.scratch)
			}
			buf := make([]byte, c.m*c.n*size)
			rand.New(rand.NewSource(24)).Read(buf)
			// Each round stores, waits, loads; a barrier also keeps a
			// round's stores from overtaking the previous round's loads.
			check := func(lowered *ir.Operation) {
				if n := count(lowered, "gpu.barrier"); n < 2*c.rounds-1 {
					t.Errorf("%d barriers for %d rounds", n, c.rounds)
				}
			}
			diffTestCheck(t, m, "cvt", [3]int{1, 1, 1}, []diffArg{{buf: buf, kind: "bytes"}, zeroBuf("i8", len(buf))}, 0, check)
		})
	}
}
