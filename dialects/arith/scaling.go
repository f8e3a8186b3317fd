package arith

import (
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

// The OCP MX scaling casts: `arith.scaling_extf %in, %scale : T, S to U`
// and `arith.scaling_truncf %in, %scale [rounding] [fastmath] : T, S to U`.
var (
	ScalingExtFOp   = Dialect.NewOp("scaling_extf", ir.Pure|ir.Elementwise)
	ScalingTruncFOp = Dialect.NewOp("scaling_truncf", ir.Pure|ir.Elementwise)
)

func init() {
	ScalingExtFOp.Inherent = []string{"fastmath"}
	ScalingTruncFOp.Inherent = []string{"fastmath", "roundingmode"}
	for _, d := range []*ir.OpDef{ScalingExtFOp, ScalingTruncFOp} {
		trunc := d == ScalingTruncFOp
		d.Parse = func(p ir.OpParser, st *ir.OperationState) error { return parseScaling(p, st, trunc) }
		d.Print = func(p ir.OpPrinter, op *ir.Operation) { printScaling(p, op, trunc) }
		d.VerifyInvariants = verifyScalingInvariants
		d.Verify = func(op *ir.Operation) error { return verifyScaling(op, trunc) }
	}
}

func parseScaling(p ir.OpParser, st *ir.OperationState, trunc bool) error {
	in, err := p.ParseOperand()
	if err != nil {
		return err
	}
	if err := p.ParseComma(); err != nil {
		return err
	}
	scale, err := p.ParseOperand()
	if err != nil {
		return err
	}
	if trunc {
		if kw, ok := p.ParseOptionalKeyword(roundingModeNames...); ok {
			m, _ := RoundingModeByName(kw)
			st.AddAttr("roundingmode", RoundingModeAttr(p.Context(), m))
		}
	}
	if err := parseOptionalFastMath(p, st, false); err != nil {
		return err
	}
	if err := p.ParseOptionalAttrDict(st); err != nil {
		return err
	}
	inT, err := p.ParseColonType()
	if err != nil {
		return err
	}
	if err := p.ParseComma(); err != nil {
		return err
	}
	scaleT, err := p.ParseType()
	if err != nil {
		return err
	}
	if err := p.ParseExpectedKeyword("to"); err != nil {
		return err
	}
	out, err := p.ParseType()
	if err != nil {
		return err
	}
	vals, err := p.ResolveOperands([]ir.UnresolvedOperand{in, scale}, []ir.Type{inT, scaleT})
	if err != nil {
		return err
	}
	st.Operands = vals
	st.Types = []ir.Type{out}
	return nil
}

func printScaling(p ir.OpPrinter, op *ir.Operation, trunc bool) {
	p.WriteString(" ")
	p.PrintOperands(op.Operands())
	if trunc {
		if m, ok := RoundingModeOf(op); ok {
			p.WriteString(" " + m.String())
		}
	}
	PrintOptionalFastMath(p, op)
	p.PrintOptionalAttrDict(op.DiscardableAttrs())
	p.WriteString(" : ")
	p.PrintType(op.Operand(0).Type())
	p.WriteString(", ")
	p.PrintType(op.Operand(1).Type())
	p.WriteString(" to ")
	p.PrintType(op.Result(0).Type())
}

func verifyScalingInvariants(op *ir.Operation) error {
	if err := CheckCounts(op, 2, 1); err != nil {
		return err
	}
	if err := verifyFlagAttr(op, flagFastMath); err != nil {
		return err
	}
	if err := verifyEnumAttr(op, "roundingmode", 32, len(roundingModeNames), false); err != nil {
		return err
	}
	for i := 0; i < 2; i++ {
		if err := CheckOperand(op, i, FloatLike); err != nil {
			return err
		}
	}
	if err := CheckResult(op, 0, FloatLike); err != nil {
		return err
	}
	if !sameTensorDims(op.Operand(0).Type(), op.Result(0).Type()) {
		return ir.OpErrorf(op, "failed to verify that input and output have the same tensor dimensions")
	}
	return nil
}

func verifyScaling(op *ir.Operation, trunc bool) error {
	k := castExtF
	if trunc {
		k = castTruncF
	}
	in, out := op.Operand(0).Type(), op.Result(0).Type()
	if !castCompatible(k, op.Def(), in, out) {
		return ir.OpErrorf(op, "operand type '%s' and result type '%s' are cast incompatible", asm.TypeString(in), asm.TypeString(out))
	}
	return nil
}
