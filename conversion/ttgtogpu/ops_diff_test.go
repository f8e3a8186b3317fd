package ttgtogpu_test

import (
	"fmt"
	"math/rand"
	"testing"

	"github.com/ttcompiler/tt/ir"
)

// Differential tests of single op families: TTIR kernels written for the
// test, given layouts by the TTIR and TTGIR pipelines, then run in the
// interpreter and, lowered, in the SIMT simulator.

// offsets2D is TTIR computing row*N + col for an MxN tile (names %off,
// %r, %c).
func offsets2D(m, n int) string {
	return fmt.Sprintf(`
    %%r = tt.make_range {end = %[1]d : i32, start = 0 : i32} : tensor<%[1]dxi32>
    %%c = tt.make_range {end = %[2]d : i32, start = 0 : i32} : tensor<%[2]dxi32>
    %%r2 = tt.expand_dims %%r {axis = 1 : i32} : tensor<%[1]dxi32> -> tensor<%[1]dx1xi32>
    %%cN = arith.constant dense<%[2]d> : tensor<%[1]dx1xi32>
    %%rs = arith.muli %%r2, %%cN : tensor<%[1]dx1xi32>
    %%c2 = tt.expand_dims %%c {axis = 0 : i32} : tensor<%[2]dxi32> -> tensor<1x%[2]dxi32>
    %%rsb = tt.broadcast %%rs : tensor<%[1]dx1xi32> -> tensor<%[1]dx%[2]dxi32>
    %%c2b = tt.broadcast %%c2 : tensor<1x%[2]dxi32> -> tensor<%[1]dx%[2]dxi32>
    %%off = arith.addi %%rsb, %%c2b : tensor<%[1]dx%[2]dxi32>
`, m, n)
}

// ptrs2D is TTIR splatting pointer %p and adding %off (result %name).
func ptrs2D(name, p, elem string, m, n int) string {
	return fmt.Sprintf(`
    %%%[1]s_s = tt.splat %%%[2]s : !tt.ptr<%[3]s> -> tensor<%[4]dx%[5]dx!tt.ptr<%[3]s>>
    %%%[1]s = tt.addptr %%%[1]s_s, %%off : tensor<%[4]dx%[5]dx!tt.ptr<%[3]s>>, tensor<%[4]dx%[5]dxi32>
`, name, p, elem, m, n)
}

func TestReduce2DDiff(t *testing.T) {
	for _, c := range []struct{ m, n, warps int }{{32, 64, 4}, {128, 16, 8}, {4, 256, 4}, {64, 64, 1}, {16, 512, 8}, {1, 128, 4}} {
		t.Run(fmt.Sprintf("%dx%d_w%d", c.m, c.n, c.warps), func(t *testing.T) {
			src := fmt.Sprintf(`module {
  tt.func public @reduce2d(%%x: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %%rows: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %%cols: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %%ix: !tt.ptr<i32> {tt.divisibility = 16 : i32}) {
%[3]s%[4]s
    %%v = tt.load %%xp : tensor<%[1]dx%[2]dx!tt.ptr<f32>>
    %%s = "tt.reduce"(%%v) <{axis = 1 : i32}> ({
    ^bb0(%%a: f32, %%b: f32):
      %%t = arith.addf %%a, %%b : f32
      tt.reduce.return %%t : f32
    }) : (tensor<%[1]dx%[2]dxf32>) -> tensor<%[1]dxf32>
    %%rp = tt.splat %%rows : !tt.ptr<f32> -> tensor<%[1]dx!tt.ptr<f32>>
    %%rpp = tt.addptr %%rp, %%r : tensor<%[1]dx!tt.ptr<f32>>, tensor<%[1]dxi32>
    tt.store %%rpp, %%s : tensor<%[1]dx!tt.ptr<f32>>
    %%mx = "tt.reduce"(%%v) <{axis = 0 : i32}> ({
    ^bb0(%%a: f32, %%b: f32):
      %%t = arith.maxnumf %%a, %%b : f32
      tt.reduce.return %%t : f32
    }) : (tensor<%[1]dx%[2]dxf32>) -> tensor<%[2]dxf32>
    %%cp = tt.splat %%cols : !tt.ptr<f32> -> tensor<%[2]dx!tt.ptr<f32>>
    %%cpp = tt.addptr %%cp, %%c : tensor<%[2]dx!tt.ptr<f32>>, tensor<%[2]dxi32>
    tt.store %%cpp, %%mx : tensor<%[2]dx!tt.ptr<f32>>
    %%am:2 = "tt.reduce"(%%v, %%c2b) <{axis = 1 : i32}> ({
    ^bb0(%%av: f32, %%ai: i32, %%bv: f32, %%bi: i32):
      %%gt = arith.cmpf ogt, %%av, %%bv : f32
      %%eq = arith.cmpf oeq, %%av, %%bv : f32
      %%lt = arith.cmpi slt, %%ai, %%bi : i32
      %%tie = arith.andi %%eq, %%lt : i1
      %%pick = arith.ori %%gt, %%tie : i1
      %%rv = arith.select %%pick, %%av, %%bv : f32
      %%ri = arith.select %%pick, %%ai, %%bi : i32
      tt.reduce.return %%rv, %%ri : f32, i32
    }) : (tensor<%[1]dx%[2]dxf32>, tensor<%[1]dx%[2]dxi32>) -> (tensor<%[1]dxf32>, tensor<%[1]dxi32>)
    %%ip = tt.splat %%ix : !tt.ptr<i32> -> tensor<%[1]dx!tt.ptr<i32>>
    %%ipp = tt.addptr %%ip, %%r : tensor<%[1]dx!tt.ptr<i32>>, tensor<%[1]dxi32>
    tt.store %%ipp, %%am#1 : tensor<%[1]dx!tt.ptr<i32>>
    %%tot = "tt.reduce"(%%s) <{axis = 0 : i32}> ({
    ^bb0(%%a: f32, %%b: f32):
      %%t = arith.addf %%a, %%b : f32
      tt.reduce.return %%t : f32
    }) : (tensor<%[1]dxf32>) -> f32
    tt.store %%cols, %%tot : !tt.ptr<f32>
    tt.return
  }
}`, c.m, c.n, offsets2D(c.m, c.n), ptrs2D("xp", "x", "f32", c.m, c.n))
			forTargets(t, func(t *testing.T, tg gpuTarget) {
				m := ttirKernelFor(t, tg, src, c.warps)
				r := rand.New(rand.NewSource(int64(c.m * c.n)))
				x := randF32(r, c.m*c.n, 8)
				// Ties for argmax.
				for i := 0; i < len(x); i += 7 {
					x[i] = 3
				}
				diffTest(t, m, "reduce2d", [3]int{1, 1, 1}, []diffArg{
					f32Buf(x), zeroBuf("f32", c.m), zeroBuf("f32", c.n), zeroBuf("i32", c.m),
				}, 64)
			})
		})
	}
}

