package transforms

import (
	"github.com/ttcompiler/tt/dialects/arith"
	"github.com/ttcompiler/tt/dialects/scf"
	"github.com/ttcompiler/tt/ir"
)

// Speculatable is MLIR's isSpeculatable: whether op may run when it would
// not have (hoisted out of a loop or a branch). Besides ops that are
// speculatable by their traits, scf.if is recursively speculatable (if
// everything it contains is), and scf.for is when its step is the
// constant 1 (any other step might not terminate), as in MLIR's SCF
// dialect.
func Speculatable(op *ir.Operation) bool {
	switch op.Def() {
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
