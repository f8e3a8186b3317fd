package ttgtogpu_test

import (
	"encoding/binary"
	"fmt"
	"math/rand"
	"testing"
)

// scanLayout is a blocked layout of an MxN tile and the scan axis.
type scanLayout struct {
	m, n, axis           int
	spt, tpw, wpc, order [2]int
	reverse              bool
	warps                int
}

// target is the target whose warp size the layout's lanes fill.
func (c scanLayout) target() gpuTarget {
	if c.tpw[0]*c.tpw[1] == gfx942.lanes {
		return gfx942
	}
	return sm90
}

func (c scanLayout) blocked() string {
	return fmt.Sprintf("#ttg.blocked<{sizePerThread = [%d, %d], threadsPerWarp = [%d, %d], warpsPerCTA = [%d, %d], order = [%d, %d]}>",
		c.spt[0], c.spt[1], c.tpw[0], c.tpw[1], c.wpc[0], c.wpc[1], c.order[0], c.order[1])
}

// tritonScan is Triton 3.6's combination order for a scan over one line
// of a blocked layout (ScanOpToLLVM.cpp, read for its order, not its
// code): run elements a thread, lanes a warp and warps along the axis,
// the line repeating the block reps times. It is the reference the
// lowering must meet exactly, for a combine that is neither associative
// nor commutative.
func tritonScan(x []int32, run, lanes, warps int, reverse bool, comb func(a, b int32) int32) []int32 {
	n := len(x)
	if reverse {
		x = mirror(x)
	}
	if lanes == 1 && warps == 1 {
		run = n // the repetitions are contiguous in the thread
	}
	reps := n / (run * lanes * warps)
	at := func(b, w, l, e int) int { return ((b*warps+w)*lanes+l)*run + e }
	v := append([]int32(nil), x...)
	// 1. each thread's run, left to right
	for i := 0; i < n; i += run {
		for e := 1; e < run; e++ {
			v[i+e] = comb(v[i+e-1], v[i+e])
		}
	}
	// 2. Hillis-Steele over the lanes on the runs' last elements
	for b := 0; b < reps; b++ {
		for w := 0; w < warps; w++ {
			for d := 1; d < lanes; d *= 2 {
				prev := make([]int32, lanes)
				for l := range prev {
					prev[l] = v[at(b, w, l, run-1)]
				}
				for l := d; l < lanes; l++ {
					v[at(b, w, l, run-1)] = comb(prev[l-d], prev[l])
				}
			}
		}
	}
	// 3 and 4. the prefix of the warps and blocks before, then the run
	finish := func(b, w int, prefix *int32) {
		last := make([]int32, lanes)
		for l := range last {
			last[l] = v[at(b, w, l, run-1)]
			if prefix != nil {
				last[l] = comb(*prefix, last[l])
			}
		}
		for l := 0; l < lanes; l++ {
			v[at(b, w, l, run-1)] = last[l]
			var before *int32
			if l > 0 {
				before = &last[l-1]
			} else {
				before = prefix
			}
			if before == nil {
				continue // the first thread of the first block
			}
			for e := 0; e < run-1; e++ {
				v[at(b, w, l, e)] = comb(*before, v[at(b, w, l, e)])
			}
		}
	}
	var carried *int32
	for b := 0; b < reps; b++ {
		totals := make([]int32, warps)
		for w := range totals {
			totals[w] = v[at(b, w, lanes-1, run-1)]
		}
		acc := carried
		for w := 0; w < warps; w++ {
			var prefix *int32
			if acc != nil {
				p := *acc
				prefix = &p
			}
			finish(b, w, prefix)
			next := totals[w]
			if acc != nil {
				next = comb(*acc, totals[w])
			}
			acc = &next
		}
		if warps == 1 {
			t := v[at(b, 0, lanes-1, run-1)]
			acc = &t
		}
		carried = acc
	}
	if reverse {
		v = mirror(v)
	}
	return v
}

func mirror(x []int32) []int32 {
	y := make([]int32, len(x))
	for i := range x {
		y[len(x)-1-i] = x[i]
	}
	return y
}

