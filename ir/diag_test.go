package ir_test

import (
	"strings"
	"testing"

	"github.com/ttcompiler/tt/ir"
)

// An op without a location is reported at its nearest located ancestor,
// so that every error a user sees has a file:line:col; an op with one
// keeps its own, and one with no located ancestor stays unknown.
func TestOpErrorfLocation(t *testing.T) {
	d := &ir.Dialect{Name: "diag"}
	d.NewOp("func", ir.NoTerminator)
	d.NewOp("c", 0)
	ctx := ir.NewContext()
	ctx.Load(d)
	nest := func(name string, loc ir.Location, parent *ir.Block) (*ir.Operation, *ir.Block) {
		st := ir.NewState(ctx, name, loc)
		r := st.AddRegion()
		op := ir.Create(st)
		body := ir.NewBlock(ctx, nil, nil)
		r.Append(body)
		if parent != nil {
			parent.Append(op)
		}
		return op, body
	}
	leaf := func(loc ir.Location, parent *ir.Block) *ir.Operation {
		op := ir.Create(ir.NewState(ctx, "diag.c", loc))
		parent.Append(op)
		return op
	}
	_, fnBody := nest("diag.func", ir.FileLineCol(ctx, "k.py", 12, 4), nil)
	_, inner := nest("diag.func", ir.Unknown(ctx), fnBody)
	unknownInside := leaf(ir.Unknown(ctx), inner)
	located := leaf(ir.FileLineCol(ctx, "k.py", 20, 8), inner)
	_, orphanBody := nest("diag.func", ir.Unknown(ctx), nil)
	orphan := leaf(ir.Unknown(ctx), orphanBody)

	for _, c := range []struct {
		op   *ir.Operation
		want string
	}{
		{unknownInside, "k.py:12:4: error: 'diag.c' op bad"},
		{located, "k.py:20:8: error: 'diag.c' op bad"},
		{orphan, "loc(unknown): error: 'diag.c' op bad"},
	} {
		if got := ir.OpErrorf(c.op, "bad").Error(); !strings.HasPrefix(got, c.want) {
			t.Errorf("got %q, want %q", got, c.want)
		}
	}
}
