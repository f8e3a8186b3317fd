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
// both sides. Each edge is listed once: only a terminator that branches
// to b on both sides meets b twice among its predecessors, and that one
// ends the listing.
func incomingEdges(b *ir.Block) ([]edge, bool) {
	var out []edge
	for _, p := range b.Predecessors() {
		term := p.Terminator()
		if term == nil {
			continue
		}
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
	return e.term.OpOperand(e.term.Def().SuccessorOperands(e.term, e.succ)[i])
}

// appendEdgeOperands adds vals to the operands e's terminator passes
// along e.
func appendEdgeOperands(e edge, vals []ir.Value) {
	ir.AppendSuccessorOperands(e.term, e.succ, vals...)
}

// eraseEdgeOperand drops the operand e's terminator passes to argument i
// of its successor along e.
func eraseEdgeOperand(e edge, i int) {
	ir.EraseSuccessorOperand(e.term, e.succ, i)
}
