package conversion_test

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/ttcompiler/tt/conversion"
	"github.com/ttcompiler/tt/dialects/builtin"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

// Two toy dialects: "src" works on i32, "dst" on i64.
var (
	src = &ir.Dialect{Name: "src"}
	dst = &ir.Dialect{Name: "dst"}
	fn  = &ir.Dialect{Name: "fn"}
)

func init() {
	src.NewOp("add", ir.Pure)
	src.NewOp("const", ir.Pure)
	src.NewOp("mystery", 0)
	dst.NewOp("add", ir.Pure)
	dst.NewOp("const", ir.Pure)
	dst.NewOp("ext", ir.Pure)
	dst.NewOp("trunc", ir.Pure)
	f := fn.NewOp("func", ir.IsolatedFromAbove)
	_ = f
	fn.NewOp("ret", ir.Terminator)
	fn.NewOp("use", 0)
}

func parse(t *testing.T, text string) *ir.Operation {
	t.Helper()
	ctx := ir.NewContext()
	builtin.Load(ctx)
	for _, d := range []*ir.Dialect{src, dst, fn} {
		ctx.Load(d)
	}
	m, err := asm.ParseString(ctx, text)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func i64Converter(ctx *ir.Context) *conversion.TypeConverter {
	tc := conversion.NewTypeConverter()
	tc.AddConversion(func(t ir.Type) (ir.Type, bool) { return t, true })
	tc.AddConversion(func(t ir.Type) (ir.Type, bool) {
		if ir.IsInteger(t, 32) {
			return ir.I64(ctx), true
		}
		return nil, false
	})
	return tc
}

func patterns() []conversion.Pattern {
	add := conversion.NewPattern("add", "src.add", 1, func(op *ir.Operation, operands []ir.Value, rw *conversion.Rewriter) bool {
		t := rw.TypeConverter().ConvertType(op.Result(0).Type())
		n := rw.B().CreateOp("dst.add", op.Loc(), operands, []ir.Type{t})
		rw.ReplaceOp(op, n.Results())
		return true
	})
	cst := conversion.NewPattern("const", "src.const", 1, func(op *ir.Operation, operands []ir.Value, rw *conversion.Rewriter) bool {
		t := rw.TypeConverter().ConvertType(op.Result(0).Type())
		n := rw.B().CreateOp("dst.const", op.Loc(), nil, []ir.Type{t}, op.Attrs()...)
		rw.ReplaceOp(op, n.Results())
		return true
	})
	fun := conversion.NewPattern("func", "fn.func", 1, func(op *ir.Operation, operands []ir.Value, rw *conversion.Rewriter) bool {
		ok := rw.ConvertRegionTypes(op.Region(0), nil)
		rw.ModifyInPlace(op, func() { op.SetAttr("converted", ir.Unit(op.Context())) })
		return ok
	})
	return []conversion.Pattern{add, cst, fun}
}

func target(full bool) *conversion.Target {
	t := conversion.NewTarget()
	t.AddLegalDialect("dst", "builtin")
	t.AddIllegalDialect("src")
	t.AddDynamicallyLegalOp("fn.func", func(op *ir.Operation) bool { return op.HasAttr("converted") })
	t.AddLegalOp("fn.ret")
	return t
}

func TestConvertOpsAndBlockArguments(t *testing.T) { convertOpsAndBlockArguments(t, patterns()) }

// A pattern made by NewOpPattern asks the Rewriter for the converted
// values it reads instead of receiving the remapped operands.
func TestOpPatternAsksForItsOperands(t *testing.T) {
	ps := patterns()
	ps[0] = conversion.NewOpPattern("add", "src.add", 1, func(op *ir.Operation, rw *conversion.Rewriter) bool {
		t := rw.TypeConverter().ConvertType(op.Result(0).Type())
		operands := []ir.Value{rw.Remapped(op.Operand(0)), rw.Remapped(op.Operand(1))}
		n := rw.B().CreateOp("dst.add", op.Loc(), operands, []ir.Type{t})
		rw.ReplaceOp(op, n.Results())
		return true
	})
	convertOpsAndBlockArguments(t, ps)
}

func convertOpsAndBlockArguments(t *testing.T, ps []conversion.Pattern) {
	t.Helper()
	m := parse(t, `
"fn.func"() ({
^bb0(%a: i32):
  %c = "src.const"() {value = 1 : i32} : () -> i32
  %s = "src.add"(%a, %c) : (i32, i32) -> i32
  %t = "src.add"(%s, %s) : (i32, i32) -> i32
  "fn.use"(%t) : (i32) -> ()
  "fn.ret"() : () -> ()
}) : () -> ()`)
	tc := i64Converter(m.Context())
	tc.AddSourceMaterialization(func(b *ir.Builder, to ir.Type, in []ir.Value, loc ir.Location) ir.Value {
		return b.CreateOp("dst.trunc", loc, in, []ir.Type{to}).Result(0)
	})
	err := conversion.Apply(m, &conversion.Config{Target: target(false), Patterns: ps, Types: tc})
	if err != nil {
		t.Fatal(err)
	}
	got := asm.Sprint(m, asm.PrintConfig{})
	// fn.use is of unknown legality (partial conversion keeps it) and still
	// wants an i32: the source materialization truncates for it.
	want := `module {
  "fn.func"() ({
  ^bb0(%arg0: i64):
    %0 = "dst.const"() {value = 1 : i32} : () -> i64
    %1 = "dst.add"(%arg0, %0) : (i64, i64) -> i64
    %2 = "dst.add"(%1, %1) : (i64, i64) -> i64
    %3 = "dst.trunc"(%2) : (i64) -> i32
    "fn.use"(%3) : (i32) -> ()
    "fn.ret"() : () -> ()
  }) {converted} : () -> ()
}
`
	if d := cmp.Diff(want, got); d != "" {
		t.Fatalf("(-want +got):\n%s", d)
	}
	if err := ir.Verify(m); err != nil {
		t.Fatal(err)
	}
}

func TestIllegalOpFailureIsLocated(t *testing.T) {
	m := parse(t, `
"fn.func"() ({
  %x = "src.mystery"() : () -> i32
  "fn.ret"() : () -> ()
}) : () -> ()`)
	err := conversion.Apply(m, &conversion.Config{Target: target(false), Patterns: patterns(), Types: i64Converter(m.Context())})
	if err == nil || !strings.Contains(err.Error(), "<string>:3:8: error: 'src.mystery' op failed to legalize operation 'src.mystery' that was explicitly marked illegal") {
		t.Fatalf("got %v", err)
	}
}

func TestFullConversionRejectsUnknownOps(t *testing.T) {
	m := parse(t, `
"fn.func"() ({
  "fn.use"() : () -> ()
  "fn.ret"() : () -> ()
}) : () -> ()`)
	err := conversion.Apply(m, &conversion.Config{Target: target(true), Patterns: patterns(), Types: i64Converter(m.Context()), Mode: conversion.Full})
	if err == nil || !strings.Contains(err.Error(), "failed to legalize operation 'fn.use'") {
		t.Fatalf("got %v", err)
	}
}

func TestUnresolvedMaterializationIsReported(t *testing.T) {
	m := parse(t, `
"fn.func"() ({
  %c = "src.const"() {value = 1 : i32} : () -> i32
  "fn.use"(%c) : (i32) -> ()
  "fn.ret"() : () -> ()
}) : () -> ()`)
	err := conversion.Apply(m, &conversion.Config{Target: target(false), Patterns: patterns(), Types: i64Converter(m.Context())})
	if err == nil || !strings.Contains(err.Error(), "failed to legalize unresolved materialization from ('i64') to ('i32') that remained live after conversion") {
		t.Fatalf("got %v", err)
	}
}
