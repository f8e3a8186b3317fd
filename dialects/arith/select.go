package arith

import (
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

// SelectOp is `arith.select`.
var SelectOp = Dialect.NewOp("select", ir.Pure|ir.Elementwise)

func init() {
	SelectOp.Parse = parseSelect
	SelectOp.Print = printSelect
	SelectOp.VerifyInvariants = verifySelectInvariants
	SelectOp.Verify = verifySelect
}

// syntax: %c, %t, %f attr-dict : [cond-type ,] type
func parseSelect(p ir.OpParser, st *ir.OperationState) error {
	loc := p.Loc()
	ops, err := p.ParseOperandList(ir.DelimNone)
	if err != nil {
		return err
	}
	if len(ops) != 3 {
		return p.ErrorfAt(loc, "expected 3 operands")
	}
	if err := p.ParseOptionalAttrDict(st); err != nil {
		return err
	}
	resT, err := p.ParseColonType()
	if err != nil {
		return err
	}
	var condT ir.Type = ir.I1(p.Context())
	if p.ParseOptionalComma() {
		condT = resT
		if resT, err = p.ParseType(); err != nil {
			return err
		}
	}
	vals, err := p.ResolveOperands(ops, []ir.Type{condT, resT, resT})
	if err != nil {
		return err
	}
	st.Operands = vals
	st.Types = []ir.Type{resT}
	return nil
}

func printSelect(p ir.OpPrinter, op *ir.Operation) {
	p.WriteString(" ")
	p.PrintOperands(op.Operands())
	p.PrintOptionalAttrDict(op.DiscardableAttrs())
	p.WriteString(" : ")
	if ct := op.Operand(0).Type(); isShaped(ct) {
		p.PrintType(ct)
		p.WriteString(", ")
	}
	p.PrintType(op.Result(0).Type())
}

// verifySelectInvariants checks the ODS constraints of arith.select.
func verifySelectInvariants(op *ir.Operation) error {
	if err := CheckCounts(op, 3, 1); err != nil {
		return err
	}
	if err := CheckOperand(op, 0, BoolLike); err != nil {
		return err
	}
	t := op.Result(0).Type()
	if op.Operand(1).Type() != t || op.Operand(2).Type() != t {
		return ir.OpErrorf(op, "failed to verify that all of {true_value, false_value, result} have same type")
	}
	ct := op.Operand(0).Type()
	if !isSignlessI1(ct) {
		cs, ok1 := ct.(ir.ShapedType)
		rs, ok2 := t.(ir.ShapedType)
		if !ok1 || !ok2 || !cs.HasRank() || !rs.HasRank() || !ir.EqualShape(cs.Shape(), rs.Shape()) || len(cs.Shape()) != len(rs.Shape()) {
			return ir.OpErrorf(op, "failed to verify that condition is signless i1 or has matching shape")
		}
	}
	return nil
}

func verifySelect(op *ir.Operation) error {
	t, ct := op.Result(0).Type(), op.Operand(0).Type()
	if isSignlessI1(ct) {
		return nil
	}
	if !isShaped(t) {
		return ir.OpErrorf(op, "expected condition to be a signless i1, but got '%s'", asm.TypeString(ct))
	}
	if want := I1SameShape(op.Context(), t); ct != want {
		return ir.OpErrorf(op, "expected condition type to have the same shape as the result type, expected '%s', but got '%s'", asm.TypeString(want), asm.TypeString(ct))
	}
	return nil
}

// NewSelect builds `arith.select cond, t, f`.
func NewSelect(b *ir.Builder, loc ir.Location, cond, t, f ir.Value) *ir.Operation {
	return b.CreateOp("arith.select", loc, []ir.Value{cond, t, f}, []ir.Type{t.Type()})
}
