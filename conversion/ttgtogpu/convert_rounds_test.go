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
		// ldmatrix is the x4 loads of the load side: a round's 32 f16 a
		// thread are 16 words, 4 instructions.
		ldmatrix int
	}{
		{"persistent-epilogue-mma3-f16", sm90,
			"#ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>",
			"#ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>",
			"f16", 128, 128, 4, 4, 8192, 16},
		// The same accumulator in mma v2 form on sm_80 (ldmatrix, no
		// stmatrix): the same plan.
		{"mma2-epilogue-f16", sm80,
			"#ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>",
			"#ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>",
			"f16", 128, 128, 4, 4, 8192, 16},
		// f32: only plain accesses fit; the 64-bit vector [0, 1], [8, 0]
		// leaves the common registers [64, 0] and [0, 64] in the segment.
		{"mma3-epilogue-f32", sm90,
			"#ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 8]}>",
			"#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>",
			"f32", 128, 128, 4, 4, 16384, 0},
		// 64-bit elements: a 128-bit vector [0, 8], and [0, 16] a round.
		{"blocked-transpose-i64", sm90,
			"#ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>",
			"#ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [32, 1], warpsPerCTA = [1, 4], order = [0, 1]}>",
			"i64", 64, 32, 4, 2, 8192, 0},
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
				if n := count(lowered, "gpu.ldmatrix"); n != c.ldmatrix {
					t.Errorf("%d ldmatrix, want %d", n, c.ldmatrix)
				}
			}
			diffTestCheck(t, m, "cvt", [3]int{1, 1, 1}, []diffArg{{buf: buf, kind: "bytes"}, zeroBuf("i8", len(buf))}, 0, check)
		})
	}
}

