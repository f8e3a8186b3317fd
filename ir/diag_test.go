package ir_test

import (
	"slices"
	"strconv"
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

// An inlined op's location is a tree of call sites (Triton's front end
// nests them on the callee's side, MLIR's inliner on the caller's); its
// diagnostic shows the innermost frame, then each caller outward as a
// "called from" note, names looked through and unknown frames left out.
func TestDiagnosticCallStack(t *testing.T) {
	ctx := ir.NewContext()
	at := func(line int) ir.Location { return ir.FileLineCol(ctx, "f.py", line, 1) }
	call := func(callee, caller ir.Location) ir.Location { return ir.CallSite(ctx, callee, caller) }
	named := func(l ir.Location) ir.Location { return ir.NameLocOf(ctx, "x", l) }
	unknown := ir.Unknown(ctx)

	for _, c := range []struct {
		name  string
		loc   ir.Location
		lines []int // the frames' lines, innermost first
	}{
		{"plain", at(1), []int{1}},
		{"named", named(at(1)), []int{1}},
		{"unknown", unknown, nil},
		{"callee side", call(call(call(named(at(1)), at(2)), at(3)), named(at(4))), []int{1, 2, 3, 4}},
		{"caller side", call(at(1), call(at(2), call(at(3), at(4)))), []int{1, 2, 3, 4}},
		{"both", call(call(at(1), at(2)), call(at(3), at(4))), []int{1, 2, 3, 4}},
		{"unknown callee", call(call(unknown, at(2)), at(3)), []int{2, 3}},
	} {
		frames := ir.CallStack(c.loc)
		var lines []int
		for _, f := range frames {
			lines = append(lines, ir.FindFileLineCol(f).Line)
		}
		if !slices.Equal(lines, c.lines) {
			t.Errorf("%s: frames at lines %v, want %v", c.name, lines, c.lines)
			continue
		}
		want := "error: bad"
		if len(c.lines) > 0 {
			want = "f.py:" + strconv.Itoa(c.lines[0]) + ":1: " + want
			for _, l := range c.lines[1:] {
				want += "\nf.py:" + strconv.Itoa(l) + ":1: note: called from"
			}
		} else {
			want = "loc(unknown): " + want
		}
		if got := ir.Errorf(c.loc, "bad").Error(); got != want {
			t.Errorf("%s: rendered\n%s\nwant\n%s", c.name, got, want)
		}
	}

	// A recursion inlined deep shows MLIR's number of callers, no more.
	deep := at(100)
	for i := 99; i > 0; i-- {
		deep = call(deep, at(i))
	}
	got := ir.Errorf(deep, "bad").Error()
	if n := strings.Count(got, "called from"); n != ir.CallStackLimit {
		t.Errorf("a 100-frame stack shows %d callers, want %d", n, ir.CallStackLimit)
	}
	if !strings.HasPrefix(got, "f.py:100:1: error: bad\nf.py:99:1: note: called from") {
		t.Errorf("a deep stack starts %q", got[:60])
	}
}
