package ir_test

import (
	"testing"

	"github.com/ttcompiler/tt/ir"
)

// Create stores an op's default-valued attributes that the state lacks,
// as properties when they are inherent, and leaves the state as it was.
func TestCreateDefaultAttrs(t *testing.T) {
	d := &ir.Dialect{Name: "dflt"}
	def := d.NewOp("op", 0)
	def.Inherent = []string{"flags"}
	def.DefaultAttrs = []ir.DefaultAttr{
		{Name: "flags", Value: func(ctx *ir.Context) ir.Attribute { return ir.I32Attr(ctx, 7) }},
		{Name: "dflt.note", Value: func(ctx *ir.Context) ir.Attribute { return ir.Unit(ctx) }},
	}
	ctx := ir.NewContext()
	ctx.Load(d)

	st := ir.NewState(ctx, "dflt.op", nil)
	op := ir.Create(st)
	if got := op.Attr("flags"); got != ir.Attribute(ir.I32Attr(ctx, 7)) {
		t.Errorf("flags = %v, want the default 7", got)
	}
	if len(op.Props()) != 1 || op.Props()[0].Name != "flags" {
		t.Errorf("properties %v, want the inherent default alone", op.Props())
	}
	if len(op.DiscardableAttrs()) != 1 || op.DiscardableAttrs()[0].Name != "dflt.note" {
		t.Errorf("discardable attributes %v, want the non-inherent default", op.DiscardableAttrs())
	}
	if len(st.Attrs) != 0 || len(st.Props) != 0 {
		t.Errorf("Create changed the state: %v %v", st.Attrs, st.Props)
	}

	st = ir.NewState(ctx, "dflt.op", nil)
	st.AddAttr("flags", ir.I32Attr(ctx, 1))
	op = ir.Create(st)
	if got := op.Attr("flags"); got != ir.Attribute(ir.I32Attr(ctx, 1)) {
		t.Errorf("flags = %v, want the given 1", got)
	}
	if n := len(op.Props()) + len(op.DiscardableAttrs()); n != 2 {
		t.Errorf("%d attributes, want the given flags and the default note", n)
	}
}
