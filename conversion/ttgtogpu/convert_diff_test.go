package ttgtogpu_test

import (
	"fmt"
	"math/rand"
	"testing"

	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/linearlayout"
)

// offsetsTTGIR is TTGIR computing row*N + col (%NAME_off) for an MxN tile
// in layout #L.
func offsetsTTGIR(name, l string, m, n int) string {
	return fmt.Sprintf(`
    %%%[1]s_r = tt.make_range {end = %[3]d : i32, start = 0 : i32} : tensor<%[3]dxi32, #ttg.slice<{dim = 1, parent = #%[2]s}>>
    %%%[1]s_c = tt.make_range {end = %[4]d : i32, start = 0 : i32} : tensor<%[4]dxi32, #ttg.slice<{dim = 0, parent = #%[2]s}>>
    %%%[1]s_r2 = tt.expand_dims %%%[1]s_r {axis = 1 : i32} : tensor<%[3]dxi32, #ttg.slice<{dim = 1, parent = #%[2]s}>> -> tensor<%[3]dx1xi32, #%[2]s>
    %%%[1]s_cN = arith.constant dense<%[4]d> : tensor<%[3]dx1xi32, #%[2]s>
    %%%[1]s_rs = arith.muli %%%[1]s_r2, %%%[1]s_cN : tensor<%[3]dx1xi32, #%[2]s>
    %%%[1]s_c2 = tt.expand_dims %%%[1]s_c {axis = 0 : i32} : tensor<%[4]dxi32, #ttg.slice<{dim = 0, parent = #%[2]s}>> -> tensor<1x%[4]dxi32, #%[2]s>
    %%%[1]s_rsb = tt.broadcast %%%[1]s_rs : tensor<%[3]dx1xi32, #%[2]s> -> tensor<%[3]dx%[4]dxi32, #%[2]s>
    %%%[1]s_c2b = tt.broadcast %%%[1]s_c2 : tensor<1x%[4]dxi32, #%[2]s> -> tensor<%[3]dx%[4]dxi32, #%[2]s>
    %%%[1]s_off = arith.addi %%%[1]s_rsb, %%%[1]s_c2b : tensor<%[3]dx%[4]dxi32, #%[2]s>
`, name, l, m, n)
}

// cvtKernel loads an MxN tile of elem in layout A, converts it to B and
// stores it.
func cvtKernel(tg gpuTarget, a, b, elem string, m, n, warps int) string {
	return fmt.Sprintf(`#A = %[1]s
#B = %[2]s
%[9]s {
  tt.func public @cvt(%%x: !tt.ptr<%[3]s> {tt.divisibility = 16 : i32}, %%y: !tt.ptr<%[3]s> {tt.divisibility = 16 : i32}) {
%[7]s
    %%xs = tt.splat %%x : !tt.ptr<%[3]s> -> tensor<%[4]dx%[5]dx!tt.ptr<%[3]s>, #A>
    %%xp = tt.addptr %%xs, %%a_off : tensor<%[4]dx%[5]dx!tt.ptr<%[3]s>, #A>, tensor<%[4]dx%[5]dxi32, #A>
    %%v = tt.load %%xp : tensor<%[4]dx%[5]dx!tt.ptr<%[3]s>, #A>
    %%w = ttg.convert_layout %%v : tensor<%[4]dx%[5]dx%[3]s, #A> -> tensor<%[4]dx%[5]dx%[3]s, #B>
%[8]s
    %%ys = tt.splat %%y : !tt.ptr<%[3]s> -> tensor<%[4]dx%[5]dx!tt.ptr<%[3]s>, #B>
    %%yp = tt.addptr %%ys, %%b_off : tensor<%[4]dx%[5]dx!tt.ptr<%[3]s>, #B>, tensor<%[4]dx%[5]dxi32, #B>
    tt.store %%yp, %%w : tensor<%[4]dx%[5]dx!tt.ptr<%[3]s>, #B>
    tt.return
  }
}`, a, b, elem, m, n, warps, offsetsTTGIR("a", "A", m, n), offsetsTTGIR("b", "B", m, n), tg.header(warps))
}

