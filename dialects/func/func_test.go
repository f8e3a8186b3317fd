package function_test

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/ttcompiler/tt/dialects/arith"
	"github.com/ttcompiler/tt/dialects/builtin"
	function "github.com/ttcompiler/tt/dialects/func"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

func newCtx() *ir.Context {
	ctx := ir.NewContext()
	builtin.Load(ctx)
	function.Load(ctx)
	arith.Load(ctx)
	ctx.AllowUnregistered = true
	return ctx
}

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
		t.Fatalf("(-want +got):\n%s", d)
	}
	op2, err := asm.ParseString(ctx, got)
	if err != nil {
		t.Fatalf("reparse: %v", err)
	}
	if again := asm.Sprint(op2, cfg); again != got {
		t.Fatalf("not a fixed point:\n%s", cmp.Diff(got, again))
	}
	gcfg := cfg
	gcfg.Generic = true
	generic := asm.Sprint(op2, gcfg)
	op3, err := asm.ParseString(ctx, generic)
	if err != nil {
		t.Fatalf("reparse generic: %v\n%s", err, generic)
	}
	if err := ir.Verify(op3); err != nil {
		t.Fatalf("verify generic: %v", err)
	}
	if back := asm.Sprint(op3, cfg); back != got {
		t.Fatalf("generic round trip:\n%s\n%s", cmp.Diff(got, back), generic)
	}
}

func TestRoundTrip(t *testing.T) {
	cases := []struct{ name, in, want string }{
		{"decl", `func.func private @decl(i32, f32 {a.b = 1 : i32}) -> i32`, ``},
		{"decl_results", `func.func private @decl2() -> (i32, f32)`, ``},
		{"decl_result_attrs", `func.func private @decl3(i32) -> (i32 {tt.x})`, ``},
		{"decl_fn_result", `func.func private @decl4() -> ((i32) -> i32)`, ``},
		{"nested_vis", `func.func nested @n(i32)`, ``},
		{"public_kept", `func.func public @p(%x: i32) -> i32 {
  return %x : i32
}`, `func.func public @p(%arg0: i32) -> i32 {
  return %arg0 : i32
}`},
		{"args_attrs", `func.func @f(%a: i32 {tt.divisibility = 16 : i32}, %b: f32) -> (i32 {r}, f32) attributes {noinline = false} {
  return %a, %b : i32, f32
}`, `func.func @f(%arg0: i32 {tt.divisibility = 16 : i32}, %arg1: f32) -> (i32 {r}, f32) attributes {noinline = false} {
  return %arg0, %arg1 : i32, f32
}`},
		{"call", `func.func private @callee(i32) -> i32
func.func @caller(%x: i32) -> i32 {
  %0 = func.call @callee(%x) : (i32) -> i32
  %1 = call @callee(%0) {tag} : (i32) -> i32
  return %1 : i32
}`, `func.func private @callee(i32) -> i32
func.func @caller(%arg0: i32) -> i32 {
  %0 = call @callee(%arg0) : (i32) -> i32
  %1 = call @callee(%0) {tag} : (i32) -> i32
  return %1 : i32
}`},
		{"constant_indirect", `func.func private @callee(i32) -> i32
func.func @g(%x: i32) -> i32 {
  %f = func.constant @callee : (i32) -> i32
  %0 = func.call_indirect %f(%x) : (i32) -> i32
  return %0 : i32
}`, `func.func private @callee(i32) -> i32
func.func @g(%arg0: i32) -> i32 {
  %f = constant @callee : (i32) -> i32
  %0 = call_indirect %f(%arg0) : (i32) -> i32
  return %0 : i32
}`},
		{"blocks", `func.func @b(%c: i1) {
  "test.br"()[^bb1] : () -> ()
^bb1:
  return
}`, `func.func @b(%arg0: i1) {
  "test.br"()[^bb1] : () -> ()
^bb1:  // pred: ^bb0
  return
}`},
		{"return_attrs", `func.func @r() {
  return {foo}
}`, ``},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			want := c.want
			if want == "" {
				want = c.in
			}
			lines := strings.Split(want, "\n")
			for i := range lines {
				lines[i] = "  " + lines[i]
			}
			roundTrip(t, c.in, "module {\n"+strings.Join(lines, "\n")+"\n}\n", asm.PrintConfig{})
		})
	}
}

