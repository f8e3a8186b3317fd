package arith

import (
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

// CmpIOp is `arith.cmpi`; CmpFOp is `arith.cmpf`.
var (
	CmpIOp = Dialect.NewOp("cmpi", ir.Pure|ir.SameTypeOperands|ir.Elementwise)
	CmpFOp = Dialect.NewOp("cmpf", ir.Pure|ir.SameTypeOperands|ir.Elementwise)
)

func init() {
	CmpIOp.Inherent = []string{"predicate"}
	CmpIOp.Parse = func(p ir.OpParser, st *ir.OperationState) error {
		return parseCmp(p, st, cmpINames, SignlessIntegerLike, false)
	}
	CmpIOp.Print = printCmp
	CmpIOp.VerifyInvariants = func(op *ir.Operation) error { return verifyCmp(op, len(cmpINames), SignlessIntegerLike) }

	CmpFOp.Inherent = []string{"fastmath", "predicate"}
	CmpFOp.Parse = func(p ir.OpParser, st *ir.OperationState) error {
		return parseCmp(p, st, cmpFNames, FloatLike, true)
	}
	CmpFOp.Print = printCmp
	CmpFOp.DefaultAttrs = defaultFlagAttrs(flagFastMath)
	CmpFOp.VerifyInvariants = func(op *ir.Operation) error {
		if err := verifyFlagAttr(op, flagFastMath); err != nil {
			return err
		}
		return verifyCmp(op, len(cmpFNames), FloatLike)
	}
}

// syntax: $predicate `,` $lhs `,` $rhs (fastmath)? attr-dict `:` type($lhs)
func parseCmp(p ir.OpParser, st *ir.OperationState, names []string, c Constraint, fastmath bool) error {
	pred, err := parseEnumKeyword(p, "predicate", names)
	if err != nil {
		return err
	}
	st.AddAttr("predicate", ir.I64Attr(p.Context(), int64(pred)))
	if err := p.ParseComma(); err != nil {
		return err
	}
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
	if fastmath {
		if err := parseOptionalFastMath(p, st, true); err != nil {
			return err
		}
	}
	if err := p.ParseOptionalAttrDict(st); err != nil {
		return err
	}
	t, err := p.ParseColonType()
	if err != nil {
		return err
	}
	// The result type is inferred from the operand type, so ODS checks the
	// operand constraint while parsing.
	if !c.Pred(t) {
		return p.ErrorfAt(st.Loc, "'lhs' must be %s, but got '%s'", c.Desc, asm.TypeString(t))
	}
	vals, err := p.ResolveOperands([]ir.UnresolvedOperand{lhs, rhs}, []ir.Type{t, t})
	if err != nil {
		return err
	}
	st.Operands = vals
	st.Types = []ir.Type{I1SameShape(p.Context(), t)}
	return nil
}

func printCmp(p ir.OpPrinter, op *ir.Operation) {
	p.WriteString(" ")
	if v, ok := predicateOf(op); ok {
		if op.Def() == CmpIOp {
			p.WriteString(CmpIPredicate(v).String())
		} else {
			p.WriteString(CmpFPredicate(v).String())
		}
	}
	p.WriteString(", ")
	p.PrintOperands(op.Operands())
	PrintOptionalFastMath(p, op)
	p.PrintOptionalAttrDict(op.DiscardableAttrs())
	p.WriteString(" : ")
	p.PrintType(op.Operand(0).Type())
}

func verifyCmp(op *ir.Operation, nPreds int, c Constraint) error {
	if err := CheckCounts(op, 2, 1); err != nil {
		return err
	}
	if err := verifyEnumAttr(op, "predicate", 64, nPreds, true); err != nil {
		return err
	}
	for i := 0; i < 2; i++ {
		if err := CheckOperand(op, i, c); err != nil {
			return err
		}
	}
	if err := CheckResult(op, 0, BoolLike); err != nil {
		return err
	}
	if op.Result(0).Type() != I1SameShape(op.Context(), op.Operand(0).Type()) {
		return ir.OpErrorf(op, "failed to verify that result type has i1 element type and same shape as operands")
	}
	return nil
}

// NewCmpI builds `arith.cmpi pred, x, y`.
func NewCmpI(b *ir.Builder, loc ir.Location, pred CmpIPredicate, x, y ir.Value) *ir.Operation {
	return b.CreateOp("arith.cmpi", loc, []ir.Value{x, y}, []ir.Type{I1SameShape(b.Ctx, x.Type())},
		ir.NamedAttr{Name: "predicate", Value: pred.Attr(b.Ctx)})
}

// NewCmpF builds `arith.cmpf pred, x, y`.
func NewCmpF(b *ir.Builder, loc ir.Location, pred CmpFPredicate, x, y ir.Value) *ir.Operation {
	return b.CreateOp("arith.cmpf", loc, []ir.Value{x, y}, []ir.Type{I1SameShape(b.Ctx, x.Type())},
		ir.NamedAttr{Name: "predicate", Value: pred.Attr(b.Ctx)},
		ir.NamedAttr{Name: "fastmath", Value: FastMath(b.Ctx, FastMathNone)})
}