// cvtModule parses cvtKernel and returns it with its conversion's source
// and destination layouts.
func cvtModule(t *testing.T, tg gpuTarget, a, b, elem string, m, n, warps int) (*ir.Operation, linearlayout.LinearLayout, linearlayout.LinearLayout) {
	t.Helper()
	return cvtModuleOf(t, cvtKernel(tg, a, b, elem, m, n, warps))
}

// cvtModuleOf is cvtModule for the kernel src: the conversion is the one
// of the loaded tile.
func cvtModuleOf(t *testing.T, src string) (*ir.Operation, linearlayout.LinearLayout, linearlayout.LinearLayout) {
	t.Helper()
	mod := parse(t, src)
	var cvt *ir.Operation
	for _, op := range ops(mod, "ttg.convert_layout") {
		if def := op.Operand(0).DefiningOp(); def != nil && def.Name() == "tt.load" {
			cvt = op
		}
	}
	if cvt == nil {
		t.Fatal("no conversion of a loaded tile")
	}
	srcLL, err := ttg.TypeLinearLayout(cvt.Operand(0).Type())
	if err != nil {
		t.Fatal(err)
	}
	dstLL, err := ttg.TypeLinearLayout(cvt.Result(0).Type())
	if err != nil {
		t.Fatal(err)
	}
	return mod, srcLL, dstLL
}

