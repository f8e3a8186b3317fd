package ttgtogpu_test

import (
	"fmt"
	"math"
	"math/rand"
	"strings"
	"testing"

	"github.com/ttcompiler/tt/dialects/gpu"
	"github.com/ttcompiler/tt/ir"
)

// 1-D element-wise kernels: out_k[i] = f_k(x[i], y[i]) for a list of
// expressions, written as TTIR bodies over %xv and %yv.
func elementwiseKernel(n int, elemX, elemY string, outs []struct{ elem, body string }) string {
	var params, body string
	for k, o := range outs {
		params += fmt.Sprintf(", %%o%d: !tt.ptr<%s> {tt.divisibility = 16 : i32}", k, o.elem)
		body += o.body + "\n"
		body += fmt.Sprintf(`
    %%op%[1]d_s = tt.splat %%o%[1]d : !tt.ptr<%[2]s> -> tensor<%[3]dx!tt.ptr<%[2]s>>
    %%op%[1]d = tt.addptr %%op%[1]d_s, %%i : tensor<%[3]dx!tt.ptr<%[2]s>>, tensor<%[3]dxi32>
    tt.store %%op%[1]d, %%r%[1]d : tensor<%[3]dx!tt.ptr<%[2]s>>
`, k, o.elem, n)
	}
	return fmt.Sprintf(`module {
  tt.func public @ew(%%x: !tt.ptr<%[2]s> {tt.divisibility = 16 : i32}, %%y: !tt.ptr<%[3]s> {tt.divisibility = 16 : i32}%[4]s) {
    %%i = tt.make_range {end = %[1]d : i32, start = 0 : i32} : tensor<%[1]dxi32>
    %%xs = tt.splat %%x : !tt.ptr<%[2]s> -> tensor<%[1]dx!tt.ptr<%[2]s>>
    %%xp = tt.addptr %%xs, %%i : tensor<%[1]dx!tt.ptr<%[2]s>>, tensor<%[1]dxi32>
    %%xv = tt.load %%xp : tensor<%[1]dx!tt.ptr<%[2]s>>
    %%ys = tt.splat %%y : !tt.ptr<%[3]s> -> tensor<%[1]dx!tt.ptr<%[3]s>>
    %%yp = tt.addptr %%ys, %%i : tensor<%[1]dx!tt.ptr<%[3]s>>, tensor<%[1]dxi32>
    %%yv = tt.load %%yp : tensor<%[1]dx!tt.ptr<%[3]s>>
%[5]s
    tt.return
  }
}`, n, elemX, elemY, params, body)
}

type ewOut = struct{ elem, body string }

func TestFloatElementwiseDiff(t *testing.T) {
	const n = 512
	T := func(e string) string { return fmt.Sprintf("tensor<%dx%s>", n, e) }
	outs := []ewOut{
		{"f32", "%r0 = arith.divf %xv, %yv : " + T("f32")},
		{"f32", "%e = math.exp %xv : " + T("f32") + "\n    %r1 = math.log %e : " + T("f32")},
		{"f32", "%a = math.absf %yv : " + T("f32") + "\n    %r2 = math.sqrt %a : " + T("f32")},
		{"f32", "%r3 = arith.maximumf %xv, %yv : " + T("f32")},
		{"f32", "%r4 = tt.clampf %xv, %yv, %xv, propagateNan = all : " + T("f32")},
		{"f16", "%r5 = arith.truncf %xv : " + T("f32") + " to " + T("f16")},
		{"bf16", "%r6 = arith.truncf %xv : " + T("f32") + " to " + T("bf16")},
		{"i32", "%r7 = arith.fptosi %xv : " + T("f32") + " to " + T("i32")},
		{"f32", "%h = arith.truncf %xv : " + T("f32") + " to " + T("f16") + "\n    %h2 = arith.truncf %yv : " + T("f32") + " to " + T("f16") +
			"\n    %hm = arith.mulf %h, %h2 : " + T("f16") + "\n    %r8 = arith.extf %hm : " + T("f16") + " to " + T("f32")},
		{"f32", "%b = arith.truncf %xv : " + T("f32") + " to " + T("bf16") + "\n    %b2 = arith.truncf %yv : " + T("f32") + " to " + T("bf16") +
			"\n    %bm = arith.addf %b, %b2 : " + T("bf16") + "\n    %r9 = arith.extf %bm : " + T("bf16") + " to " + T("f32")},
		{"f32", "%f = math.floor %xv : " + T("f32") + "\n    %c = arith.cmpf olt, %xv, %yv : " + T("f32") + "\n    %r10 = arith.select %c, %f, %yv : " + T("i1") + ", " + T("f32")},
		{"f32", "%m = arith.mulf %xv, %yv : " + T("f32") + "\n    %r11 = arith.subf %m, %xv : " + T("f32")},
		{"f32", "%r12 = arith.remf %xv, %yv : " + T("f32")},
		{"f32", "%r13 = tt.precise_sqrt %a : " + T("f32")},
		{"f32", "%ii = arith.fptosi %yv : " + T("f32") + " to " + T("i32") + "\n    %r14 = arith.sitofp %ii : " + T("i32") + " to " + T("f32")},
		{"f32", "%r15 = arith.negf %xv : " + T("f32")},
	}
	forTargets(t, func(t *testing.T, tg gpuTarget) {
		m := ttirKernelFor(t, tg, elementwiseKernel(n, "f32", "f32", outs), 4)
		r := rand.New(rand.NewSource(11))
		x, y := randF32(r, n, 100), randF32(r, n, 100)
		x[3], y[5] = float32(math.NaN()), float32(math.Inf(-1))
		args := []diffArg{f32Buf(x), f32Buf(y)}
		for _, o := range outs {
			k := o.elem
			if k == "f16" || k == "bf16" {
				k = "i16"
			}
			args = append(args, zeroBuf(k, n))
		}
		diffTest(t, m, "ew", [3]int{1, 1, 1}, args, 64)
	})
}

