package ttgtogpu_test

import (
	"fmt"
	"math/rand"
	"testing"

	"github.com/ttcompiler/tt/analysis/allocation"
	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/linearlayout"
)

// cvtPlanCase is a conversion through shared memory and the plan Triton
// 3.6's NVIDIA rule makes for it on the target.
type cvtPlanCase struct {
	tg         gpuTarget
	a, b, elem string
	m, n, w    int
}

var elemBytes = map[string]int{"f32": 4, "f16": 2, "bf16": 2, "i8": 1, "i64": 8}

// run plans the conversion, lets check judge the plan, then lowers it,
// lets lowered judge the lowered module, and compares every element the
// simulator stores with the interpreter's. With via, the tile's offsets
// are computed in a blocked layout and converted (cvtKernelVia).
func (c cvtPlanCase) run(t *testing.T, via bool, check func(cvt *ir.Operation, plan linearlayout.SharedConversion), lowered func(*ir.Operation)) {
	t.Helper()
	src := cvtKernel(c.tg, c.a, c.b, c.elem, c.m, c.n, c.w)
	if via {
		src = cvtKernelVia(c.tg, c.a, c.b, c.elem, c.m, c.n, c.w)
	}
	c.runSource(t, src, check, lowered)
}

func (c cvtPlanCase) runSource(t *testing.T, kernel string, check func(cvt *ir.Operation, plan linearlayout.SharedConversion), lowered func(*ir.Operation)) {
	t.Helper()
	m, src, dst := cvtModuleOf(t, kernel)
	size := elemBytes[c.elem]
	plan, err := linearlayout.PlanSharedConversion(src, dst, size*8, linearlayout.NvidiaSharedInstrs(ttg.ComputeCapability(c.tg.target)))
	if err != nil {
		t.Fatal(err)
	}
	var cvt *ir.Operation
	for _, op := range ops(m, "ttg.convert_layout") {
		if def := op.Operand(0).DefiningOp(); def != nil && def.Name() == "tt.load" {
			cvt = op
		}
	}
	check(cvt, plan)
	buf := make([]byte, c.m*c.n*size)
	rand.New(rand.NewSource(24)).Read(buf)
	diffTestCheck(t, m, "cvt", [3]int{1, 1, 1}, []diffArg{{buf: buf, kind: "bytes"}, zeroBuf("i8", len(buf))}, 0, lowered)
}