// TestConvertLayoutDiff converts between layout pairs covering every
// kind of ConversionPlan and checks the kind as well as the data.
func TestConvertLayoutDiff(t *testing.T) {
	blocked := func(spt, tpw, wpc, order string) string {
		return fmt.Sprintf("#ttg.blocked<{sizePerThread = [%s], threadsPerWarp = [%s], warpsPerCTA = [%s], order = [%s]}>", spt, tpw, wpc, order)
	}
	type cvtCase struct {
		name    string
		a, b    string
		elem    string
		m, n, w int
		kind    linearlayout.ConversionKind
		shfl    bool // lowered with shuffles
	}
	cases := []cvtCase{
		{"same-data-different-encoding", blocked("1, 4", "8, 4", "4, 1", "1, 0"), "#ttg.linear<{register = [[0, 1], [0, 2]], lane = [[0, 4], [0, 8], [1, 0], [2, 0], [4, 0]], warp = [[8, 0], [16, 0]], block = []}>",
			"f32", 32, 16, 4, linearlayout.ConvertNothing, false},
		{"register-permutation", blocked("1, 4", "8, 4", "4, 1", "1, 0"), "#ttg.linear<{register = [[0, 2], [0, 1]], lane = [[0, 4], [0, 8], [1, 0], [2, 0], [4, 0]], warp = [[8, 0], [16, 0]], block = []}>",
			"f32", 32, 16, 4, linearlayout.ConvertRegisterPermutation, false},
		{"lane-permutation", blocked("1, 4", "8, 4", "4, 1", "1, 0"), "#ttg.linear<{register = [[0, 1], [0, 2]], lane = [[1, 0], [2, 0], [4, 0], [0, 4], [0, 8]], warp = [[8, 0], [16, 0]], block = []}>",
			"f32", 32, 16, 4, linearlayout.ConvertWarpShuffle, true},
		{"register-lane-transposition", blocked("1, 4", "8, 4", "4, 1", "1, 0"), "#ttg.linear<{register = [[0, 1], [1, 0]], lane = [[0, 4], [0, 8], [0, 2], [2, 0], [4, 0]], warp = [[8, 0], [16, 0]], block = []}>",
			"f32", 32, 16, 4, linearlayout.ConvertWarpShuffle, true},
		{"transposition-f16", blocked("1, 4", "8, 4", "4, 1", "1, 0"), "#ttg.linear<{register = [[0, 1], [1, 0]], lane = [[0, 4], [0, 8], [0, 2], [2, 0], [4, 0]], warp = [[8, 0], [16, 0]], block = []}>",
			"f16", 32, 16, 4, linearlayout.ConvertWarpShuffle, true},
		{"transposition-i64", blocked("1, 4", "8, 4", "4, 1", "1, 0"), "#ttg.linear<{register = [[0, 1], [1, 0]], lane = [[0, 4], [0, 8], [0, 2], [2, 0], [4, 0]], warp = [[8, 0], [16, 0]], block = []}>",
			"i64", 32, 16, 4, linearlayout.ConvertWarpShuffle, true},
		{"across-warps", blocked("1, 4", "8, 4", "4, 1", "1, 0"), blocked("4, 1", "4, 8", "1, 4", "0, 1"),
			"f32", 32, 16, 4, linearlayout.ConvertSharedMemory, false},
		{"across-warps-bf16-rounds", blocked("1, 8", "4, 8", "8, 1", "1, 0"), blocked("8, 1", "8, 4", "1, 8", "0, 1"),
			"bf16", 64, 128, 8, linearlayout.ConvertSharedMemory, false},
		{"broadcast-source", blocked("1, 1", "32, 1", "4, 1", "1, 0"), blocked("1, 2", "2, 16", "2, 2", "1, 0"),
			"f32", 16, 32, 4, linearlayout.ConvertSharedMemory, false},
	}
	// 64-lane wavefronts: every kind again, with a sixth lane bit.
	cases64 := []cvtCase{
		{"same-data-different-encoding", blocked("1, 4", "16, 4", "4, 1", "1, 0"), "#ttg.linear<{register = [[0, 1], [0, 2]], lane = [[0, 4], [0, 8], [1, 0], [2, 0], [4, 0], [8, 0]], warp = [[16, 0], [32, 0]], block = []}>",
			"f32", 64, 16, 4, linearlayout.ConvertNothing, false},
		{"register-permutation", blocked("1, 4", "16, 4", "4, 1", "1, 0"), "#ttg.linear<{register = [[0, 2], [0, 1]], lane = [[0, 4], [0, 8], [1, 0], [2, 0], [4, 0], [8, 0]], warp = [[16, 0], [32, 0]], block = []}>",
			"f32", 64, 16, 4, linearlayout.ConvertRegisterPermutation, false},
		{"lane-permutation", blocked("1, 4", "16, 4", "4, 1", "1, 0"), "#ttg.linear<{register = [[0, 1], [0, 2]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [0, 4], [0, 8]], warp = [[16, 0], [32, 0]], block = []}>",
			"f32", 64, 16, 4, linearlayout.ConvertWarpShuffle, true},
		{"register-lane-transposition", blocked("1, 4", "16, 4", "4, 1", "1, 0"), "#ttg.linear<{register = [[0, 1], [1, 0]], lane = [[0, 4], [0, 8], [0, 2], [2, 0], [4, 0], [8, 0]], warp = [[16, 0], [32, 0]], block = []}>",
			"f32", 64, 16, 4, linearlayout.ConvertWarpShuffle, true},
		{"transposition-f16", blocked("1, 4", "16, 4", "4, 1", "1, 0"), "#ttg.linear<{register = [[0, 1], [1, 0]], lane = [[0, 4], [0, 8], [0, 2], [2, 0], [4, 0], [8, 0]], warp = [[16, 0], [32, 0]], block = []}>",
			"f16", 64, 16, 4, linearlayout.ConvertWarpShuffle, true},
		{"transposition-i64", blocked("1, 4", "16, 4", "4, 1", "1, 0"), "#ttg.linear<{register = [[0, 1], [1, 0]], lane = [[0, 4], [0, 8], [0, 2], [2, 0], [4, 0], [8, 0]], warp = [[16, 0], [32, 0]], block = []}>",
			"i64", 64, 16, 4, linearlayout.ConvertWarpShuffle, true},
		{"across-warps", blocked("1, 4", "16, 4", "4, 1", "1, 0"), blocked("4, 1", "4, 16", "1, 4", "0, 1"),
			"f32", 64, 16, 4, linearlayout.ConvertSharedMemory, false},
		{"across-warps-bf16", blocked("1, 8", "8, 8", "8, 1", "1, 0"), blocked("8, 1", "8, 8", "1, 8", "0, 1"),
			"bf16", 64, 128, 8, linearlayout.ConvertSharedMemory, false},
		{"broadcast-source", blocked("1, 1", "64, 1", "4, 1", "1, 0"), blocked("1, 2", "4, 16", "2, 2", "1, 0"),
			"f32", 16, 32, 4, linearlayout.ConvertSharedMemory, false},
	}
	for _, tc := range []struct {
		tg    gpuTarget
		cases []cvtCase
	}{{sm90, cases}, {gfx942, cases64}} {
		for _, c := range tc.cases {
			t.Run(tc.tg.name+"/"+c.name, func(t *testing.T) {
				m, src, dst := cvtModule(t, tc.tg, c.a, c.b, c.elem, c.m, c.n, c.w)
				plan, err := linearlayout.ConversionPlan(src, dst)
				if err != nil {
					t.Fatal(err)
				}
				if plan.Kind != c.kind {
					t.Fatalf("plan kind %v, the test wants %v", plan.Kind, c.kind)
				}
				size := map[string]int{"f32": 4, "f16": 2, "bf16": 2, "i64": 8}[c.elem]
				buf := make([]byte, c.m*c.n*size)
				rand.New(rand.NewSource(21)).Read(buf)
				check := func(lowered *ir.Operation) {
					if got := count(lowered, "gpu.shuffle") > 0; got != c.shfl {
						t.Errorf("lowered with shuffles: %v, want %v", got, c.shfl)
					}
					smem := count(lowered, "gpu.barrier") > 0
					if want := c.kind == linearlayout.ConvertSharedMemory; smem != want {
						t.Errorf("lowered through shared memory: %v, want %v", smem, want)
					}
				}
				diffTestCheck(t, m, "cvt", [3]int{1, 1, 1}, []diffArg{{buf: buf, kind: "bytes"}, zeroBuf("i8", len(buf))}, 0, check)
			})
		}
	}
}

