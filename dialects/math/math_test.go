package math_test

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/ttcompiler/tt/dialects/arith"
	"github.com/ttcompiler/tt/dialects/builtin"
	function "github.com/ttcompiler/tt/dialects/func"
	"github.com/ttcompiler/tt/dialects/math"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

func newCtx() *ir.Context {
	ctx := ir.NewContext()
	builtin.Load(ctx)
	math.Load(ctx)
	function.Load(ctx)
	return ctx
}

func indent(s, pre string) string {
	var b strings.Builder
	for _, l := range strings.Split(strings.TrimRight(s, "\n"), "\n") {
		if l != "" {
			b.WriteString(pre + l + "\n")
		}
	}
	return b.String()
}

func wrap(args, body string) string {
	return "module {\n  func.func @f(" + args + ") {\n" + indent(body, "    ") + "    return\n  }\n}\n"
}

func roundTrip(t *testing.T, src, want string) {
	t.Helper()
	ctx := newCtx()
	op, err := asm.ParseString(ctx, src)
	if err != nil {
		t.Fatalf("parse: %v", err)
	}
	if err := ir.Verify(op); err != nil {
		t.Fatalf("verify: %v", err)
	}
	got := asm.Sprint(op, asm.PrintConfig{})
	if d := cmp.Diff(want, got); d != "" {
		t.Fatalf("(-want +got):\n%s", d)
	}
	op2, err := asm.ParseString(ctx, got)
	if err != nil {
		t.Fatalf("reparse: %v", err)
	}
	if again := asm.Sprint(op2, asm.PrintConfig{}); again != got {
		t.Fatalf("not a fixed point:\n%s", cmp.Diff(got, again))
	}
	generic := asm.Sprint(op2, asm.PrintConfig{Generic: true})
	op3, err := asm.ParseString(ctx, generic)
	if err != nil {
		t.Fatalf("reparse generic: %v\n%s", err, generic)
	}
	if err := ir.Verify(op3); err != nil {
		t.Fatalf("verify generic: %v", err)
	}
	if back := asm.Sprint(op3, asm.PrintConfig{}); back != got {
		t.Fatalf("generic round trip:\n%s", cmp.Diff(got, back))
	}
}

func TestRoundTrip(t *testing.T) {
	const args = "%x: f32, %y: f32, %z: f32, %t: tensor<1024xf32>, %i: i32, %j: i32"
	var cases []string
	for _, n := range []string{"absf", "acos", "acosh", "asin", "asinh", "atan", "atanh", "cbrt", "ceil", "cos", "cosh", "erf", "erfc", "exp", "exp2", "expm1", "floor", "log", "log10", "log1p", "log2", "round", "roundeven", "rsqrt", "sin", "sinh", "sqrt", "tan", "tanh", "trunc"} {
		cases = append(cases, "%0 = math."+n+" %x : f32", "%0 = math."+n+" %t fastmath<fast> : tensor<1024xf32>")
	}
	for _, n := range []string{"atan2", "copysign", "powf"} {
		cases = append(cases, "%0 = math."+n+" %x, %y : f32", "%0 = math."+n+" %x, %y fastmath<nnan,ninf> : f32")
	}
	cases = append(cases,
		"%0 = math.fma %x, %y, %z : f32",
		"%0 = math.fma %x, %y, %z fastmath<contract> : f32",
		"%0 = math.absi %i : i32",
		"%0 = math.ctlz %i : i32",
		"%0 = math.cttz %i : i32",
		"%0 = math.ctpop %i : i32",
		"%0 = math.ipowi %i, %j : i32",
		"%0 = math.fpowi %x, %i : f32, i32",
		"%0 = math.fpowi %x, %i fastmath<afn> : f32, i32",
		"%0 = math.isnan %x : f32",
		"%0 = math.isinf %t : tensor<1024xf32>",
		"%0 = math.isfinite %x fastmath<nnan> : f32",
		"%0 = math.isnormal %x : f32",
		"%0 = math.exp %x {tt.foo} : f32",
	)
	for _, c := range cases {
		want := strings.NewReplacer("%x", "%arg0", "%y", "%arg1", "%z", "%arg2", "%t", "%arg3", "%i", "%arg4", "%j", "%arg5").Replace(wrap(args, c))
		t.Run(c, func(t *testing.T) { roundTrip(t, wrap(args, c), want) })
	}
}

