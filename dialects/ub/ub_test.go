package ub_test

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/ttcompiler/tt/dialects/builtin"
	"github.com/ttcompiler/tt/dialects/ub"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

func newCtx() *ir.Context {
	ctx := ir.NewContext()
	builtin.Load(ctx)
	ub.Load(ctx)
	return ctx
}

func TestRoundTrip(t *testing.T) {
	src := `module {
  %0 = ub.poison : i32
  %1 = ub.poison : tensor<128x64x!tt.ptr<f16>>
  %2 = ub.poison {a} : f32
  %3 = ub.poison <#ub.poison> : i1
}
`
	want := `module {
  %0 = ub.poison : i32
  %1 = ub.poison : tensor<128x64x!tt.ptr<f16>>
  %2 = ub.poison {a} : f32
  %3 = ub.poison : i1
}
`
	ctx := newCtx()
	ctx.AllowUnregistered = true
	op, err := asm.ParseString(ctx, src)
	if err != nil {
		t.Fatal(err)
	}
	if err := ir.Verify(op); err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff(want, asm.Sprint(op, asm.PrintConfig{})); d != "" {
		t.Error(d)
	}
	gen := asm.Sprint(op, asm.PrintConfig{Generic: true})
	if !strings.Contains(gen, `%0 = "ub.poison"() <{value = #ub.poison}> : () -> i32`) {
		t.Errorf("generic form:\n%s", gen)
	}
	op2, err := asm.ParseString(ctx, gen)
	if err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff(want, asm.Sprint(op2, asm.PrintConfig{})); d != "" {
		t.Error(d)
	}
	// The folder returns the poison attribute, which the dialect
	// materializes back into ub.poison.
	first := op.Region(0).Front().First()
	res := first.Def().Fold(first, nil)
	if len(res) != 1 || !ub.IsPoison(res[0].Attr) {
		t.Fatalf("fold: %v", res)
	}
	b := ir.NewBuilder(ctx)
	b.SetInsertionPoint(first)
	if m := ub.Dialect.MaterializeConstant(b, res[0].Attr, ir.I64(ctx), nil); m == nil || m.Name() != "ub.poison" {
		t.Fatal("materialize")
	}
}

func TestErrors(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{"%0 = ub.poison", "<string>:1:15: error: expected ':'"},
		{"%0 = ub.poison : ", "<string>:1:18: error: expected non-function type"},
		{"%0 = \"ub.poison\"() <{value = #ub.nope}> : () -> i32", "<string>:1:38: error: unknown attribute `nope` in dialect `ub`"},
	} {
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
