package ir_test

import (
	"testing"

	"github.com/ttcompiler/tt/ir"
)

// Every kind of change to attached IR advances the context's generation,
// and reading the IR (walks, queries, verification) does not: the pass
// manager trusts an unchanged generation to skip verification.
func TestGenerationCountsEveryChange(t *testing.T) {
	d := &ir.Dialect{Name: "gen"}
	d.NewOp("container", ir.NoTerminator)
	d.NewOp("leaf", 0)
	d.NewOp("br", ir.Terminator)
	ctx := ir.NewContext()
	ctx.Load(d)
	i32, i64 := ir.I32(ctx), ir.I64(ctx)

	// top { entry(%a: i32) { x = leaf(%a); y = leaf(x) } second {} }
	b := ir.NewBuilder(ctx)
	st := ir.NewState(ctx, "gen.container", nil)
	body := st.AddRegion()
	top := ir.Create(st)
	entry := ir.NewBlock(ctx, []ir.Type{i32}, nil)
	body.Append(entry)
	second := ir.NewBlock(ctx, nil, nil)
	body.Append(second)
	b.SetInsertionPointToEnd(entry)
	x := b.CreateOp("gen.leaf", nil, []ir.Value{entry.Argument(0)}, []ir.Type{i32})
	y := b.CreateOp("gen.leaf", nil, []ir.Value{x.Result(0)}, []ir.Type{i32})
	var br *ir.Operation

	changes := []struct {
		name string
		do   func()
	}{
		{"SetAttr", func() { y.SetAttr("n", ir.Unit(ctx)) }},
		{"RemoveAttr", func() { y.RemoveAttr("n") }},
		{"SetProp", func() { y.SetProp("p", ir.Unit(ctx)) }},
		{"SetDiscardableAttrs", func() { y.SetDiscardableAttrs(nil) }},
		{"SetLoc", func() { y.SetLoc(ir.FileLineCol(ctx, "g", 1, 1)) }},
		{"SetOperand", func() { y.SetOperand(0, entry.Argument(0)) }},
		{"SetOperands", func() { y.SetOperands([]ir.Value{x.Result(0)}) }},
		{"InsertOperands", func() { y.InsertOperands(1, x.Result(0)) }},
		{"EraseOperands", func() { y.EraseOperands(1, 1) }},
		{"ReplaceAllUsesWith", func() { ir.ReplaceAllUsesWith(x.Result(0), entry.Argument(0)) }},
		{"OpResult.SetType", func() { x.Result(0).SetType(i64) }},
		{"BlockArgument.SetType", func() { entry.Argument(0).SetType(i64) }},
		{"BlockArgument.SetLoc", func() { entry.Argument(0).SetLoc(ir.FileLineCol(ctx, "g", 2, 1)) }},
		{"AddArgument", func() { entry.AddArgument(i32, nil) }},
		{"InsertArgument", func() { entry.InsertArgument(0, i32, nil) }},
		{"InsertArguments", func() { entry.InsertArguments(1, []ir.Type{i32, i64}, nil) }},
		{"EraseArgument", func() { entry.EraseArgument(0) }},
		{"MoveBefore", func() { y.MoveBefore(x) }},
		{"MoveAfter", func() { y.MoveAfter(x) }},
		{"Remove", func() { y.Remove() }},
		{"Append", func() { entry.Append(y) }},
		{"insert terminator", func() {
			br = ir.Create(&ir.OperationState{Ctx: ctx, Name: "gen.br", Successors: []*ir.Block{second}})
			entry.Append(br)
		}},
		{"SetSuccessor", func() { br.SetSuccessor(0, entry) }},
		{"SplitBefore", func() { entry.SplitBefore(y) }},
		{"Region.InsertBefore", func() { b := ir.NewBlock(ctx, nil, nil); body.InsertBefore(b, second) }},
		{"Block.Detach", func() { second.Detach() }},
		{"Region.InsertAfter", func() { body.InsertAfter(second, nil) }},
		{"Block.Erase", func() { second.Erase() }},
		{"TakeBody", func() {
			other := ir.NewRegion()
			other.Append(ir.NewBlock(ctx, nil, nil))
			body.TakeBody(other)
		}},
		{"DropAllReferences", func() { y.DropAllReferences() }},
		{"Erase", func() { y.Erase() }},
	}
	reads := func() {
		ir.WalkOps(top, func(op *ir.Operation) {
			_ = op.Operands()
			_ = op.Attrs()
			_ = op.ResultTypes()
			_ = op.Successors()
			if op.Block() != nil && op.Next() != nil {
				_ = op.IsBeforeInBlock(op.Next())
			}
		})
		_ = ir.Verify(top)
	}
	for _, c := range changes {
		before := ctx.Generation()
		reads()
		if ctx.Generation() != before {
			t.Fatalf("reading the IR before %s changed the generation", c.name)
		}
		c.do()
		if ctx.Generation() == before {
			t.Errorf("%s did not advance the generation", c.name)
		}
	}
}

// Updates that leave the IR as it is (an attribute, location or type set
// to the value it has, an op moved where it is) are no changes: the pass
// manager need not verify again after a pass that only made such updates.
func TestGenerationIgnoresNoOpUpdates(t *testing.T) {
	d := &ir.Dialect{Name: "gen"}
	d.NewOp("leaf", 0)
	ctx := ir.NewContext()
	ctx.Load(d)
	i32 := ir.I32(ctx)
	// holder { blk(%a: i32) { x = leaf(%a); y = leaf(x) } }
	blk := ir.NewBlock(ctx, []ir.Type{i32}, nil)
	st := ir.NewState(ctx, "gen.leaf", nil)
	st.AddRegion().Append(blk)
	ir.Create(st)
	b := ir.NewBuilder(ctx)
	b.SetInsertionPointToEnd(blk)
	x := b.CreateOp("gen.leaf", ir.FileLineCol(ctx, "g", 1, 1), []ir.Value{blk.Argument(0)}, []ir.Type{i32})
	y := b.CreateOp("gen.leaf", nil, []ir.Value{x.Result(0)}, []ir.Type{i32})
	x.SetAttr("n", ir.Unit(ctx))
	for _, c := range []struct {
		name string
		do   func()
	}{
		{"SetAttr (same value)", func() { x.SetAttr("n", ir.Unit(ctx)) }},
		{"SetLoc (same location)", func() { x.SetLoc(ir.FileLineCol(ctx, "g", 1, 1)) }},
		{"OpResult.SetType (same type)", func() { x.Result(0).SetType(i32) }},
		{"BlockArgument.SetType (same type)", func() { blk.Argument(0).SetType(i32) }},
		{"MoveBefore (where it is)", func() { x.MoveBefore(y) }},
		{"MoveAfter (where it is)", func() { y.MoveAfter(x) }},
	} {
		before := ctx.Generation()
		c.do()
		if ctx.Generation() != before {
			t.Errorf("%s advanced the generation", c.name)
		}
	}
	if blk.First() != x || x.Next() != y || y.Next() != nil {
		t.Errorf("the no-op moves moved something")
	}
}