func TestIntElementwiseDiff(t *testing.T) {
	const n = 256
	T := func(e string) string { return fmt.Sprintf("tensor<%dx%s>", n, e) }
	outs := []ewOut{
		{"i32", "%r0 = arith.divsi %xv, %yv : " + T("i32")},
		{"i32", "%r1 = arith.remsi %xv, %yv : " + T("i32")},
		{"i32", "%r2 = arith.divui %xv, %yv : " + T("i32")},
		{"i32", "%s7 = arith.constant dense<7> : " + T("i32") + "\n    %r3 = arith.shrsi %xv, %s7 : " + T("i32")},
		{"i32", "%r4 = arith.shrui %xv, %s7 : " + T("i32")},
		{"i32", "%r5 = arith.maxsi %xv, %yv : " + T("i32")},
		{"i32", "%r6 = arith.minui %xv, %yv : " + T("i32")},
		{"i32", "%r7 = tt.mulhiui %xv, %yv : " + T("i32")},
		{"i64", "%w = arith.extsi %xv : " + T("i32") + " to " + T("i64") + "\n    %w2 = arith.extui %yv : " + T("i32") + " to " + T("i64") + "\n    %r8 = arith.muli %w, %w2 : " + T("i64")},
		{"i8", "%r9 = arith.trunci %xv : " + T("i32") + " to " + T("i8")},
		{"i32", "%r10 = arith.floordivsi %xv, %yv : " + T("i32")},
		{"i32", "%r11 = arith.ceildivsi %xv, %yv : " + T("i32")},
		{"i32", "%x3 = arith.xori %xv, %yv : " + T("i32") + "\n    %r12 = math.absi %x3 : " + T("i32")},
		{"i8", "%b = arith.cmpi sgt, %xv, %yv : " + T("i32") + "\n    %r13 = arith.extui %b : " + T("i1") + " to " + T("i8")},
		{"i32", "%r14 = math.ctlz %yv : " + T("i32")},
		{"i32", "%r15 = math.cttz %yv : " + T("i32")},
		{"i32", "%lo, %r16 = arith.mulsi_extended %xv, %yv : " + T("i32")},
		{"i32", "%r17, %carry = arith.addui_extended %xv, %yv : " + T("i32") + ", " + T("i1")},
		{"i8", "%n8 = arith.trunci %xv : " + T("i32") + " to " + T("i8") + "\n    %m8 = arith.trunci %yv : " + T("i32") + " to " + T("i8") +
			"\n    %r18 = tt.mulhiui %n8, %m8 : " + T("i8")},
	}
	forTargets(t, func(t *testing.T, tg gpuTarget) {
		m := ttirKernelFor(t, tg, elementwiseKernel(n, "i32", "i32", outs), 2)
		r := rand.New(rand.NewSource(12))
		x, y := make([]int32, n), make([]int32, n)
		for i := range x {
			x[i] = int32(r.Uint32())
			y[i] = int32(r.Uint32()) >> uint(r.Intn(31))
			if y[i] == 0 {
				y[i] = 3
			}
		}
		args := []diffArg{i32Buf(x), i32Buf(y)}
		for _, o := range outs {
			args = append(args, zeroBuf(o.elem, n))
		}
		diffTest(t, m, "ew", [3]int{1, 1, 1}, args, 0)
	})
}

