package ttgtogpu_test

import (
	"fmt"
	"math/rand"
	"testing"
)

// TestFP8CombineRegionDiff: a reduction and a scan whose combine regions
// take 8-bit floats and compute in f32 (an argmin that widens to compare
// and selects the fp8 values, ties to the first index as Triton's; a
// running maximum widened and narrowed back) give the interpreter's
// results, bit for bit, within a warp and across warps. Both combines are
// associative, so the lowering's order of application does not show. The regions' clones are in fp8 types while the registers are
// i8: each register must enter a clone as an fp8 value (a widening lowered
// as an i8's would be wrong) and each yielded value leave as a register
// (the lowering left a cast to f8E4M3FN live before: "failed to legalize
// unresolved materialization").
func TestFP8CombineRegionDiff(t *testing.T) {
	for _, c := range []struct{ m, n, warps, axis int }{{32, 64, 4, 0}, {32, 64, 4, 1}, {1, 256, 8, 1}, {128, 4, 4, 0}} {
		t.Run(fmt.Sprintf("%dx%d_w%d_axis%d", c.m, c.n, c.warps, c.axis), func(t *testing.T) {
			out := c.n // the reduced length
			if c.axis == 1 {
				out = c.m
			}
			src := fmt.Sprintf(`module {
  tt.func public @k(%%x: !tt.ptr<f8E4M3FN> {tt.divisibility = 16 : i32}, %%v: !tt.ptr<f8E4M3FN> {tt.divisibility = 16 : i32}, %%i: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %%s: !tt.ptr<f8E4M3FN> {tt.divisibility = 16 : i32}) {
%[1]s%[2]s%[3]s
    %%xv = tt.load %%xp : tensor<%[4]dx%[5]dx!tt.ptr<f8E4M3FN>>
    %%red:2 = "tt.reduce"(%%xv, %%off) <{axis = %[6]d : i32}> ({
    ^bb0(%%a: f8E4M3FN, %%ai: i32, %%b: f8E4M3FN, %%bi: i32):
      %%af = tt.fp_to_fp %%a : f8E4M3FN -> f32
      %%bf = tt.fp_to_fp %%b : f8E4M3FN -> f32
      %%less = arith.cmpf olt, %%af, %%bf : f32
      %%eq = arith.cmpf oeq, %%af, %%bf : f32
      %%first = arith.cmpi slt, %%ai, %%bi : i32
      %%tie = arith.andi %%eq, %%first : i1
      %%lt = arith.ori %%less, %%tie : i1
      %%w = arith.select %%lt, %%a, %%b : f8E4M3FN
      %%wi = arith.select %%lt, %%ai, %%bi : i32
      tt.reduce.return %%w, %%wi : f8E4M3FN, i32
    }) : (tensor<%[4]dx%[5]dxf8E4M3FN>, tensor<%[4]dx%[5]dxi32>) -> (tensor<%[7]dxf8E4M3FN>, tensor<%[7]dxi32>)
    %%o = tt.make_range {end = %[7]d : i32, start = 0 : i32} : tensor<%[7]dxi32>
    %%vs = tt.splat %%v : !tt.ptr<f8E4M3FN> -> tensor<%[7]dx!tt.ptr<f8E4M3FN>>
    %%vp = tt.addptr %%vs, %%o : tensor<%[7]dx!tt.ptr<f8E4M3FN>>, tensor<%[7]dxi32>
    tt.store %%vp, %%red#0 : tensor<%[7]dx!tt.ptr<f8E4M3FN>>
    %%is = tt.splat %%i : !tt.ptr<i32> -> tensor<%[7]dx!tt.ptr<i32>>
    %%ip = tt.addptr %%is, %%o : tensor<%[7]dx!tt.ptr<i32>>, tensor<%[7]dxi32>
    tt.store %%ip, %%red#1 : tensor<%[7]dx!tt.ptr<i32>>
    %%sc = "tt.scan"(%%xv) <{axis = %[6]d : i32, reverse = false}> ({
    ^bb0(%%a: f8E4M3FN, %%b: f8E4M3FN):
      %%af = tt.fp_to_fp %%a : f8E4M3FN -> f32
      %%bf = tt.fp_to_fp %%b : f8E4M3FN -> f32
      %%mx = arith.maximumf %%af, %%bf : f32
      %%n = tt.fp_to_fp %%mx, rounding = rtne : f32 -> f8E4M3FN
      tt.scan.return %%n : f8E4M3FN
    }) : (tensor<%[4]dx%[5]dxf8E4M3FN>) -> tensor<%[4]dx%[5]dxf8E4M3FN>
    tt.store %%sp, %%sc : tensor<%[4]dx%[5]dx!tt.ptr<f8E4M3FN>>
    tt.return
  }
}`, offsets2D(c.m, c.n), ptrs2D("xp", "x", "f8E4M3FN", c.m, c.n), ptrs2D("sp", "s", "f8E4M3FN", c.m, c.n),
				c.m, c.n, c.axis, out)
			forTargets(t, func(t *testing.T, tg gpuTarget) {
				m := ttirKernelFor(t, tg, src, c.warps)
				r := rand.New(rand.NewSource(7))
				x := make([]byte, c.m*c.n)
				for i := range x {
					x[i] = byte(r.Intn(256))
					if x[i]&0x7f == 0x7f { // no NaN codes
						x[i] = 0
					}
				}
				diffTest(t, m, "k", [3]int{1, 1, 1}, []diffArg{
					{buf: x, kind: "i8"}, zeroBuf("i8", out), zeroBuf("i32", out), zeroBuf("i8", c.m*c.n),
				}, 0)
			})
		})
	}
}