// TestConvertLayoutRoundsDiff runs conversions whose scratch holds only
// part of the tensor (the plan's rounds, barriers between them) through
// the simulator and checks every element against the interpreter. The
// first is the epilogue of a persistent Hopper matmul (an mma v3
// accumulator to the store layout): Triton 3.6's NVIDIA rule plans it in 4
// rounds of 8 KB (ld.shared stores, an ldmatrix load side), where the
// generic rule needs the whole 32 KB at once.
func TestConvertLayoutRoundsDiff(t *testing.T) {
	sm70 := gpuTarget{"sm_70", 32, "cuda:70", "", ""}
	mixedA := "#ttg.linear<{register = [[1, 0], [0, 5]], lane = [[0, 28], [2, 0], [0, 16], [0, 2], [0, 1]], warp = [], block = []}>"
	mixedB := "#ttg.linear<{register = [[0, 8], [1, 0]], lane = [[0, 4], [3, 0], [0, 20], [0, 1], [0, 10]], warp = [], block = []}>"
	for _, c := range []struct {
		name    string
		cvt     cvtPlanCase
		rounds  int
		scratch int // bytes, the target's allocation
		// ldmatrix is the x4 loads of the load side: a round's 32 f16 a
		// thread are 16 words, 4 instructions (-1: not checked).
		ldmatrix int
		via      bool // offsets through a blocked layout (cvtKernelVia)
	}{
		{"persistent-epilogue-mma3-f16", cvtPlanCase{sm90,
			"#ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>",
			"#ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>",
			"f16", 128, 128, 4}, 4, 8192, 16, false},
		// The same accumulator in mma v2 form on sm_80 (ldmatrix, no
		// stmatrix): the same plan.
		{"mma2-epilogue-f16", cvtPlanCase{sm80,
			"#ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>",
			"#ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>",
			"f16", 128, 128, 4}, 4, 8192, 16, false},
		// f32: only plain accesses fit; the 64-bit vector [0, 1], [8, 0]
		// leaves the common registers [64, 0] and [0, 64] in the segment.
		{"mma3-epilogue-f32", cvtPlanCase{sm90,
			"#ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 8]}>",
			"#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>",
			"f32", 128, 128, 4}, 4, 16384, 0, false},
		// 64-bit elements: a 128-bit vector [0, 8], and [0, 16] a round.
		{"blocked-transpose-i64", cvtPlanCase{sm90,
			"#ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>",
			"#ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [32, 1], warpsPerCTA = [1, 4], order = [0, 1]}>",
			"i64", 64, 32, 4}, 2, 8192, 0, false},
		// Layouts whose bases mix the bits of a dim, where Triton's
		// construction asserts: on sm_90 a lane direction of the source
		// reaches the round bits, on sm_70 (plain accesses only) the
		// swizzle is not bijective; either way the tensor goes through in
		// one round.
		{"mixed-bases-lane-in-reps", cvtPlanCase{sm90, mixedA, mixedB, "f32", 4, 32, 1}, 1, 4 * 32 * 4, -1, true},
		{"mixed-bases-not-bijective", cvtPlanCase{sm70, mixedA, mixedB, "f32", 4, 32, 1}, 1, 4 * 32 * 4, -1, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			cc := ttg.ComputeCapability(c.cvt.tg.target)
			c.cvt.run(t, c.via, func(cvt *ir.Operation, plan linearlayout.SharedConversion) {
				if plan.Rounds != c.rounds {
					t.Errorf("%d rounds, want %d (layout %v)", plan.Rounds, c.rounds, plan.Layout)
				}
				if got, err := allocation.NvidiaScratchSize(cc)(cvt); err != nil || got != c.scratch {
					t.Errorf("scratch %d bytes (%v), want %d", got, err, c.scratch)
				}
			}, func(lowered *ir.Operation) {
				// Each round stores, waits, loads; a barrier also keeps a
				// round's stores from overtaking the previous round's loads.
				if n := count(lowered, "gpu.barrier"); n < 2*c.rounds-1 {
					t.Errorf("%d barriers for %d rounds", n, c.rounds)
				}
				if n := count(lowered, "gpu.ldmatrix"); c.ldmatrix >= 0 && n != c.ldmatrix {
					t.Errorf("%d ldmatrix, want %d", n, c.ldmatrix)
				}
			})
		})
	}
}

