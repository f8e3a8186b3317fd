package transforms

import (
	"flag"

	"github.com/ttcompiler/tt/dialects/llvm"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/passmgr"
)

// select-to-block-args turns `llvm.select %c, %a, %b` into a block
// argument of the block that uses it, when every edge into that block
// says what %c is: the predecessor that branched on %c's true side passes
// %a, the one from its false side %b (LLVM's InstCombine does the same,
// select to phi). When the users' block is only jumped to, the argument
// goes to the first block up that chain whose edges decide %c (the merge
// block of an `if`, followed by the block of a loop's back edge). No
// instruction is left: the edges copy registers, and the path that does
// not take the branch reads nothing.
//
// Why it matters: a persistent or flattened matmul resets its wgmma
// accumulator at each tile's end, `acc = select(last, 0, acc)` beside
// `scf.if last { epilogue }`. As a select, every iteration reads the
// accumulator registers while a wgmma group is still in flight, and
// ptxas then serializes every wgmma of the kernel (its warning C7514;
// 3x slower). As a block argument, the accumulator flows unread around
// the loop and zeros are written only on the epilogue's edge, after its
// wait.

func init() {
	passmgr.Default.Register(&passmgr.Pass{
		Name:        "select-to-block-args",
		DisplayName: "SelectToBlockArgs",
		Summary:     "Replace llvm.select whose condition each incoming edge of its users' block decides by a block argument",
		Build: func(*flag.FlagSet) passmgr.RunFunc {
			return func(op *ir.Operation, st *passmgr.State) error {
				n := SelectsToBlockArgs(op)
				st.Stat("num-selects", "Number of selects turned into block arguments").Add(int64(n))
				if n == 0 {
					st.PreserveAll()
				}
				return nil
			}
		},
	})
}

// maxEdgeWalk bounds the walk up single-predecessor chains that looks
// for the branch deciding a condition.
const maxEdgeWalk = 32

// SelectsToBlockArgs rewrites the selects under root (see
// select-to-block-args) and returns how many it replaced.
func SelectsToBlockArgs(root *ir.Operation) int {
	// Candidates grouped by the one block holding all their uses, in
	// walk order so that the result does not depend on map order.
	groups := map[*ir.Block][]*ir.Operation{}
	var order []*ir.Block
	ir.Walk(root, ir.PreOrder, func(op *ir.Operation) ir.WalkResult {
		if op.Def() != llvm.SelectOp || op.NumOperands() != 3 || !ir.IsInteger(op.Operand(0).Type(), 1) {
			return ir.Advance
		}
		if b := soleUseBlock(op.Result(0)); b != nil && !b.IsEntry() {
			if _, seen := groups[b]; !seen {
				order = append(order, b)
			}
			groups[b] = append(groups[b], op)
		}
		return ir.Advance
	})
	dom := ir.NewDominanceInfo()
	n := 0
	for _, b := range order {
		// The users' block first, then the blocks that lead to it by
		// unconditional branches alone: the merge block of an scf.if
		// whose results were left in a block after it (a flattened
		// loop's back edge after the epilogue's `if`) is where the
		// condition is known.
		rest := groups[b]
		for c, steps := b, 0; c != nil && len(rest) > 0 && steps < maxEdgeWalk; c, steps = soleJumpPredecessor(c), steps+1 {
			var folded int
			folded, rest = foldIntoBlock(c, rest, dom)
			n += folded
		}
	}
	return n
}

// soleJumpPredecessor returns the one predecessor of b when it reaches b
// by an unconditional llvm.br (so it dominates b), or nil.
func soleJumpPredecessor(b *ir.Block) *ir.Block {
	if b.IsEntry() {
		return nil
	}
	preds := b.Predecessors()
	if len(preds) != 1 || preds[0] == b {
		return nil
	}
	if term := preds[0].Terminator(); term == nil || term.Def() != llvm.BrOp {
		return nil
	}
	return preds[0]
}

// foldIntoBlock replaces those of sels (all used only in b or in blocks b
// dominates) whose condition every edge into b decides, and whose chosen
// operand is available at that edge, by new arguments of b. It returns
// how many it replaced and the others.
func foldIntoBlock(b *ir.Block, sels []*ir.Operation, dom *ir.DominanceInfo) (int, []*ir.Operation) {
	edges, ok := incomingEdges(b)
	if !ok {
		return 0, sels
	}
	type fold struct {
		sel  *ir.Operation
		vals []ir.Value // per edge
	}
	var folds []fold
	var rest []*ir.Operation
	for _, sel := range sels {
		cond := sel.Operand(0)
		vals := make([]ir.Value, len(edges))
		for i, e := range edges {
			taken, known := condOnEdge(cond, e)
			if !known {
				vals = nil
				break
			}
			v := sel.Operand(2)
			if taken {
				v = sel.Operand(1)
			}
			if !dom.ValueDominates(v, e.term) {
				vals = nil
				break
			}
			vals[i] = v
		}
		if vals != nil {
			folds = append(folds, fold{sel, vals})
		} else {
			rest = append(rest, sel)
		}
	}
	if len(folds) == 0 {
		return 0, rest
	}
	for _, f := range folds {
		arg := b.AddArgument(f.sel.Result(0).Type(), f.sel.Loc())
		ir.ReplaceAllUsesWith(f.sel.Result(0), arg)
	}
	for i, e := range edges {
		extra := make([]ir.Value, len(folds))
		for j, f := range folds {
			extra[j] = f.vals[i]
		}
		appendEdgeOperands(e, extra)
	}
	for _, f := range folds {
		f.sel.Erase()
	}
	return len(folds), rest
}

// condOnEdge tells whether cond is true along e: decided by e's own
// branch when it is `cond_br cond`, otherwise by the edge into e's block
// when that block has a single predecessor, and so on up the chain.
func condOnEdge(cond ir.Value, e edge) (taken, known bool) {
	for range maxEdgeWalk {
		if e.term.Def() == llvm.CondBrOp && e.term.Operand(0) == cond && e.term.Successor(0) != e.term.Successor(1) {
			return e.succ == 0, true
		}
		from := e.term.Block()
		if from.IsEntry() {
			return false, false
		}
		preds := from.Predecessors()
		if len(preds) != 1 {
			return false, false
		}
		term := preds[0].Terminator()
		if term == nil {
			return false, false
		}
		switch {
		case term.Def() == llvm.BrOp:
			e = edge{term, 0}
		case term.Def() == llvm.CondBrOp && term.Successor(0) != term.Successor(1):
			if term.Successor(0) == from {
				e = edge{term, 0}
			} else {
				e = edge{term, 1}
			}
		default:
			return false, false
		}
	}
	return false, false
}

// soleUseBlock returns the block holding every use of v, or nil if v is
// unused or used in several blocks (or inside nested regions).
func soleUseBlock(v ir.Value) *ir.Block {
	var b *ir.Block
	for u := v.FirstUse(); u != nil; u = u.NextUse() {
		ub := u.Owner().Block()
		if ub == nil || (b != nil && ub != b) {
			return nil
		}
		b = ub
	}
	if b != nil && b.Region() != v.ParentBlock().Region() {
		return nil
	}
	return b
}
