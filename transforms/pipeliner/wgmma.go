package pipeliner

import (
	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/ir"
)

// newDotWait builds `ttng.warp_group_dot_wait inputs {pendings}`, whose
// results pass the inputs through.
func newDotWait(b *ir.Builder, loc ir.Location, inputs []ir.Value, pendings int) *ir.Operation {
	var types []ir.Type
	for _, v := range inputs {
		types = append(types, v.Type())
	}
	return b.CreateOp("ttng.warp_group_dot_wait", loc, inputs, types,
		ir.NamedAttr{Name: "pendings", Value: ir.I32Attr(b.Ctx, int64(pendings))})
}

// pendingsOf is a warp_group_dot_wait's number of dots left in flight.
func pendingsOf(wait *ir.Operation) int {
	n, _ := intAttr(wait, "pendings")
	return n
}

// Making Hopper's wgmma dots of a pipelined loop asynchronous (Triton's
// asyncLaunchDots in WGMMAPipeline.cpp). Every ttng.warp_group_dot
// becomes {isAsync}; a dot that can be "properly async" (its shared
// operands are multi-buffered, only the loop's yield uses it, and its
// result is consumed in the next iteration only as another dot's
// accumulator) stays in flight across the iteration boundary, with a
// ttng.warp_group_dot_wait after the last such dot letting at most as many
// dots as there are in an iteration stay pending, and a wait for all of
// them after the loop. The other dots get a wait for themselves right
// after them.

// isNoopOp reports whether op moves no data: reshapes, transposes and
// layout conversions that keep every element in its thread.
func isNoopOp(op *ir.Operation) bool {
	switch op.Name() {
	case "tt.reshape", "tt.trans":
		return true
	case "ttg.convert_layout":
		src, ok1 := op.Operand(0).Type().(*ir.RankedTensorType)
		dst, ok2 := op.Result(0).Type().(*ir.RankedTensorType)
		return ok1 && ok2 && ttg.IsNoopConversion(src, dst)
	}
	return false
}

// rsDotNeedsWait reports whether a wgmma reads A from registers computed
// in the loop (other than by a conversion from another wgmma's result):
// the registers may not be rewritten before the dot completes.
func rsDotNeedsWait(dot, loop *ir.Operation) bool {
	if dot.Name() != "ttng.warp_group_dot" {
		return false
	}
	a := dot.Operand(0)
	if _, ok := a.Type().(*ir.RankedTensorType); !ok || definedOutside(loop, a) {
		return false
	}
	if cvt := a.DefiningOp(); cvt != nil && cvt.Name() == "ttg.convert_layout" {
		src := cvt.Operand(0).Type().(*ir.RankedTensorType)
		_, isMMA := src.Encoding.(*ttg.NvidiaMmaEncoding)
		return !isMMA
	}
	return true
}

// threadValuesThroughWait adds values (and the shared operands of the
// wgmmas they depend on in the wait's block) to the wait's operands and
// makes the uses after the wait read them through it.
func threadValuesThroughWait(wait *ir.Operation, values []ir.Value) *ir.Operation {
	b := ir.NewBuilder(wait.Context())
	b.SetInsertionPoint(wait)
	orig := wait.NumOperands()
	var operands valueSet
	for _, v := range wait.Operands() {
		operands.insert(v)
	}
	for _, v := range values {
		operands.insert(v)
	}
	var dots []*ir.Operation
	for _, v := range values {
		backwardSliceOfValue(v, backwardSliceOptions{omitBlockArguments: true, filter: func(op *ir.Operation) bool {
			if op.Name() == "ttng.warp_group_dot" {
				dots = append(dots, op)
				return false
			}
			return op.Block() == wait.Block()
		}})
	}
	for _, d := range dots {
		for _, v := range d.Operands() {
			if _, ok := v.Type().(*ttg.MemDescType); ok {
				operands.insert(v)
			}
		}
	}
	nw := newDotWait(b, wait.Loc(), operands.list, pendingsOf(wait))
	after := func(u *ir.OpOperand) bool {
		in := nw.Block().FindAncestorOp(u.Owner())
		return in != nil && nw.IsBeforeInBlock(in)
	}
	for i := 0; i < orig; i++ {
		if _, ok := wait.Result(i).Type().(*ttg.MemDescType); !ok {
			ir.ReplaceAllUsesWith(wait.Result(i), nw.Result(i))
		}
	}
	for i := orig; i < len(operands.list); i++ {
		v := nw.Operand(i)
		if _, ok := v.Type().(*ttg.MemDescType); !ok {
			ir.ReplaceUsesIf(v, nw.Result(i), after)
		}
	}
	wait.Erase()
	return nw
}

