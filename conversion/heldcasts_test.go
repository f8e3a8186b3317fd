package conversion_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/ttcompiler/tt/conversion"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

// The held casts (heldcasts.go) must behave as casts with operands: an i64
// splits into two i32 halves (a 1:2 conversion, so that each source cast
// has two inputs and is held).

func init() {
	src.NewOp("pair", ir.Pure) // an i64 from two constant halves
	src.NewOp("twice", ir.Pure)
	src.NewOp("retarget", 0)
	dst.NewOp("join", ir.Pure)
}

func splitConverter(ctx *ir.Context) *conversion.TypeConverter {
	tc := conversion.NewTypeConverter()
	tc.AddConversion(func(t ir.Type) (ir.Type, bool) { return t, true })
	tc.AddConversionN(func(t ir.Type) ([]ir.Type, bool) {
		if ir.IsInteger(t, 64) {
			return []ir.Type{ir.I32(ctx), ir.I32(ctx)}, true
		}
		return nil, false
	})
	tc.AddSourceMaterialization(func(b *ir.Builder, to ir.Type, in []ir.Value, loc ir.Location) ir.Value {
		return b.CreateOp("dst.join", loc, in, []ir.Type{to}).Result(0)
	})
	return tc
}

func splitPatterns() []conversion.Pattern {
	i32 := func(rw *conversion.Rewriter) ir.Type { return ir.I32(rw.B().Ctx) }
	pair := conversion.NewPattern("pair", "src.pair", 1, func(op *ir.Operation, _ []ir.Value, rw *conversion.Rewriter) bool {
		lo := rw.B().CreateOp("dst.const", op.Loc(), nil, []ir.Type{i32(rw)}, ir.NamedAttr{Name: "value", Value: op.Attr("lo")})
		hi := rw.B().CreateOp("dst.const", op.Loc(), nil, []ir.Type{i32(rw)}, ir.NamedAttr{Name: "value", Value: op.Attr("hi")})
		halves := []ir.Value{lo.Result(0), hi.Result(0)}
		rw.ReplaceOpN(op, [][]ir.Value{halves})
		halves[0] = hi.Result(0) // the cast must not see the caller's list
		return true
	})
	// twice adds each half to itself, writing the sums into the list it
	// was handed (as lowerWarpGroupDotWait does).
	twice := conversion.NewPattern("twice", "src.twice", 1, func(op *ir.Operation, _ []ir.Value, rw *conversion.Rewriter) bool {
		halves := rw.RemappedN(op.Operand(0))
		for i, h := range halves {
			halves[i] = rw.B().CreateOp("dst.add", op.Loc(), []ir.Value{h, h}, []ir.Type{i32(rw)}).Result(0)
		}
		rw.ReplaceOpN(op, [][]ir.Value{halves})
		return true
	})
	// retarget replaces the uses of its operand's low half with a new
	// constant (at the top of the block), through the Rewriter.
	retarget := conversion.NewPattern("retarget", "src.retarget", 1, func(op *ir.Operation, _ []ir.Value, rw *conversion.Rewriter) bool {
		lo := rw.RemappedN(op.Operand(0))[0]
		rw.B().SetInsertionPointToStart(op.Block())
		c := rw.B().CreateOp("dst.const", op.Loc(), nil, []ir.Type{i32(rw)}, ir.NamedAttr{Name: "value", Value: ir.IntegerAttrOf(rw.B().Ctx, i32(rw), 7)})
		rw.ReplaceAllUsesWith(lo, c.Result(0))
		rw.EraseOp(op)
		return true
	})
	return []conversion.Pattern{pair, twice, retarget}
}

func TestHeldCastsActAsOperandCasts(t *testing.T) {
	m := parse(t, `
"fn.func"() ({
  %p = "src.pair"() {lo = 1 : i32, hi = 2 : i32} : () -> i64
  %q = "src.twice"(%p) : (i64) -> i64
  "fn.use"(%p) : (i64) -> ()
  "fn.use"(%q) : (i64) -> ()
  "src.retarget"(%p) : (i64) -> ()
  "fn.use"(%p) : (i64) -> ()
  "fn.ret"() : () -> ()
}) {converted} : () -> ()`)
	err := conversion.Apply(m, &conversion.Config{Target: target(false), Patterns: splitPatterns(), Types: splitConverter(m.Context())})
	if err != nil {
		t.Fatal(err)
	}
	// The fn.use of %p sees its halves although src.twice wrote its sums
	// into the list it was handed, and the retarget's replacement of the
	// low half reaches the cast that fn.use still uses (as it reaches
	// src.twice's add, converted before: a cast with operands would see
	// both the same way).
	want := `module {
  "fn.func"() ({
    %0 = "dst.const"() {value = 7 : i32} : () -> i32
    %1 = "dst.const"() {value = 1 : i32} : () -> i32
    %2 = "dst.const"() {value = 2 : i32} : () -> i32
    %3 = "dst.join"(%0, %2) : (i32, i32) -> i64
    %4 = "dst.add"(%0, %0) : (i32, i32) -> i32
    %5 = "dst.add"(%2, %2) : (i32, i32) -> i32
    %6 = "dst.join"(%4, %5) : (i32, i32) -> i64
    "fn.use"(%3) : (i64) -> ()
    "fn.use"(%6) : (i64) -> ()
    "fn.use"(%3) : (i64) -> ()
    "fn.ret"() : () -> ()
  }) {converted} : () -> ()
}
`
	if d := cmp.Diff(want, asm.Sprint(m, asm.PrintConfig{})); d != "" {
		t.Fatalf("(-want +got):\n%s", d)
	}
	if err := ir.Verify(m); err != nil {
		t.Fatal(err)
	}
}
