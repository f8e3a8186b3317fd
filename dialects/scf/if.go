package scf

import (
	"github.com/ttcompiler/tt/dialects/arith"
	"github.com/ttcompiler/tt/ir"
)

// IfOpDef is `scf.if`. Its regions have an implicit scf.yield, but the
// else region may be empty, so the parser inserts terminators itself
// (SingleBlockTerminator stays empty; see the package report).
var IfOpDef = Dialect.NewOp("if", ir.RecursiveEffects|ir.SingleBlock|ir.SingleBlockImplicitTerminator)

func init() {
	d := IfOpDef
	d.Parse = parseIf
	d.Print = printIf
	d.VerifyInvariants = verifyIfInvariants
	d.Verify = verifyIf
	d.VerifyRegions = verifyIfRegions
}

// IfOp is a typed view of an scf.if operation.
type IfOp struct{ *ir.Operation }

// Condition returns the i1 condition.
func (o IfOp) Condition() ir.Value { return o.Operand(0) }

// ThenBlock returns the then block.
func (o IfOp) ThenBlock() *ir.Block { return o.Region(0).Front() }

// ElseBlock returns the else block, or nil when there is no else region.
func (o IfOp) ElseBlock() *ir.Block { return o.Region(1).Front() }

// ThenYield returns the terminator of the then block.
func (o IfOp) ThenYield() *ir.Operation { return o.ThenBlock().Last() }

// ElseYield returns the terminator of the else block, or nil.
func (o IfOp) ElseYield() *ir.Operation {
	if b := o.ElseBlock(); b != nil {
		return b.Last()
	}
	return nil
}

// NewIf builds `scf.if cond -> (results)`. thenFn (required) and elseFn
// (nil: no else region) fill the regions through a builder at the block
// end and return the values to yield.
func NewIf(b *ir.Builder, loc ir.Location, cond ir.Value, results []ir.Type,
	thenFn, elseFn func(b *ir.Builder) []ir.Value) *ir.Operation {
	ctx := b.Ctx
	st := ir.NewState(ctx, "scf.if", loc)
	st.Operands = []ir.Value{cond}
	st.Types = results
	fill := func(r *ir.Region, fn func(*ir.Builder) []ir.Value) {
		blk := ir.NewBlock(ctx, nil, nil)
		r.Append(blk)
		inner := ir.NewBuilder(ctx)
		inner.SetInsertionPointToEnd(blk)
		NewYield(inner, loc, fn(inner))
	}
	fill(st.AddRegion(), thenFn)
	elseR := st.AddRegion()
	if elseFn != nil {
		fill(elseR, elseFn)
	}
	return b.Create(st)
}

// syntax: %cond [-> (types)] region [else region] attr-dict
func parseIf(p ir.OpParser, st *ir.OperationState) error {
	ctx := p.Context()
	thenR, elseR := st.AddRegion(), st.AddRegion()
	c, err := p.ParseOperand()
	if err != nil {
		return err
	}
	cv, err := p.ResolveOperand(c, ir.I1(ctx))
	if err != nil {
		return err
	}
	st.Operands = []ir.Value{cv}
	if st.Types, err = p.ParseOptionalArrowTypeList(); err != nil {
		return err
	}
	if err := p.ParseRegion(thenR, nil); err != nil {
		return err
	}
	EnsureYield(ctx, thenR, st.Loc)
	if _, ok := p.ParseOptionalKeyword("else"); ok {
		if err := p.ParseRegion(elseR, nil); err != nil {
			return err
		}
		EnsureYield(ctx, elseR, st.Loc)
	}
	return p.ParseOptionalAttrDict(st)
}

func printIf(p ir.OpPrinter, op *ir.Operation) {
	p.WriteString(" ")
	p.PrintOperand(op.Operand(0))
	terms := op.NumResults() > 0
	if terms {
		p.WriteString(" -> (")
		p.PrintTypes(op.ResultTypes())
		p.WriteString(")")
	}
	p.WriteString(" ")
	p.PrintRegion(op.Region(0), false, terms)
	if op.NumRegions() > 1 && !op.Region(1).Empty() {
		p.WriteString(" else ")
		p.PrintRegion(op.Region(1), false, terms)
	}
	p.PrintOptionalAttrDict(op.DiscardableAttrs())
}

// verifyIfInvariants checks the ODS constraints of scf.if.
func verifyIfInvariants(op *ir.Operation) error {
	if err := arith.CheckCounts(op, 1, -1); err != nil {
		return err
	}
	if err := arith.CheckOperand(op, 0, arith.I1); err != nil {
		return err
	}
	return checkRegionCount(op, 2)
}

func verifyIf(op *ir.Operation) error {
	for i, r := range op.Regions() {
		if r.NumBlocks() > 1 {
			return ir.OpErrorf(op, "expects region #%d to have 0 or 1 blocks", i)
		}
		if b := r.Front(); b != nil && b.NumArguments() > 0 {
			return ir.OpErrorf(op, "region #%d should have no arguments", i)
		}
	}
	if err := verifyImplicitYield(op); err != nil {
		return err
	}
	if op.NumResults() != 0 && op.Region(1).Empty() {
		return ir.OpErrorf(op, "must have an else block if defining values")
	}
	return nil
}

func verifyIfRegions(op *ir.Operation) error {
	var edges []edge
	for _, r := range op.Regions() {
		if y := terminatorOf(r, "scf.yield"); y != nil {
			edges = append(edges, edge{from: y, toRegion: -1, values: y.Operands(), inputs: op.ResultTypes()})
		}
	}
	return verifyEdges(op, edges)
}