// dotCanBeProperlyAsync returns the index of the loop's iter arg carrying
// the dot's result when the dot may stay in flight across iterations.
func dotCanBeProperlyAsync(dot, loop *ir.Operation) (int, bool) {
	checkOperand := func(v ir.Value) bool {
		if _, ok := v.Type().(*ir.RankedTensorType); ok {
			return true
		}
		// A shared operand must come from outside the loop or from a
		// slot of a multi-buffered allocation, through views only.
		for {
			if arg, ok := v.(*ir.BlockArgument); ok {
				if arg.Owner() == body(loop) && arg.Index() > 0 {
					v = yieldOp(loop).Operand(arg.Index() - 1)
					continue
				}
				break
			}
			def := v.DefiningOp()
			if def == nil {
				break
			}
			switch def.Name() {
			case "ttg.convert_layout", "ttg.memdesc_trans", "ttg.memdesc_reshape", "ttg.memdesc_subslice":
				v = def.Operand(0)
				continue
			}
			break
		}
		if definedOutside(loop, v) {
			return true
		}
		d := v.DefiningOp()
		return d != nil && d.Name() == "ttg.memdesc_index"
	}
	if !checkOperand(dot.Operand(0)) || !checkOperand(dot.Operand(1)) {
		return 0, false
	}
	// The dot may only be used by the yield (through no-op conversions),
	// or under conditionals.
	iterArgIdx := -1
	type use struct {
		user *ir.Operation
		idx  int
	}
	var queue []use
	for _, u := range ir.Uses(dot.Result(0)) {
		queue = append(queue, use{u.Owner(), u.Index()})
	}
	for len(queue) > 0 {
		u := queue[len(queue)-1]
		queue = queue[:len(queue)-1]
		parent := u.user.ParentOp()
		if parent == loop {
			if isNoopOp(u.user) {
				for _, x := range ir.Uses(u.user.Result(0)) {
					queue = append(queue, use{x.Owner(), x.Index()})
				}
				continue
			}
			if u.user.Name() == "scf.yield" {
				if iterArgIdx >= 0 {
					return 0, false
				}
				iterArgIdx = u.idx
				continue
			}
			return 0, false
		}
		if parent != nil && parent.Name() == "scf.if" {
			if u.user.Name() == "scf.yield" {
				for _, x := range ir.Uses(parent.Result(u.idx)) {
					queue = append(queue, use{x.Owner(), x.Index()})
				}
			}
			continue
		}
		return 0, false
	}
	// Only f32 accumulators are kept in flight.
	c := dot.Operand(2).Type().(*ir.RankedTensorType)
	if ft, ok := c.Elem.(*ir.FloatType); !ok || ft.Kind != ir.F32 {
		return 0, false
	}
	if iterArgIdx < 0 {
		return 0, false
	}
	arg := iterArg(loop, iterArgIdx)
	var feedsDot func(u *ir.OpOperand) bool
	feedsDot = func(u *ir.OpOperand) bool {
		if u.Owner().Name() == "ttng.warp_group_dot" {
			return u.Index() == 2
		}
		if isNoopOp(u.Owner()) {
			for _, x := range ir.Uses(u.Owner().Result(0)) {
				if !feedsDot(x) {
					return false
				}
			}
			return true
		}
		return false
	}
	all := true
	for _, u := range ir.Uses(arg) {
		if !feedsDot(u) {
			all = false
			break
		}
	}
	if all {
		return iterArgIdx, true
	}
	// Otherwise every use of the previous iteration's result must come
	// after a wait for all dots; the result is threaded through it.
	var firstWait *ir.Operation
	for _, op := range bodyOps(loop) {
		if op.Name() == "ttng.warp_group_dot_wait" && pendingsOf(op) == 0 {
			firstWait = op
			break
		}
	}
	if firstWait != nil {
		ok := true
		for _, user := range ir.Users(arg) {
			top := body(loop).FindAncestorOp(user)
			if top == nil || !firstWait.IsBeforeInBlock(top) {
				ok = false
				break
			}
		}
		if ok {
			threadValuesThroughWait(firstWait, []ir.Value{arg})
			return iterArgIdx, true
		}
	}
	return 0, false
}

// asyncDot is a properly async dot and its iter arg.
type asyncDot struct {
	dot        *ir.Operation
	iterArgIdx int
}

