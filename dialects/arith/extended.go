package arith

import (
	"github.com/ttcompiler/tt/ir"
)

// The extended integer ops return two results: the low half and the high
// half of a product, or a sum and its carry.
var (
	AddUIExtendedOp = Dialect.NewOp("addui_extended", ir.Pure|ir.Commutative|ir.Elementwise)
	MulSIExtendedOp = Dialect.NewOp("mulsi_extended", ir.Pure|ir.Commutative|ir.Elementwise)
	MulUIExtendedOp = Dialect.NewOp("mului_extended", ir.Pure|ir.Commutative|ir.Elementwise)
)

func init() {
	AddUIExtendedOp.Parse = func(p ir.OpParser, st *ir.OperationState) error { return parseExtended(p, st, true) }
	AddUIExtendedOp.Print = func(p ir.OpPrinter, op *ir.Operation) { printExtended(p, op, true) }
	AddUIExtendedOp.VerifyInvariants = verifyAddUIExtended
	for _, d := range []*ir.OpDef{MulSIExtendedOp, MulUIExtendedOp} {
		d.Parse = func(p ir.OpParser, st *ir.OperationState) error { return parseExtended(p, st, false) }
		d.Print = func(p ir.OpPrinter, op *ir.Operation) { printExtended(p, op, false) }
		d.VerifyInvariants = verifyMulExtended
	}
}

// syntax: $lhs `,` $rhs attr-dict `:` type($sum) `,` type($overflow)   (addui)
//
//	$lhs `,` $rhs attr-dict `:` type($lhs)                        (mul*)
func parseExtended(p ir.OpParser, st *ir.OperationState, add bool) error {
	lhs, err := p.ParseOperand()
	if err != nil {
		return err
	}
	if err := p.ParseComma(); err != nil {
		return err
	}
	rhs, err := p.ParseOperand()
	if err != nil {
		return err
	}
	if err := p.ParseOptionalAttrDict(st); err != nil {
		return err
	}
	t, err := p.ParseColonType()
	if err != nil {
		return err
	}
	second := t
	if add {
		if err := p.ParseComma(); err != nil {
			return err
		}
		if second, err = p.ParseType(); err != nil {
			return err
		}
	}
	vals, err := p.ResolveOperands([]ir.UnresolvedOperand{lhs, rhs}, []ir.Type{t, t})
	if err != nil {
		return err
	}
	st.Operands = vals
	st.Types = []ir.Type{t, second}
	return nil
}

func printExtended(p ir.OpPrinter, op *ir.Operation, add bool) {
	p.WriteString(" ")
	p.PrintOperands(op.Operands())
	p.PrintOptionalAttrDict(op.DiscardableAttrs())
	p.WriteString(" : ")
	p.PrintType(op.Result(0).Type())
	if add {
		p.WriteString(", ")
		p.PrintType(op.Result(1).Type())
	}
}

func verifyAddUIExtended(op *ir.Operation) error {
	if err := CheckCounts(op, 2, 2); err != nil {
		return err
	}
	for i := 0; i < 2; i++ {
		if err := CheckOperand(op, i, SignlessIntegerLike); err != nil {
			return err
		}
	}
	if err := CheckResult(op, 0, SignlessIntegerLike); err != nil {
		return err
	}
	if err := CheckResult(op, 1, BoolLike); err != nil {
		return err
	}
	t := op.Operand(0).Type()
	if op.Operand(1).Type() != t || op.Result(0).Type() != t {
		return ir.OpErrorf(op, "failed to verify that all of {lhs, rhs, sum} have same type")
	}
	// Shapes are the Elementwise trait's business (ir.Verify).
	return nil
}

func verifyMulExtended(op *ir.Operation) error {
	if err := CheckCounts(op, 2, 2); err != nil {
		return err
	}
	for i := 0; i < 2; i++ {
		if err := CheckOperand(op, i, SignlessIntegerLike); err != nil {
			return err
		}
		if err := CheckResult(op, i, SignlessIntegerLike); err != nil {
			return err
		}
	}
	t := op.Operand(0).Type()
	if op.Operand(1).Type() != t || op.Result(0).Type() != t || op.Result(1).Type() != t {
		return ir.OpErrorf(op, "failed to verify that all of {lhs, rhs, low, high} have same type")
	}
	return nil
}