func TestScanDiff(t *testing.T) {
	for _, c := range []struct {
		m, n, warps, axis int
		reverse           bool
	}{{32, 64, 4, 1, false}, {32, 64, 4, 0, false}, {64, 32, 8, 0, true}, {8, 256, 4, 1, true}, {1, 1024, 4, 1, false}, {128, 8, 4, 0, false},
		{1024, 2, 4, 0, true}, {2, 1024, 4, 1, false}} {
		t.Run(fmt.Sprintf("%dx%d_w%d_axis%d_rev%t", c.m, c.n, c.warps, c.axis, c.reverse), func(t *testing.T) {
			ty := fmt.Sprintf("tensor<%dx%dxi32>", c.m, c.n)
			src := fmt.Sprintf(`module {
  tt.func public @scan(%%x: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %%y: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %%z: !tt.ptr<i32> {tt.divisibility = 16 : i32}) {
%[1]s%[2]s%[3]s%[4]s
    %%v = tt.load %%xp : tensor<%[5]dx%[6]dx!tt.ptr<i32>>
    %%s = "tt.scan"(%%v) <{axis = %[8]d : i32, reverse = %[9]t}> ({
    ^bb0(%%a: i32, %%b: i32):
      %%t = arith.addi %%a, %%b : i32
      tt.scan.return %%t : i32
    }) : (%[7]s) -> %[7]s
    tt.store %%yp, %%s : tensor<%[5]dx%[6]dx!tt.ptr<i32>>
    %%l = "tt.scan"(%%v) <{axis = %[8]d : i32, reverse = %[9]t}> ({
    ^bb0(%%a: i32, %%b: i32):
      %%zero = arith.constant 0 : i32
      %%nz = arith.cmpi ne, %%b, %%zero : i32
      %%t = arith.select %%nz, %%b, %%a : i32
      tt.scan.return %%t : i32
    }) : (%[7]s) -> %[7]s
    tt.store %%zp, %%l : tensor<%[5]dx%[6]dx!tt.ptr<i32>>
    tt.return
  }
}`, offsets2D(c.m, c.n), ptrs2D("xp", "x", "i32", c.m, c.n), ptrs2D("yp", "y", "i32", c.m, c.n), ptrs2D("zp", "z", "i32", c.m, c.n),
				c.m, c.n, ty, c.axis, c.reverse)
			forTargets(t, func(t *testing.T, tg gpuTarget) {
				m := ttirKernelFor(t, tg, src, c.warps)
				r := rand.New(rand.NewSource(3))
				x := randI32(r, c.m*c.n, 5)
				diffTest(t, m, "scan", [3]int{1, 1, 1}, []diffArg{
					i32Buf(x), zeroBuf("i32", c.m*c.n), zeroBuf("i32", c.m*c.n),
				}, 0)
			})
		})
	}
}