// TestWarpLocalGatherDiff gathers along rows that each live in one warp:
// shuffles, no shared memory.
func TestWarpLocalGatherDiff(t *testing.T) {
	for _, c := range []struct {
		tg       gpuTarget
		src, idx string
		elem     string
		warps    int
		// maxShuffles, when set, bounds the shuffles: one per output
		// register and source register along the axis, not per source
		// register (rows held in registers must not multiply the cost).
		maxShuffles int
	}{
		{sm90, "#ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>",
			"#ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>", "f32", 4, 0},
		{sm90, "#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [2, 1], order = [1, 0]}>",
			"#ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [2, 16], warpsPerCTA = [2, 1], order = [1, 0]}>", "f16", 2, 0},
		{gfx942, "#ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 64], warpsPerCTA = [4, 1], order = [1, 0]}>",
			"#ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 64], warpsPerCTA = [4, 1], order = [1, 0]}>", "f32", 4, 0},
		{gfx942, "#ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [2, 32], warpsPerCTA = [2, 1], order = [1, 0]}>",
			"#ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [2, 32], warpsPerCTA = [2, 1], order = [1, 0]}>", "f16", 2, 0},
		// Two rows a thread in registers: 4 source registers, 2 of them
		// along the axis, 4 output registers.
		{sm90, "#ttg.blocked<{sizePerThread = [2, 2], threadsPerWarp = [1, 32], warpsPerCTA = [2, 1], order = [1, 0]}>",
			"#ttg.blocked<{sizePerThread = [2, 1], threadsPerWarp = [1, 32], warpsPerCTA = [2, 1], order = [1, 0]}>", "f32", 2, 4 * 2},
		// Four rows a thread: 8 source registers, 2 along the axis.
		{sm90, "#ttg.blocked<{sizePerThread = [4, 2], threadsPerWarp = [1, 32], warpsPerCTA = [1, 1], order = [1, 0]}>",
			"#ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 1], order = [1, 0]}>", "f32", 1, 8 * 2},
		{gfx942, "#ttg.blocked<{sizePerThread = [2, 1], threadsPerWarp = [1, 64], warpsPerCTA = [2, 1], order = [1, 0]}>",
			"#ttg.blocked<{sizePerThread = [2, 1], threadsPerWarp = [1, 64], warpsPerCTA = [2, 1], order = [1, 0]}>", "f32", 2, 2 * 1},
	} {
		src := fmt.Sprintf(`#A = %[1]s
#B = %[2]s
%[7]s {
  tt.func public @gather(%%x: !tt.ptr<%[3]s> {tt.divisibility = 16 : i32}, %%ix: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %%y: !tt.ptr<%[3]s> {tt.divisibility = 16 : i32}) {
%[4]s%[5]s
    %%xs = tt.splat %%x : !tt.ptr<%[3]s> -> tensor<4x64x!tt.ptr<%[3]s>, #A>
    %%xp = tt.addptr %%xs, %%a_off : tensor<4x64x!tt.ptr<%[3]s>, #A>, tensor<4x64xi32, #A>
    %%v = tt.load %%xp : tensor<4x64x!tt.ptr<%[3]s>, #A>
    %%is = tt.splat %%ix : !tt.ptr<i32> -> tensor<4x64x!tt.ptr<i32>, #B>
    %%ip = tt.addptr %%is, %%b_off : tensor<4x64x!tt.ptr<i32>, #B>, tensor<4x64xi32, #B>
    %%idx = tt.load %%ip : tensor<4x64x!tt.ptr<i32>, #B>
    %%g = tt.gather %%v[%%idx] {axis = 1 : i32} : (tensor<4x64x%[3]s, #A>, tensor<4x64xi32, #B>) -> tensor<4x64x%[3]s, #B>
    %%ys = tt.splat %%y : !tt.ptr<%[3]s> -> tensor<4x64x!tt.ptr<%[3]s>, #B>
    %%yp = tt.addptr %%ys, %%b_off : tensor<4x64x!tt.ptr<%[3]s>, #B>, tensor<4x64xi32, #B>
    tt.store %%yp, %%g : tensor<4x64x!tt.ptr<%[3]s>, #B>
    tt.return
  }
}`, c.src, c.idx, c.elem, offsetsTTGIR("a", "A", 4, 64), offsetsTTGIR("b", "B", 4, 64), c.warps, c.tg.header(c.warps))
		m := parse(t, src)
		r := rand.New(rand.NewSource(22))
		idx := make([]int32, 256)
		for i := range idx {
			idx[i] = int32(r.Intn(64))
		}
		size := map[string]int{"f32": 4, "f16": 2}[c.elem]
		buf := make([]byte, 256*size)
		r.Read(buf)
		diffTestCheck(t, m, "gather", [3]int{1, 1, 1}, []diffArg{{buf: buf, kind: "bytes"}, i32Buf(idx), zeroBuf("i8", len(buf))}, 0,
			func(lowered *ir.Operation) {
				if count(lowered, "gpu.barrier") != 0 || count(lowered, "gpu.shuffle") == 0 {
					t.Errorf("want a gather through shuffles only")
				}
				if n := count(lowered, "gpu.shuffle"); c.maxShuffles != 0 && n > c.maxShuffles {
					t.Errorf("%d shuffles, want at most %d", n, c.maxShuffles)
				}
			})
	}
}

