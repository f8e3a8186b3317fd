package ir_test

import (
	"strings"
	"testing"

	"github.com/ttcompiler/tt/ir"
)

// The isolation check reports every use of a value from outside an
// isolated op, at each isolated level it crosses, also when an enclosing
// isolated op skips re-checking the nested ones that passed.
func TestIsolationChecks(t *testing.T) {
	d := &ir.Dialect{Name: "iso"}
	d.NewOp("wrap", ir.NoTerminator)
	d.NewOp("module", ir.IsolatedFromAbove|ir.NoTerminator)
	d.NewOp("func", ir.IsolatedFromAbove|ir.NoTerminator)
	d.NewOp("def", 0)
	d.NewOp("use", 0)
	ctx := ir.NewContext()
	ctx.Load(d)
	i32 := ir.I32(ctx)
	// withBody creates op name, with one region of one block that fill
	// fills, at the end of parent (when given).
	withBody := func(parent *ir.Block, name string, fill func(*ir.Block)) *ir.Operation {
		st := ir.NewState(ctx, name, nil)
		r := st.AddRegion()
		op := ir.Create(st)
		body := ir.NewBlock(ctx, nil, nil)
		r.Append(body)
		if parent != nil {
			parent.Append(op)
		}
		fill(body)
		return op
	}
	def := func(b *ir.Block) ir.Value {
		op := ir.Create(&ir.OperationState{Ctx: ctx, Name: "iso.def", Types: []ir.Type{i32}})
		b.Append(op)
		return op.Result(0)
	}
	use := func(b *ir.Block, v ir.Value) {
		b.Append(ir.Create(&ir.OperationState{Ctx: ctx, Name: "iso.use", Operands: []ir.Value{v}}))
	}

	clean := withBody(nil, "iso.module", func(m *ir.Block) {
		withBody(m, "iso.func", func(f *ir.Block) { use(f, def(f)) })
		use(m, def(m))
	})
	if err := ir.Verify(clean); err != nil {
		t.Errorf("clean module: %v", err)
	}

	// A function using a value of its module: the function's check fails
	// once; the module's passes.
	fromModule := withBody(nil, "iso.module", func(m *ir.Block) {
		x := def(m)
		withBody(m, "iso.func", func(f *ir.Block) { use(f, x) })
	})
	if n := countIsolationErrors(ir.Verify(fromModule)); n != 1 {
		t.Errorf("function using a module value: %d isolation errors, want 1", n)
	}

	// A value from outside the module: both the function's and the
	// module's checks fail.
	var module *ir.Operation
	withBody(nil, "iso.wrap", func(w *ir.Block) {
		x := def(w)
		module = withBody(w, "iso.module", func(m *ir.Block) {
			withBody(m, "iso.func", func(f *ir.Block) { use(f, x) })
		})
	})
	if n := countIsolationErrors(ir.Verify(module)); n != 2 {
		t.Errorf("function using a value from outside the module: %d isolation errors, want 2", n)
	}
}

func countIsolationErrors(err error) int {
	if err == nil {
		return 0
	}
	return strings.Count(err.Error(), "using value defined outside the region")
}
