package transforms

import (
	"github.com/ttcompiler/tt/dialects/arith"
	"github.com/ttcompiler/tt/dialects/llvm"
	"github.com/ttcompiler/tt/dialects/scf"
	"github.com/ttcompiler/tt/ir"
)

// Speculatable is MLIR's isSpeculatable: whether op may run when it would
// not have (hoisted out of a loop or a branch). Besides ops that are
// speculatable by their traits, scf.if is recursively speculatable (if
// everything it contains is), and scf.for is when its step is the
// constant 1 (any other step might not terminate), as in MLIR's SCF
// dialect. The llvm dialect's integer divisions and remainders are Pure,
// as in MLIR, but LLVM IR (which the AMD path emits) makes `sdiv x, 0`
// undefined behaviour even where the original code would not have run
// it: they are speculatable only with a constant divisor they are defined
// for (arith's divisions are not speculatable at all, by their traits).
func Speculatable(op *ir.Operation) bool {
	switch op.Def() {
	case llvm.SDivOp, llvm.SRemOp:
		return safeDivisor(op.Operand(1), true)
	case llvm.UDivOp, llvm.URemOp:
		return safeDivisor(op.Operand(1), false)
	case scf.IfOpDef:
		return nestedSpeculatable(op)
	case scf.ForOpDef:
		if step, ok := arith.MatchConstantInt(op.Operand(2)); ok && step == 1 {
			return nestedSpeculatable(op)
		}
		return false
	}
	return ir.IsSpeculatable(op)
}

func nestedSpeculatable(op *ir.Operation) bool {
	for _, r := range op.Regions() {
		for _, b := range r.Blocks() {
			for o := b.First(); o != nil; o = o.Next() {
				if !Speculatable(o) {
					return false
				}
			}
		}
	}
	return true
}

// safeDivisor reports whether d is an integer constant that no dividend
// makes a division by undefined: not zero, and, signed, not -1 (the
// minimum dividend over -1 overflows).
func safeDivisor(d ir.Value, signed bool) bool {
	c, ok := llvm.ConstantInt(d)
	if !ok || c.Bits == 0 {
		return false
	}
	w := ir.BitWidth(d.Type())
	allOnes := ^uint64(0)
	if w < 64 {
		allOnes = uint64(1)<<w - 1
	}
	return !signed || c.Bits&allOnes != allOnes
}