// TestConvertLayoutMatrixDiff covers the instruction pairs of Triton 3.6's
// NVIDIA rule on sm_90: conversions whose layout was chosen for stmatrix,
// ldmatrix or their .trans forms are lowered with them (every round), and
// the simulator checks every element against the interpreter. The first
// case, worked out by hand: the plain pair keeps [1, 0], [2, 0], [16, 0]
// in the vector and only [32, 0] as a round, while stmatrix (source lanes
// [4, 0], [8, 0] are destination registers) takes the vector [1, 0],
// [4, 0], [8, 0], which leaves [2, 0], [16, 0], [32, 0] as rounds: 8
// rounds of 512 elements, no conflicts either way.
func TestConvertLayoutMatrixDiff(t *testing.T) {
	type pair struct{ store, load linearlayout.MemInstr }
	const (
		ldst  = linearlayout.MemLdSt
		mat   = linearlayout.MemMatrix
		trans = linearlayout.MemMatrixTrans
	)
	for _, c := range []struct {
		name, a, b, elem string
		m, n, w          int
		want             pair
		rounds           int
	}{
		{"stmatrix-rounds-f16",
			"{register = [[1, 0], [2, 0], [16, 0], [32, 0], [0, 16], [0, 32]], lane = [[4, 0], [8, 0], [0, 1], [0, 2], [0, 4]], warp = [[0, 8]], block = []}",
			"{register = [[0, 1], [0, 2], [1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [32, 0]], lane = [[0, 4], [0, 8], [0, 16], [0, 32], [0, 0]], warp = [[0, 0]], block = []}",
			"f16", 64, 64, 2, pair{mat, ldst}, 8},
		{"stmatrix-rounds-f32",
			"{register = [[1, 0], [2, 0], [16, 0], [32, 0], [0, 16], [0, 32]], lane = [[4, 0], [8, 0], [0, 1], [0, 2], [0, 4]], warp = [[0, 8]], block = []}",
			"{register = [[0, 1], [0, 2], [1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [32, 0]], lane = [[0, 4], [0, 8], [0, 16], [0, 32], [0, 0]], warp = [[0, 0]], block = []}",
			"f32", 64, 64, 2, pair{mat, ldst}, 16},
		{"stmatrix-rounds-i8",
			"{register = [[1, 0], [2, 0], [16, 0], [32, 0], [0, 16], [0, 32]], lane = [[4, 0], [8, 0], [0, 1], [0, 2], [0, 4]], warp = [[0, 8]], block = []}",
			"{register = [[0, 1], [0, 2], [1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [32, 0]], lane = [[0, 4], [0, 8], [0, 16], [0, 32], [0, 0]], warp = [[0, 0]], block = []}",
			"i8", 64, 64, 2, pair{mat, ldst}, 4},
		{"ldmatrix-f32",
			"{register = [[0, 1], [8, 0], [16, 0]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [[0, 8], [0, 0]], block = []}",
			"{register = [[1, 0], [2, 0], [4, 0], [0, 1]], lane = [[8, 0], [16, 0], [0, 2], [0, 4], [0, 8]], warp = [[0, 0], [0, 0]], block = []}",
			"f32", 32, 16, 4, pair{ldst, mat}, 2},
		{"ldmatrix-i8",
			"{register = [[0, 1], [0, 2], [0, 4], [1, 0], [2, 0]], lane = [[0, 8], [4, 0], [8, 0], [0, 0], [0, 0]], warp = [[0, 16], [0, 32]], block = []}",
			"{register = [[0, 1], [1, 0], [2, 0], [0, 32]], lane = [[0, 2], [0, 4], [4, 0], [8, 0], [0, 0]], warp = [[0, 8], [0, 16]], block = []}",
			"i8", 16, 64, 4, pair{ldst, mat}, 2},
		{"stmatrix-trans-rounds-f16",
			"{register = [[0, 1], [8, 0], [0, 8], [0, 16], [0, 32], [0, 64], [64, 0]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [[16, 0], [32, 0]], block = []}",
			"{register = [[1, 0], [2, 0], [4, 0], [0, 1], [64, 0], [0, 32], [0, 64]], lane = [[8, 0], [0, 2], [0, 4], [0, 8], [0, 16]], warp = [[16, 0], [32, 0]], block = []}",
			"f16", 128, 128, 4, pair{trans, ldst}, 8},
		{"ldmatrix-trans-f16",
			"{register = [[0, 1], [8, 0], [0, 8], [0, 16], [0, 32], [0, 64], [0, 0]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [[0, 0], [0, 0], [0, 0]], block = []}",
			"{register = [[0, 1], [1, 0], [2, 0], [4, 0]], lane = [[0, 2], [0, 4], [0, 8], [0, 16], [8, 0]], warp = [[0, 32], [0, 64], [0, 0]], block = []}",
			"f16", 16, 128, 8, pair{ldst, trans}, 1},
		{"both-matrix-f16",
			"{register = [[0, 1], [4, 0], [8, 0]], lane = [[0, 2], [0, 4], [0, 8], [0, 16], [1, 0]], warp = [[0, 0], [0, 0], [2, 0]], block = []}",
			"{register = [[0, 1], [1, 0], [2, 0], [4, 0]], lane = [[0, 2], [0, 4], [0, 8], [0, 16], [8, 0]], warp = [[0, 0], [0, 0], [0, 0]], block = []}",
			"f16", 16, 32, 8, pair{mat, mat}, 1},
		{"both-trans-f16",
			"{register = [[0, 1], [8, 0], [0, 64]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [[0, 8], [0, 16], [0, 32]], block = []}",
			"{register = [[0, 8], [0, 16], [0, 32], [0, 64]], lane = [[0, 1], [0, 2], [1, 0], [2, 0], [4, 0]], warp = [[0, 4], [8, 0], [0, 0]], block = []}",
			"f16", 16, 128, 8, pair{trans, trans}, 1},
		{"stmatrix-ldmatrix-trans-f16",
			"{register = [[0, 1], [8, 0], [0, 8], [0, 0], [0, 0], [0, 0], [0, 0], [64, 0]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [[16, 0], [32, 0]], block = []}",
			"{register = [[1, 0], [8, 0], [16, 0], [32, 0], [64, 0]], lane = [[2, 0], [4, 0], [0, 1], [0, 2], [0, 4]], warp = [[0, 8], [0, 0]], block = []}",
			"f16", 128, 16, 4, pair{mat, trans}, 1},
	} {
		t.Run(c.name, func(t *testing.T) {
			m := parse(t, cvtKernel(sm90, "#ttg.linear<"+c.a+">", "#ttg.linear<"+c.b+">", c.elem, c.m, c.n, c.w))
			cvt := ops(m, "ttg.convert_layout")[0]
			src, err := ttg.TypeLinearLayout(cvt.Operand(0).Type())
			if err != nil {
				t.Fatal(err)
			}
			dst, err := ttg.TypeLinearLayout(cvt.Result(0).Type())
			if err != nil {
				t.Fatal(err)
			}
			size := map[string]int{"f32": 4, "f16": 2, "i8": 1}[c.elem]
			plan, err := linearlayout.PlanSharedConversion(src, dst, size*8, linearlayout.NvidiaSharedInstrs(90))
			if err != nil {
				t.Fatal(err)
			}
			if got := (pair{plan.Store, plan.Load}); got != c.want || plan.Rounds != c.rounds {
				t.Fatalf("plan %v/%v in %d rounds, want %v/%v in %d", got.store, got.load, plan.Rounds, c.want.store, c.want.load, c.rounds)
			}
			buf := make([]byte, c.m*c.n*size)
			rand.New(rand.NewSource(25)).Read(buf)
			check := func(lowered *ir.Operation) {
				for _, side := range []struct {
					instr linearlayout.MemInstr
					op    string
				}{{c.want.store, "gpu.stmatrix"}, {c.want.load, "gpu.ldmatrix"}} {
					var n, nTrans int
					for _, op := range ops(lowered, side.op) {
						n++
						if op.Attr("trans") != nil {
							nTrans++
						}
					}
					switch {
					case side.instr == ldst && n != 0:
						t.Errorf("%d %s for plain accesses", n, side.op)
					case side.instr != ldst && (n == 0 || (nTrans == n) != (side.instr == trans)):
						t.Errorf("%d %s (%d trans) for %v", n, side.op, nTrans, side.instr)
					}
				}
			}
			diffTestCheck(t, m, "cvt", [3]int{1, 1, 1}, []diffArg{{buf: buf, kind: "bytes"}, zeroBuf("i8", len(buf))}, 0, check)
		})
	}
}
