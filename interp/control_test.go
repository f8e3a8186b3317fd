package interp

import (
	"bytes"
	"math"
	"strings"
	"testing"
)

// cf branches with block arguments (a loop), scf.while, scf.index_switch
// and a recursive tt.call.
func TestControlFlow(t *testing.T) {
	src := `module {
  tt.func private @fact(%n: i32) -> i32 attributes {noinline = true} {
    %c1 = arith.constant 1 : i32
    %le = arith.cmpi sle, %n, %c1 : i32
    %r = scf.if %le -> (i32) {
      scf.yield %c1 : i32
    } else {
      %m = arith.subi %n, %c1 : i32
      %f = tt.call @fact(%m) : (i32) -> i32
      %p = arith.muli %n, %f : i32
      scf.yield %p : i32
    }
    tt.return %r : i32
  }
  tt.func public @k(%out: !tt.ptr<i32>) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c10 = arith.constant 10 : i32
    cf.br ^loop(%c0, %c0 : i32, i32)
  ^loop(%i: i32, %acc: i32):
    %done = arith.cmpi sge, %i, %c10 : i32
    cf.cond_br %done, ^exit, ^body
  ^body:
    %a2 = arith.addi %acc, %i : i32
    %i2 = arith.addi %i, %c1 : i32
    cf.br ^loop(%i2, %a2 : i32, i32)
  ^exit:
    tt.store %out, %acc : !tt.ptr<i32>
    %w = scf.while (%x = %c1) : (i32) -> i32 {
      %lt = arith.cmpi slt, %x, %c10 : i32
      scf.condition(%lt) %x : i32
    } do {
    ^bb0(%y: i32):
      %y2 = arith.addi %y, %y : i32
      scf.yield %y2 : i32
    }
    %o1 = tt.addptr %out, %c1 : !tt.ptr<i32>, i32
    tt.store %o1, %w : !tt.ptr<i32>
    %c5 = arith.constant 5 : i32
    %f = tt.call @fact(%c5) : (i32) -> i32
    %c2 = arith.constant 2 : i32
    %o2 = tt.addptr %out, %c2 : !tt.ptr<i32>, i32
    tt.store %o2, %f : !tt.ptr<i32>
    %ix = arith.index_cast %c2 : i32 to index
    %sw = scf.index_switch %ix -> i32
    case 1 {
      scf.yield %c1 : i32
    }
    case 2 {
      scf.yield %c10 : i32
    }
    default {
      scf.yield %c0 : i32
    }
    %c3 = arith.constant 3 : i32
    %o3 = tt.addptr %out, %c3 : !tt.ptr<i32>, i32
    tt.store %o3, %sw : !tt.ptr<i32>
    tt.return
  }
}`
	out := make([]byte, 16)
	mustRun(t, src, launchOpts{}, out)
	eq(t, "control flow", getI32(out), 45, 16, 120, 10)
}

// scf.for iterates with loop-carried values; a zero-trip loop yields the
// initial values.
func TestScfFor(t *testing.T) {
	src := `tt.func public @k(%out: !tt.ptr<i32>, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c3 = arith.constant 3 : i32
  %c1 = arith.constant 1 : i32
  %r:2 = scf.for %i = %c0 to %n step %c3 iter_args(%s = %c0, %k = %c1) -> (i32, i32) : i32 {
    %s2 = arith.addi %s, %i : i32
    %k2 = arith.muli %k, %c3 : i32
    scf.yield %s2, %k2 : i32, i32
  }
  tt.store %out, %r#0 : !tt.ptr<i32>
  %o1 = tt.addptr %out, %c1 : !tt.ptr<i32>, i32
  tt.store %o1, %r#1 : !tt.ptr<i32>
  tt.return
}`
	out := make([]byte, 8)
	mustRun(t, src, launchOpts{}, out, 10)
	eq(t, "for 0..10 step 3", getI32(out), 0+3+6+9, 81)
	mustRun(t, src, launchOpts{}, out, 0)
	eq(t, "zero-trip for", getI32(out), 0, 1)
}

func TestProgramIDs(t *testing.T) {
	src := `tt.func public @k(%out: !tt.ptr<i32>) {
  %x = tt.get_program_id x : i32
  %y = tt.get_program_id y : i32
  %z = tt.get_program_id z : i32
  %nx = tt.get_num_programs x : i32
  %ny = tt.get_num_programs y : i32
  %a = arith.muli %z, %ny : i32
  %b = arith.addi %a, %y : i32
  %c = arith.muli %b, %nx : i32
  %lin = arith.addi %c, %x : i32
  %p = tt.addptr %out, %lin : !tt.ptr<i32>, i32
  %nz = tt.get_num_programs z : i32
  %v = arith.muli %lin, %nz : i32
  tt.store %p, %v : !tt.ptr<i32>
  tt.return
}`
	out := make([]byte, 4*24)
	mustRun(t, src, launchOpts{grid: [3]int{4, 3, 2}, workers: 1}, out)
	for i, v := range getI32(out) {
		if v != int32(2*i) {
			t.Fatalf("program %d wrote %d, want %d", i, v, 2*i)
		}
	}
}