// TestConvertLayoutMatrixDiff covers the instruction pairs of Triton 3.6's
// NVIDIA rule on sm_90: conversions whose layout was chosen for stmatrix,
// ldmatrix or their .trans forms are lowered with them (every round), and
// the simulator checks every element against the interpreter. The first
// cases, worked out by hand for 16 bits: the plain pair keeps [1, 0],
// [2, 0], [16, 0] in the vector and only [32, 0] as a round, while
// stmatrix (source lanes [4, 0], [8, 0] are destination registers) takes
// the vector [1, 0], [4, 0], [8, 0], which leaves [2, 0], [16, 0], [32, 0]
// as rounds: 8 rounds of 512 elements, no conflicts either way.
func TestConvertLayoutMatrixDiff(t *testing.T) {
	type pair struct{ store, load linearlayout.MemInstr }
	const (
		ldst  = linearlayout.MemLdSt
		mat   = linearlayout.MemMatrix
		trans = linearlayout.MemMatrixTrans
	)
	linear := func(bases string) string { return "#ttg.linear<{" + bases + ", block = []}>" }
	stA := linear("register = [[1, 0], [2, 0], [16, 0], [32, 0], [0, 16], [0, 32]], lane = [[4, 0], [8, 0], [0, 1], [0, 2], [0, 4]], warp = [[0, 8]]")
	stB := linear("register = [[0, 1], [0, 2], [1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [32, 0]], lane = [[0, 4], [0, 8], [0, 16], [0, 32], [0, 0]], warp = [[0, 0]]")
	for _, c := range []struct {
		name   string
		cvt    cvtPlanCase
		want   pair
		rounds int
	}{
		{"stmatrix-rounds-f16", cvtPlanCase{sm90, stA, stB, "f16", 64, 64, 2}, pair{mat, ldst}, 8},
		{"stmatrix-rounds-f32", cvtPlanCase{sm90, stA, stB, "f32", 64, 64, 2}, pair{mat, ldst}, 16},
		{"stmatrix-rounds-i8", cvtPlanCase{sm90, stA, stB, "i8", 64, 64, 2}, pair{mat, ldst}, 4},
		{"ldmatrix-f32", cvtPlanCase{sm90,
			linear("register = [[0, 1], [8, 0], [16, 0]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [[0, 8], [0, 0]]"),
			linear("register = [[1, 0], [2, 0], [4, 0], [0, 1]], lane = [[8, 0], [16, 0], [0, 2], [0, 4], [0, 8]], warp = [[0, 0], [0, 0]]"),
			"f32", 32, 16, 4}, pair{ldst, mat}, 2},
		{"ldmatrix-i8", cvtPlanCase{sm90,
			linear("register = [[0, 1], [0, 2], [0, 4], [1, 0], [2, 0]], lane = [[0, 8], [4, 0], [8, 0], [0, 0], [0, 0]], warp = [[0, 16], [0, 32]]"),
			linear("register = [[0, 1], [1, 0], [2, 0], [0, 32]], lane = [[0, 2], [0, 4], [4, 0], [8, 0], [0, 0]], warp = [[0, 8], [0, 16]]"),
			"i8", 16, 64, 4}, pair{ldst, mat}, 2},
		{"stmatrix-trans-rounds-f16", cvtPlanCase{sm90,
			linear("register = [[0, 1], [8, 0], [0, 8], [0, 16], [0, 32], [0, 64], [64, 0]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [[16, 0], [32, 0]]"),
			linear("register = [[1, 0], [2, 0], [4, 0], [0, 1], [64, 0], [0, 32], [0, 64]], lane = [[8, 0], [0, 2], [0, 4], [0, 8], [0, 16]], warp = [[16, 0], [32, 0]]"),
			"f16", 128, 128, 4}, pair{trans, ldst}, 8},
		{"ldmatrix-trans-f16", cvtPlanCase{sm90,
			linear("register = [[0, 1], [8, 0], [0, 8], [0, 16], [0, 32], [0, 64], [0, 0]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [[0, 0], [0, 0], [0, 0]]"),
			linear("register = [[0, 1], [1, 0], [2, 0], [4, 0]], lane = [[0, 2], [0, 4], [0, 8], [0, 16], [8, 0]], warp = [[0, 32], [0, 64], [0, 0]]"),
			"f16", 16, 128, 8}, pair{ldst, trans}, 1},
		{"both-matrix-f16", cvtPlanCase{sm90,
			linear("register = [[0, 1], [4, 0], [8, 0]], lane = [[0, 2], [0, 4], [0, 8], [0, 16], [1, 0]], warp = [[0, 0], [0, 0], [2, 0]]"),
			linear("register = [[0, 1], [1, 0], [2, 0], [4, 0]], lane = [[0, 2], [0, 4], [0, 8], [0, 16], [8, 0]], warp = [[0, 0], [0, 0], [0, 0]]"),
			"f16", 16, 32, 8}, pair{mat, mat}, 1},
		{"both-trans-f16", cvtPlanCase{sm90,
			linear("register = [[0, 1], [8, 0], [0, 64]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [[0, 8], [0, 16], [0, 32]]"),
			linear("register = [[0, 8], [0, 16], [0, 32], [0, 64]], lane = [[0, 1], [0, 2], [1, 0], [2, 0], [4, 0]], warp = [[0, 4], [8, 0], [0, 0]]"),
			"f16", 16, 128, 8}, pair{trans, trans}, 1},
		{"stmatrix-ldmatrix-trans-f16", cvtPlanCase{sm90,
			linear("register = [[0, 1], [8, 0], [0, 8], [0, 0], [0, 0], [0, 0], [0, 0], [64, 0]], lane = [[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]], warp = [[16, 0], [32, 0]]"),
			linear("register = [[1, 0], [8, 0], [16, 0], [32, 0], [64, 0]], lane = [[2, 0], [4, 0], [0, 1], [0, 2], [0, 4]], warp = [[0, 8], [0, 0]]"),
			"f16", 128, 16, 4}, pair{mat, trans}, 1},
	} {
		t.Run(c.name, func(t *testing.T) {
			c.cvt.run(t, false, func(_ *ir.Operation, plan linearlayout.SharedConversion) {
				if got := (pair{plan.Store, plan.Load}); got != c.want || plan.Rounds != c.rounds {
					t.Fatalf("plan %v/%v in %d rounds, want %v/%v in %d", got.store, got.load, plan.Rounds, c.want.store, c.want.load, c.rounds)
				}
			}, func(lowered *ir.Operation) {
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
			})
		})
	}
}

