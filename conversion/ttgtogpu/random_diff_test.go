package ttgtogpu_test

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"
)

// Randomized differential tests: random blocked layouts (and pairs of
// them) for layout conversions, reductions and scans of 2-D tiles.

// randBlocked returns a random blocked layout for an MxN tile over warps
// warps (any of the sizes may exceed or fall short of the tile).
func randBlocked(r *rand.Rand, warps, lanes int) string {
	pick := func(total int) (int, int) {
		a := 1 << r.Intn(bitsOf(total)+1)
		return a, total / a
	}
	t0, t1 := pick(lanes)
	w0, w1 := pick(warps)
	s0, s1 := 1<<r.Intn(3), 1<<r.Intn(3)
	order := "1, 0"
	if r.Intn(2) == 0 {
		order = "0, 1"
	}
	return fmt.Sprintf("#ttg.blocked<{sizePerThread = [%d, %d], threadsPerWarp = [%d, %d], warpsPerCTA = [%d, %d], order = [%s]}>",
		s0, s1, t0, t1, w0, w1, order)
}

func bitsOf(v int) int {
	n := 0
	for v > 1 {
		v >>= 1
		n++
	}
	return n
}

func TestRandomLayoutsDiff(t *testing.T) {
	forTargets(t, randomLayoutsDiff)
}

func randomLayoutsDiff(t *testing.T, tg gpuTarget) {
	r := rand.New(rand.NewSource(31))
	shapes := [][2]int{{16, 16}, {32, 8}, {8, 64}, {64, 32}, {4, 4}}
	for i := 0; i < 24; i++ {
		sh := shapes[r.Intn(len(shapes))]
		warps := 1 << r.Intn(4)
		a, b := randBlocked(r, warps, tg.lanes), randBlocked(r, warps, tg.lanes)
		elem := []string{"f32", "f16", "i8"}[r.Intn(3)]
		t.Run(fmt.Sprintf("cvt%d_%dx%d_w%d_%s", i, sh[0], sh[1], warps, elem), func(t *testing.T) {
			src := cvtKernel(tg, a, b, elem, sh[0], sh[1], warps)
			m := parse(t, src)
			size := map[string]int{"f32": 4, "f16": 2, "i8": 1}[elem]
			buf := make([]byte, sh[0]*sh[1]*size)
			r.Read(buf)
			diffTestOwn(t, m, "cvt", [3]int{1, 1, 1}, []diffArg{{buf: buf, kind: "bytes"}, zeroBuf("i8", len(buf))}, 0)
		})
		axis := r.Intn(2)
		t.Run(fmt.Sprintf("red%d_%dx%d_w%d_axis%d", i, sh[0], sh[1], warps, axis), func(t *testing.T) {
			m := parse(t, reduceScanKernel(tg, a, sh[0], sh[1], warps, axis, r.Intn(2) == 0))
			x := randI32(r, sh[0]*sh[1], 100)
			outN := sh[1-axis]
			diffTestOwn(t, m, "rs", [3]int{1, 1, 1}, []diffArg{i32Buf(x), zeroBuf("i32", outN), zeroBuf("i32", sh[0]*sh[1])}, 0)
		})
	}
}

// reduceScanKernel sums an MxN i32 tile along axis (tt.reduce, result
// stored in its slice layout) and scans it (stored in #A).
func reduceScanKernel(tg gpuTarget, a string, m, n, warps, axis int, reverse bool) string {
	other := 1 - axis
	outN := []int{m, n}[other]
	sliceRange := fmt.Sprintf(`
    %%o = tt.make_range {end = %[1]d : i32, start = 0 : i32} : tensor<%[1]dxi32, #ttg.slice<{dim = %[2]d, parent = #A}>>
    %%os = tt.splat %%y : !tt.ptr<i32> -> tensor<%[1]dx!tt.ptr<i32>, #ttg.slice<{dim = %[2]d, parent = #A}>>
    %%op = tt.addptr %%os, %%o : tensor<%[1]dx!tt.ptr<i32>, #ttg.slice<{dim = %[2]d, parent = #A}>>, tensor<%[1]dxi32, #ttg.slice<{dim = %[2]d, parent = #A}>>
`, outN, axis)
	body := fmt.Sprintf(`#A = %[1]s
%[10]s {
  tt.func public @rs(%%x: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %%y: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %%z: !tt.ptr<i32> {tt.divisibility = 16 : i32}) {
%[5]s
    %%xs = tt.splat %%x : !tt.ptr<i32> -> tensor<%[2]dx%[3]dx!tt.ptr<i32>, #A>
    %%xp = tt.addptr %%xs, %%a_off : tensor<%[2]dx%[3]dx!tt.ptr<i32>, #A>, tensor<%[2]dx%[3]dxi32, #A>
    %%v = tt.load %%xp : tensor<%[2]dx%[3]dx!tt.ptr<i32>, #A>
    %%s = "tt.reduce"(%%v) <{axis = %[6]d : i32}> ({
    ^bb0(%%p: i32, %%q: i32):
      %%t = arith.addi %%p, %%q : i32
      tt.reduce.return %%t : i32
    }) : (tensor<%[2]dx%[3]dxi32, #A>) -> tensor<%[7]dxi32, #ttg.slice<{dim = %[6]d, parent = #A}>>
%[8]s
    tt.store %%op, %%s : tensor<%[7]dx!tt.ptr<i32>, #ttg.slice<{dim = %[6]d, parent = #A}>>
    %%c = "tt.scan"(%%v) <{axis = %[6]d : i32, reverse = %[9]t}> ({
    ^bb0(%%p: i32, %%q: i32):
      %%zero = arith.constant 0 : i32
      %%nz = arith.cmpi ne, %%q, %%zero : i32
      %%t = arith.select %%nz, %%q, %%p : i32
      tt.scan.return %%t : i32
    }) : (tensor<%[2]dx%[3]dxi32, #A>) -> tensor<%[2]dx%[3]dxi32, #A>
    %%zs = tt.splat %%z : !tt.ptr<i32> -> tensor<%[2]dx%[3]dx!tt.ptr<i32>, #A>
    %%zp = tt.addptr %%zs, %%a_off : tensor<%[2]dx%[3]dx!tt.ptr<i32>, #A>, tensor<%[2]dx%[3]dxi32, #A>
    tt.store %%zp, %%c : tensor<%[2]dx%[3]dx!tt.ptr<i32>, #A>
    tt.return
  }
}`, a, m, n, warps, offsetsTTGIR("a", "A", m, n), axis, outN, sliceRange, reverse, tg.header(warps))
	return strings.TrimSpace(body)
}

