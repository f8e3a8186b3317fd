package ttgtogpu

import (
	"github.com/ttcompiler/tt/dialects/llvm"
	"github.com/ttcompiler/tt/ir"
)

// foldSignFlips rewrites each of selects that is select(x < 0, ~x, x),
// integer x of width w, into x ^ (x >> (w-1)) with an arithmetic shift,
// as LLVM's instcombine does for the kernels Triton compiles: two
// instructions instead of a compare, the complement (often spelled
// (0 - x) - 1) and a select. tl.rand's conversion of random bits to a
// uniform float is written this way, so every kernel with dropout has one
// per element.
func foldSignFlips(selects []*ir.Operation) {
	for _, op := range selects {
		x := signFlipOf(op)
		if x == nil {
			continue
		}
		b := ir.NewBuilder(op.Context())
		b.SetInsertionPoint(op)
		t := x.Type()
		shift := llvm.NewIntConstant(b, op.Loc(), t, int64(ir.BitWidth(t)-1)).Result(0)
		mask := llvm.NewBinary(b, op.Loc(), llvm.AShrOp, x, shift).Result(0)
		r := llvm.NewBinary(b, op.Loc(), llvm.XOrOp, x, mask).Result(0)
		cond, flip := op.Operand(0).DefiningOp(), op.Operand(1).DefiningOp()
		ir.ReplaceAllUsesWith(op.Result(0), r)
		op.Erase()
		eraseDeadChain(cond)
		eraseDeadChain(flip)
	}
}

// signFlipOf returns x when sel is select(icmp slt x, 0, ~x, x).
func signFlipOf(sel *ir.Operation) ir.Value {
	x := sel.Operand(2)
	if _, ok := x.Type().(*ir.IntegerType); !ok {
		return nil
	}
	cmp := sel.Operand(0).DefiningOp()
	if cmp == nil || cmp.Name() != "llvm.icmp" || cmp.Operand(0) != x || !isIntConst(cmp.Operand(1), 0) {
		return nil
	}
	if p, ok := cmp.Attr("predicate").(*ir.IntegerAttr); !ok || llvm.ICmpPredicate(p.Int()) != llvm.ICmpSLT {
		return nil
	}
	if !isComplementOf(sel.Operand(1), x) {
		return nil
	}
	return x
}

// isComplementOf reports whether v is ~x: xor(x, -1), sub(-1, x) or
// sub(sub(0, x), 1).
func isComplementOf(v, x ir.Value) bool {
	d := v.DefiningOp()
	if d == nil {
		return false
	}
	switch d.Name() {
	case "llvm.xor":
		return d.Operand(0) == x && isIntConst(d.Operand(1), -1) || d.Operand(1) == x && isIntConst(d.Operand(0), -1)
	case "llvm.sub":
		if d.Operand(1) == x && isIntConst(d.Operand(0), -1) {
			return true
		}
		neg := d.Operand(0).DefiningOp()
		return isIntConst(d.Operand(1), 1) && neg != nil && neg.Name() == "llvm.sub" &&
			isIntConst(neg.Operand(0), 0) && neg.Operand(1) == x
	}
	return false
}

// eraseDeadChain erases op if its results are unused, then its operands'
// defining ops that become unused, for pure ops.
func eraseDeadChain(op *ir.Operation) {
	if op == nil || op.Block() == nil || !op.Has(ir.Pure) || op.ResultsUsed() {
		return
	}
	defs := make([]*ir.Operation, 0, op.NumOperands())
	for _, v := range op.Operands() {
		defs = append(defs, v.DefiningOp())
	}
	op.Erase()
	for _, d := range defs {
		eraseDeadChain(d)
	}
}
