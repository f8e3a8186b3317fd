package cf

import (
	"github.com/ttcompiler/tt/dialects/arith"
	"github.com/ttcompiler/tt/ir"
)

func init() {
	BranchOpDef.Canonicalize = []ir.RewritePattern{
		ir.NewPattern("SimplifyBrToBlockWithSinglePred", "cf.br", 1, simplifyBrToBlockWithSinglePred),
		ir.NewPattern("SimplifyPassThroughBr", "cf.br", 1, simplifyPassThroughBr),
	}
	CondBranchOpDef.Canonicalize = []ir.RewritePattern{
		ir.NewPattern("SimplifyConstCondBranchPred", "cf.cond_br", 1, simplifyConstCondBranchPred),
		ir.NewPattern("SimplifyPassThroughCondBranch", "cf.cond_br", 1, simplifyPassThroughCondBranch),
		ir.NewPattern("SimplifyCondBranchIdenticalSuccessors", "cf.cond_br", 1, simplifyCondBranchIdenticalSuccessors),
	}
	AssertOpDef.Canonicalize = []ir.RewritePattern{ir.NewPattern("EraseTrueAssert", "cf.assert", 1, eraseTrueAssert)}
}

// simplifyBrToBlockWithSinglePred merges a destination whose only
// predecessor is this branch into the branching block.
func simplifyBrToBlockWithSinglePred(op *ir.Operation, rw ir.Rewriter) bool {
	dest, blk := op.Successor(0), op.Block()
	if dest == blk || len(dest.Predecessors()) != 1 {
		return false
	}
	rw.MergeBlocks(dest, blk, op.Operands())
	rw.EraseOp(op)
	return true
}

// collapseBranch follows a successor that only holds an unconditional
// branch whose block arguments are used by that branch alone.
func collapseBranch(dest *ir.Block, operands []ir.Value) (*ir.Block, []ir.Value, bool) {
	if dest.First() != dest.Last() || dest.Last() == nil {
		return nil, nil, false
	}
	br := dest.Last()
	if br.Def() != BranchOpDef {
		return nil, nil, false
	}
	for _, a := range dest.Arguments() {
		for _, u := range ir.Users(a) {
			if u != br {
				return nil, nil, false
			}
		}
	}
	next := br.Successor(0)
	if next == dest {
		return nil, nil, false
	}
	var out []ir.Value
	for _, v := range br.Operands() {
		if a, ok := v.(*ir.BlockArgument); ok && a.Owner() == dest {
			out = append(out, operands[a.Index()])
		} else {
			out = append(out, v)
		}
	}
	return next, out, true
}

// simplifyPassThroughBr skips successors that only branch on.
func simplifyPassThroughBr(op *ir.Operation, rw ir.Rewriter) bool {
	dest, args, ok := collapseBranch(op.Successor(0), op.Operands())
	if !ok {
		return false
	}
	n := NewBr(rw.B(), op.Loc(), dest, args)
	n.SetDiscardableAttrs(op.DiscardableAttrs())
	rw.EraseOp(op)
	return true
}

// simplifyConstCondBranchPred turns a cond_br on a constant into a br.
func simplifyConstCondBranchPred(op *ir.Operation, rw ir.Rewriter) bool {
	a, ok := arith.ConstantAttrOf(op.Operand(0)).(*ir.IntegerAttr)
	if !ok {
		return false
	}
	c := CondBranchOp{op}
	if a.Bits != 0 {
		NewBr(rw.B(), op.Loc(), c.TrueDest(), c.TrueOperands())
	} else {
		NewBr(rw.B(), op.Loc(), c.FalseDest(), c.FalseOperands())
	}
	rw.EraseOp(op)
	return true
}

// simplifyPassThroughCondBranch skips pass-through successors.
func simplifyPassThroughCondBranch(op *ir.Operation, rw ir.Rewriter) bool {
	c := CondBranchOp{op}
	t, targs := c.TrueDest(), c.TrueOperands()
	f, fargs := c.FalseDest(), c.FalseOperands()
	nt, nta, ok1 := collapseBranch(t, targs)
	nf, nfa, ok2 := collapseBranch(f, fargs)
	if !ok1 && !ok2 {
		return false
	}
	if ok1 {
		t, targs = nt, nta
	}
	if ok2 {
		f, fargs = nf, nfa
	}
	n := NewCondBr(rw.B(), op.Loc(), c.Condition(), t, targs, f, fargs)
	n.SetDiscardableAttrs(op.DiscardableAttrs())
	rw.EraseOp(op)
	return true
}

// simplifyCondBranchIdenticalSuccessors turns a cond_br whose successors
// are the same block into a br, selecting differing operands.
func simplifyCondBranchIdenticalSuccessors(op *ir.Operation, rw ir.Rewriter) bool {
	c := CondBranchOp{op}
	if c.TrueDest() != c.FalseDest() {
		return false
	}
	targs, fargs := c.TrueOperands(), c.FalseOperands()
	args := make([]ir.Value, len(targs))
	for i := range targs {
		if targs[i] == fargs[i] {
			args[i] = targs[i]
			continue
		}
		args[i] = arith.NewSelect(rw.B(), op.Loc(), c.Condition(), targs[i], fargs[i]).Result(0)
	}
	NewBr(rw.B(), op.Loc(), c.TrueDest(), args)
	rw.EraseOp(op)
	return true
}

// eraseTrueAssert removes `cf.assert true`.
func eraseTrueAssert(op *ir.Operation, rw ir.Rewriter) bool {
	a, ok := arith.ConstantAttrOf(op.Operand(0)).(*ir.IntegerAttr)
	if !ok || a.Bits == 0 {
		return false
	}
	rw.EraseOp(op)
	return true
}
