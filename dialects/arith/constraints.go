package arith

import (
	"strconv"

	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

// A Constraint is an ODS type constraint: a predicate and the description
// MLIR prints in "operand #0 must be <desc>, but got 'T'".
type Constraint struct {
	Desc string
	Pred func(ir.Type) bool
}

func itoa(i int) string { return strconv.Itoa(i) }

func isSignlessInt(t ir.Type) bool {
	it, ok := t.(*ir.IntegerType)
	return ok && it.Signedness == ir.Signless
}

func isSignlessIntOrIndex(t ir.Type) bool {
	_, idx := t.(*ir.IndexType)
	return idx || isSignlessInt(t)
}

func isSignlessI1(t ir.Type) bool { return isSignlessInt(t) && ir.IsInteger(t, 1) }

// like accepts t when it satisfies elem, or is a vector or tensor (ranked
// or unranked) of such elements.
func like(elem func(ir.Type) bool) func(ir.Type) bool {
	return func(t ir.Type) bool {
		switch s := t.(type) {
		case *ir.VectorType:
			return elem(s.Elem)
		case *ir.RankedTensorType:
			return elem(s.Elem)
		case *ir.UnrankedTensorType:
			return elem(s.Elem)
		}
		return elem(t)
	}
}

// The constraints the arith, math, scf and cf dialects use.
var (
	SignlessIntegerLike           = Constraint{"signless-integer-like", like(isSignlessIntOrIndex)}
	SignlessFixedWidthIntegerLike = Constraint{"signless-fixed-width-integer-like", like(isSignlessInt)}
	FloatLike                     = Constraint{"floating-point-like", like(ir.IsFloat)}
	BoolLike                      = Constraint{"bool-like", like(isSignlessI1)}
	IndexCastLike                 = Constraint{"signless-integer-like or memref of signless-integer", like(isSignlessIntOrIndex)}
	BitcastLike                   = Constraint{"signless-integer-or-float-like or memref of signless-integer or float", like(func(t ir.Type) bool { return isSignlessInt(t) || ir.IsFloat(t) })}
	SignlessIntegerOrIndex        = Constraint{"signless integer or index", isSignlessIntOrIndex}
	I1                            = Constraint{"1-bit signless integer", isSignlessI1}
	AnyType                       = Constraint{"any type", func(ir.Type) bool { return true }}
)

// CheckOperand reports operand i of op violating c with MLIR's message.
func CheckOperand(op *ir.Operation, i int, c Constraint) error {
	if t := op.Operand(i).Type(); !c.Pred(t) {
		return ir.OpErrorf(op, "operand #%d must be %s, but got '%s'", i, c.Desc, asm.TypeString(t))
	}
	return nil
}

// CheckResult reports result i of op violating c with MLIR's message.
func CheckResult(op *ir.Operation, i int, c Constraint) error {
	if t := op.Result(i).Type(); !c.Pred(t) {
		return ir.OpErrorf(op, "result #%d must be %s, but got '%s'", i, c.Desc, asm.TypeString(t))
	}
	return nil
}

// CheckCounts verifies the fixed operand and result counts of an op (-1
// skips a check) with the messages of MLIR's NOperands/NResults traits.
func CheckCounts(op *ir.Operation, operands, results int) error {
	if operands >= 0 && op.NumOperands() != operands {
		if operands == 0 {
			return ir.OpErrorf(op, "requires zero operands")
		}
		if operands == 1 {
			return ir.OpErrorf(op, "requires a single operand")
		}
		return ir.OpErrorf(op, "expected %d operands, but found %d", operands, op.NumOperands())
	}
	if results >= 0 && op.NumResults() != results {
		switch results {
		case 0:
			return ir.OpErrorf(op, "requires zero results")
		case 1:
			return ir.OpErrorf(op, "requires one result")
		}
		return ir.OpErrorf(op, "expected %d results, but found %d", results, op.NumResults())
	}
	return nil
}

// I1SameShape returns i1, or the vector/tensor of i1 with t's shape (and
// encoding), as MLIR's getI1SameShape does.
func I1SameShape(ctx *ir.Context, t ir.Type) ir.Type {
	i1 := ir.I1(ctx)
	switch s := t.(type) {
	case *ir.RankedTensorType:
		return s.CloneWith(ctx, i1)
	case *ir.UnrankedTensorType:
		return ir.UnrankedTensor(ctx, i1)
	case *ir.VectorType:
		return ir.VectorScalable(ctx, s.Dims, i1, s.Scalable)
	}
	return i1
}