// TestLoopDiff accumulates tiles in a loop (tensor-carried block
// arguments after convert-scf-to-cf) and branches on a uniform value.
func TestLoopDiff(t *testing.T) {
	src := `module {
  tt.func public @loop(%x: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %y: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c128 = arith.constant 128 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<128xf32>
    %i = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
    %acc:2 = scf.for %k = %c0 to %n step %c1 iter_args(%a = %zero, %b = %zero) -> (tensor<128xf32>, tensor<128xf32>) : i32 {
      %base = arith.muli %k, %c128 : i32
      %bs = tt.splat %base : i32 -> tensor<128xi32>
      %off = arith.addi %bs, %i : tensor<128xi32>
      %xs = tt.splat %x : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
      %xp = tt.addptr %xs, %off : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
      %v = tt.load %xp : tensor<128x!tt.ptr<f32>>
      %a2 = arith.addf %a, %v : tensor<128xf32>
      %odd = arith.andi %k, %c1 : i32
      %isodd = arith.cmpi ne, %odd, %c0 : i32
      %b2 = scf.if %isodd -> (tensor<128xf32>) {
        %m = arith.maximumf %b, %v : tensor<128xf32>
        scf.yield %m : tensor<128xf32>
      } else {
        %m = arith.subf %b, %v : tensor<128xf32>
        scf.yield %m : tensor<128xf32>
      }
      scf.yield %a2, %b2 : tensor<128xf32>, tensor<128xf32>
    }
    %ys = tt.splat %y : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
    %yp = tt.addptr %ys, %i : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
    tt.store %yp, %acc#0 : tensor<128x!tt.ptr<f32>>
    %c128v = arith.constant dense<128> : tensor<128xi32>
    %i2 = arith.addi %i, %c128v : tensor<128xi32>
    %yp2 = tt.addptr %ys, %i2 : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
    tt.store %yp2, %acc#1 : tensor<128x!tt.ptr<f32>>
    tt.return
  }
}`
	forTargets(t, func(t *testing.T, tg gpuTarget) {
		m := ttirKernelFor(t, tg, src, 4)
		r := rand.New(rand.NewSource(13))
		diffTest(t, m, "loop", [3]int{1, 1, 1}, []diffArg{f32Buf(randF32(r, 5*128, 4)), zeroBuf("f32", 256), intArg(5)}, 16)
	})
}

// TestAtomicsDiff: scattered atomic adds with repeated addresses (only the
// final memory is order-independent), old values of distinct addresses,
// compare-and-swap, and a scalar atomic whose result every thread uses.
func TestAtomicsDiff(t *testing.T) {
	src := `module {
  tt.func public @atomics(%cnt: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %acc: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %old: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %s: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %out: !tt.ptr<i32> {tt.divisibility = 16 : i32}) {
    %i = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32>
    %c7 = arith.constant dense<7> : tensor<256xi32>
    %one = arith.constant dense<1> : tensor<256xi32>
    %b = arith.remsi %i, %c7 : tensor<256xi32>
    %cs = tt.splat %cnt : !tt.ptr<i32> -> tensor<256x!tt.ptr<i32>>
    %cp = tt.addptr %cs, %b : tensor<256x!tt.ptr<i32>>, tensor<256xi32>
    %r0 = tt.atomic_rmw add, acq_rel, gpu, %cp, %one : (tensor<256x!tt.ptr<i32>>, tensor<256xi32>) -> tensor<256xi32>
    %as = tt.splat %acc : !tt.ptr<i32> -> tensor<256x!tt.ptr<i32>>
    %ap = tt.addptr %as, %i : tensor<256x!tt.ptr<i32>>, tensor<256xi32>
    %c100 = arith.constant dense<100> : tensor<256xi32>
    %lim = arith.cmpi slt, %i, %c100 : tensor<256xi32>
    %r1 = tt.atomic_rmw max, acq_rel, gpu, %ap, %i, %lim : (tensor<256x!tt.ptr<i32>>, tensor<256xi32>, tensor<256xi1>) -> tensor<256xi32>
    %os = tt.splat %old : !tt.ptr<i32> -> tensor<256x!tt.ptr<i32>>
    %op = tt.addptr %os, %i : tensor<256x!tt.ptr<i32>>, tensor<256xi32>
    tt.store %op, %r1 : tensor<256x!tt.ptr<i32>>
    %c5 = arith.constant 5 : i32
    %r2 = tt.atomic_rmw add, acq_rel, gpu, %s, %c5 : (!tt.ptr<i32>, i32) -> i32
    %c3 = arith.constant 3 : i32
    %c9 = arith.constant 9 : i32
    %c1i = arith.constant 1 : i32
    %s1 = tt.addptr %s, %c1i : !tt.ptr<i32>, i32
    %r3 = tt.atomic_cas acq_rel, gpu, %s1, %c3, %c9 : (!tt.ptr<i32>, i32, i32) -> i32
    %sum = arith.addi %r2, %r3 : i32
    %sv = tt.splat %sum : i32 -> tensor<256xi32>
    %res = arith.addi %sv, %i : tensor<256xi32>
    %outs = tt.splat %out : !tt.ptr<i32> -> tensor<256x!tt.ptr<i32>>
    %outp = tt.addptr %outs, %i : tensor<256x!tt.ptr<i32>>, tensor<256xi32>
    tt.store %outp, %res : tensor<256x!tt.ptr<i32>>
    tt.return
  }
}`
	forTargets(t, func(t *testing.T, tg gpuTarget) {
		m := ttirKernelFor(t, tg, src, 4)
		acc := make([]int32, 256)
		for i := range acc {
			acc[i] = 50
		}
		s := []int32{10, 3}
		diffTest(t, m, "atomics", [3]int{1, 1, 1}, []diffArg{
			zeroBuf("i32", 7), i32Buf(acc), zeroBuf("i32", 256), i32Buf(s), zeroBuf("i32", 256),
		}, 0)
	})
}

