package asm_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/ttcompiler/tt/dialects/builtin"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

func newCtx() *ir.Context {
	ctx := ir.NewContext()
	builtin.Load(ctx)
	ctx.AllowUnregistered = true
	return ctx
}

// roundTrip parses src, prints it, and checks the print equals want and is
// a fixed point.
func roundTrip(t *testing.T, src, want string, cfg asm.PrintConfig) {
	t.Helper()
	ctx := newCtx()
	op, err := asm.ParseString(ctx, src)
	if err != nil {
		t.Fatalf("parse: %v", err)
	}
	if err := ir.Verify(op); err != nil {
		t.Fatalf("verify: %v", err)
	}
	got := asm.Sprint(op, cfg)
	if d := cmp.Diff(want, got); d != "" {
		t.Fatalf("print mismatch (-want +got):\n%s", d)
	}
	op2, err := asm.ParseString(ctx, got)
	if err != nil {
		t.Fatalf("reparse: %v\n%s", err, got)
	}
	if again := asm.Sprint(op2, cfg); again != got {
		t.Fatalf("not a fixed point:\n%s", cmp.Diff(got, again))
	}
}

func TestGenericRoundTrip(t *testing.T) {
	src := `
"test.func"() ({
^bb0(%a: i32, %b: f32):
  %0:2 = "test.op"(%a, %b) <{p = 1 : i32}> {x = "s", unit_attr} : (i32, f32) -> (i32, f32)
  "test.br"(%0#0)[^bb1] : (i32) -> ()
^bb1:  // pred: ^bb0
  "test.ret"() : () -> ()
}) : () -> ()
`
	want := `module {
  "test.func"() ({
  ^bb0(%arg0: i32, %arg1: f32):
    %0:2 = "test.op"(%arg0, %arg1) <{p = 1 : i32}> {unit_attr, x = "s"} : (i32, f32) -> (i32, f32)
    "test.br"(%0#0)[^bb1] : (i32) -> ()
  ^bb1:  // pred: ^bb0
    "test.ret"() : () -> ()
  }) : () -> ()
}
`
	roundTrip(t, src, want, asm.PrintConfig{})
}

func TestAttributesAndTypes(t *testing.T) {
	src := `"test.a"() {
  i = 42, j = -1 : i32, k = 7 : index, b = true, f = 1.5 : f32, d = 0.1, h = 0x7FC00000 : f32,
  ninf = 0xFF800000 : f32, s = "q\"\n", arr = [1, "x", unit], da = array<i32: 1, 0>, de = array<i64>,
  splat = dense<0xFF800000> : tensor<1024xf32>, m = dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>,
  bools = dense<[true, false]> : tensor<2xi1>, t = tensor<4x?xf16>, v = vector<[4]x8xbf16>,
  fn = (i32, tensor<*xf32>) -> (), tup = tuple<i1, f8E4M3FN>, sym = @foo::@bar, dict = {a, "b-c" = 1 : i8},
  u = 255 : ui8, s8 = -128 : si8, big = 3.40282347E+38 : f32, pi = 3.14159274 : f32, h16 = 6.550400e+04 : f16
} : () -> ()`
	want := `module {
  "test.a"() {arr = [1, "x", unit], b = true, big = 3.40282347E+38 : f32, bools = dense<[true, false]> : tensor<2xi1>, d = 1.000000e-01 : f64, da = array<i32: 1, 0>, de = array<i64>, dict = {a, "b-c" = 1 : i8}, f = 1.500000e+00 : f32, fn = (i32, tensor<*xf32>) -> (), h = 0x7FC00000 : f32, h16 = 6.550400e+04 : f16, i = 42 : i64, j = -1 : i32, k = 7 : index, m = dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>, ninf = 0xFF800000 : f32, pi = 3.14159274 : f32, s = "q\22\0A", s8 = -128 : si8, splat = dense<0xFF800000> : tensor<1024xf32>, sym = @foo::@bar, t = tensor<4x?xf16>, tup = tuple<i1, f8E4M3FN>, u = 255 : ui8, v = vector<[4]x8xbf16>} : () -> ()
}
`
	roundTrip(t, src, want, asm.PrintConfig{})
}