// tt.print uses Triton's printf format: pid, index (padded to the digits
// of each dimension), prefix, value.
func TestPrint(t *testing.T) {
	src := `tt.func public @k(%x: !tt.ptr<f32>) {
  %v = arith.constant dense<[1.5, -2.0, 0x7F800000, 0.25]> : tensor<4xf32>
  %i = arith.constant dense<[[-1, 2], [3, 40]]> : tensor<2x2xi32>
  tt.print " v: " {hex = false, isSigned = array<i32: 0>} : %v : tensor<4xf32>
  tt.print " i: " {hex = false, isSigned = array<i32: 1>} : %i : tensor<2x2xi32>
  tt.print " h: " {hex = true, isSigned = array<i32: 0>} : %i : tensor<2x2xi32>
  tt.print "done" {hex = false, isSigned = array<i32>}
  tt.return
}`
	var buf bytes.Buffer
	mustRun(t, src, launchOpts{grid: [3]int{1, 1, 1}, out: &buf}, make([]byte, 4))
	want := `pid (0, 0, 0) idx (0) v: 1.500000
pid (0, 0, 0) idx (1) v: -2.000000
pid (0, 0, 0) idx (2) v: inf
pid (0, 0, 0) idx (3) v: 0.250000
pid (0, 0, 0) idx (0, 0) i: -1
pid (0, 0, 0) idx (0, 1) i: 2
pid (0, 0, 0) idx (1, 0) i: 3
pid (0, 0, 0) idx (1, 1) i: 40
pid (0, 0, 0) idx (0, 0) h: 0xffffffff
pid (0, 0, 0) idx (0, 1) h: 0x00000002
pid (0, 0, 0) idx (1, 0) h: 0x00000003
pid (0, 0, 0) idx (1, 1) h: 0x00000028
pid (0, 0, 0)done
`
	if buf.String() != want {
		t.Errorf("print output:\n%s\nwant:\n%s", buf.String(), want)
	}
}

func TestAssert(t *testing.T) {
	src := `tt.func public @k(%x: !tt.ptr<i32>) {
  %r = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32>
  %pid = tt.get_program_id x : i32
  %s = tt.splat %pid : i32 -> tensor<4xi32>
  %v = arith.addi %r, %s : tensor<4xi32>
  %c5 = arith.constant dense<5> : tensor<4xi32>
  %ok = arith.cmpi slt, %v, %c5 : tensor<4xi32>
  tt.assert %ok, "value below 5" : tensor<4xi1>
  tt.return
}`
	mustRun(t, src, launchOpts{grid: [3]int{2, 1, 1}}, make([]byte, 4))
	err := run(t, src, launchOpts{grid: [3]int{3, 1, 1}, workers: 1}, make([]byte, 4))
	if err == nil {
		t.Fatal("assertion did not fail")
	}
	for _, want := range []string{"test.mlir:8:3", "'tt.assert' op", "program (2, 0, 0)", "element [3]", "value below 5"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q lacks %q", err, want)
		}
	}
}

// Unsupported operations, unknown external functions and inline assembly
// fail with a located error when reached, not before.
func TestUnsupportedIsLocated(t *testing.T) {
	cases := []struct{ body, want string }{
		{`%r = tt.extern_elementwise %a {libname = "libdevice", libpath = "", pure = true, symbol = "__nv_no_such_fn"} : (tensor<4xf32>) -> tensor<4xf32>`,
			`external function "__nv_no_such_fn" is not known`},
		{`%r = tt.elementwise_inline_asm "mov.b32 $0, $1;" {constraints = "=r,r", packed_element = 1 : i32, pure = true} %a : tensor<4xf32> -> tensor<4xf32>`,
			"cannot be interpreted (unsupported)"},
	}
	for _, c := range cases {
		src := elementwise(4, "f32", "f32", false, "  "+c.body)
		err := run(t, src, launchOpts{}, f32s(1, 2, 3, 4), make([]byte, 16))
		if err == nil || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), "test.mlir:") {
			t.Errorf("%s: got %v", c.want, err)
		}
	}
	// An unsupported op on a path not taken does not stop the kernel.
	src := `tt.func public @k(%x: !tt.ptr<f32>, %c: i1) {
  scf.if %c {
    %v = tt.load %x : !tt.ptr<f32>
    %r = tt.elementwise_inline_asm "mov.b32 $0, $1;" {constraints = "=r,r", packed_element = 1 : i32, pure = true} %v : f32 -> f32
    tt.store %x, %r : !tt.ptr<f32>
  }
  tt.return
}`
	mustRun(t, src, launchOpts{}, f32s(1), 0)
	if err := run(t, src, launchOpts{}, f32s(1), 1); err == nil || !strings.Contains(err.Error(), "test.mlir:4:10") {
		t.Errorf("reached unsupported op: got %v", err)
	}
}

func TestExternLibdevice(t *testing.T) {
	in := []float32{0.5, -1.25, 2, 9}
	for _, c := range []struct {
		sym  string
		want func(x float32) float32
	}{
		{"__nv_fabsf", func(x float32) float32 { return float32(math.Abs(float64(x))) }},
		{"__nv_floorf", func(x float32) float32 { return float32(math.Floor(float64(x))) }},
		{"__nv_fsqrt_rn", func(x float32) float32 {
			if x < 0 {
				return x
			}
			return float32(math.Sqrt(float64(x)))
		}},
	} {
		out := make([]byte, 16)
		body := `  %r = tt.extern_elementwise %a {libname = "libdevice", libpath = "", pure = true, symbol = "` + c.sym + `"} : (tensor<4xf32>) -> tensor<4xf32>`
		mustRun(t, elementwise(4, "f32", "f32", false, body), launchOpts{}, f32s(in...), out)
		for i, g := range getF32(out) {
			w := c.want(in[i])
			if g != w && !(g != g && (w != w || in[i] < 0)) {
				t.Errorf("%s(%v) = %v, want %v", c.sym, in[i], g, w)
			}
		}
	}
}
