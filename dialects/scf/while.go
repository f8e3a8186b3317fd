package scf

import (
	"github.com/ttcompiler/tt/dialects/arith"
	function "github.com/ttcompiler/tt/dialects/func"
	"github.com/ttcompiler/tt/ir"
)

// WhileOpDef is `scf.while`; ConditionOpDef is its `scf.condition`.
var (
	WhileOpDef     = Dialect.NewOp("while", ir.RecursiveEffects|ir.SingleBlock)
	ConditionOpDef = Dialect.NewOp("condition", ir.Pure|ir.Terminator)
)

func init() {
	WhileOpDef.Parse = parseWhile
	WhileOpDef.Print = printWhile
	WhileOpDef.VerifyInvariants = verifyWhileInvariants
	WhileOpDef.Verify = verifyWhile
	WhileOpDef.VerifyRegions = verifyWhileRegions

	ConditionOpDef.HasParent = []string{"scf.while"}
	ConditionOpDef.Parse = parseCondition
	ConditionOpDef.Print = printCondition
	ConditionOpDef.VerifyInvariants = func(op *ir.Operation) error {
		if op.NumOperands() < 1 {
			return ir.OpErrorf(op, "expected 1 or more operands, but found 0")
		}
		return arith.CheckOperand(op, 0, arith.I1)
	}
}

// WhileOp is a typed view of an scf.while operation.
type WhileOp struct{ *ir.Operation }

// Inits returns the initial values passed to the before region.
func (w WhileOp) Inits() []ir.Value { return w.Operands() }

// Before returns the condition ("before") block.
func (w WhileOp) Before() *ir.Block { return w.Region(0).Front() }

// After returns the body ("after") block.
func (w WhileOp) After() *ir.Block { return w.Region(1).Front() }

// Condition returns the scf.condition terminating the before block.
func (w WhileOp) Condition() *ir.Operation { return w.Before().Last() }

// Yield returns the scf.yield terminating the after block.
func (w WhileOp) Yield() *ir.Operation { return w.After().Last() }

// NewWhile builds `scf.while (inits) : (...) -> results`. before returns
// the condition and the values forwarded to the after region (and the
// results); after returns the values passed back to before.
func NewWhile(b *ir.Builder, loc ir.Location, results []ir.Type, inits []ir.Value,
	before func(b *ir.Builder, args []ir.Value) (ir.Value, []ir.Value),
	after func(b *ir.Builder, args []ir.Value) []ir.Value) *ir.Operation {
	ctx := b.Ctx
	st := ir.NewState(ctx, "scf.while", loc)
	st.Operands = inits
	st.Types = results
	locs := make([]ir.Location, len(inits))
	for i, v := range inits {
		locs[i] = v.Loc()
	}
	bb := ir.NewBlock(ctx, ir.TypesOf(inits), locs)
	st.AddRegion().Append(bb)
	ab := ir.NewBlock(ctx, results, nil)
	st.AddRegion().Append(ab)
	op := b.Create(st)
	inner := ir.NewBuilder(ctx)
	inner.SetInsertionPointToEnd(bb)
	cond, fwd := before(inner, bb.Arguments())
	NewCondition(inner, loc, cond, fwd)
	inner.SetInsertionPointToEnd(ab)
	NewYield(inner, loc, after(inner, ab.Arguments()))
	return op
}

// NewCondition builds `scf.condition(cond) args`.
func NewCondition(b *ir.Builder, loc ir.Location, cond ir.Value, args []ir.Value) *ir.Operation {
	return b.CreateOp("scf.condition", loc, append([]ir.Value{cond}, args...), nil)
}

// syntax: [(%a = %init, ...)] : functional-type region `do` region [attributes {...}]
func parseWhile(p ir.OpParser, st *ir.OperationState) error {
	args, inits, err := parseOptionalAssignmentList(p)
	if err != nil {
		return err
	}
	if err := p.ParseColon(); err != nil {
		return err
	}
	typeLoc := p.Loc()
	ins, outs, err := p.ParseFunctionalType()
	if err != nil {
		return err
	}
	st.Types = outs
	if len(ins) != len(inits) {
		return p.ErrorfAt(typeLoc, "expected as many input types as operands (expected %d got %d)", len(inits), len(ins))
	}
	vals, err := p.ResolveOperands(inits, ins)
	if err != nil {
		return err
	}
	st.Operands = vals
	for i := range args {
		args[i].Type = ins[i]
	}
	if err := p.ParseRegion(st.AddRegion(), args); err != nil {
		return err
	}
	if err := p.ParseExpectedKeyword("do"); err != nil {
		return err
	}
	if err := p.ParseRegion(st.AddRegion(), nil); err != nil {
		return err
	}
	return p.ParseOptionalAttrDictWithKeyword(st)
}