// TestScanTritonOrder lowers a scan whose combine, 3a+b, tells every
// combination tree apart, over blocked layouts of every shape the order
// distinguishes (runs, lanes, warps and repetitions along the axis, each
// present or not, lanes along the axis above others in the lane id, both
// directions), and checks every element against Triton's order.
func TestScanTritonOrder(t *testing.T) {
	for _, c := range []scanLayout{
		{m: 1, n: 1024, axis: 1, spt: [2]int{1, 4}, tpw: [2]int{1, 32}, wpc: [2]int{1, 4}, order: [2]int{1, 0}, warps: 4},
		{m: 1, n: 1024, axis: 1, spt: [2]int{1, 4}, tpw: [2]int{1, 32}, wpc: [2]int{1, 4}, order: [2]int{1, 0}, warps: 4, reverse: true},
		{m: 2, n: 256, axis: 1, spt: [2]int{1, 2}, tpw: [2]int{1, 32}, wpc: [2]int{1, 1}, order: [2]int{1, 0}, warps: 1},
		{m: 2, n: 256, axis: 1, spt: [2]int{1, 2}, tpw: [2]int{1, 32}, wpc: [2]int{1, 1}, order: [2]int{1, 0}, warps: 1, reverse: true},
		{m: 32, n: 64, axis: 1, spt: [2]int{1, 2}, tpw: [2]int{4, 8}, wpc: [2]int{2, 2}, order: [2]int{1, 0}, warps: 4},
		{m: 32, n: 64, axis: 0, spt: [2]int{1, 2}, tpw: [2]int{4, 8}, wpc: [2]int{2, 2}, order: [2]int{1, 0}, warps: 4},
		{m: 32, n: 64, axis: 0, spt: [2]int{1, 2}, tpw: [2]int{4, 8}, wpc: [2]int{2, 2}, order: [2]int{1, 0}, warps: 4, reverse: true},
		{m: 16, n: 8, axis: 0, spt: [2]int{2, 1}, tpw: [2]int{8, 4}, wpc: [2]int{1, 4}, order: [2]int{0, 1}, warps: 4},
		{m: 16, n: 64, axis: 1, spt: [2]int{2, 1}, tpw: [2]int{8, 4}, wpc: [2]int{1, 4}, order: [2]int{0, 1}, warps: 4, reverse: true},
		{m: 64, n: 32, axis: 1, spt: [2]int{1, 4}, tpw: [2]int{32, 1}, wpc: [2]int{1, 4}, order: [2]int{1, 0}, warps: 4},
		{m: 128, n: 8, axis: 1, spt: [2]int{1, 4}, tpw: [2]int{32, 1}, wpc: [2]int{4, 1}, order: [2]int{1, 0}, warps: 4, reverse: true},
		{m: 8, n: 512, axis: 1, spt: [2]int{1, 1}, tpw: [2]int{1, 32}, wpc: [2]int{2, 4}, order: [2]int{1, 0}, warps: 8},
		// 64-lane wavefronts (gfx942)
		{m: 4, n: 1024, axis: 1, spt: [2]int{1, 2}, tpw: [2]int{1, 64}, wpc: [2]int{1, 4}, order: [2]int{1, 0}, warps: 4, reverse: true},
		{m: 64, n: 16, axis: 0, spt: [2]int{2, 1}, tpw: [2]int{16, 4}, wpc: [2]int{2, 1}, order: [2]int{1, 0}, warps: 2},
	} {
		name := fmt.Sprintf("%dx%d_axis%d_spt%v_tpw%v_wpc%v_rev%t", c.m, c.n, c.axis, c.spt, c.tpw, c.wpc, c.reverse)
		t.Run(name, func(t *testing.T) {
			src := fmt.Sprintf(`#L = %[1]s
%[2]s {
  tt.func public @scan(%%x: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %%y: !tt.ptr<i32> {tt.divisibility = 16 : i32}) {
%[3]s
    %%xs = tt.splat %%x : !tt.ptr<i32> -> tensor<%[4]dx%[5]dx!tt.ptr<i32>, #L>
    %%xp = tt.addptr %%xs, %%a_off : tensor<%[4]dx%[5]dx!tt.ptr<i32>, #L>, tensor<%[4]dx%[5]dxi32, #L>
    %%v = tt.load %%xp : tensor<%[4]dx%[5]dx!tt.ptr<i32>, #L>
    %%s = "tt.scan"(%%v) <{axis = %[6]d : i32, reverse = %[7]t}> ({
    ^bb0(%%a: i32, %%b: i32):
      %%three = arith.constant 3 : i32
      %%a3 = arith.muli %%a, %%three : i32
      %%t = arith.addi %%a3, %%b : i32
      tt.scan.return %%t : i32
    }) : (tensor<%[4]dx%[5]dxi32, #L>) -> tensor<%[4]dx%[5]dxi32, #L>
    %%ys = tt.splat %%y : !tt.ptr<i32> -> tensor<%[4]dx%[5]dx!tt.ptr<i32>, #L>
    %%yp = tt.addptr %%ys, %%a_off : tensor<%[4]dx%[5]dx!tt.ptr<i32>, #L>, tensor<%[4]dx%[5]dxi32, #L>
    tt.store %%yp, %%s : tensor<%[4]dx%[5]dx!tt.ptr<i32>, #L>
    tt.return
  }
}`, c.blocked(), c.target().header(c.warps), offsetsTTGIR("a", "L", c.m, c.n), c.m, c.n, c.axis, c.reverse)
			m := parse(t, src)
			r := rand.New(rand.NewSource(int64(c.m*c.n + c.axis)))
			x := randI32(r, c.m*c.n, 1000)
			args := []diffArg{i32Buf(x), zeroBuf("i32", c.m*c.n)}
			simulateLowered(t, m, "scan", [3]int{1, 1, 1}, args, nil)
			got := make([]int32, c.m*c.n)
			for i := range got {
				got[i] = int32(binary.LittleEndian.Uint32(args[1].buf[4*i:]))
			}
			// Each line along the axis against the reference.
			lines, length, stride := c.m, c.n, 1
			if c.axis == 0 {
				lines, length, stride = c.n, c.m, c.n
			}
			comb := func(a, b int32) int32 { return 3*a + b }
			bad := 0
			for li := 0; li < lines; li++ {
				base := li * c.n
				if c.axis == 0 {
					base = li
				}
				line := make([]int32, length)
				for i := range line {
					line[i] = x[base+i*stride]
				}
				want := tritonScan(line, c.spt[c.axis], c.tpw[c.axis], c.wpc[c.axis], c.reverse, comb)
				for i := range want {
					if g := got[base+i*stride]; g != want[i] {
						if bad < 5 {
							t.Errorf("line %d, element %d: got %d, want %d", li, i, g, want[i])
						}
						bad++
					}
				}
			}
			if bad > 0 {
				t.Errorf("%d of %d elements differ from Triton's order", bad, len(got))
			}
		})
	}
}

