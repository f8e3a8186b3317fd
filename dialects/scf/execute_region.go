package scf

import (
	"github.com/ttcompiler/tt/ir"
)

// ExecuteRegionOpDef is `scf.execute_region`.
var ExecuteRegionOpDef = Dialect.NewOp("execute_region", ir.RecursiveEffects)

func init() {
	d := ExecuteRegionOpDef
	d.Inherent = []string{"no_inline"}
	d.Parse = parseExecuteRegion
	d.Print = printExecuteRegion
	d.Verify = func(op *ir.Operation) error {
		if err := checkRegionCount(op, 1); err != nil {
			return err
		}
		if op.Region(0).Empty() {
			return ir.OpErrorf(op, "region needs to have at least one block")
		}
		if op.Region(0).Front().NumArguments() > 0 {
			return ir.OpErrorf(op, "region cannot have any arguments")
		}
		return nil
	}
}

// syntax: [-> types] [no_inline] region attr-dict
func parseExecuteRegion(p ir.OpParser, st *ir.OperationState) error {
	var err error
	if st.Types, err = p.ParseOptionalArrowTypeList(); err != nil {
		return err
	}
	if _, ok := p.ParseOptionalKeyword("no_inline"); ok {
		st.AddAttr("no_inline", ir.Unit(p.Context()))
	}
	if err := p.ParseRegion(st.AddRegion(), nil); err != nil {
		return err
	}
	return p.ParseOptionalAttrDict(st)
}

func printExecuteRegion(p ir.OpPrinter, op *ir.Operation) {
	if op.NumResults() > 0 {
		p.WriteString(" ")
		p.PrintArrowTypeList(op.ResultTypes())
	}
	p.WriteString(" ")
	if op.Attr("no_inline") != nil {
		p.WriteString("no_inline ")
	}
	p.PrintRegion(op.Region(0), false, true)
	p.PrintOptionalAttrDict(op.DiscardableAttrs())
}

// NewExecuteRegion builds `scf.execute_region -> results` whose single
// block is filled by fn (which returns the values to yield).
func NewExecuteRegion(b *ir.Builder, loc ir.Location, results []ir.Type, fn func(b *ir.Builder) []ir.Value) *ir.Operation {
	ctx := b.Ctx
	st := ir.NewState(ctx, "scf.execute_region", loc)
	st.Types = results
	blk := ir.NewBlock(ctx, nil, nil)
	st.AddRegion().Append(blk)
	op := b.Create(st)
	inner := ir.NewBuilder(ctx)
	inner.SetInsertionPointToEnd(blk)
	NewYield(inner, loc, fn(inner))
	return op
}