func TestHistogramDiff(t *testing.T) {
	src := `module {
  tt.func public @hist(%x: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %h: !tt.ptr<i32> {tt.divisibility = 16 : i32}) {
    %i = tt.make_range {end = 512 : i32, start = 0 : i32} : tensor<512xi32>
    %xs = tt.splat %x : !tt.ptr<i32> -> tensor<512x!tt.ptr<i32>>
    %xp = tt.addptr %xs, %i : tensor<512x!tt.ptr<i32>>, tensor<512xi32>
    %v = tt.load %xp : tensor<512x!tt.ptr<i32>>
    %hist = tt.histogram %v : tensor<512xi32> -> tensor<32xi32>
    %b = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
    %hs = tt.splat %h : !tt.ptr<i32> -> tensor<32x!tt.ptr<i32>>
    %hp = tt.addptr %hs, %b : tensor<32x!tt.ptr<i32>>, tensor<32xi32>
    tt.store %hp, %hist : tensor<32x!tt.ptr<i32>>
    tt.return
  }
}`
	forTargets(t, func(t *testing.T, tg gpuTarget) {
		m := ttirKernelFor(t, tg, src, 4)
		r := rand.New(rand.NewSource(14))
		x := make([]int32, 512)
		for i := range x {
			x[i] = int32(r.Intn(40)) - 4 // some out of range
		}
		if tg.lanes != 32 {
			// The interpreter wraps out-of-range values as a 32-lane warp
			// does; the wrap of 64-lane wavefronts is checked below.
			for i := range x {
				x[i] = int32(r.Intn(32))
			}
		}
		diffTest(t, m, "hist", [3]int{1, 1, 1}, []diffArg{i32Buf(x), zeroBuf("i32", 32)}, 0)
		if tg.lanes == 32 {
			return
		}
		// Triton pads the bins to the lanes of a warp and looks at the low
		// log2(max(bins, lanes)) bits of a value: on 64 lanes, -4 and 32..63
		// land in padding bins (dropped), 64..95 wrap to 0..31.
		m = ttirKernelFor(t, tg, src, 4)
		want := make([]int32, 32)
		for i := range x {
			x[i] = int32(r.Intn(200)) - 100
			if b := x[i] & 63; b < 32 {
				want[b]++
			}
		}
		got := []diffArg{i32Buf(x), zeroBuf("i32", 32)}
		simulateLowered(t, m, "hist", [3]int{1, 1, 1}, got, nil)
		if msg := compareBuf("i32", i32Buf(want).buf, got[1].buf, 0); msg != "" {
			t.Errorf("64-lane histogram of out-of-range values: %s", msg)
		}
	})
}

// TestShapeOpsDiff: join, split, reshape, trans and cat.
func TestShapeOpsDiff(t *testing.T) {
	src := `module {
  tt.func public @shapes(%x: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %y: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %z: !tt.ptr<f32> {tt.divisibility = 16 : i32}) {
    %i = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
    %xs = tt.splat %x : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
    %xp = tt.addptr %xs, %i : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
    %a = tt.load %xp : tensor<128x!tt.ptr<f32>>
    %c128 = arith.constant dense<128> : tensor<128xi32>
    %i2 = arith.addi %i, %c128 : tensor<128xi32>
    %xp2 = tt.addptr %xs, %i2 : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
    %b = tt.load %xp2 : tensor<128x!tt.ptr<f32>>
    %j = tt.join %a, %b : tensor<128xf32> -> tensor<128x2xf32>
    %flat = tt.reshape %j : tensor<128x2xf32> -> tensor<256xf32>
    %k = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32>
    %ys = tt.splat %y : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>>
    %yp = tt.addptr %ys, %k : tensor<256x!tt.ptr<f32>>, tensor<256xi32>
    tt.store %yp, %flat : tensor<256x!tt.ptr<f32>>
    %sq = tt.reshape %flat : tensor<256xf32> -> tensor<16x16xf32>
    %tr = tt.trans %sq {order = array<i32: 1, 0>} : tensor<16x16xf32> -> tensor<16x16xf32>
    %back = tt.reshape %tr : tensor<16x16xf32> -> tensor<128x2xf32>
    %lo, %hi = tt.split %back : tensor<128x2xf32> -> tensor<128xf32>
    %d = arith.subf %lo, %hi : tensor<128xf32>
    %zs = tt.splat %z : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
    %zp = tt.addptr %zs, %i : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
    tt.store %zp, %d : tensor<128x!tt.ptr<f32>>
    tt.return
  }
}`
	forTargets(t, func(t *testing.T, tg gpuTarget) {
		m := ttirKernelFor(t, tg, src, 4)
		r := rand.New(rand.NewSource(15))
		diffTest(t, m, "shapes", [3]int{1, 1, 1}, []diffArg{f32Buf(randF32(r, 256, 4)), zeroBuf("f32", 256), zeroBuf("f32", 128)}, 0)
	})
}

