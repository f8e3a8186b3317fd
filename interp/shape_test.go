package interp

import (
	"fmt"
	"strings"
	"testing"
)

// storeI32 is MLIR that stores an i32 tensor %v of the given 1-D size n
// into %out (a kernel parameter).
func storeI32(v string, n int) string {
	s := itoa(n)
	return fmt.Sprintf(`  %%sr = tt.make_range {end = %s : i32, start = 0 : i32} : tensor<%sxi32>
  %%sp0 = tt.splat %%out : !tt.ptr<i32> -> tensor<%sx!tt.ptr<i32>>
  %%sp = tt.addptr %%sp0, %%sr : tensor<%sx!tt.ptr<i32>>, tensor<%sxi32>
  tt.store %%sp, %s : tensor<%sx!tt.ptr<i32>>
`, s, s, s, s, s, v, s)
}

func runI32(t *testing.T, body string, result string, n int) []int32 {
	t.Helper()
	src := "tt.func public @k(%out: !tt.ptr<i32>) {\n" + body + storeI32(result, n) + "  tt.return\n}"
	out := make([]byte, 4*n)
	mustRun(t, src, launchOpts{}, out)
	return getI32(out)
}

func eq(t *testing.T, what string, got []int32, want ...int32) {
	t.Helper()
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("%s = %v, want %v", what, got, want)
	}
}

// Broadcasting: splat, expand_dims, broadcast of size-1 dims in either
// position, and reshape back to 1-D in row-major order.
func TestBroadcastEdges(t *testing.T) {
	body := `  %r = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32>
  %row = tt.expand_dims %r {axis = 0 : i32} : tensor<4xi32> -> tensor<1x4xi32>
  %col = tt.expand_dims %r {axis = 1 : i32} : tensor<4xi32> -> tensor<4x1xi32>
  %rb = tt.broadcast %row : tensor<1x4xi32> -> tensor<4x4xi32>
  %cb = tt.broadcast %col : tensor<4x1xi32> -> tensor<4x4xi32>
  %c10 = arith.constant 10 : i32
  %ten = tt.splat %c10 : i32 -> tensor<4x4xi32>
  %cc = arith.muli %cb, %ten : tensor<4x4xi32>
  %s = arith.addi %rb, %cc : tensor<4x4xi32>
  %flat = tt.reshape %s : tensor<4x4xi32> -> tensor<16xi32>
`
	eq(t, "row + 10*col", runI32(t, body, "%flat", 16), 0, 1, 2, 3, 10, 11, 12, 13, 20, 21, 22, 23, 30, 31, 32, 33)
	one := `  %c = arith.constant dense<5> : tensor<1x1xi32>
  %b = tt.broadcast %c : tensor<1x1xi32> -> tensor<2x2xi32>
  %f = tt.reshape %b : tensor<2x2xi32> -> tensor<4xi32>
`
	eq(t, "broadcast 1x1", runI32(t, one, "%f", 4), 5, 5, 5, 5)
}

func TestTransJoinSplitCatGather(t *testing.T) {
	base := `  %r = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32>
  %m = tt.reshape %r : tensor<8xi32> -> tensor<2x4xi32>
`
	tr := base + `  %t = tt.trans %m {order = array<i32: 1, 0>} : tensor<2x4xi32> -> tensor<4x2xi32>
  %f = tt.reshape %t : tensor<4x2xi32> -> tensor<8xi32>
`
	eq(t, "trans", runI32(t, tr, "%f", 8), 0, 4, 1, 5, 2, 6, 3, 7)
	join := base + `  %c100 = arith.constant dense<100> : tensor<2x4xi32>
  %h = arith.addi %m, %c100 : tensor<2x4xi32>
  %j = tt.join %m, %h : tensor<2x4xi32> -> tensor<2x4x2xi32>
  %f = tt.reshape %j : tensor<2x4x2xi32> -> tensor<16xi32>
`
	eq(t, "join", runI32(t, join, "%f", 16), 0, 100, 1, 101, 2, 102, 3, 103, 4, 104, 5, 105, 6, 106, 7, 107)
	split := base + `  %s3 = tt.reshape %r : tensor<8xi32> -> tensor<4x2xi32>
  %a, %b = tt.split %s3 : tensor<4x2xi32> -> tensor<4xi32>
  %c = tt.cat %a, %b : tensor<4xi32> -> tensor<8xi32>
`
	eq(t, "split then cat", runI32(t, split, "%c", 8), 0, 2, 4, 6, 1, 3, 5, 7)
	gather := base + `  %idx = arith.constant dense<[[3, 0, 0, 1], [2, 2, 3, 0]]> : tensor<2x4xi32>
  %g = tt.gather %m[%idx] {axis = 1 : i32} : (tensor<2x4xi32>, tensor<2x4xi32>) -> tensor<2x4xi32>
  %f = tt.reshape %g : tensor<2x4xi32> -> tensor<8xi32>
`
	eq(t, "gather", runI32(t, gather, "%f", 8), 3, 0, 0, 1, 6, 6, 7, 4)
}