// TestFP8MapElementwiseDiff: tt.map_elementwise on 8-bit floats whose
// region widens to f32 and yields fp8 values, as one block (a select) and
// with control flow (an scf.if, copied between branches), two elements a
// call: the interpreter's bits. The copies' arguments and the join's are
// registers (i8), the region's ops in fp8 types (the lowering left a cast
// to f8E4M3FN live before).
func TestFP8MapElementwiseDiff(t *testing.T) {
	const n = 512
	src := fmt.Sprintf(`module {
  tt.func public @mapfp8(%%x: !tt.ptr<f8E4M3FN> {tt.divisibility = 16 : i32}, %%p: !tt.ptr<f8E4M3FN> {tt.divisibility = 16 : i32}, %%q: !tt.ptr<f8E4M3FN> {tt.divisibility = 16 : i32}) {
    %%i = tt.make_range {end = %[1]d : i32, start = 0 : i32} : tensor<%[1]dxi32>
    %%xs = tt.splat %%x : !tt.ptr<f8E4M3FN> -> tensor<%[1]dx!tt.ptr<f8E4M3FN>>
    %%xp = tt.addptr %%xs, %%i : tensor<%[1]dx!tt.ptr<f8E4M3FN>>, tensor<%[1]dxi32>
    %%a = tt.load %%xp : tensor<%[1]dx!tt.ptr<f8E4M3FN>>
    %%one = "tt.map_elementwise"(%%a) <{pack = 2 : i32}> ({
    ^bb0(%%a0: f8E4M3FN, %%a1: f8E4M3FN):
      %%half = arith.constant 0.5 : f32
      %%f = tt.fp_to_fp %%a0 : f8E4M3FN -> f32
      %%small = arith.cmpf olt, %%f, %%half : f32
      %%h = arith.mulf %%f, %%half : f32
      %%n = tt.fp_to_fp %%h, rounding = rtne : f32 -> f8E4M3FN
      %%r = arith.select %%small, %%a0, %%n : f8E4M3FN
      tt.map_elementwise.return %%r, %%a1 : f8E4M3FN, f8E4M3FN
    }) : (tensor<%[1]dxf8E4M3FN>) -> tensor<%[1]dxf8E4M3FN>
    %%two = "tt.map_elementwise"(%%a) <{pack = 2 : i32}> ({
    ^bb0(%%a0: f8E4M3FN, %%a1: f8E4M3FN):
      %%half = arith.constant 0.5 : f32
      %%f = tt.fp_to_fp %%a1 : f8E4M3FN -> f32
      %%small = arith.cmpf olt, %%f, %%half : f32
      %%r = scf.if %%small -> (f8E4M3FN) {
        scf.yield %%a0 : f8E4M3FN
      } else {
        %%h = arith.mulf %%f, %%half : f32
        %%n = tt.fp_to_fp %%h, rounding = rtne : f32 -> f8E4M3FN
        scf.yield %%n : f8E4M3FN
      }
      tt.map_elementwise.return %%a1, %%r : f8E4M3FN, f8E4M3FN
    }) : (tensor<%[1]dxf8E4M3FN>) -> tensor<%[1]dxf8E4M3FN>
    %%ps = tt.splat %%p : !tt.ptr<f8E4M3FN> -> tensor<%[1]dx!tt.ptr<f8E4M3FN>>
    %%pp = tt.addptr %%ps, %%i : tensor<%[1]dx!tt.ptr<f8E4M3FN>>, tensor<%[1]dxi32>
    tt.store %%pp, %%one : tensor<%[1]dx!tt.ptr<f8E4M3FN>>
    %%qs = tt.splat %%q : !tt.ptr<f8E4M3FN> -> tensor<%[1]dx!tt.ptr<f8E4M3FN>>
    %%qp = tt.addptr %%qs, %%i : tensor<%[1]dx!tt.ptr<f8E4M3FN>>, tensor<%[1]dxi32>
    tt.store %%qp, %%two : tensor<%[1]dx!tt.ptr<f8E4M3FN>>
    tt.return
  }
}`, n)
	forTargets(t, func(t *testing.T, tg gpuTarget) {
		m := ttirKernelFor(t, tg, src, 4)
		x := make([]byte, n)
		for i := range x {
			x[i] = byte(i) // every code twice, NaNs included
		}
		diffTest(t, m, "mapfp8", [3]int{1, 1, 1}, []diffArg{{buf: x, kind: "i8"}, zeroBuf("i8", n), zeroBuf("i8", n)}, 0)
	})
}