func TestLocationsAndAliases(t *testing.T) {
	src := `#loc = loc("f.py":1:0)
#loc3 = loc("x"(#loc))
module {
  "test.op"() : () -> () loc(#loc1)
  "test.op"() : () -> () loc(#loc2)
} loc(#loc)
#loc1 = loc("f.py":2:3)
#loc2 = loc(callsite(#loc1 at #loc3))
`
	want := `module {
  "test.op"() : () -> () loc(#loc1)
  "test.op"() : () -> () loc(#loc3)
} loc(#loc)
#loc = loc("f.py":1:0)
#loc1 = loc("f.py":2:3)
#loc2 = loc("x"(#loc))
#loc3 = loc(callsite(#loc1 at #loc2))
`
	roundTrip(t, src, want, asm.PrintConfig{DebugInfo: true})
}

// A point location is one instance however it is made: written in the
// source, or given to an op by the parser (the location cache uniques
// them apart from the generic table); a range is another location.
func TestPointLocationsAreUniqued(t *testing.T) {
	ctx := newCtx()
	op, err := asm.Parse(ctx, `"test.op"() : () -> () loc("k.mlir":1:1)
"test.op"() : () -> () loc("k.mlir":1:1 to 1:5)
`, asm.ParseConfig{Filename: "k.mlir"})
	if err != nil {
		t.Fatal(err)
	}
	var locs []ir.Location
	for o := op.Region(0).Front().First(); o != nil; o = o.Next() {
		locs = append(locs, o.Loc())
	}
	if len(locs) != 2 {
		t.Fatalf("got %d ops", len(locs))
	}
	point := ir.FileLineCol(ctx, "k.mlir", 1, 1)
	if locs[0] != ir.Location(point) {
		t.Errorf("loc(\"k.mlir\":1:1) is %p, FileLineCol gives %p", locs[0], point)
	}
	if locs[1] == ir.Location(point) {
		t.Errorf("the range 1:1 to 1:5 is the point 1:1")
	}
}

func TestParseErrorsAreLocated(t *testing.T) {
	cases := []struct{ src, want string }{
		{`"test.op"(%x) : (i32) -> ()`, "<string>:1:11: error: use of undeclared SSA value name"},
		{`%0 = "test.op"() : () -> (i32)` + "\n" + `%0 = "test.op"() : () -> (i32)`, "<string>:2:1: error: redefinition of SSA value '%0'"},
		{`"test.op"() {a = 300 : i8} : () -> ()`, "<string>:1:18: error: integer constant out of range for attribute"},
		{`"test.op"() {a = 1 : i0} : () -> ()`, "<string>:1:18: error: integer constants of width 0 are not supported by tt"},
		{`"test.op"() {a = 1 : i128} : () -> ()`, "<string>:1:18: error: integer constants wider than 64 bits are not supported by tt"},
		{`"test.op"() {a = -1 : ui8} : () -> ()`, "<string>:1:18: error: negative integer literal not valid for unsigned integer type"},
		{`"test.op"() {a = 99999999999999999999 : i64} : () -> ()`, "<string>:1:18: error: integer constant out of range for attribute"},
		{`"test.op"() : () -> (tensor<4xi32`, "<string>:1:34: error: expected '>' in tensor type"},
		{`"test.op"() {a = #nope} : () -> ()`, "<string>:1:18: error: undefined symbol alias id 'nope'"},
		{`"test.op"() : () -> () loc(#undefined)`, "<string>:1:28: error: operation location alias was never defined"},
		{`"test.op"() : () -> () loc(#later)` + "\n" + `#later = 1 : i32`, "<string>:1:28: error: expected location, but found 'later'"},
		{`foo.bar`, "<string>:1:1: error: custom op 'foo.bar' is unknown"},
	}
	for _, c := range cases {
		_, err := asm.ParseString(newCtx(), c.src)
		if err == nil {
			t.Errorf("%q: expected error", c.src)
			continue
		}
		if got := err.Error(); got != c.want {
			t.Errorf("%q:\n got %s\nwant %s", c.src, got, c.want)
		}
	}
}
