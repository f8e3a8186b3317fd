package asmfmt_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/ttcompiler/tt/dialects/builtin"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
	"github.com/ttcompiler/tt/ir/asmfmt"
)

var (
	toy   = &ir.Dialect{Name: "toy"}
	i32   = func(ctx *ir.Context) ir.Type { return ir.IntegerTypeOf(ctx, 32) }
	anyT  = &asmfmt.Constraint{Summary: "any type", Check: func(ir.Type) bool { return true }}
	i32C  = &asmfmt.Constraint{Summary: "32-bit signless integer", Check: func(t ir.Type) bool { return ir.IsInteger(t, 32) }}
	fixed = func(ctx *ir.Context, _ func(string) ir.Type) ir.Type { return i32(ctx) }
)

func init() {
	src := toy.NewOp("src", 0)
	asmfmt.Install(src, asmfmt.Spec{
		Results: []asmfmt.Value{{Name: "r", Constraint: anyT}},
		Format:  "attr-dict `:` type($r)",
	})
	// toy.op %a, %b[, %c] {n = N} : T -> U with a default-valued attr and
	// an optional unit attr printed as a keyword.
	op := toy.NewOp("op", 0)
	asmfmt.Install(op, asmfmt.Spec{
		Operands: []asmfmt.Value{
			{Name: "a", Constraint: anyT},
			{Name: "b", Constraint: i32C, Infer: fixed},
			{Name: "c", Kind: asmfmt.Optional, Constraint: i32C, Infer: fixed},
		},
		Results: []asmfmt.Value{{Name: "r", Constraint: anyT}},
		Attrs: []asmfmt.Attr{
			{Name: "n", Kind: asmfmt.TypedAttr, Type: i32, Default: func(ctx *ir.Context) ir.Attribute { return ir.I32Attr(ctx, 0) }, Optional: true,
				Check: func(a ir.Attribute) bool { x, ok := a.(*ir.IntegerAttr); return ok && ir.IsInteger(x.Typ, 32) }, Summary: "32-bit signless integer attribute"},
			{Name: "fast", Kind: asmfmt.UnitAttr, Optional: true},
		},
		Format: "$a `,` $b (`,` $c^)? (`fast` $fast^)? attr-dict `:` type($a) `->` type($r)",
	})
	// toy.two yields two results: ODS names them after their declaration.
	two := toy.NewOp("two", 0)
	asmfmt.Install(two, asmfmt.Spec{
		Results: []asmfmt.Value{{Name: "value", Constraint: anyT}, {Name: "token", Constraint: anyT}},
		Format:  "attr-dict `:` type($value) `,` type($token)",
	})
}

func newCtx() *ir.Context {
	ctx := ir.NewContext()
	builtin.Load(ctx)
	ctx.Load(toy)
	return ctx
}

func TestRoundTrip(t *testing.T) {
	src := `module {
  %0 = toy.src : f32
  %1 = toy.src : i32
  %2 = toy.op %0, %1 : f32 -> f16
  %3 = toy.op %0, %1, %1 fast {n = 3 : i32} : f32 -> f16
  %4 = toy.op %0, %1 {other = 1 : i64} : f32 -> f16
  %value, %token = toy.two : f32, i32
}
`
	ctx := newCtx()
	m, err := asm.Parse(ctx, src, asm.ParseConfig{Filename: "toy"})
	if err != nil {
		t.Fatal(err)
	}
	if err := ir.Verify(m); err != nil {
		t.Fatal(err)
	}
	if got := asm.Sprint(m, asm.PrintConfig{}); got != src {
		t.Fatalf("got:\n%s\nwant:\n%s", got, src)
	}
	// The default is elided: writing it explicitly prints the same.
	m2, err := asm.Parse(newCtx(), strings.Replace(src, "%2 = toy.op %0, %1 :", "%2 = toy.op %0, %1 {n = 0 : i32} :", 1), asm.ParseConfig{Filename: "toy"})
	if err != nil {
		t.Fatal(err)
	}
	if got := asm.Sprint(m2, asm.PrintConfig{}); got != src {
		t.Fatalf("default not elided:\n%s", got)
	}
	// The generic form reads back to the same custom print.
	gen := asm.Sprint(m, asm.PrintConfig{Generic: true})
	m3, err := asm.Parse(newCtx(), gen, asm.ParseConfig{Filename: "generic"})
	if err != nil {
		t.Fatalf("%v\n%s", err, gen)
	}
	if got := asm.Sprint(m3, asm.PrintConfig{}); got != src {
		t.Fatalf("generic round trip:\n%s", got)
	}
}

func TestErrors(t *testing.T) {
	cases := []struct{ src, want string }{
		{"%0 = toy.src : f32\n%1 = toy.op %0, %0 : f32 -> f16\n", "use of value '%0' expects different type than prior uses: 'i32' vs 'f32'"},
		{"%0 = toy.src : f32\n%1 = toy.src : i32\n%2 = toy.op %0 %1 : f32 -> f16\n", "expected ','"},
		{"%0 = toy.src : f32\n%1 = toy.src : i32\n%2 = toy.op %0, %1 {n = 1.0 : f32} : f32 -> f16\n", "'toy.op' op attribute 'n' failed to satisfy constraint: 32-bit signless integer attribute"},
		{"%0 = toy.src : f32\n%1 = toy.src : i32\n%2 = \"toy.op\"(%0, %0) : (f32, f32) -> f16\n", "'toy.op' op operand #1 must be 32-bit signless integer, but got 'f32'"},
	}
	for _, c := range cases {
		m, err := asm.Parse(newCtx(), c.src, asm.ParseConfig{Filename: "toy"})
		if err == nil {
			err = ir.Verify(m)
		}
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: got %v, want %q", c.src, err, c.want)
		}
	}
}

func TestCompileErrors(t *testing.T) {
	for _, f := range []string{"$nope attr-dict", "(`,` $a", "type($a) `->` unknown($a)"} {
		if _, err := asmfmt.Compile(asmfmt.Spec{Operands: []asmfmt.Value{{Name: "a"}}, Format: f}); err == nil {
			t.Errorf("%q: compiled", f)
		}
	}
}

// Install defers compiling a format to the op's first use; CheckInstalled
// finds a malformed one without parsing or printing it, and the op's first
// print panics with the op's name.
func TestInstalledFormatsCompileLazily(t *testing.T) {
	d := &ir.Dialect{Name: "lazy"}
	bad := d.NewOp("bad", 0)
	asmfmt.Install(bad, asmfmt.Spec{Operands: []asmfmt.Value{{Name: "a"}}, Format: "$nope attr-dict"})
	err := asmfmt.CheckInstalled()
	if err == nil || !strings.Contains(err.Error(), "lazy.bad") {
		t.Fatalf("CheckInstalled: %v, want the error of lazy.bad", err)
	}
	ctx := ir.NewContext()
	ctx.Load(d)
	op := ir.Create(ir.NewState(ctx, "lazy.bad", ir.Unknown(ctx)))
	defer func() {
		if r := recover(); r == nil || !strings.Contains(fmt.Sprint(r), "lazy.bad") {
			t.Errorf("printing lazy.bad: recovered %v, want a panic naming it", r)
		}
	}()
	bad.Print(nil, op)
}
