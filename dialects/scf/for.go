package scf

import (
	"github.com/ttcompiler/tt/dialects/arith"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

// ForOpDef is `scf.for`.
var ForOpDef = Dialect.NewOp("for", ir.AutomaticAllocationScope|ir.RecursiveEffects|ir.SingleBlock|ir.SingleBlockImplicitTerminator)

func init() {
	d := ForOpDef
	d.SingleBlockTerminator = "scf.yield"
	d.Inherent = []string{"unsignedCmp"}
	d.Parse = parseFor
	d.Print = printFor
	d.VerifyInvariants = verifyForInvariants
	d.Verify = verifyFor
	d.VerifyRegions = verifyForRegions
}

// ForOp is a typed view of an scf.for operation.
type ForOp struct{ *ir.Operation }

func (f ForOp) LowerBound() ir.Value { return f.Operand(0) }
func (f ForOp) UpperBound() ir.Value { return f.Operand(1) }
func (f ForOp) Step() ir.Value       { return f.Operand(2) }

// Inits returns the initial values of the loop-carried variables.
func (f ForOp) Inits() []ir.Value { return f.OperandRange(3, f.NumOperands()) }

// Body returns the loop body block.
func (f ForOp) Body() *ir.Block { return f.Region(0).Front() }

// InductionVar returns the induction variable (the body's first argument).
func (f ForOp) InductionVar() ir.Value { return f.Body().Argument(0) }

// RegionIterArgs returns the body arguments carrying the loop variables.
func (f ForOp) RegionIterArgs() []ir.Value { return f.Body().Arguments()[1:] }

// Yield returns the body's scf.yield.
func (f ForOp) Yield() *ir.Operation { return f.Body().Last() }

// YieldedValues returns the values yielded to the next iteration.
func (f ForOp) YieldedValues() []ir.Value { return f.Yield().Operands() }

// Unsigned reports whether the loop compares its bounds unsigned.
func (f ForOp) Unsigned() bool { return f.Attr("unsignedCmp") != nil }

// NewFor builds `scf.for %iv = lb to ub step step iter_args(inits)`. The
// body callback receives a builder at the end of the body, the induction
// variable and the iteration arguments, and returns the values to yield
// (the scf.yield is created for it). A nil body yields the iter args.
func NewFor(b *ir.Builder, loc ir.Location, lb, ub, step ir.Value, inits []ir.Value,
	body func(b *ir.Builder, iv ir.Value, iterArgs []ir.Value) []ir.Value) *ir.Operation {
	op := NewForShell(b, loc, lb, ub, step, inits)
	blk := op.Region(0).Front()
	inner := ir.NewBuilder(b.Ctx)
	inner.SetInsertionPointToEnd(blk)
	yields := blk.Arguments()[1:]
	if body != nil {
		yields = body(inner, blk.Argument(0), blk.Arguments()[1:])
	}
	NewYield(inner, loc, yields)
	return op
}

// parseAssignmentList parses `(%inner = %outer, ...)`.
func parseAssignmentList(p ir.OpParser) ([]ir.Argument, []ir.UnresolvedOperand, error) {
	var args []ir.Argument
	var vals []ir.UnresolvedOperand
	err := p.ParseCommaSeparatedList(ir.DelimParen, func() error {
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

// printInitList prints `<prefix>(%inner = %outer, ...)` (nothing if empty).
func printInitList(p ir.OpPrinter, prefix string, inner, outer []ir.Value) {
	if len(outer) == 0 {
		return
	}
	p.WriteString(prefix + "(")
	for i := range outer {
		if i > 0 {
			p.WriteString(", ")
		}
		p.PrintOperand(inner[i])
		p.WriteString(" = ")
		p.PrintOperand(outer[i])
	}
	p.WriteString(")")
}

// syntax: [unsigned] %iv = %lb to %ub step %step [iter_args(...) -> (types)] [: type] region attr-dict
func parseFor(p ir.OpParser, st *ir.OperationState) error {
	ctx := p.Context()
	if _, ok := p.ParseOptionalKeyword("unsigned"); ok {
		st.AddAttr("unsignedCmp", ir.Unit(ctx))
	}
	iv, err := p.ParseArgument(false, false)
	if err != nil {
		return err
	}
	if err := p.ParseEqual(); err != nil {
		return err
	}
	lb, err := p.ParseOperand()
	if err != nil {
		return err
	}
	if err := p.ParseExpectedKeyword("to"); err != nil {
		return err
	}
	ub, err := p.ParseOperand()
	if err != nil {
		return err
	}
	if err := p.ParseExpectedKeyword("step"); err != nil {
		return err
	}
	step, err := p.ParseOperand()
	if err != nil {
		return err
	}
	args := []ir.Argument{iv}
	var inits []ir.UnresolvedOperand
	if _, ok := p.ParseOptionalKeyword("iter_args"); ok {
		a, v, err := parseAssignmentList(p)
		if err != nil {
			return err
		}
		args, inits = append(args, a...), v
		if st.Types, err = p.ParseArrowTypeList(); err != nil {
			return err
		}
	}
	if len(args) != len(st.Types)+1 {
		return p.ErrorfAt(st.Loc, "mismatch in number of loop-carried values and defined values")
	}
	var t ir.Type = ir.Index(ctx)
	if p.ParseOptionalColon() {
		if t, err = p.ParseType(); err != nil {
			return err
		}
	}
	args[0].Type = t
	bounds, err := p.ResolveOperands([]ir.UnresolvedOperand{lb, ub, step}, []ir.Type{t, t, t})
	if err != nil {
		return err
	}
	st.Operands = bounds
	for i, u := range inits {
		args[i+1].Type = st.Types[i]
		v, err := p.ResolveOperand(u, st.Types[i])
		if err != nil {
			return err
		}
		st.Operands = append(st.Operands, v)
	}
	if err := p.ParseRegion(st.AddRegion(), args); err != nil {
		return err
	}
	return p.ParseOptionalAttrDict(st)
}

func printFor(p ir.OpPrinter, op *ir.Operation) {
	f := ForOp{op}
	if f.Unsigned() {
		p.WriteString(" unsigned")
	}
	p.WriteString(" ")
	body := f.Body()
	if body == nil || body.NumArguments() == 0 {
		// Malformed loops (caught by the verifier) print generically enough
		// to be inspected.
		p.WriteString("<<no induction variable>>")
	} else {
		p.PrintOperand(f.InductionVar())
	}
	p.WriteString(" = ")
	p.PrintOperand(f.LowerBound())
	p.WriteString(" to ")
	p.PrintOperand(f.UpperBound())
	p.WriteString(" step ")
	p.PrintOperand(f.Step())
	inits := f.Inits()
	if body != nil && body.NumArguments() == len(inits)+1 {
		printInitList(p, " iter_args", body.Arguments()[1:], inits)
	}
	if len(inits) > 0 {
		p.WriteString(" -> (")
		p.PrintTypes(ir.TypesOf(inits))
		p.WriteString(")")
	}
	p.WriteString(" ")
	t := f.LowerBound().Type()
	if body != nil && body.NumArguments() > 0 {
		t = f.InductionVar().Type()
	}
	if _, idx := t.(*ir.IndexType); !idx {
		p.WriteString(" : ")
		p.PrintType(t)
		p.WriteString(" ")
	}
	p.PrintRegion(op.Region(0), false, len(inits) > 0)
	p.PrintOptionalAttrDict(op.DiscardableAttrs())
}

// verifyForInvariants checks the ODS constraints of scf.for.
func verifyForInvariants(op *ir.Operation) error {
	if op.NumOperands() < 3 {
		return ir.OpErrorf(op, "expected 3 or more operands, but found %d", op.NumOperands())
	}
	for i := 0; i < 3; i++ {
		if err := arith.CheckOperand(op, i, arith.SignlessIntegerOrIndex); err != nil {
			return err
		}
	}
	if t := op.Operand(0).Type(); op.Operand(1).Type() != t || op.Operand(2).Type() != t {
		return ir.OpErrorf(op, "failed to verify that all of {lowerBound, upperBound, step} have same type")
	}
	if a := op.Attr("unsignedCmp"); a != nil {
		if _, ok := a.(*ir.UnitAttr); !ok {
			return ir.OpErrorf(op, "attribute 'unsignedCmp' failed to satisfy constraint: unit attribute")
		}
	}
	if err := checkRegionCount(op, 1); err != nil {
		return err
	}
	if op.Region(0).NumBlocks() != 1 {
		return regionSizeError(op, 0, "region")
	}
	return nil
}

func verifyFor(op *ir.Operation) error {
	if err := verifyImplicitYield(op); err != nil {
		return err
	}
	if op.NumOperands()-3 != op.NumResults() {
		return ir.OpErrorf(op, "mismatch in number of loop-carried values and defined values")
	}
	return nil
}

func verifyForRegions(op *ir.Operation) error {
	f := ForOp{op}
	body := f.Body()
	if body.NumArguments() == 0 {
		return ir.OpErrorf(op, "expected induction variable to be same type as bounds and step")
	}
	inits, iterArgs, results := f.Inits(), body.Arguments()[1:], op.Results()
	var yielded []ir.Value
	if y := body.Last(); y != nil && y.Def() == YieldOpDef {
		yielded = y.Operands()
	}
	if err := VerifyLoopLike(op, inits, iterArgs, yielded, results); err != nil {
		return err
	}
	if f.InductionVar().Type() != f.LowerBound().Type() {
		return ir.OpErrorf(op, "expected induction variable to be same type as bounds and step")
	}
	return nil
}

// VerifyLoopLike applies MLIR's LoopLikeOpInterface verifier to a loop
// with the given inits, region iter_args, yielded values and results.
func VerifyLoopLike(op *ir.Operation, inits, iterArgs, yielded, results []ir.Value) error {
	if len(inits) != len(iterArgs) {
		return ir.OpErrorf(op, "different number of inits and region iter_args: %d != %d", len(inits), len(iterArgs))
	}
	// Every scf.for body ends in a scf.yield of its loop-carried values, so an
	// empty yield of a loop with iter_args is as wrong as a short one (MLIR
	// rejects it through the RegionBranchOpInterface); passes index the
	// yield's operands by iter_arg.
	if len(iterArgs) != len(yielded) {
		return ir.OpErrorf(op, "different number of region iter_args and yielded values: %d != %d", len(iterArgs), len(yielded))
	}
	if len(results) != len(iterArgs) {
		return ir.OpErrorf(op, "different number of loop results and region iter_args: %d != %d", len(results), len(iterArgs))
	}
	ts := asm.TypeString
	for i := range inits {
		if a, b := inits[i].Type(), iterArgs[i].Type(); a != b {
			return ir.OpErrorf(op, "%d-th init and %d-th region iter_arg have different type: '%s' != '%s'", i, i, ts(a), ts(b))
		}
	}
	for i := range yielded {
		if a, b := iterArgs[i].Type(), yielded[i].Type(); a != b {
			return ir.OpErrorf(op, "%d-th region iter_arg and %d-th yielded value have different type: '%s' != '%s'", i, i, ts(a), ts(b))
		}
	}
	for i := range results {
		if a, b := iterArgs[i].Type(), results[i].Type(); a != b {
			return ir.OpErrorf(op, "%d-th region iter_arg and %d-th loop result have different type: '%s' != '%s'", i, i, ts(a), ts(b))
		}
	}
	return nil
}