// cvtKernelVia is cvtKernel for layouts that fit only the whole tile (a
// #ttg.linear whose bases mix the bits of a dim has no slices for
// make_range): the offsets are computed in a blocked layout and converted
// to #A and #B.
func cvtKernelVia(tg gpuTarget, a, b, elem string, m, n, warps int) string {
	return fmt.Sprintf(`#A = %[1]s
#B = %[2]s
#P = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, %[9]d], warpsPerCTA = [1, %[6]d], order = [1, 0]}>
%[8]s {
  tt.func public @cvt(%%x: !tt.ptr<%[3]s> {tt.divisibility = 16 : i32}, %%y: !tt.ptr<%[3]s> {tt.divisibility = 16 : i32}) {
%[7]s
    %%a_off = ttg.convert_layout %%p_off : tensor<%[4]dx%[5]dxi32, #P> -> tensor<%[4]dx%[5]dxi32, #A>
    %%b_off = ttg.convert_layout %%p_off : tensor<%[4]dx%[5]dxi32, #P> -> tensor<%[4]dx%[5]dxi32, #B>
    %%xs = tt.splat %%x : !tt.ptr<%[3]s> -> tensor<%[4]dx%[5]dx!tt.ptr<%[3]s>, #A>
    %%xp = tt.addptr %%xs, %%a_off : tensor<%[4]dx%[5]dx!tt.ptr<%[3]s>, #A>, tensor<%[4]dx%[5]dxi32, #A>
    %%v = tt.load %%xp : tensor<%[4]dx%[5]dx!tt.ptr<%[3]s>, #A>
    %%w = ttg.convert_layout %%v : tensor<%[4]dx%[5]dx%[3]s, #A> -> tensor<%[4]dx%[5]dx%[3]s, #B>
    %%ys = tt.splat %%y : !tt.ptr<%[3]s> -> tensor<%[4]dx%[5]dx!tt.ptr<%[3]s>, #B>
    %%yp = tt.addptr %%ys, %%b_off : tensor<%[4]dx%[5]dx!tt.ptr<%[3]s>, #B>, tensor<%[4]dx%[5]dxi32, #B>
    tt.store %%yp, %%w : tensor<%[4]dx%[5]dx!tt.ptr<%[3]s>, #B>
    tt.return
  }
}`, a, b, elem, m, n, warps, offsetsTTGIR("p", "P", m, n), tg.header(warps), tg.lanes)
}