// TestLocalMemoryDiff stores a tile into a swizzled shared buffer in one
// layout and loads it back in another; a second buffer is written with
// local_store, indexed out of a two-deep allocation, and read.
func TestLocalMemoryDiff(t *testing.T) {
	forTargets(t, func(t *testing.T, tg gpuTarget) { localMemoryDiff(t, tg) })
}

func localMemoryDiff(t *testing.T, tg gpuTarget) {
	// 32x32 tiles in both layouts: 8x4 or 8x8 lanes.
	a, b := "[8, 4]", "[4, 8]"
	if tg.lanes == 64 {
		a, b = "[8, 8]", "[8, 8]"
	}
	src := fmt.Sprintf(`#A = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = %[3]s, warpsPerCTA = [4, 1], order = [1, 0]}>
#B = #ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = %[4]s, warpsPerCTA = [1, 4], order = [0, 1]}>
#shared = #ttg.swizzled_shared<{vec = 4, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
%[5]s {
  tt.func public @smem(%%x: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %%y: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %%z: !tt.ptr<f16> {tt.divisibility = 16 : i32}) {
%[1]s%[2]s
    %%xs = tt.splat %%x : !tt.ptr<f16> -> tensor<32x32x!tt.ptr<f16>, #A>
    %%xp = tt.addptr %%xs, %%a_off : tensor<32x32x!tt.ptr<f16>, #A>, tensor<32x32xi32, #A>
    %%v = tt.load %%xp : tensor<32x32x!tt.ptr<f16>, #A>
    %%buf = ttg.local_alloc %%v : (tensor<32x32xf16, #A>) -> !ttg.memdesc<32x32xf16, #shared, #smem>
    %%w = ttg.local_load %%buf : !ttg.memdesc<32x32xf16, #shared, #smem> -> tensor<32x32xf16, #B>
    %%ys = tt.splat %%y : !tt.ptr<f16> -> tensor<32x32x!tt.ptr<f16>, #B>
    %%yp = tt.addptr %%ys, %%b_off : tensor<32x32x!tt.ptr<f16>, #B>, tensor<32x32xi32, #B>
    tt.store %%yp, %%w : tensor<32x32x!tt.ptr<f16>, #B>
    %%two = ttg.local_alloc : () -> !ttg.memdesc<2x32x32xf16, #shared, #smem, mutable>
    %%c1 = arith.constant 1 : i32
    %%one = ttg.memdesc_index %%two[%%c1] : !ttg.memdesc<2x32x32xf16, #shared, #smem, mutable> -> !ttg.memdesc<32x32xf16, #shared, #smem, mutable>
    %%neg = arith.negf %%w : tensor<32x32xf16, #B>
    ttg.local_store %%neg, %%one : tensor<32x32xf16, #B> -> !ttg.memdesc<32x32xf16, #shared, #smem, mutable>
    %%u = ttg.local_load %%one : !ttg.memdesc<32x32xf16, #shared, #smem, mutable> -> tensor<32x32xf16, #A>
    %%zs = tt.splat %%z : !tt.ptr<f16> -> tensor<32x32x!tt.ptr<f16>, #A>
    %%zp = tt.addptr %%zs, %%a_off : tensor<32x32x!tt.ptr<f16>, #A>, tensor<32x32xi32, #A>
    tt.store %%zp, %%u : tensor<32x32x!tt.ptr<f16>, #A>
    ttg.local_dealloc %%two : !ttg.memdesc<2x32x32xf16, #shared, #smem, mutable>
    tt.return
  }
}`, offsetsTTGIR("a", "A", 32, 32), offsetsTTGIR("b", "B", 32, 32), a, b, tg.header(4))
	buf := make([]byte, 32*32*2)
	rand.New(rand.NewSource(23)).Read(buf)
	for i := 1; i < len(buf); i += 2 {
		buf[i] &= 0x3f // finite halves, so negation round-trips exactly
	}
	for _, allocated := range []bool{false, true} {
		m := parse(t, src)
		if allocated {
			withAllocation(t, m)
		}
		diffTest(t, m, "smem", [3]int{1, 1, 1}, []diffArg{{buf: buf, kind: "bytes"}, zeroBuf("i8", len(buf)), zeroBuf("i8", len(buf))}, 0)
	}
}
