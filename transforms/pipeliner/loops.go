package pipeliner

import (
	"github.com/ttcompiler/tt/dialects/scf"
	"github.com/ttcompiler/tt/ir"
)

// Helpers over scf.for loops shared by the pipelining passes.

// loopsPostOrder returns the scf.for ops nested in root, inner loops
// first (MLIR's default walk order).
func loopsPostOrder(root *ir.Operation) []*ir.Operation {
	var loops []*ir.Operation
	ir.Walk(root, ir.PostOrder, func(op *ir.Operation) ir.WalkResult {
		if op.Name() == "scf.for" {
			loops = append(loops, op)
		}
		return ir.Advance
	})
	return loops
}

// body is the loop's single block.
func body(loop *ir.Operation) *ir.Block { return scf.ForOp{Operation: loop}.Body() }

// yieldOp is the loop body's terminator.
func yieldOp(loop *ir.Operation) *ir.Operation { return body(loop).Last() }

// bodyOps lists the ops of the loop body without its terminator.
func bodyOps(loop *ir.Operation) []*ir.Operation {
	var ops []*ir.Operation
	b := body(loop)
	for op := b.First(); op != nil && op != b.Last(); op = op.Next() {
		ops = append(ops, op)
	}
	return ops
}

// iterArg is the block argument of the loop's i-th carried value.
func iterArg(loop *ir.Operation, i int) *ir.BlockArgument { return body(loop).Argument(i + 1) }

// inductionVar is the loop's induction variable.
func inductionVar(loop *ir.Operation) ir.Value { return body(loop).Argument(0) }

// definedOutside reports whether v is defined outside the loop's body.
func definedOutside(loop *ir.Operation, v ir.Value) bool {
	b := v.ParentBlock()
	return b == nil || !loop.IsAncestorOf(blockOwner(b))
}

// blockOwner is the op owning block b's region, or nil.
func blockOwner(b *ir.Block) *ir.Operation {
	if b == nil || b.Region() == nil {
		return nil
	}
	return b.Region().ParentOp()
}

// valueSet is an insertion-ordered set of values.
type valueSet struct {
	list []ir.Value
	has  map[ir.Value]bool
}

func (s *valueSet) insert(v ir.Value) bool {
	if s.has == nil {
		s.has = map[ir.Value]bool{}
	}
	if s.has[v] {
		return false
	}
	s.has[v] = true
	s.list = append(s.list, v)
	return true
}

// opSet is an insertion-ordered set of ops.
type opSet struct {
	list []*ir.Operation
	has  map[*ir.Operation]bool
}

func (s *opSet) insert(op *ir.Operation) bool {
	if s.has == nil {
		s.has = map[*ir.Operation]bool{}
	}
	if s.has[op] {
		return false
	}
	s.has[op] = true
	s.list = append(s.list, op)
	return true
}

func (s *opSet) contains(op *ir.Operation) bool { return s.has[op] }

// nestedOperands returns the values op and the ops nested in it use that
// are defined outside op (Triton's getNestedOperands), in walk order.
func nestedOperands(op *ir.Operation) []ir.Value {
	var s valueSet
	ir.WalkOps(op, func(o *ir.Operation) {
		for _, v := range o.Operands() {
			if owner := blockOwner(v.ParentBlock()); owner != nil && owner != op && owner.IsAncestorOf(op) {
				s.insert(v)
			}
		}
	})
	return s.list
}

// allNestedOperands returns every operand of op and of the ops nested in
// it, in walk order (the expander's notion).
func allNestedOperands(op *ir.Operation) []ir.Value {
	var s valueSet
	ir.WalkOps(op, func(o *ir.Operation) {
		for _, v := range o.Operands() {
			s.insert(v)
		}
	})
	return s.list
}