// TestAllocatedLayoutsDiff repeats random conversions, reductions and
// scans (several per kernel, so their scratch and buffers share memory)
// with the shared memory layout of analysis/allocation.
func TestAllocatedLayoutsDiff(t *testing.T) {
	forTargets(t, allocatedLayoutsDiff)
}

func allocatedLayoutsDiff(t *testing.T, tg gpuTarget) {
	r := rand.New(rand.NewSource(41))
	shapes := [][2]int{{16, 16}, {32, 8}, {8, 64}, {64, 32}}
	for i := 0; i < 16; i++ {
		sh := shapes[r.Intn(len(shapes))]
		warps := 1 << r.Intn(4)
		a := randBlocked(r, warps, tg.lanes)
		axis := r.Intn(2)
		t.Run(fmt.Sprintf("rs%d_%dx%d_w%d_axis%d", i, sh[0], sh[1], warps, axis), func(t *testing.T) {
			m := parse(t, reduceScanKernel(tg, a, sh[0], sh[1], warps, axis, r.Intn(2) == 0))
			withAllocation(t, m)
			x := randI32(r, sh[0]*sh[1], 100)
			diffTest(t, m, "rs", [3]int{1, 1, 1}, []diffArg{i32Buf(x), zeroBuf("i32", sh[1-axis]), zeroBuf("i32", sh[0]*sh[1])}, 0)
		})
		b := randBlocked(r, warps, tg.lanes)
		t.Run(fmt.Sprintf("cvt%d_%dx%d_w%d", i, sh[0], sh[1], warps), func(t *testing.T) {
			m := parse(t, cvtKernel(tg, a, b, "f32", sh[0], sh[1], warps))
			withAllocation(t, m)
			buf := make([]byte, sh[0]*sh[1]*4)
			r.Read(buf)
			diffTest(t, m, "cvt", [3]int{1, 1, 1}, []diffArg{{buf: buf, kind: "bytes"}, zeroBuf("i8", len(buf))}, 0)
		})
	}
}

// TestInterleavedWarpScanDiff scans along an axis where a lane bit lies
// above the warp bit (a linear layout, which Triton does not scan): the
// warp exchange goes bit by bit, in the scratch area analysis/allocation
// sizes for it.
func TestInterleavedWarpScanDiff(t *testing.T) {
	forTargets(t, interleavedWarpScanDiff)
}

func interleavedWarpScanDiff(t *testing.T, tg gpuTarget) {
	lin, n := "#ttg.linear<{register = [[0, 1]], lane = [[0, 2], [0, 4], [0, 8], [0, 16], [0, 64]], warp = [[0, 32]], block = []}>", 128
	if tg.lanes == 64 {
		lin, n = "#ttg.linear<{register = [[0, 1]], lane = [[0, 2], [0, 4], [0, 8], [0, 16], [0, 32], [0, 128]], warp = [[0, 64]], block = []}>", 256
	}
	for _, rev := range []bool{false, true} {
		m := parse(t, reduceScanKernel(tg, lin, 1, n, 2, 1, rev))
		x := randI32(rand.New(rand.NewSource(51)), n, 50)
		diffTest(t, m, "rs", [3]int{1, 1, 1}, []diffArg{i32Buf(x), zeroBuf("i32", 1), zeroBuf("i32", n)}, 0)
	}
}