// TestNameLocArgs checks argument names and locations the way Triton's
// dumps print them (kernels/*.ttir: `%a_ptr: !tt.ptr<f16> {...} loc(...)`).
func TestNameLocArgs(t *testing.T) {
	src := `#loc = loc("k.py":69:0)
module {
  func.func public @kernel(%M: i32 {tt.divisibility = 16 : i32} loc("M"(#loc)), %N: i32 loc("N"(#loc))) attributes {noinline = false} {
    %c127_i32 = arith.constant 127 : i32 loc(#loc1)
    %npm = arith.addi %M, %c127_i32 : i32 loc(#loc2)
    return loc(#loc1)
  } loc(#loc)
} loc(#loc)
#loc1 = loc(unknown)
#loc2 = loc("npm"(#loc))
`
	// MLIR defines aliases for the argument locations at the top but prints
	// them inline (printRegionArgument does not use aliases).
	want := `#loc = loc("k.py":69:0)
#loc2 = loc("M"(#loc))
#loc3 = loc("N"(#loc))
module {
  func.func public @kernel(%M: i32 {tt.divisibility = 16 : i32} loc("M"(#loc)), %N: i32 loc("N"(#loc))) attributes {noinline = false} {
    %c127_i32 = arith.constant 127 : i32 loc(#loc1)
    %npm = arith.addi %M, %c127_i32 : i32 loc(#loc4)
    return loc(#loc1)
  } loc(#loc)
} loc(#loc)
#loc1 = loc(unknown)
#loc4 = loc("npm"(#loc))
`
	roundTrip(t, src, want, asm.PrintConfig{DebugInfo: true, UseNameLocAsPrefix: true})
}

func TestVerifierErrors(t *testing.T) {
	cases := []struct{ src, want string }{
		{`func.func @decl(i32)`, "'func.func' op symbol declaration cannot have public visibility"},
		{`func.func @f() -> i32 {
  return
}`, "'func.return' op has 0 operands, but enclosing function (@f) returns 1"},
		{`func.func @f(%a: f32) -> i32 {
  return %a : f32
}`, "type of return operand 0 ('f32') doesn't match function result type ('i32') in function @f"},
		{`func.func @f() {
  %0 = func.call @nope() : () -> i32
  return
}`, "'func.call' op 'nope' does not reference a valid function"},
		{`func.func private @g(i32) -> i32
func.func @f(%a: f32) {
  %0 = func.call @g(%a) : (f32) -> i32
  return
}`, "'func.call' op operand type mismatch: expected operand type 'i32', but provided 'f32' for operand number 0"},
		{`func.func private @g(i32) -> i32
func.func @f(%a: i32) {
  %0 = func.call @g(%a) : (i32) -> f32
  return
}`, "'func.call' op result type mismatch at index 0"},
		{`func.func private @g(i32) -> i32
func.func @f() {
  %0 = func.call @g() : () -> i32
  return
}`, "'func.call' op incorrect number of operands for callee"},
		{`"func.func"() <{function_type = (i32) -> (), sym_name = "f"}> ({
^bb0(%a: f32):
  "func.return"() : () -> ()
}) : () -> ()`, "'func.func' op type of entry block argument #0('f32') must match the type of the corresponding argument in function signature('i32')"},
		{`"func.func"() <{function_type = (i32) -> (), sym_name = "f"}> ({
^bb0:
  "func.return"() : () -> ()
}) : () -> ()`, "'func.func' op entry block must have 1 arguments to match function signature"},
		{`"func.func"() <{arg_attrs = [{}, {}], function_type = (i32) -> (), sym_name = "f", sym_visibility = "private"}> ({
}) : () -> ()`, "'func.func' op expects argument attribute array to have the same number of elements as the number of function arguments, got 2, but expected 1"},
		{`"test.op"() ({
  func.return
}) : () -> ()`, "'func.return' op expects parent op 'func.func'"},
	}
	for _, c := range cases {
		op, err := asm.ParseString(newCtx(), c.src)
		if err != nil {
			t.Errorf("parse %q: %v", c.want, err)
			continue
		}
		err = ir.Verify(op)
		if err == nil {
			t.Errorf("expected %q", c.want)
			continue
		}
		got := err.Error()
		if i := strings.Index(got, "error: "); i >= 0 {
			got = got[i+7:]
		}
		got = strings.SplitN(got, "\n", 2)[0]
		if got != c.want {
			t.Errorf("got  %s\nwant %s", got, c.want)
		}
	}
}