func TestGatherDiff(t *testing.T) {
	src := `module {
  tt.func public @gather(%x: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %ix: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %y: !tt.ptr<f32> {tt.divisibility = 16 : i32}) {
    %i = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32>
    %xs = tt.splat %x : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>>
    %xp = tt.addptr %xs, %i : tensor<256x!tt.ptr<f32>>, tensor<256xi32>
    %v = tt.load %xp : tensor<256x!tt.ptr<f32>>
    %is = tt.splat %ix : !tt.ptr<i32> -> tensor<256x!tt.ptr<i32>>
    %ip = tt.addptr %is, %i : tensor<256x!tt.ptr<i32>>, tensor<256xi32>
    %idx = tt.load %ip : tensor<256x!tt.ptr<i32>>
    %g = tt.gather %v[%idx] {axis = 0 : i32} : (tensor<256xf32>, tensor<256xi32>) -> tensor<256xf32>
    %ys = tt.splat %y : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>>
    %yp = tt.addptr %ys, %i : tensor<256x!tt.ptr<f32>>, tensor<256xi32>
    tt.store %yp, %g : tensor<256x!tt.ptr<f32>>
    tt.return
  }
}`
	forTargets(t, func(t *testing.T, tg gpuTarget) {
		m := ttirKernelFor(t, tg, src, 4)
		r := rand.New(rand.NewSource(16))
		idx := make([]int32, 256)
		for i := range idx {
			idx[i] = int32(r.Intn(256))
		}
		diffTest(t, m, "gather", [3]int{1, 1, 1}, []diffArg{f32Buf(randF32(r, 256, 4)), i32Buf(idx), zeroBuf("f32", 256)}, 0)
	})
}

// TestFP8Diff converts f32 to both fp8 formats (saturating, NaN kept)
// and back, element by element and (TT_X_FP8_CVT=pair) two registers a
// conversion where the target has the instructions.
func TestFP8Diff(t *testing.T) {
	for _, mode := range []string{"generic", "pair"} {
		t.Run(mode, func(t *testing.T) {
			t.Setenv("TT_X_FP8_CVT", mode)
			testFP8Diff(t, mode == "pair")
		})
	}
}

func testFP8Diff(t *testing.T, pairs bool) {
	const n = 256
	T := func(e string) string { return fmt.Sprintf("tensor<%dx%s>", n, e) }
	outs := []ewOut{
		{"f32", "%a = tt.fp_to_fp %xv, rounding = rtne : " + T("f32") + " -> " + T("f8E4M3FN") + "\n    %r0 = tt.fp_to_fp %a : " + T("f8E4M3FN") + " -> " + T("f32")},
		{"f32", "%b = tt.fp_to_fp %xv, rounding = rtne : " + T("f32") + " -> " + T("f8E5M2") + "\n    %r1 = tt.fp_to_fp %b : " + T("f8E5M2") + " -> " + T("f32")},
		{"f16", "%c = tt.fp_to_fp %yv, rounding = rtne : " + T("f32") + " -> " + T("f8E4M3FN") + "\n    %r2 = tt.fp_to_fp %c : " + T("f8E4M3FN") + " -> " + T("f16")},
		{"f8E5M2", "%r3 = tt.fp_to_fp %xv, rounding = rtz : " + T("f32") + " -> " + T("f8E5M2")},
		{"bf16", "%h = arith.truncf %yv : " + T("f32") + " to " + T("bf16") + "\n    %d = tt.fp_to_fp %h, rounding = rtne : " + T("bf16") + " -> " + T("f8E5M2") +
			"\n    %r4 = tt.fp_to_fp %d : " + T("f8E5M2") + " -> " + T("bf16")},
	}
	forTargets(t, func(t *testing.T, tg gpuTarget) {
		m := ttirKernelFor(t, tg, elementwiseKernel(n, "f32", "f32", outs), 4)
		r := rand.New(rand.NewSource(17))
		x, y := randF32(r, n, 600), randF32(r, n, 2)
		x[0], x[1], x[2] = float32(math.NaN()), float32(math.Inf(1)), 1e-6
		args := []diffArg{f32Buf(x), f32Buf(y), zeroBuf("f32", n), zeroBuf("f32", n), zeroBuf("i16", n), zeroBuf("i8", n), zeroBuf("i16", n)}
		diffTest(t, m, "ew", [3]int{1, 1, 1}, args, 0)
		low := ttirKernelFor(t, tg, elementwiseKernel(n, "f32", "f32", outs), 4)
		lower(t, low)
		packed := 0
		for _, op := range ops(low, gpu.CvtOp.Name) {
			if ir.IsInteger(op.Result(0).Type(), 16) {
				packed++
			}
		}
		if want := pairs && tg.lanes == 32; (packed > 0) != want {
			t.Errorf("%d conversions to fp8 pairs (pairs %v), want them with pairs on NVIDIA only", packed, pairs)
		}
	})
}

