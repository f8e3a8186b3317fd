package transforms

import (
	"github.com/ttcompiler/tt/dialects/llvm"
	"github.com/ttcompiler/tt/ir"
)

// The edges of per-thread control flow (llvm.br and llvm.cond_br) and the
// operands they pass to their successors' arguments, for the passes that
// rewrite block arguments (select-to-block-args,
// reassociate-loop-addresses).

// edge is one way into a block: successor succ of terminator term.
type edge struct {
	term *ir.Operation
	succ int
}

// incomingEdges lists the edges into b; false if a predecessor's
// terminator is not an llvm.br or llvm.cond_br (the branches whose
// operands edgeOperand and appendEdgeOperands know) or branches to b on
// both sides.
func incomingEdges(b *ir.Block) ([]edge, bool) {
	var out []edge
	seen := map[*ir.Operation]bool{}
	for _, p := range b.Predecessors() {
		term := p.Terminator()
		if term == nil || seen[term] {
			continue
		}
		seen[term] = true
		switch term.Def() {
		case llvm.BrOp:
			out = append(out, edge{term, 0})
		case llvm.CondBrOp:
			t, f := term.Successor(0) == b, term.Successor(1) == b
			if t && f {
				return nil, false
			}
			if t {
				out = append(out, edge{term, 0})
			} else {
				out = append(out, edge{term, 1})
			}
		default:
			return nil, false
		}
	}
	return out, len(out) > 0
}

// edgeOperand returns the operand e's terminator passes to argument i of
// its successor along e.
func edgeOperand(e edge, i int) *ir.OpOperand {
	if e.term.Def() == llvm.BrOp {
		return e.term.OpOperand(i)
	}
	nTrue, _ := llvm.CondBrSegmentSizes(e.term)
	if e.succ == 0 {
		return e.term.OpOperand(1 + i)
	}
	return e.term.OpOperand(1 + nTrue + i)
}

// appendEdgeOperands adds vals to the operands e's terminator passes
// along e.
func appendEdgeOperands(e edge, vals []ir.Value) {
	term := e.term
	if term.Def() == llvm.BrOp {
		term.InsertOperands(term.NumOperands(), vals...)
		return
	}
	nTrue, nFalse := llvm.CondBrSegmentSizes(term)
	at := 1 + nTrue + nFalse
	if e.succ == 0 {
		at = 1 + nTrue
		nTrue += len(vals)
	} else {
		nFalse += len(vals)
	}
	term.InsertOperands(at, vals...)
	llvm.SetCondBrSegmentSizes(term, nTrue, nFalse)
}

// eraseEdgeOperand drops the operand e's terminator passes to argument i
// of its successor along e.
func eraseEdgeOperand(e edge, i int) {
	u := edgeOperand(e, i)
	term := e.term
	at := u.Index()
	if term.Def() == llvm.BrOp {
		term.EraseOperands(at, 1)
		return
	}
	nTrue, nFalse := llvm.CondBrSegmentSizes(term)
	term.EraseOperands(at, 1)
	if e.succ == 0 {
		nTrue--
	} else {
		nFalse--
	}
	llvm.SetCondBrSegmentSizes(term, nTrue, nFalse)
}