func parseOptionalAssignmentList(p ir.OpParser) ([]ir.Argument, []ir.UnresolvedOperand, error) {
	var args []ir.Argument
	var vals []ir.UnresolvedOperand
	err := p.ParseCommaSeparatedList(ir.DelimOptionalParen, func() error {
		a, err := p.ParseArgument(false, false)
		if err != nil {
			return err
		}
		if err := p.ParseEqual(); err != nil {
			return err
		}
		v, err := p.ParseOperand()
		if err != nil {
			return err
		}
		args = append(args, a)
		vals = append(vals, v)
		return nil
	})
	return args, vals, err
}

func printWhile(p ir.OpPrinter, op *ir.Operation) {
	w := WhileOp{op}
	if b := w.Before(); b != nil && b.NumArguments() == op.NumOperands() {
		printInitList(p, " ", b.Arguments(), op.Operands())
	}
	p.WriteString(" : ")
	p.PrintFunctionalType(op)
	p.WriteString(" ")
	p.PrintRegion(op.Region(0), false, true)
	p.WriteString(" do ")
	p.PrintRegion(op.Region(1), true, true)
	p.PrintOptionalAttrDictWithKeyword(op.DiscardableAttrs())
}

// verifyWhileInvariants checks the ODS region constraints of scf.while.
func verifyWhileInvariants(op *ir.Operation) error {
	if err := checkRegionCount(op, 2); err != nil {
		return err
	}
	for i, name := range []string{"before", "after"} {
		if op.Region(i).NumBlocks() != 1 {
			return regionSizeError(op, i, name)
		}
	}
	return nil
}

func verifyWhile(op *ir.Operation) error {
	for i := 0; i < 2; i++ {
		if op.Region(i).Front().Empty() {
			return ir.OpErrorf(op, "expects a non-empty block")
		}
	}
	check := func(r *ir.Region, name, msg string) error {
		last := r.Front().Last()
		if last.Name() != name {
			return ir.OpErrorf(op, "%s", msg).Note(last.Loc(), "terminator here")
		}
		return nil
	}
	if err := check(op.Region(0), "scf.condition", "expects the 'before' region to terminate with 'scf.condition'"); err != nil {
		return err
	}
	return check(op.Region(1), "scf.yield", "expects the 'after' region to terminate with 'scf.yield'")
}

func verifyWhileRegions(op *ir.Operation) error {
	w := WhileOp{op}
	before, after := w.Before(), w.After()
	cond := w.Condition()
	var condArgs []ir.Value
	if cond.NumOperands() > 0 {
		condArgs = cond.Operands()[1:]
	}
	edges := []edge{
		{from: nil, toRegion: 0, values: op.Operands(), inputs: before.ArgumentTypes()},
		{from: cond, toRegion: -1, values: condArgs, inputs: op.ResultTypes()},
		{from: cond, toRegion: 1, values: condArgs, inputs: after.ArgumentTypes()},
		{from: w.Yield(), toRegion: 0, values: w.Yield().Operands(), inputs: before.ArgumentTypes()},
	}
	return verifyEdges(op, edges)
}

// syntax: `(` $condition `)` attr-dict ($args^ `:` type($args))?
func parseCondition(p ir.OpParser, st *ir.OperationState) error {
	if err := p.ParseLParen(); err != nil {
		return err
	}
	c, err := p.ParseOperand()
	if err != nil {
		return err
	}
	if err := p.ParseRParen(); err != nil {
		return err
	}
	cv, err := p.ResolveOperand(c, ir.I1(p.Context()))
	if err != nil {
		return err
	}
	st.Operands = []ir.Value{cv}
	if err := p.ParseOptionalAttrDict(st); err != nil {
		return err
	}
	return function.ParseOperandsWithTypes(p, st)
}

func printCondition(p ir.OpPrinter, op *ir.Operation) {
	p.WriteString("(")
	p.PrintOperand(op.Operand(0))
	p.WriteString(")")
	p.PrintOptionalAttrDict(op.DiscardableAttrs())
	if args := op.Operands()[1:]; len(args) > 0 {
		p.WriteString(" ")
		p.PrintOperands(args)
		p.WriteString(" : ")
		p.PrintTypes(ir.TypesOf(args))
	}
}