func TestGatherOutOfRange(t *testing.T) {
	src := `tt.func public @k(%out: !tt.ptr<i32>) {
  %r = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32>
  %idx = arith.constant dense<[0, 1, 4, 2]> : tensor<4xi32>
  %g = tt.gather %r[%idx] {axis = 0 : i32} : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
` + storeI32("%g", 4) + "  tt.return\n}"
	err := run(t, src, launchOpts{}, make([]byte, 16))
	if err == nil || !strings.Contains(err.Error(), "element [2]") || !strings.Contains(err.Error(), "gather index 4") {
		t.Fatalf("want a located gather error, got %v", err)
	}
}

// tt.histogram wraps values by their low bits as Triton 3.6's NVIDIA
// lowering does: with 8 bins (padded to 32), 33 -> bin 1, -31 -> bin 1,
// 12 -> padding bin (dropped).
func TestHistogram(t *testing.T) {
	body := `  %v = arith.constant dense<[0, 1, 1, 7, 33, -31, 12, 3]> : tensor<8xi32>
  %m = arith.constant dense<[true, true, true, true, true, true, true, false]> : tensor<8xi1>
  %h = tt.histogram %v, %m : tensor<8xi32> -> tensor<8xi32>
`
	eq(t, "histogram", runI32(t, body, "%h", 8), 1, 4, 0, 0, 0, 0, 0, 1)

	// On a 64-lane AMD wavefront the bins are padded to 64: 33 and -31
	// land in padding bins, 12 still does.
	src := `module attributes {ttg.target = "hip:gfx942"} {
tt.func public @k(%out: !tt.ptr<i32>) {
` + body + storeI32("%h", 8) + "  tt.return\n}\n}"
	out := make([]byte, 32)
	mustRun(t, src, launchOpts{}, out)
	eq(t, "histogram on gfx942", getI32(out), 1, 2, 0, 0, 0, 0, 0, 1)
}

// Reductions with two operands (argmax with ties to the lower index) and
// a region the interpreter cannot vectorize (scf.if inside).
func TestReduceMultipleOperands(t *testing.T) {
	argmax := `  %v = arith.constant dense<[3, 9, 1, 9, 4, 9, 0, 2]> : tensor<8xi32>
  %i = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32>
  %mx:2 = "tt.reduce"(%v, %i) <{axis = 0 : i32}> ({
  ^bb0(%a: i32, %ai: i32, %b: i32, %bi: i32):
    %gt = arith.cmpi sgt, %a, %b : i32
    %eq = arith.cmpi eq, %a, %b : i32
    %lt = arith.cmpi slt, %ai, %bi : i32
    %tie = arith.andi %eq, %lt : i1
    %pick = arith.ori %gt, %tie : i1
    %rv = arith.select %pick, %a, %b : i32
    %ri = arith.select %pick, %ai, %bi : i32
    tt.reduce.return %rv, %ri : i32, i32
  }) : (tensor<8xi32>, tensor<8xi32>) -> (i32, i32)
  %res = tt.splat %mx#1 : i32 -> tensor<1xi32>
`
	eq(t, "argmax", runI32(t, argmax, "%res", 1), 1)
	// The same with control flow in the region: run pair by pair.
	withIf := `  %v = arith.constant dense<[3, -9, 1, 8, 4, 9, 0, 2]> : tensor<8xi32>
  %r = "tt.reduce"(%v) <{axis = 0 : i32}> ({
  ^bb0(%a: i32, %b: i32):
    %aa = math.absi %a : i32
    %ab = math.absi %b : i32
    %gt = arith.cmpi sgt, %ab, %aa : i32
    %x = scf.if %gt -> (i32) {
      scf.yield %b : i32
    } else {
      scf.yield %a : i32
    }
    tt.reduce.return %x : i32
  }) : (tensor<8xi32>) -> i32
  %res = tt.splat %r : i32 -> tensor<1xi32>
`
	eq(t, "reduce with scf.if", runI32(t, withIf, "%res", 1), -9)
	// 2-D reduction along each axis.
	rows := `  %r = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32>
  %m = tt.reshape %r : tensor<8xi32> -> tensor<2x4xi32>
  %s0 = "tt.reduce"(%m) <{axis = 0 : i32}> ({
  ^bb0(%a: i32, %b: i32):
    %x = arith.addi %a, %b : i32
    tt.reduce.return %x : i32
  }) : (tensor<2x4xi32>) -> tensor<4xi32>
  %s1 = "tt.reduce"(%m) <{axis = 1 : i32}> ({
  ^bb0(%a: i32, %b: i32):
    %x = arith.addi %a, %b : i32
    tt.reduce.return %x : i32
  }) : (tensor<2x4xi32>) -> tensor<2xi32>
  %c = tt.join %s1, %s1 : tensor<2xi32> -> tensor<2x2xi32>
  %cf = tt.reshape %c : tensor<2x2xi32> -> tensor<4xi32>
  %all = tt.cat %s0, %cf : tensor<4xi32> -> tensor<8xi32>
`
	eq(t, "axis sums", runI32(t, rows, "%all", 8), 4, 6, 8, 10, 6, 6, 22, 22)
}