// definitionAndDistance follows v through the loop's iter args to the
// value computed in the body and returns its defining op with the number
// of iterations between it and v. It returns nil for values defined
// outside the loop, the induction variable and cycles of iter args.
func definitionAndDistance(loop *ir.Operation, v ir.Value) (*ir.Operation, int) {
	dist := 0
	seen := map[ir.Value]bool{}
	for {
		arg, ok := v.(*ir.BlockArgument)
		if !ok {
			return v.DefiningOp(), dist
		}
		if arg.Owner() != body(loop) || arg.Index() == 0 {
			return nil, 0
		}
		dist++
		v = yieldOp(loop).Operand(arg.Index() - 1)
		if seen[v] {
			return nil, 0
		}
		seen[v] = true
	}
}

// loopHasDistGreaterThanOne reports whether the loop yields a value it
// did not compute in the iteration (an iter arg or a value from outside),
// which the pipeliner does not handle.
func loopHasDistGreaterThanOne(loop *ir.Operation) bool {
	for _, v := range yieldOp(loop).Operands() {
		if v.DefiningOp() == nil {
			return true
		}
	}
	return false
}

// isOuterLoop reports whether the loop body holds another loop.
func isOuterLoop(loop *ir.Operation) bool {
	for _, op := range bodyOps(loop) {
		if op.Name() == "scf.for" || op.Name() == "scf.while" {
			return true
		}
	}
	return false
}

// replaceLoopWithNewSignature builds, before loop, a copy of it that also
// carries extra values (whose block arguments are appended to the moved
// body), replaces the old loop's results with the new one's and erases
// the old loop. The caller extends the yield.
func replaceLoopWithNewSignature(loop *ir.Operation, extra []ir.Value) *ir.Operation {
	ctx := loop.Context()
	b := ir.NewBuilder(ctx)
	b.SetInsertionPoint(loop)
	st := ir.NewState(ctx, "scf.for", loop.Loc())
	st.Operands = append(append([]ir.Value(nil), loop.Operands()...), extra...)
	for _, v := range st.Operands[3:] {
		st.Types = append(st.Types, v.Type())
	}
	st.Props = append(st.Props, loop.Props()...)
	st.Attrs = append(st.Attrs, loop.DiscardableAttrs()...)
	st.AddRegion()
	n := b.Create(st)
	n.Region(0).TakeBody(loop.Region(0))
	blk := n.Region(0).Front()
	for _, v := range extra {
		blk.AddArgument(v.Type(), v.Loc())
	}
	for i, r := range loop.Results() {
		ir.ReplaceAllUsesWith(r, n.Result(i))
	}
	loop.Erase()
	return n
}

// appendYield adds values to the loop's yield.
func appendYield(loop *ir.Operation, vals ...ir.Value) {
	y := yieldOp(loop)
	y.InsertOperands(y.NumOperands(), vals...)
}

// isMemDescView reports whether op only views a buffer of its operand (the
// ops with Triton's MemDescViewTrait).
func isMemDescView(op *ir.Operation) bool {
	switch op.Name() {
	case "ttg.memdesc_index", "ttg.memdesc_subslice", "ttg.memdesc_trans", "ttg.memdesc_reshape",
		"ttg.memdesc_reinterpret", "ttng.tmem_subslice":
		return true
	}
	return false
}

// topLevelUsersInLoop returns the ops of the loop body that use op's
// results, looking through the loop's iter args and buffer views; filter,
// if set, selects the users.
func topLevelUsersInLoop(op, loop *ir.Operation, filter func(*ir.Operation) bool) []*ir.Operation {
	var users opSet
	var queue []*ir.OpOperand
	for _, r := range op.Results() {
		queue = append(queue, ir.Uses(r)...)
	}
	for len(queue) > 0 {
		use := queue[len(queue)-1]
		queue = queue[:len(queue)-1]
		owner := use.Owner()
		if owner.Name() == "scf.yield" && owner.ParentOp() == loop {
			queue = append(queue, ir.Uses(iterArg(loop, use.Index()))...)
			continue
		}
		if isMemDescView(owner) {
			for _, r := range owner.Results() {
				queue = append(queue, ir.Uses(r)...)
			}
			continue
		}
		if filter != nil && !filter(owner) {
			continue
		}
		if top := body(loop).FindAncestorOp(owner); top != nil {
			users.insert(top)
		}
	}
	return users.list
}