// TestMiscOpsDiff: map_elementwise (packed), an extern libdevice call,
// pointer/integer casts, tt.cat and a reshape of a scalar tensor.
func TestMiscOpsDiff(t *testing.T) {
	src := `module {
  tt.func public @misc(%x: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %y: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %z: !tt.ptr<i64> {tt.divisibility = 16 : i32}, %w: !tt.ptr<f32> {tt.divisibility = 16 : i32}) {
    %i = tt.make_range {end = 512 : i32, start = 0 : i32} : tensor<512xi32>
    %xs = tt.splat %x : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>>
    %xp = tt.addptr %xs, %i : tensor<512x!tt.ptr<f32>>, tensor<512xi32>
    %v = tt.load %xp : tensor<512x!tt.ptr<f32>>
    %m = "tt.map_elementwise"(%v, %i) <{pack = 2 : i32}> ({
    ^bb0(%a0: f32, %a1: f32, %b0: i32, %b1: i32):
      %f0 = arith.sitofp %b1 : i32 to f32
      %s0 = arith.addf %a0, %f0 : f32
      %s1 = arith.subf %a1, %a0 : f32
      tt.map_elementwise.return %s0, %s1 : f32, f32
    }) : (tensor<512xf32>, tensor<512xi32>) -> tensor<512xf32>
    %e = tt.extern_elementwise %m {libname = "libdevice", libpath = "", pure = true, symbol = "__nv_expf"} : (tensor<512xf32>) -> tensor<512xf32>
    %ys = tt.splat %y : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>>
    %yp = tt.addptr %ys, %i : tensor<512x!tt.ptr<f32>>, tensor<512xi32>
    tt.store %yp, %e : tensor<512x!tt.ptr<f32>>
    %pi = tt.ptr_to_int %xp : tensor<512x!tt.ptr<f32>> -> tensor<512xi64>
    %xs64 = tt.ptr_to_int %xs : tensor<512x!tt.ptr<f32>> -> tensor<512xi64>
    %d = arith.subi %pi, %xs64 : tensor<512xi64>
    %zs = tt.splat %z : !tt.ptr<i64> -> tensor<512x!tt.ptr<i64>>
    %zp = tt.addptr %zs, %i : tensor<512x!tt.ptr<i64>>, tensor<512xi32>
    tt.store %zp, %d : tensor<512x!tt.ptr<i64>>
    %c4 = arith.constant dense<4> : tensor<512xi64>
    %back = arith.addi %pi, %c4 : tensor<512xi64>
    %bp = tt.int_to_ptr %back : tensor<512xi64> -> tensor<512x!tt.ptr<f32>>
    %shifted = tt.load %bp : tensor<512x!tt.ptr<f32>>
    %ws = tt.splat %w : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>>
    %wp = tt.addptr %ws, %i : tensor<512x!tt.ptr<f32>>, tensor<512xi32>
    tt.store %wp, %shifted : tensor<512x!tt.ptr<f32>>
    tt.return
  }
}`
	forTargets(t, func(t *testing.T, tg gpuTarget) {
		m := ttirKernelFor(t, tg, src, 4)
		r := rand.New(rand.NewSource(18))
		diffTest(t, m, "misc", [3]int{1, 1, 1}, []diffArg{f32Buf(randF32(r, 513, 2)), zeroBuf("f32", 512), zeroBuf("i64", 512), zeroBuf("f32", 512)}, 64)
	})
}

// TestFP8AbsDiff: math.absf on f8E4M3FN and f8E5M2 clears the sign bit
// (Triton's lowering), for every byte value, NaNs and infinities included.
func TestFP8AbsDiff(t *testing.T) {
	const n = 256
	T := func(e string) string { return fmt.Sprintf("tensor<%dx%s>", n, e) }
	outs := []ewOut{
		{"f8E4M3FN", "%r0 = math.absf %xv : " + T("f8E4M3FN")},
		{"f8E5M2", "%r1 = math.absf %yv : " + T("f8E5M2")},
	}
	forTargets(t, func(t *testing.T, tg gpuTarget) {
		m := ttirKernelFor(t, tg, elementwiseKernel(n, "f8E4M3FN", "f8E5M2", outs), 2)
		x, y := make([]byte, n), make([]byte, n)
		for i := range x {
			x[i], y[i] = byte(i), byte(255-i)
		}
		args := []diffArg{{buf: x, kind: "i8"}, {buf: y, kind: "i8"}, zeroBuf("i8", n), zeroBuf("i8", n)}
		diffTest(t, m, "ew", [3]int{1, 1, 1}, args, 0)
		// The interpreter is the reference above; the bits are also
		// checked against the definition.
		got := cloneArgs(args)
		simulateLowered(t, ttirKernelFor(t, tg, elementwiseKernel(n, "f8E4M3FN", "f8E5M2", outs), 2), "ew", [3]int{1, 1, 1}, got, nil)
		for i := 0; i < n; i++ {
			if got[2].buf[i] != x[i]&0x7f || got[3].buf[i] != y[i]&0x7f {
				t.Fatalf("absf of %#x, %#x = %#x, %#x; want the sign bit cleared", x[i], y[i], got[2].buf[i], got[3].buf[i])
			}
		}
	})
}