// Scans run forward and in reverse; a non-commutative combine shows the
// operand order (the earlier part of the sequence comes first).
func TestScan(t *testing.T) {
	scan := func(reverse bool, combine string) string {
		return `  %v = arith.constant dense<[1, 2, 3, 4, 5, 6, 7, 8]> : tensor<8xi32>
  %s = "tt.scan"(%v) <{axis = 0 : i32, reverse = ` + fmt.Sprint(reverse) + `}> ({
  ^bb0(%a: i32, %b: i32):
` + combine + `
    tt.scan.return %x : i32
  }) : (tensor<8xi32>) -> tensor<8xi32>
`
	}
	add := "    %x = arith.addi %a, %b : i32"
	eq(t, "cumsum", runI32(t, scan(false, add), "%s", 8), 1, 3, 6, 10, 15, 21, 28, 36)
	eq(t, "reverse cumsum", runI32(t, scan(true, add), "%s", 8), 36, 35, 33, 30, 26, 21, 15, 8)
	// combine(a, b) = b and combine(a, b) = a are associative and not
	// commutative: they reveal which side the interpreter puts first.
	last := "    %c0 = arith.constant 0 : i32\n    %x = arith.addi %b, %c0 : i32"
	eq(t, "scan keep-second", runI32(t, scan(false, last), "%s", 8), 1, 2, 3, 4, 5, 6, 7, 8)
	eq(t, "reverse scan keep-second", runI32(t, scan(true, last), "%s", 8), 1, 2, 3, 4, 5, 6, 7, 8)
	first := "    %c0 = arith.constant 0 : i32\n    %x = arith.addi %a, %c0 : i32"
	eq(t, "scan keep-first", runI32(t, scan(false, first), "%s", 8), 1, 1, 1, 1, 1, 1, 1, 1)
	eq(t, "reverse scan keep-first", runI32(t, scan(true, first), "%s", 8), 8, 8, 8, 8, 8, 8, 8, 8)
}

func TestMapElementwise(t *testing.T) {
	body := `  %v = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32>
  %r = "tt.map_elementwise"(%v) <{pack = 2 : i32}> ({
  ^bb0(%a: i32, %b: i32):
    %s = arith.addi %a, %b : i32
    %d = arith.subi %b, %a : i32
    tt.map_elementwise.return %s, %d : i32, i32
  }) : (tensor<8xi32>) -> tensor<8xi32>
`
	eq(t, "map_elementwise pack 2", runI32(t, body, "%r", 8), 1, 1, 5, 1, 9, 1, 13, 1)
}

// The in-place path for one-op combiners gives the same bits as running
// the region (made ineligible here by a dead op).
func TestFastCombinerMatchesRegion(t *testing.T) {
	kernel := func(extra string, op string, reverse bool) string {
		return `tt.func public @k(%x: !tt.ptr<f32>, %y: !tt.ptr<f32>) {
  %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
  %xp0 = tt.splat %x : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
  %xp = tt.addptr %xp0, %r : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
  %v = tt.load %xp : tensor<64x!tt.ptr<f32>>
  %m = tt.reshape %v : tensor<64xf32> -> tensor<4x16xf32>
  %s = "tt.scan"(%m) <{axis = 1 : i32, reverse = ` + fmt.Sprint(reverse) + `}> ({
  ^bb0(%a: f32, %b: f32):` + extra + `
    %c = ` + op + ` %a, %b : f32
    tt.scan.return %c : f32
  }) : (tensor<4x16xf32>) -> tensor<4x16xf32>
  %t = "tt.reduce"(%s) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %b: f32):` + extra + `
    %c = ` + op + ` %a, %b : f32
    tt.reduce.return %c : f32
  }) : (tensor<4x16xf32>) -> tensor<16xf32>
  %i = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
  %yp0 = tt.splat %y : !tt.ptr<f32> -> tensor<16x!tt.ptr<f32>>
  %yp = tt.addptr %yp0, %i : tensor<16x!tt.ptr<f32>>, tensor<16xi32>
  tt.store %yp, %t : tensor<16x!tt.ptr<f32>>
  tt.return
}`
	}
	in := make([]float32, 64)
	for i := range in {
		in[i] = float32(i*7919%1000)/997 - 0.4
	}
	for _, op := range []string{"arith.addf", "arith.mulf", "arith.maximumf"} {
		for _, rev := range []bool{false, true} {
			fast, slow := make([]byte, 64), make([]byte, 64)
			mustRun(t, kernel("", op, rev), launchOpts{}, f32s(in...), fast)
			mustRun(t, kernel("\n    %dead = arith.constant 1.0 : f32", op, rev), launchOpts{}, f32s(in...), slow)
			if !sameF32(getF32(fast), getF32(slow)) {
				t.Errorf("%s reverse=%v: fast %v, region %v", op, rev, getF32(fast), getF32(slow))
			}
		}
	}
}
