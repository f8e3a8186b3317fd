package ir_test

import (
	"fmt"
	"testing"

	"github.com/ttcompiler/tt/ir"
)

// An op keeps its inherent and discardable attributes in one array. Adding,
// replacing and removing either kind must leave the other intact, and must
// not write into a list a caller got from the op before the change (Create
// drops duplicate names, which leaves the array longer than the lists).
func TestAttributeListsStayApart(t *testing.T) {
	d := &ir.Dialect{Name: "attrs"}
	d.NewOp("leaf", 0).Inherent = []string{"p", "q"}
	ctx := ir.NewContext()
	ctx.Load(d)
	v := func(n int64) ir.Attribute { return ir.I64Attr(ctx, n) }

	st := ir.NewState(ctx, "attrs.leaf", nil)
	st.AddAttr("p", v(1))
	st.AddAttr("d", v(2))
	st.AddAttr("b", v(3))
	st.AddAttr("d", v(4)) // a duplicate: the later value wins
	op := ir.Create(st)

	names := func(list []ir.NamedAttr) (out []string) {
		for _, a := range list {
			out = append(out, fmt.Sprintf("%s=%d", a.Name, a.Value.(*ir.IntegerAttr).Int()))
		}
		return out
	}
	want := func(what string, got []ir.NamedAttr, exp ...string) {
		t.Helper()
		g := names(got)
		if len(g) != len(exp) {
			t.Fatalf("%s: %v, want %v", what, g, exp)
		}
		for i := range g {
			if g[i] != exp[i] {
				t.Fatalf("%s: %v, want %v", what, g, exp)
			}
		}
	}
	want("props", op.Props(), "p=1")
	want("discardable", op.DiscardableAttrs(), "b=3", "d=4")

	before := op.DiscardableAttrs()
	op.SetAttr("c", v(5))
	want("held list after SetAttr", before, "b=3", "d=4")
	want("discardable after SetAttr", op.DiscardableAttrs(), "b=3", "c=5", "d=4")
	want("props after SetAttr", op.Props(), "p=1")

	op.SetAttr("q", v(6))
	want("props after inherent SetAttr", op.Props(), "p=1", "q=6")
	want("discardable after inherent SetAttr", op.DiscardableAttrs(), "b=3", "c=5", "d=4")

	op.SetAttr("p", v(7))
	if old := op.RemoveAttr("c"); old != v(5) {
		t.Fatalf("RemoveAttr(c) = %v", old)
	}
	if old := op.RemoveAttr("q"); old != v(6) {
		t.Fatalf("RemoveAttr(q) = %v", old)
	}
	want("props at the end", op.Props(), "p=7")
	want("discardable at the end", op.DiscardableAttrs(), "b=3", "d=4")
	want("all at the end", op.Attrs(), "b=3", "d=4", "p=7")
}