// TestMapElementwiseControlFlowDiff: a tt.map_elementwise region with a
// loop in cf branches and an scf.if (lowered to branches first), packed
// two elements a call with two results, four registers a thread: the
// region is copied once per call between branches; the simulator must
// agree with the interpreter element for element.
func TestMapElementwiseControlFlowDiff(t *testing.T) {
	src := `module {
  tt.func public @mapcf(%x: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %y: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %p: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %q: !tt.ptr<i32> {tt.divisibility = 16 : i32}) {
    %i = tt.make_range {end = 512 : i32, start = 0 : i32} : tensor<512xi32>
    %xs = tt.splat %x : !tt.ptr<i32> -> tensor<512x!tt.ptr<i32>>
    %xp = tt.addptr %xs, %i : tensor<512x!tt.ptr<i32>>, tensor<512xi32>
    %a = tt.load %xp : tensor<512x!tt.ptr<i32>>
    %ys = tt.splat %y : !tt.ptr<i32> -> tensor<512x!tt.ptr<i32>>
    %yp = tt.addptr %ys, %i : tensor<512x!tt.ptr<i32>>, tensor<512xi32>
    %b = tt.load %yp : tensor<512x!tt.ptr<i32>>
    %r:2 = "tt.map_elementwise"(%a, %b) <{pack = 2 : i32}> ({
    ^bb0(%a0: i32, %a1: i32, %b0: i32, %b1: i32):
      %c0 = arith.constant 0 : i32
      %c1 = arith.constant 1 : i32
      %c3 = arith.constant 3 : i32
      %c255 = arith.constant 255 : i32
      %m = arith.andi %a0, %c255 : i32
      cf.br ^loop(%m, %c0 : i32, i32)
    ^loop(%v: i32, %n: i32):
      %nz = arith.cmpi ne, %v, %c0 : i32
      cf.cond_br %nz, ^body, ^done
    ^body:
      %bit = arith.andi %v, %c1 : i32
      %n2 = arith.addi %n, %bit : i32
      %v2 = arith.shrui %v, %c1 : i32
      cf.br ^loop(%v2, %n2 : i32, i32)
    ^done:
      %lt = arith.cmpi slt, %a1, %b1 : i32
      %s = scf.if %lt -> (i32) {
        %d = arith.subi %a1, %b1 : i32
        scf.yield %d : i32
      } else {
        %t = arith.muli %b0, %c3 : i32
        scf.yield %t : i32
      }
      tt.map_elementwise.return %n, %s, %s, %n : i32, i32, i32, i32
    }) : (tensor<512xi32>, tensor<512xi32>) -> (tensor<512xi32>, tensor<512xi32>)
    %ps = tt.splat %p : !tt.ptr<i32> -> tensor<512x!tt.ptr<i32>>
    %pp = tt.addptr %ps, %i : tensor<512x!tt.ptr<i32>>, tensor<512xi32>
    tt.store %pp, %r#0 : tensor<512x!tt.ptr<i32>>
    %qs = tt.splat %q : !tt.ptr<i32> -> tensor<512x!tt.ptr<i32>>
    %qp = tt.addptr %qs, %i : tensor<512x!tt.ptr<i32>>, tensor<512xi32>
    tt.store %qp, %r#1 : tensor<512x!tt.ptr<i32>>
    tt.return
  }
}`
	forTargets(t, func(t *testing.T, tg gpuTarget) {
		m := ttirKernelFor(t, tg, src, 4)
		r := rand.New(rand.NewSource(19))
		args := []diffArg{i32Buf(randI32(r, 512, 1000)), i32Buf(randI32(r, 512, 1000)), zeroBuf("i32", 512), zeroBuf("i32", 512)}
		diffTestCheck(t, m, "mapcf", [3]int{1, 1, 1}, args, 0, func(lowered *ir.Operation) {
			// Two registers a call: 2 calls on sm_90 (4 warps of 32), 1 on
			// gfx942 (wavefronts of 64); the region's two branches each.
			if n := strings.Count(print(lowered), "llvm.cond_br"); n != 2*512/(2*4*tg.lanes) {
				t.Errorf("%d conditional branches, want the region's two for each call", n)
			}
		})
	})
}