// TestTransposeDiff stores a tile transposed, which makes the TTGIR
// pipeline convert layouts through shared memory.
func TestTransposeDiff(t *testing.T) {
	for _, c := range []struct {
		m, n, warps int
		elem        string
	}{{32, 64, 4, "f32"}, {64, 64, 8, "f16"}, {16, 128, 4, "i8"}, {128, 32, 4, "i64"}} {
		t.Run(fmt.Sprintf("%dx%d_w%d_%s", c.m, c.n, c.warps, c.elem), func(t *testing.T) {
			src := fmt.Sprintf(`module {
  tt.func public @transpose(%%x: !tt.ptr<%[3]s> {tt.divisibility = 16 : i32}, %%y: !tt.ptr<%[3]s> {tt.divisibility = 16 : i32}) {
%[4]s%[5]s
    %%v = tt.load %%xp : tensor<%[1]dx%[2]dx!tt.ptr<%[3]s>>
    %%cM = arith.constant dense<%[1]d> : tensor<1x%[2]dxi32>
    %%cs = arith.muli %%c2, %%cM : tensor<1x%[2]dxi32>
    %%csb = tt.broadcast %%cs : tensor<1x%[2]dxi32> -> tensor<%[1]dx%[2]dxi32>
    %%r2b = tt.broadcast %%r2 : tensor<%[1]dx1xi32> -> tensor<%[1]dx%[2]dxi32>
    %%toff = arith.addi %%csb, %%r2b : tensor<%[1]dx%[2]dxi32>
    %%ys = tt.splat %%y : !tt.ptr<%[3]s> -> tensor<%[1]dx%[2]dx!tt.ptr<%[3]s>>
    %%yp = tt.addptr %%ys, %%toff : tensor<%[1]dx%[2]dx!tt.ptr<%[3]s>>, tensor<%[1]dx%[2]dxi32>
    tt.store %%yp, %%v : tensor<%[1]dx%[2]dx!tt.ptr<%[3]s>>
    tt.return
  }
}`, c.m, c.n, c.elem, offsets2D(c.m, c.n), ptrs2D("xp", "x", c.elem, c.m, c.n))
			forTargets(t, func(t *testing.T, tg gpuTarget) {
				m := ttirKernelFor(t, tg, src, c.warps)
				if count(m, "ttg.convert_layout") == 0 {
					t.Errorf("expected the pipeline to convert layouts")
				}
				r := rand.New(rand.NewSource(5))
				size := map[string]int{"f32": 4, "f16": 2, "i8": 1, "i64": 8}[c.elem]
				buf := make([]byte, c.m*c.n*size)
				r.Read(buf)
				diffTest(t, m, "transpose", [3]int{1, 1, 1}, []diffArg{
					{buf: buf, kind: "bytes"}, zeroBuf("i8", c.m*c.n*size),
				}, 0)
			})
		})
	}
}

// TestScratchWithinAllocation checks that every op's scratch need stays
// within what analysis/allocation reserves for it (the contract that lets
// allocate-shared-memory place it): the lowering fails, located, on an op
// that would need more.
func TestScratchWithinAllocation(t *testing.T) {
	var mods []*ir.Operation
	for _, c := range []struct{ m, n, warps, axis int }{{32, 64, 4, 0}, {64, 32, 8, 0}, {8, 256, 4, 1}, {128, 8, 4, 0}} {
		src := fmt.Sprintf(`module {
  tt.func public @k(%%x: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %%y: !tt.ptr<i32> {tt.divisibility = 16 : i32}) {
%[1]s%[2]s%[3]s
    %%v = tt.load %%xp : tensor<%[4]dx%[5]dx!tt.ptr<i32>>
    %%s = "tt.scan"(%%v) <{axis = %[6]d : i32, reverse = false}> ({
    ^bb0(%%a: i32, %%b: i32):
      %%t = arith.addi %%a, %%b : i32
      tt.scan.return %%t : i32
    }) : (tensor<%[4]dx%[5]dxi32>) -> tensor<%[4]dx%[5]dxi32>
    %%red = "tt.reduce"(%%v) <{axis = %[6]d : i32}> ({
    ^bb0(%%a: i32, %%b: i32):
      %%t = arith.addi %%a, %%b : i32
      tt.reduce.return %%t : i32
    }) : (tensor<%[4]dx%[5]dxi32>) -> tensor<%[7]dxi32>
    tt.store %%yp, %%s : tensor<%[4]dx%[5]dx!tt.ptr<i32>>
    tt.return
  }
}`, offsets2D(c.m, c.n), ptrs2D("xp", "x", "i32", c.m, c.n), ptrs2D("yp", "y", "i32", c.m, c.n), c.m, c.n, c.axis, map[int]int{0: c.n, 1: c.m}[c.axis])
		for _, tg := range allTargets {
			mods = append(mods, ttirKernelFor(t, tg, src, c.warps))
		}
	}
	for _, m := range mods {
		lower(t, m)
	}
}