func TestParseErrors(t *testing.T) {
	cases := []struct{ src, want string }{
		{"func.func @f(%a: i32, f32) {\n}", "<string>:1:23: error: custom op 'func.func' expected SSA identifier"},
		{"func.func @f(i32, %a: f32) {\n}", "<string>:1:19: error: custom op 'func.func' expected type instead of SSA identifier"},
		{"func.func @f() attributes {sym_name = \"g\"} {\n}", "<string>:1:16: error: custom op 'func.func' 'sym_name' is an inferred attribute and should not be specified in the explicit attribute dictionary"},
		{"func.func @f() {\n}", "<string>:1:16: error: custom op 'func.func' expected non-empty function body"},
		{"func.func f() {\n}", "<string>:1:11: error: expected valid '@'-identifier for symbol name"},
		{"func.func @f(%a i32) {\n}", "<string>:1:17: error: expected ':'"},
		{"func.func @f() -> (i32 {\n}", "<string>:2:2: error: expected ')'"},
		{"func.func @f() {\n  %0 = call @g( : () -> ()\n  return\n}", "<string>:2:17: error: expected SSA operand"},
	}
	for _, c := range cases {
		_, err := asm.ParseString(newCtx(), c.src)
		if err == nil {
			t.Errorf("%q: expected error", c.src)
			continue
		}
		if got := strings.SplitN(err.Error(), "\n", 2)[0]; got != c.want {
			t.Errorf("%q\n got  %s\n want %s", c.src, got, c.want)
		}
	}
}

func TestBuilders(t *testing.T) {
	ctx := newCtx()
	m := builtin.NewModule(ctx, nil)
	b := ir.NewBuilder(ctx)
	b.SetInsertionPointToEnd(builtin.Body(m))
	i32 := ir.I32(ctx)
	function.NewFunc(b, nil, "ext", ir.Function(ctx, []ir.Type{i32}, []ir.Type{i32}), true)
	f := function.NewFunc(b, nil, "main", ir.Function(ctx, []ir.Type{i32, i32}, []ir.Type{i32}), false)
	function.SetArgAttr(f, 0, "tt.divisibility", ir.I32Attr(ctx, 16))
	fo := function.FuncOp{Operation: f}
	b.SetInsertionPointToEnd(fo.Body())
	args := fo.Arguments()
	sum := arith.NewBinary(b, "arith.addi", nil, args[0], args[1])
	call := function.NewCall(b, nil, "ext", []ir.Type{i32}, sum.Results())
	function.NewReturn(b, nil, call.Results())
	if err := ir.Verify(m); err != nil {
		t.Fatal(err)
	}
	want := `module {
  func.func private @ext(i32) -> i32
  func.func @main(%arg0: i32 {tt.divisibility = 16 : i32}, %arg1: i32) -> i32 {
    %0 = arith.addi %arg0, %arg1 : i32
    %1 = call @ext(%0) : (i32) -> i32
    return %1 : i32
  }
}
`
	if d := cmp.Diff(want, asm.Sprint(m, asm.PrintConfig{})); d != "" {
		t.Error(d)
	}
	if fo.Name() != "main" || fo.IsDeclaration() || len(fo.Type().Inputs) != 2 {
		t.Errorf("accessors: %s %v %v", fo.Name(), fo.IsDeclaration(), fo.Type())
	}
}