// TestFP8PairWideningDiff: with the pair conversions (TT_X_FP8_CVT=pair,
// the default), every f8E4M3FN byte value widens to f32, f16 and bf16 as
// the interpreter widens it, two registers a cvt.rn.f16x2.e4m3x2 on
// NVIDIA (the lowering is checked to use it there), and every f8E5M2 byte
// value to bf16, two registers a bf16 multiplication of a prmt'ed word on
// NVIDIA (checked too), whose results for ±inf and the NaNs are Triton's
// finite ones (the interpreter's numeric.FpToFp, checked on an H200; tt's
// lowering kept them inf and NaN before this test). The fifth output's
// bytes are computed (3x mod 256, every value once), not loaded, so that
// its pairs are packed by shifts rather than a prmt of loaded words; the
// sixth widens every f8E5M2 code to f16 two registers a
// cvt.rn.f16x2.e5m2x2 on NVIDIA (checked), NaN codes to the interpreter's
// canonical NaN, which is also what that cvt gives on an H200 (the shift
// alone would keep their payloads).
func TestFP8PairWideningDiff(t *testing.T) {
	t.Setenv("TT_X_FP8_CVT", "pair")
	const n = 256
	T := func(e string) string { return fmt.Sprintf("tensor<%dx%s>", n, e) }
	outs := []ewOut{
		{"f32", "%r0 = tt.fp_to_fp %xv : " + T("f8E4M3FN") + " -> " + T("f32")},
		{"f16", "%r1 = tt.fp_to_fp %xv : " + T("f8E4M3FN") + " -> " + T("f16")},
		{"bf16", "%r2 = tt.fp_to_fp %xv : " + T("f8E4M3FN") + " -> " + T("bf16")},
		{"bf16", "%r3 = tt.fp_to_fp %yv : " + T("f8E5M2") + " -> " + T("bf16")},
		{"bf16", "%c3 = arith.constant dense<3> : " + T("i8") + "\n    %yi = tt.bitcast %yv : " + T("f8E5M2") + " -> " + T("i8") +
			"\n    %zi = arith.muli %yi, %c3 : " + T("i8") + "\n    %z = tt.bitcast %zi : " + T("i8") + " -> " + T("f8E5M2") +
			"\n    %r4 = tt.fp_to_fp %z : " + T("f8E5M2") + " -> " + T("bf16")},
		{"f16", "%r5 = tt.fp_to_fp %yv : " + T("f8E5M2") + " -> " + T("f16")},
	}
	forTargets(t, func(t *testing.T, tg gpuTarget) {
		m := ttirKernelFor(t, tg, elementwiseKernel(n, "f8E4M3FN", "f8E5M2", outs), 2)
		x, y := make([]byte, n), make([]byte, n)
		for i := range x {
			x[i], y[i] = byte(i), byte(255-i)
		}
		args := []diffArg{{buf: x, kind: "i8"}, {buf: y, kind: "i8"}, zeroBuf("f32", n), zeroBuf("f16", n), zeroBuf("bf16", n), zeroBuf("bf16", n), zeroBuf("bf16", n), zeroBuf("f16", n)}
		diffTest(t, m, "ew", [3]int{1, 1, 1}, args, 0)
		low := ttirKernelFor(t, tg, elementwiseKernel(n, "f8E4M3FN", "f8E5M2", outs), 2)
		lower(t, low)
		pairs, e5m2Pairs := 0, 0
		for _, op := range ops(low, gpu.CvtOp.Name) {
			switch gpu.CvtOptionsOf(op).FP8 {
			case gpu.FP8E4M3:
				pairs++
			case gpu.FP8E5M2:
				e5m2Pairs++
			}
		}
		bf16Muls := 0
		for _, op := range ops(low, "llvm.fmul") {
			if ft, ok := op.Result(0).Type().(*ir.FloatType); ok && ft.Kind == ir.BF16 {
				bf16Muls++
			}
		}
		if want := tg.lanes == 32; (pairs > 0) != want || (e5m2Pairs > 0) != want || (bf16Muls > 0) != want || (len(ops(low, gpu.PrmtOp.Name)) > 0) != want {
			t.Errorf("%d e4m3 and %d e5m2 pair conversions, %d bf16 multiplications and %d prmt, want them on NVIDIA only",
				pairs, e5m2Pairs, bf16Muls, len(ops(low, gpu.PrmtOp.Name)))
		}
	})
}

// TestFP8ConversionSettingRefused: TT_X_FP8_CVT takes pair or generic;
// anything else stops the lowering with an error naming the setting.
func TestFP8ConversionSettingRefused(t *testing.T) {
	t.Setenv("TT_X_FP8_CVT", "pairs")
	outs := []ewOut{{"f32", "%r0 = tt.fp_to_fp %xv : tensor<256xf8E4M3FN> -> tensor<256xf32>"}}
	m := ttirKernelFor(t, sm90, elementwiseKernel(256, "f8E4M3FN", "f8E5M2", outs), 2)
	if err := lowerErr(m); err == nil || !strings.Contains(err.Error(), `TT_X_FP8_CVT="pairs"`) {
		t.Errorf("lowering with TT_X_FP8_CVT=pairs: %v, want the setting refused", err)
	}
}
