package llvm

import (
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

// Comparisons: `llvm.icmp "slt" %a, %b : i32`, `llvm.fcmp "olt" %a, %b : f32`.
// The predicate is an i64 enum attribute written as a quoted string.

var (
	ICmpOp = custom("icmp", ir.Pure|ir.SameTypeOperands, []string{"predicate"},
		parseCmp(ICmpPredicateEnum), printCmp(ICmpPredicateEnum), verifyCmp(ICmpPredicateEnum))
	FCmpOp = custom("fcmp", ir.Pure|ir.SameTypeOperands, []string{"predicate", FastmathFlagsAttrName},
		parseCmp(FCmpPredicateEnum), printCmp(FCmpPredicateEnum), verifyCmp(FCmpPredicateEnum))
)

func init() {
	FCmpOp.DefaultAttrs = []ir.DefaultAttr{{Name: FastmathFlagsAttrName, Value: func(ctx *ir.Context) ir.Attribute {
		return Fastmath(ctx, FastmathNone)
	}}}
}

func parseCmp(e *ir.EnumInfo) func(ir.OpParser, *ir.OperationState) error {
	return func(p ir.OpParser, st *ir.OperationState) error {
		ctx := p.Context()
		loc := p.Loc()
		s, ok := p.ParseOptionalString()
		if !ok {
			return p.Errorf("expected attribute value")
		}
		v, ok := e.ValueOf(s)
		if !ok {
			return p.ErrorfAt(loc, "'%s' is an incorrect value of the 'predicate' attribute", s)
		}
		st.AddAttr("predicate", e.Get(ctx, v))
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
		tloc := p.Loc()
		t, err := p.ParseColonType()
		if err != nil {
			return err
		}
		ops, err := p.ResolveOperands([]ir.UnresolvedOperand{lhs, rhs}, []ir.Type{t, t})
		if err != nil {
			return err
		}
		st.Operands = append(st.Operands, ops...)
		if !isScalarOrVector(t) {
			return p.ErrorfAt(tloc, "expected LLVM dialect-compatible type")
		}
		st.Types = append(st.Types, withElement(ctx, t, ir.I1(ctx)))
		return nil
	}
}

func printCmp(e *ir.EnumInfo) func(ir.OpPrinter, *ir.Operation) {
	return func(p ir.OpPrinter, op *ir.Operation) {
		p.WriteString(" ")
		p.PrintString(e.KeywordOf(enumOf(op, "predicate", 0)))
		p.WriteString(" ")
		p.PrintOperand(op.Operand(0))
		p.WriteString(", ")
		p.PrintOperand(op.Operand(1))
		elided := []string{"predicate"}
		if a, ok := op.Attr(FastmathFlagsAttrName).(*FastmathAttr); ok && a.Flags == FastmathNone {
			elided = append(elided, FastmathFlagsAttrName)
		}
		p.PrintOptionalAttrDict(op.Attrs(), elided...)
		p.WriteString(" : ")
		p.PrintType(op.Operand(0).Type())
	}
}

func verifyCmp(e *ir.EnumInfo) func(*ir.Operation) error {
	return func(op *ir.Operation) error {
		if err := counts(op, 2, 1); err != nil {
			return err
		}
		if a := op.Attr("predicate"); a == nil {
			return ir.OpErrorf(op, "requires attribute 'predicate'")
		} else if !e.Valid(a) {
			return ir.OpErrorf(op, "attribute 'predicate' failed to satisfy constraint: llvm::%s enum attribute", e.Name)
		}
		t := op.Operand(0).Type()
		if e == ICmpPredicateEnum {
			if !IsIntLike(t) && !IsPtrLike(t) {
				return ir.OpErrorf(op, "operand #0 must be signless integer or LLVM pointer type (or vectors of them), but got '%s'", asm.TypeString(t))
			}
		} else {
			if !IsFloatLike(t) {
				return ir.OpErrorf(op, "operand #0 must be floating point LLVM type or LLVM dialect-compatible vector of floating point LLVM type, but got '%s'", asm.TypeString(t))
			}
			if a := op.Attr(FastmathFlagsAttrName); a != nil {
				if _, ok := a.(*FastmathAttr); !ok {
					return ir.OpErrorf(op, "attribute 'fastmathFlags' failed to satisfy constraint: LLVM fastmath flags")
				}
			}
		}
		if r := op.Result(0).Type(); r != withElement(op.Context(), t, ir.I1(op.Context())) {
			return ir.OpErrorf(op, "failed to verify that result type has i1 element type and same shape as operands")
		}
		return nil
	}
}

// counts checks fixed operand and result counts of hand-written ops.
func counts(op *ir.Operation, operands, results int) error {
	if op.NumOperands() != operands {
		return ir.OpErrorf(op, "expected %d operands, but found %d", operands, op.NumOperands())
	}
	if op.NumResults() != results {
		return ir.OpErrorf(op, "expected %d results, but found %d", results, op.NumResults())
	}
	return nil
}