// TestFP8ConstantSelectDiff: 8-bit float constants (a zero, as Triton's
// front end makes for `tl.where(m, x, 0.0)`, and a negative one) selected
// against loaded fp8 values give the interpreter's bytes: a constant's
// register holds its bits.
func TestFP8ConstantSelectDiff(t *testing.T) {
	const n = 256
	for _, ty := range []string{"f8E4M3FN", "f8E5M2"} {
		t.Run(ty, func(t *testing.T) {
			src := fmt.Sprintf(`module {
  tt.func public @sel(%%x: !tt.ptr<%[2]s> {tt.divisibility = 16 : i32}, %%p: !tt.ptr<%[2]s> {tt.divisibility = 16 : i32}) {
    %%i = tt.make_range {end = %[1]d : i32, start = 0 : i32} : tensor<%[1]dxi32>
    %%xs = tt.splat %%x : !tt.ptr<%[2]s> -> tensor<%[1]dx!tt.ptr<%[2]s>>
    %%xp = tt.addptr %%xs, %%i : tensor<%[1]dx!tt.ptr<%[2]s>>, tensor<%[1]dxi32>
    %%a = tt.load %%xp : tensor<%[1]dx!tt.ptr<%[2]s>>
    %%c3 = arith.constant dense<3> : tensor<%[1]dxi32>
    %%r = arith.remsi %%i, %%c3 : tensor<%[1]dxi32>
    %%c0 = arith.constant dense<0> : tensor<%[1]dxi32>
    %%c1 = arith.constant dense<1> : tensor<%[1]dxi32>
    %%m0 = arith.cmpi eq, %%r, %%c0 : tensor<%[1]dxi32>
    %%m1 = arith.cmpi eq, %%r, %%c1 : tensor<%[1]dxi32>
    %%zero = arith.constant dense<0.000000e+00> : tensor<%[1]dx%[2]s>
    %%neg = arith.constant dense<-2.500000e+00> : tensor<%[1]dx%[2]s>
    %%s0 = arith.select %%m0, %%zero, %%a : tensor<%[1]dxi1>, tensor<%[1]dx%[2]s>
    %%s1 = arith.select %%m1, %%neg, %%s0 : tensor<%[1]dxi1>, tensor<%[1]dx%[2]s>
    %%ps = tt.splat %%p : !tt.ptr<%[2]s> -> tensor<%[1]dx!tt.ptr<%[2]s>>
    %%pp = tt.addptr %%ps, %%i : tensor<%[1]dx!tt.ptr<%[2]s>>, tensor<%[1]dxi32>
    tt.store %%pp, %%s1 : tensor<%[1]dx!tt.ptr<%[2]s>>
    tt.return
  }
}`, n, ty)
			forTargets(t, func(t *testing.T, tg gpuTarget) {
				m := ttirKernelFor(t, tg, src, 4)
				x := make([]byte, n)
				for i := range x {
					x[i] = byte(255 - i)
				}
				args := []diffArg{{buf: x, kind: "i8"}, zeroBuf("i8", n)}
				diffTest(t, m, "sel", [3]int{1, 1, 1}, args, 0)
				// The interpreter's bytes, checked against the definition.
				got := cloneArgs(args)
				simulateLowered(t, ttirKernelFor(t, tg, src, 4), "sel", [3]int{1, 1, 1}, got, nil)
				neg := map[string]byte{"f8E4M3FN": 0xc2, "f8E5M2": 0xc1}[ty] // -2.5
				for i := 0; i < n; i++ {
					want := x[i]
					switch i % 3 {
					case 0:
						want = 0
					case 1:
						want = neg
					}
					if got[1].buf[i] != want {
						t.Fatalf("element %d: %#x, want %#x", i, got[1].buf[i], want)
					}
				}
			})
		})
	}
}
