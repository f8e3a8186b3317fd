package cf

import (
	"github.com/ttcompiler/tt/dialects/arith"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

// Dialect is the cf dialect. Its canonicalizations may create arith ops.
var Dialect = &ir.Dialect{Name: "cf", Dependents: []*ir.Dialect{arith.Dialect}}

// Load registers the cf (and arith) dialects in ctx.
func Load(ctx *ir.Context) {
	arith.GuardPrinters(Dialect)
	ctx.Load(Dialect)
}

// The cf operations.
var (
	BranchOpDef     = Dialect.NewOp("br", ir.Pure|ir.Terminator)
	CondBranchOpDef = Dialect.NewOp("cond_br", ir.Pure|ir.Terminator|ir.AttrSizedOperandSegments)
	AssertOpDef     = Dialect.NewOp("assert", 0)
)

func init() {
	BranchOpDef.Parse = parseBr
	BranchOpDef.Print = printBr
	BranchOpDef.Verify = verifyBr

	CondBranchOpDef.Inherent = []string{"operandSegmentSizes"}
	CondBranchOpDef.Parse = parseCondBr
	CondBranchOpDef.Print = printCondBr
	CondBranchOpDef.VerifyInvariants = verifyCondBrInvariants
	CondBranchOpDef.Verify = verifyCondBr

	AssertOpDef.Inherent = []string{"msg"}
	AssertOpDef.Parse = parseAssert
	AssertOpDef.Print = printAssert
	AssertOpDef.VerifyInvariants = verifyAssert
	AssertOpDef.AppendEffects = func(op *ir.Operation, buf []ir.Effect) []ir.Effect { return append(buf, ir.Effect{Kind: ir.Write}) }
}

// VerifySuccessorOperands is MLIR's BranchOpInterface check of the
// operands forwarded to successor i.
func VerifySuccessorOperands(op *ir.Operation, i int, operands []ir.Value) error {
	dest := op.Successor(i)
	if len(operands) != dest.NumArguments() {
		return ir.Errorf(op.Loc(), "branch has %d operands for successor #%d, but target block has %d", len(operands), i, dest.NumArguments())
	}
	for j, v := range operands {
		if v.Type() != dest.Argument(j).Type() {
			return ir.Errorf(op.Loc(), "type mismatch for bb argument #%d of successor #%d", j, i)
		}
	}
	return nil
}

// --- cf.br ---

// BranchOp is a typed view of cf.br.
type BranchOp struct{ *ir.Operation }

// Dest returns the destination block.
func (b BranchOp) Dest() *ir.Block { return b.Successor(0) }

// DestOperands returns the values passed to the destination.
func (b BranchOp) DestOperands() []ir.Value { return b.Operands() }

// NewBr builds `cf.br dest(args)`.
func NewBr(b *ir.Builder, loc ir.Location, dest *ir.Block, args []ir.Value) *ir.Operation {
	st := ir.NewState(b.Ctx, "cf.br", loc)
	st.Operands = args
	st.Successors = []*ir.Block{dest}
	return b.Create(st)
}

// syntax: $dest (`(` $destOperands^ `:` type($destOperands) `)`)? attr-dict
func parseBr(p ir.OpParser, st *ir.OperationState) error {
	dest, args, err := p.ParseSuccessorAndUseList()
	if err != nil {
		return err
	}
	st.Successors = []*ir.Block{dest}
	st.Operands = args
	return p.ParseOptionalAttrDict(st)
}

func printBr(p ir.OpPrinter, op *ir.Operation) {
	p.WriteString(" ")
	p.PrintSuccessorAndUseList(op.Successor(0), op.Operands())
	p.PrintOptionalAttrDict(op.DiscardableAttrs())
}

func verifyBr(op *ir.Operation) error {
	if op.NumSuccessors() != 1 {
		return ir.OpErrorf(op, "requires 1 successors but found %d", op.NumSuccessors())
	}
	return VerifySuccessorOperands(op, 0, op.Operands())
}

// --- cf.cond_br ---

// CondBranchOp is a typed view of cf.cond_br.
type CondBranchOp struct{ *ir.Operation }

func segments(op *ir.Operation) (nTrue, nFalse int) {
	if s, ok := op.Attr("operandSegmentSizes").(*ir.DenseArrayAttr); ok && len(s.Ints) == 3 {
		return int(s.Ints[1]), int(s.Ints[2])
	}
	return op.NumOperands() - 1, 0
}

// Condition returns the i1 condition.
func (c CondBranchOp) Condition() ir.Value { return c.Operand(0) }

// TrueDest returns the destination taken when the condition holds.
func (c CondBranchOp) TrueDest() *ir.Block { return c.Successor(0) }

// FalseDest returns the other destination.
func (c CondBranchOp) FalseDest() *ir.Block { return c.Successor(1) }

// TrueOperands returns the values passed to TrueDest.
func (c CondBranchOp) TrueOperands() []ir.Value {
	n, _ := segments(c.Operation)
	return c.Operands()[1 : 1+n]
}

// FalseOperands returns the values passed to FalseDest.
func (c CondBranchOp) FalseOperands() []ir.Value {
	n, m := segments(c.Operation)
	return c.Operands()[1+n : 1+n+m]
}

// NewCondBr builds `cf.cond_br cond, t(targs), f(fargs)`.
func NewCondBr(b *ir.Builder, loc ir.Location, cond ir.Value, t *ir.Block, targs []ir.Value, f *ir.Block, fargs []ir.Value) *ir.Operation {
	st := ir.NewState(b.Ctx, "cf.cond_br", loc)
	st.Operands = append(append([]ir.Value{cond}, targs...), fargs...)
	st.Successors = []*ir.Block{t, f}
	st.AddAttr("operandSegmentSizes", ir.DenseI32Array(b.Ctx, []int64{1, int64(len(targs)), int64(len(fargs))}))
	return b.Create(st)
}

// syntax: $condition `,` $trueDest(...)? `,` $falseDest(...)? attr-dict
func parseCondBr(p ir.OpParser, st *ir.OperationState) error {
	c, err := p.ParseOperand()
	if err != nil {
		return err
	}
	cv, err := p.ResolveOperand(c, ir.I1(p.Context()))
	if err != nil {
		return err
	}
	if err := p.ParseComma(); err != nil {
		return err
	}
	t, targs, err := p.ParseSuccessorAndUseList()
	if err != nil {
		return err
	}
	if err := p.ParseComma(); err != nil {
		return err
	}
	f, fargs, err := p.ParseSuccessorAndUseList()
	if err != nil {
		return err
	}
	st.Operands = append(append([]ir.Value{cv}, targs...), fargs...)
	st.Successors = []*ir.Block{t, f}
	st.AddAttr("operandSegmentSizes", ir.DenseI32Array(p.Context(), []int64{1, int64(len(targs)), int64(len(fargs))}))
	return p.ParseOptionalAttrDict(st)
}

func printCondBr(p ir.OpPrinter, op *ir.Operation) {
	c := CondBranchOp{op}
	p.WriteString(" ")
	p.PrintOperand(c.Condition())
	p.WriteString(", ")
	p.PrintSuccessorAndUseList(c.TrueDest(), c.TrueOperands())
	p.WriteString(", ")
	p.PrintSuccessorAndUseList(c.FalseDest(), c.FalseOperands())
	p.PrintOptionalAttrDict(op.DiscardableAttrs(), "operandSegmentSizes")
}

// verifyCondBrInvariants checks the ODS constraints of cf.cond_br.
func verifyCondBrInvariants(op *ir.Operation) error {
	s, ok := op.Attr("operandSegmentSizes").(*ir.DenseArrayAttr)
	if !ok {
		// A missing property reads as all-zero segment sizes.
		return ir.OpErrorf(op, "operand count (%d) does not match with the total size (0) specified in attribute 'operandSegmentSizes'", op.NumOperands())
	}
	if len(s.Ints) != 3 {
		return ir.OpErrorf(op, "'operandSegmentSizes' attribute for specifying operand segments must have 3 elements, but got %d", len(s.Ints))
	}
	if s.Ints[0] != 1 {
		return ir.OpErrorf(op, "operand group starting at #0 requires 1 operand, but found %d", s.Ints[0])
	}
	if op.NumSuccessors() != 2 {
		return ir.OpErrorf(op, "requires 2 successors but found %d", op.NumSuccessors())
	}
	return arith.CheckOperand(op, 0, arith.I1)
}

func verifyCondBr(op *ir.Operation) error {
	c := CondBranchOp{op}
	if err := VerifySuccessorOperands(op, 0, c.TrueOperands()); err != nil {
		return err
	}
	return VerifySuccessorOperands(op, 1, c.FalseOperands())
}

// --- cf.assert ---

// NewAssert builds `cf.assert cond, "msg"`.
func NewAssert(b *ir.Builder, loc ir.Location, cond ir.Value, msg string) *ir.Operation {
	st := ir.NewState(b.Ctx, "cf.assert", loc)
	st.Operands = []ir.Value{cond}
	st.AddAttr("msg", ir.StringAttrOf(b.Ctx, msg))
	return b.Create(st)
}

// syntax: $arg `,` $msg attr-dict
func parseAssert(p ir.OpParser, st *ir.OperationState) error {
	c, err := p.ParseOperand()
	if err != nil {
		return err
	}
	cv, err := p.ResolveOperand(c, ir.I1(p.Context()))
	if err != nil {
		return err
	}
	st.Operands = []ir.Value{cv}
	if err := p.ParseComma(); err != nil {
		return err
	}
	loc := p.Loc()
	msg, ok := p.ParseOptionalString()
	if !ok {
		return p.ErrorfAt(loc, "expected string")
	}
	st.AddAttr("msg", ir.StringAttrOf(p.Context(), msg))
	return p.ParseOptionalAttrDict(st)
}

func printAssert(p ir.OpPrinter, op *ir.Operation) {
	p.WriteString(" ")
	p.PrintOperand(op.Operand(0))
	p.WriteString(", ")
	p.PrintAttribute(op.Attr("msg"))
	p.PrintOptionalAttrDict(op.DiscardableAttrs())
}

func verifyAssert(op *ir.Operation) error {
	if op.Attr("msg") == nil {
		return ir.OpErrorf(op, "requires attribute 'msg'")
	}
	if _, ok := op.Attr("msg").(*ir.StringAttr); !ok {
		return ir.OpErrorf(op, "attribute 'msg' failed to satisfy constraint: string attribute")
	}
	if err := arith.CheckCounts(op, 1, 0); err != nil {
		return err
	}
	return arith.CheckOperand(op, 0, arith.I1)
}

var _ = asm.TypeString