// TestScanOtherLayouts: layouts whose bits along the axis are not in the
// blocked order (a register step between the lanes and the warps, the
// compact exchange of the warps' totals; a warp step below a lane step
// or lanes along the axis that are not consecutive lane id bits, the
// bitwise exchange) keep tt's own order, checked against the interpreter
// with an associative combine that is not commutative (the last nonzero
// value).
func TestScanOtherLayouts(t *testing.T) {
	for _, l := range []string{
		"#ttg.linear<{register = [[0, 32], [1, 0], [2, 0]], lane = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16]], warp = [[0, 64], [0, 128]], block = []}>",
		"#ttg.linear<{register = [[0, 128], [1, 0], [2, 0]], lane = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 64]], warp = [[0, 16], [0, 32]], block = []}>",
		"#ttg.linear<{register = [[0, 64], [0, 128], [2, 0]], lane = [[0, 1], [1, 0], [0, 2], [0, 4], [0, 8]], warp = [[0, 16], [0, 32]], block = []}>",
	} {
		for _, reverse := range []bool{false, true} {
			t.Run(fmt.Sprintf("%s_rev%t", l, reverse), func(t *testing.T) {
				src := fmt.Sprintf(`#L = %[1]s
%[2]s {
  tt.func public @scan(%%x: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %%y: !tt.ptr<i32> {tt.divisibility = 16 : i32}) {
%[3]s
    %%xs = tt.splat %%x : !tt.ptr<i32> -> tensor<4x256x!tt.ptr<i32>, #L>
    %%xp = tt.addptr %%xs, %%a_off : tensor<4x256x!tt.ptr<i32>, #L>, tensor<4x256xi32, #L>
    %%v = tt.load %%xp : tensor<4x256x!tt.ptr<i32>, #L>
    %%s = "tt.scan"(%%v) <{axis = 1 : i32, reverse = %[4]t}> ({
    ^bb0(%%a: i32, %%b: i32):
      %%zero = arith.constant 0 : i32
      %%nz = arith.cmpi ne, %%b, %%zero : i32
      %%t = arith.select %%nz, %%b, %%a : i32
      tt.scan.return %%t : i32
    }) : (tensor<4x256xi32, #L>) -> tensor<4x256xi32, #L>
    %%ys = tt.splat %%y : !tt.ptr<i32> -> tensor<4x256x!tt.ptr<i32>, #L>
    %%yp = tt.addptr %%ys, %%a_off : tensor<4x256x!tt.ptr<i32>, #L>, tensor<4x256xi32, #L>
    tt.store %%yp, %%s : tensor<4x256x!tt.ptr<i32>, #L>
    tt.return
  }
}`, l, sm90.header(4), offsetsTTGIR("a", "L", 4, 256), reverse)
				r := rand.New(rand.NewSource(5))
				x := randI32(r, 4*256, 3) // many zeros: the combine's choice shows
				diffTest(t, parse(t, src), "scan", [3]int{1, 1, 1}, []diffArg{i32Buf(x), zeroBuf("i32", 4*256)}, 0)
			})
		}
	}
}