// hasWaitZero reports whether the loop body waits for all dots.
func hasWaitZero(loop *ir.Operation) bool {
	for _, op := range bodyOps(loop) {
		if op.Name() == "ttng.warp_group_dot_wait" && pendingsOf(op) == 0 {
			return true
		}
	}
	return false
}

// insertAsyncDotWaitInLoop waits, right after the last properly async
// dot, for the dots of the previous iteration (unless the loop already
// waits for all dots), and makes the other users of the dots wait.
func insertAsyncDotWaitInLoop(loop *ir.Operation, dots []asyncDot) {
	if len(dots) == 0 || hasWaitZero(loop) {
		return
	}
	for _, d := range dots {
		if rsDotNeedsWait(d.dot, loop) {
			// Wait for this dot of the previous iteration before its
			// register operand is rewritten.
			b := ir.NewBuilder(loop.Context())
			b.SetInsertionPointAfter(d.dot)
			w := newDotWait(b, d.dot.Loc(), nil, len(dots)-1)
			threadValuesThroughWait(w, []ir.Value{d.dot.Result(0)})
			continue
		}
		var blocks []*ir.Block
		users := map[*ir.Block][]ir.Value{}
		for _, u := range usesNeedingWait(d.dot, loop) {
			blk := u.Owner().Block()
			if _, ok := users[blk]; !ok {
				blocks = append(blocks, blk)
			}
			users[blk] = append(users[blk], u.Get())
		}
		for _, blk := range blocks {
			b := ir.NewBuilder(loop.Context())
			b.SetInsertionPointToStart(blk)
			w := newDotWait(b, d.dot.Loc(), nil, 0)
			threadValuesThroughWait(w, users[blk])
		}
	}
	last := dots[len(dots)-1].dot
	if rsDotNeedsWait(last, loop) {
		return
	}
	b := ir.NewBuilder(loop.Context())
	b.SetInsertionPointAfter(last)
	w := newDotWait(b, last.Loc(), nil, len(dots))
	var vals []ir.Value
	for _, d := range dots {
		vals = append(vals, d.dot.Result(0))
	}
	threadValuesThroughWait(w, vals)
}

// usesNeedingWait are the uses of a properly async dot's result that must
// wait for it: those under an scf.if (dotCanBeProperlyAsync allows no
// other) but yields. The yields and the no-op ops in the loop's body between
// the dot and the yield (a tt.trans of the accumulator, as a dot computing
// a transposed product has) do not: they leave the value in the registers
// the dot writes, and the wait after the last dot passes it to them. A
// wait for those at the start of the body (Triton 3.6 inserts one there)
// would come before the dot it waits for.
func usesNeedingWait(dot, loop *ir.Operation) []*ir.OpOperand {
	var out []*ir.OpOperand
	queue := ir.Uses(dot.Result(0))
	for len(queue) > 0 {
		u := queue[len(queue)-1]
		queue = queue[:len(queue)-1]
		owner := u.Owner()
		switch {
		case owner.Name() == "scf.yield":
			continue // passes the registers on without reading them
		case owner.ParentOp() == loop && isNoopOp(owner):
			queue = append(queue, ir.Uses(owner.Result(0))...)
			continue
		}
		out = append(out, u)
	}
	return out
}

// asyncLaunchDots makes the wgmmas of the loop asynchronous and inserts
// the waits they need.
func asyncLaunchDots(loop *ir.Operation) {
	var dots []asyncDot
	ctx := loop.Context()
	for _, op := range bodyOps(loop) {
		if op.Name() != "ttng.warp_group_dot" {
			continue
		}
		op.SetProp("isAsync", ir.BoolAttrOf(ctx, true))
		if idx, ok := dotCanBeProperlyAsync(op, loop); ok {
			dots = append(dots, asyncDot{op, idx})
			continue
		}
		b := ir.NewBuilder(ctx)
		b.SetInsertionPointAfter(op)
		w := newDotWait(b, op.Loc(), nil, 0)
		threadValuesThroughWait(w, []ir.Value{op.Result(0)})
	}
	if len(dots) == 0 {
		return
	}
	if !hasWaitZero(loop) {
		// With no wait for all dots in the loop, split dots reading A
		// from registers along K so that all but one stay in flight.
		dots = splitRSDots(dots)
	}
	insertAsyncDotWaitInLoop(loop, dots)
	var vals []ir.Value
	for _, d := range dots {
		vals = append(vals, loop.Result(d.iterArgIdx))
	}
	b := ir.NewBuilder(ctx)
	b.SetInsertionPointAfter(loop)
	w := newDotWait(b, loop.Loc(), nil, 0)
	threadValuesThroughWait(w, vals)
}
