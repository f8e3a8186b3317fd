package ir_test

import (
	"strings"
	"sync"
	"testing"

	"github.com/ttcompiler/tt/ir"
)

// Ops created on several goroutines of one context (function passes run
// in parallel) get their own operands, results and attributes, although
// they share the context's chunks, definition slots and default values.
func TestCreateConcurrently(t *testing.T) {
	d := &ir.Dialect{Name: "conc"}
	def := d.NewOp("op", 0)
	def.Inherent = []string{"flags"}
	def.DefaultAttrs = []ir.DefaultAttr{
		{Name: "flags", Value: func(ctx *ir.Context) ir.Attribute { return ir.I32Attr(ctx, 7) }},
	}
	ctx := ir.NewContext()
	ctx.Load(d)
	i32 := ir.I32(ctx)

	var wg sync.WaitGroup
	for g := range 4 {
		wg.Go(func() {
			var prev []ir.Value
			for i := range 500 {
				st := ir.NewState(ctx, "conc.op", nil)
				st.Operands = prev[:min(len(prev), i%7)]
				st.Types = []ir.Type{i32, i32}[:1+i%2]
				st.AddAttr("conc.tag", ir.I64Attr(ctx, int64(g*1000+i)))
				op := ir.Create(st)
				if op.Clone(nil).Attr("conc.tag") != op.Attr("conc.tag") {
					t.Errorf("the clone of op %d lost its tag", i)
					return
				}
				prev = append(op.Results(), prev...)
			}
			for _, v := range prev {
				op := v.DefiningOp()
				want := ir.Attribute(ir.I32Attr(ctx, 7))
				if op.Attr("flags") != want {
					t.Errorf("flags = %v, want the default", op.Attr("flags"))
					return
				}
				tag := op.Attr("conc.tag").(*ir.IntegerAttr).Int()
				if tag/1000 != int64(g) {
					t.Errorf("goroutine %d sees an op tagged %d", g, tag)
					return
				}
				for j := range op.NumOperands() {
					if op.Operand(j).DefiningOp() == nil {
						t.Errorf("op %d: operand %d lost", tag, j)
						return
					}
				}
			}
		})
	}
	wg.Wait()
}

// OpDefFor answers the same definition for a name whatever the string's
// bytes (a constant, or text cut from a parsed file).
func TestOpDefForAnyString(t *testing.T) {
	d := &ir.Dialect{Name: "slot"}
	def := d.NewOp("op", 0)
	ctx := ir.NewContext()
	ctx.Load(d)
	built := strings.Join([]string{"slot", "op"}, ".")
	for range 3 {
		if got := ctx.OpDefFor("slot.op"); got != def {
			t.Fatalf("OpDefFor(constant) = %v, want the registered definition", got)
		}
		if got := ctx.OpDefFor(built); got != def {
			t.Fatalf("OpDefFor(built name) = %v, want the registered definition", got)
		}
	}
	if got := ctx.OpDefFor("slot.other"); got.Registered() {
		t.Errorf("OpDefFor(unknown) = %v, want an unregistered placeholder", got)
	}
}
