package llvm

import (
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

// Special-register ops of the NVVM and ROCDL dialects share the syntax
// `(range <iN, lo, hi>)? attr-dict : T`, their optional `range` printed
// stripped. These hooks implement it for those dialects.

// ParseRangedRegister parses `[range <iN, lo, hi>] attr-dict : T`.
func ParseRangedRegister(p ir.OpParser, st *ir.OperationState) error {
	if _, ok := p.ParseOptionalKeyword("range"); ok {
		a, err := ParseConstantRange(p)
		if err != nil {
			return err
		}
		st.AddAttr("range", a)
	}
	if err := p.ParseOptionalAttrDict(st); err != nil {
		return err
	}
	t, err := p.ParseColonType()
	if err != nil {
		return err
	}
	st.Types = append(st.Types, t)
	return nil
}

// PrintRangedRegister prints what ParseRangedRegister reads.
func PrintRangedRegister(p ir.OpPrinter, op *ir.Operation) {
	if r, ok := op.Attr("range").(*ConstantRangeAttr); ok {
		p.WriteString(" range ")
		r.PrintParams(p)
	}
	p.PrintOptionalAttrDict(op.Attrs(), "range")
	p.WriteString(" : ")
	p.PrintType(op.Result(0).Type())
}

// VerifyRangedRegister checks an integer result and a range of its width.
func VerifyRangedRegister(op *ir.Operation) error {
	if op.NumOperands() != 0 || op.NumResults() != 1 {
		return ir.OpErrorf(op, "expected no operands and one result")
	}
	it, ok := op.Result(0).Type().(*ir.IntegerType)
	if !ok {
		return ir.OpErrorf(op, "result #0 must be an integer, but got '%s'", asm.TypeString(op.Result(0).Type()))
	}
	a := op.Attr("range")
	if a == nil {
		return nil
	}
	r, ok := a.(*ConstantRangeAttr)
	if !ok {
		return ir.OpErrorf(op, "attribute 'range' failed to satisfy constraint: LLVM constant range")
	}
	if it.Width != r.Width {
		return ir.OpErrorf(op, "range bit width must match the result bit width")
	}
	if r.Lower == r.Upper && r.Lower != 0 && r.Lower != -1 {
		return ir.OpErrorf(op, "invalid range: lower == upper, but they aren't min (0) or max (-1) value")
	}
	return nil
}
