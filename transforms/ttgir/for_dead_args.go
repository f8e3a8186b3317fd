package ttgir

import "github.com/ttcompiler/tt/ir"

// forDeadArgElimination is Triton's ForOpDeadArgElimination: loop-carried
// values that no result and no side effect depends on are made to yield
// their own iter arg, so the loop canonicalizations and dead code removal
// can drop them. Liveness starts from the used results and the operands of
// ops with side effects, and flows backwards through the loop body,
// nested loops and conditionals.
func forDeadArgElimination() ir.RewritePattern {
	return ir.NewPattern("ForOpDeadArgElimination", "scf.for", 1, func(forOp *ir.Operation, rw ir.Rewriter) bool {
		body := forOp.Region(0).Front()
		yield := body.Last()
		alive := map[ir.ValueKey]bool{}
		var queue []ir.Value
		inside := func(v ir.Value) bool {
			blk := v.ParentBlock()
			if blk == nil || blk.Region() == nil {
				return false
			}
			p := blk.Region().ParentOp()
			return p == forOp || (p != nil && forOp.IsAncestorOf(p))
		}
		markLive := func(v ir.Value) {
			if !inside(v) || alive[ir.KeyOf(v)] {
				return
			}
			alive[ir.KeyOf(v)] = true
			queue = append(queue, v)
		}
		for i, r := range forOp.Results() {
			if ir.HasUses(r) {
				markLive(yield.Operand(i))
			}
		}
		if len(alive) == forOp.NumResults() {
			return false
		}
		ir.WalkNested(forOp, func(op *ir.Operation) {
			if op.Name() == "scf.yield" || op.Name() == "scf.for" {
				return
			}
			if !ir.WouldBeTriviallyDead(op) {
				for i := range op.NumOperands() {
					markLive(op.Operand(i))
				}
			}
		})
		for len(queue) > 0 {
			v := queue[len(queue)-1]
			queue = queue[:len(queue)-1]
			if def := v.DefiningOp(); def != nil {
				idx := v.(*ir.OpResult).Index()
				switch def.Name() {
				case "scf.for":
					markLive(def.Operand(3 + idx))
					markLive(yieldOf(def, 0).Operand(idx))
				case "scf.if":
					markLive(def.Operand(0))
					for _, y := range []*ir.Operation{yieldOf(def, 0), yieldOf(def, 1)} {
						if y != nil && idx < y.NumOperands() {
							markLive(y.Operand(idx))
						}
					}
				case "scf.while":
					return false
				default:
					for i := range def.NumOperands() {
						markLive(def.Operand(i))
					}
				}
				continue
			}
			arg := v.(*ir.BlockArgument)
			owner := arg.Owner().ParentOp()
			if owner == nil || owner.Name() != "scf.for" || arg.Index() == 0 {
				continue
			}
			i := arg.Index() - 1
			markLive(yieldOf(owner, 0).Operand(i))
			markLive(owner.Operand(3 + i))
		}
		var dead []int
		for i, v := range yield.Operands() {
			if alive[ir.KeyOf(v)] || v == body.Argument(i+1) {
				continue
			}
			// A value from outside the loop is what the loop returns when
			// it runs; removing it is only safe when it equals the init.
			if !inside(v) && v != forOp.Operand(3+i) {
				continue
			}
			dead = append(dead, i)
		}
		if len(dead) == 0 {
			return false
		}
		rw.ModifyInPlace(forOp, func() {
			for _, i := range dead {
				yield.SetOperand(i, body.Argument(i+1))
			}
		})
		return true
	})
}
