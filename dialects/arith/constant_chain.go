package arith

import "github.com/ttcompiler/tt/ir"

// constantChain is one of MLIR's ArithCanonicalization.td patterns that
// fold two constants of a chain of two integer ops into one: the matched
// op (outer) has a constant c1 at operand outerConst and an inner op at
// the other; the inner op has a constant c0 at innerConst and x at the
// other. The replacement is result(x, fold(c0, c1)), or result(fold(c0,
// c1), x) where constFirst. mergeFlags keeps the overflow flags both ops
// carry (the additions' and multiplications' patterns); the subtractions'
// patterns drop them, as MLIR's do.
type constantChain struct {
	name       string
	outer      *ir.OpDef
	outerConst int
	inner      *ir.OpDef
	innerConst int
	result     *ir.OpDef
	constFirst bool
	mergeFlags bool
	fold       func(c0, c1 uint64) uint64
}

func foldAdd(c0, c1 uint64) uint64  { return c0 + c1 }
func foldSub(c0, c1 uint64) uint64  { return c0 - c1 }
func foldRSub(c0, c1 uint64) uint64 { return c1 - c0 }
func foldMul(c0, c1 uint64) uint64  { return c0 * c1 }

// constantChains are the patterns, in the order each op tries them.
var constantChains = []constantChain{
	// addi(addi(x, c0), c1) -> addi(x, c0 + c1)
	{"AddIAddConstant", AddIOp, 1, AddIOp, 1, AddIOp, false, true, foldAdd},
	// addi(subi(x, c0), c1) -> addi(x, c1 - c0)
	{"AddISubConstantRHS", AddIOp, 1, SubIOp, 1, AddIOp, false, true, foldRSub},
	// addi(subi(c0, x), c1) -> subi(c0 + c1, x)
	{"AddISubConstantLHS", AddIOp, 1, SubIOp, 0, SubIOp, true, true, foldAdd},
	// subi(addi(x, c0), c1) -> addi(x, c0 - c1)
	{"SubIRHSAddConstant", SubIOp, 1, AddIOp, 1, AddIOp, false, false, foldSub},
	// subi(c1, addi(x, c0)) -> subi(c1 - c0, x)
	{"SubILHSAddConstant", SubIOp, 0, AddIOp, 1, SubIOp, true, false, foldRSub},
	// subi(subi(x, c0), c1) -> subi(x, c0 + c1)
	{"SubIRHSSubConstantRHS", SubIOp, 1, SubIOp, 1, SubIOp, false, false, foldAdd},
	// subi(subi(c0, x), c1) -> subi(c0 - c1, x)
	{"SubIRHSSubConstantLHS", SubIOp, 1, SubIOp, 0, SubIOp, true, false, foldSub},
	// subi(c1, subi(x, c0)) -> subi(c0 + c1, x)
	{"SubILHSSubConstantRHS", SubIOp, 0, SubIOp, 1, SubIOp, true, false, foldAdd},
	// subi(c1, subi(c0, x)) -> addi(x, c1 - c0)
	{"SubILHSSubConstantLHS", SubIOp, 0, SubIOp, 0, AddIOp, false, false, foldRSub},
	// muli(muli(x, c0), c1) -> muli(x, c0 * c1)
	{"MulIMulIConstant", MulIOp, 1, MulIOp, 1, MulIOp, false, true, foldMul},
}

// constantChainPatterns returns the patterns of constantChains that
// match outer, in their order.
func constantChainPatterns(outer *ir.OpDef) []ir.RewritePattern {
	var out []ir.RewritePattern
	for _, p := range constantChains {
		if p.outer == outer {
			out = append(out, ir.NewPattern(p.name, outer.Name, 1, p.rewrite))
		}
	}
	return out
}

func (p constantChain) rewrite(op *ir.Operation, rw ir.Rewriter) bool {
	c1, ok := intConst(op.Operand(p.outerConst))
	inner := definedBy(op.Operand(1-p.outerConst), p.inner)
	if !ok || inner == nil {
		return false
	}
	x, c0, ok := constAt(inner, p.innerConst)
	if !ok {
		return false
	}
	c := newIntConst(rw, op.Loc(), op.Result(0).Type(), p.fold(c0, c1))
	lhs, rhs := x, c
	if p.constFirst {
		lhs, rhs = c, x
	}
	flags := OverflowNone
	if p.mergeFlags {
		flags = mergedFlags(op, inner)
	}
	rw.ReplaceOp(op, []ir.Value{newBinaryFlags(rw, p.result, op.Loc(), lhs, rhs, flags)})
	return true
}