// TestRealWorld checks math snippets as Triton 3.6 prints them
// (kernels/passes/softmax.*.mlir, conformance goldens).
func TestRealWorld(t *testing.T) {
	src := `module {
  func.func @f(%arg0: tensor<1024xf32>, %arg1: tensor<128x128xf32>, %arg2: f32) {
    %0 = math.exp %arg0 : tensor<1024xf32>
    %1 = math.absf %arg1 : tensor<128x128xf32>
    %2 = math.exp %arg2 : f32
    %3 = math.sqrt %arg2 : f32
    return
  }
}
`
	roundTrip(t, src, src)
}

func TestVerifier(t *testing.T) {
	cases := []struct{ src, want string }{
		{`%0 = "test.i"() : () -> i32
%1 = "math.exp"(%0) : (i32) -> i32`, "'math.exp' op operand #0 must be floating-point-like, but got 'i32'"},
		{`%0 = "test.f"() : () -> f32
%1 = "math.absi"(%0) : (f32) -> f32`, "'math.absi' op operand #0 must be signless-integer-like, but got 'f32'"},
		{`%0 = "test.f"() : () -> f32
%1 = "math.isnan"(%0) : (f32) -> f32`, "'math.isnan' op result #0 must be bool-like, but got 'f32'"},
		{`%0 = "test.f"() : () -> f32
%1 = "test.f"() : () -> f64
%2 = "math.powf"(%0, %1) : (f32, f64) -> f32`, "'math.powf' op requires the same type for all operands and results"},
		{`%0 = "test.f"() : () -> f32
%1 = "test.i"() : () -> f32
%2 = "math.fpowi"(%0, %1) : (f32, f32) -> f32`, "'math.fpowi' op operand #1 must be signless-integer-like, but got 'f32'"},
	}
	for _, c := range cases {
		ctx := newCtx()
		ctx.AllowUnregistered = true
		op, err := asm.ParseString(ctx, c.src)
		if err != nil {
			t.Fatalf("parse: %v", err)
		}
		err = ir.Verify(op)
		if err == nil {
			t.Errorf("%s: expected error", c.want)
			continue
		}
		if got := err.Error(); !strings.HasSuffix(got, "error: "+c.want) {
			t.Errorf("got  %s\nwant %s", got, c.want)
		}
	}
}

func TestParseErrors(t *testing.T) {
	pre := "%f = \"test.f\"() : () -> f32\n"
	cases := []struct{ src, want string }{
		{"%0 = math.exp %f, %f : f32", "<string>:2:17: error: expected ':'"},
		{"%0 = math.powf %f : f32", "<string>:2:19: error: expected ','"},
		{"%0 = math.isnan %f : i32", "<string>:2:6: error: custom op 'math.isnan' 'operand' must be floating-point-like, but got 'i32'"},
		{"%0 = math.exp %f fastmath<bogus> : f32", "<string>:2:27: error: custom op 'math.exp' expected ::mlir::arith::FastMathFlags to be one of: none, reassoc, nnan, ninf, nsz, arcp, contract, afn, fast"},
		{"%0 = math.fpowi %f, %f : f32", "<string>:2:29: error: expected ','"},
	}
	for _, c := range cases {
		ctx := newCtx()
		ctx.AllowUnregistered = true
		_, err := asm.ParseString(ctx, pre+c.src)
		if err == nil {
			t.Errorf("%s: expected error", c.src)
			continue
		}
		if got := strings.SplitN(err.Error(), "\n", 2)[0]; got != c.want {
			t.Errorf("%q\n got  %s\n want %s", c.src, got, c.want)
		}
	}
}

func TestFold(t *testing.T) {
	cases := []struct{ name, res, body, want string }{
		{"absf", "f32", `%a = arith.constant -2.5 : f32
%0 = math.absf %a : f32
return %0 : f32`, `%cst = arith.constant 2.500000e+00 : f32
return %cst : f32`},
		{"floor_f16", "f16", `%a = arith.constant -2.5 : f16
%0 = math.floor %a : f16
return %0 : f16`, `%cst = arith.constant -3.000000e+00 : f16
return %cst : f16`},
		{"round_roundeven", "f32", `%a = arith.constant 2.5 : f32
%0 = math.round %a : f32
%1 = math.roundeven %a : f32
%2 = arith.addf %0, %1 : f32
return %2 : f32`, `%cst = arith.constant 5.000000e+00 : f32
return %cst : f32`},
		{"sqrt", "f32", `%a = arith.constant 2.0 : f32
%0 = math.sqrt %a : f32
return %0 : f32`, `%cst = arith.constant 1.41421354 : f32
return %cst : f32`},
		{"sqrt_negative_nofold", "f32", `%a = arith.constant -2.0 : f32
%0 = math.sqrt %a : f32
return %0 : f32`, `%cst = arith.constant -2.000000e+00 : f32
%0 = math.sqrt %cst : f32
return %0 : f32`},
		{"exp_f16_nofold", "f16", `%a = arith.constant 1.0 : f16
%0 = math.exp %a : f16
return %0 : f16`, `%cst = arith.constant 1.000000e+00 : f16
%0 = math.exp %cst : f16
return %0 : f16`},
		{"exp_f32", "f32", `%a = arith.constant 1.0 : f32
%0 = math.exp %a : f32
return %0 : f32`, `%cst = arith.constant 2.71828175 : f32
return %cst : f32`},
		{"exp_splat", "tensor<4xf32>", `%a = arith.constant dense<0.0> : tensor<4xf32>
%0 = math.exp %a : tensor<4xf32>
return %0 : tensor<4xf32>`, `%cst = arith.constant dense<1.000000e+00> : tensor<4xf32>
return %cst : tensor<4xf32>`},
		{"copysign", "f32", `%a = arith.constant 3.0 : f32
%b = arith.constant -0.0 : f32
%0 = math.copysign %a, %b : f32
return %0 : f32`, `%cst = arith.constant -3.000000e+00 : f32
return %cst : f32`},
		{"ctlz", "i32", `%a = arith.constant 1 : i32
%0 = math.ctlz %a : i32
%1 = math.cttz %a : i32
%2 = math.ctpop %a : i32
%3 = arith.addi %0, %1 : i32
%4 = arith.addi %3, %2 : i32
return %4 : i32`, `%c32_i32 = arith.constant 32 : i32
return %c32_i32 : i32`},
		{"absi_min", "i8", `%a = arith.constant -128 : i8
%0 = math.absi %a : i8
return %0 : i8`, `%c-128_i8 = arith.constant -128 : i8
return %c-128_i8 : i8`},
		{"ipowi", "i32", `%a = arith.constant 3 : i32
%b = arith.constant 5 : i32
%0 = math.ipowi %a, %b : i32
return %0 : i32`, `%c243_i32 = arith.constant 243 : i32
return %c243_i32 : i32`},
		{"ipowi_neg", "i32", `%a = arith.constant -1 : i32
%b = arith.constant -3 : i32
%0 = math.ipowi %a, %b : i32
return %0 : i32`, `%c-1_i32 = arith.constant -1 : i32
return %c-1_i32 : i32`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			ctx := newCtx()
			src := "func.func @f() -> " + c.res + " {\n" + c.body + "\n}\n"
			op, err := asm.ParseString(ctx, src)
			if err != nil {
				t.Fatalf("parse: %v", err)
			}
			canonicalize(op, false)
			want := "module {\n  func.func @f() -> " + c.res + " {\n" + indent(c.want, "    ") + "  }\n}\n"
			if d := cmp.Diff(want, asm.Sprint(op, asm.PrintConfig{})); d != "" {
				t.Errorf("(-want +got):\n%s", d)
			}
		})
	}
}

var _ = arith.Load
