package pipeliner

import (
	"github.com/ttcompiler/tt/dialects/scf"
	"github.com/ttcompiler/tt/dialects/tt"
	"github.com/ttcompiler/tt/dialects/ttng"
	"github.com/ttcompiler/tt/ir"
)

// Descriptors made in a pipelined loop (Triton's lowerTMADescriptors): a
// TMA copy issued in one iteration may still read its descriptor while
// later iterations make theirs, so each tt.make_tensor_descriptor writes
// its descriptor into the next of as many global slots as stages, indexed
// by a counter the loop carries.

// lowerTMADescriptors rewrites the descriptors made in the loop; s gives
// the number of stages (one more with a wgmma, which pipelining keeps in
// flight one iteration longer).
func lowerTMADescriptors(loop *ir.Operation, s *schedule) (*ir.Operation, error) {
	maxStage := s.numStages - 1
	for _, op := range bodyOps(loop) {
		if op.Name() == "ttng.warp_group_dot" {
			maxStage++
			break
		}
	}
	var makes []*ir.Operation
	ir.Walk(loop, ir.PostOrder, func(op *ir.Operation) ir.WalkResult {
		if op.Name() == "tt.make_tensor_descriptor" {
			makes = append(makes, op)
		}
		return ir.Advance
	})
	if len(makes) == 0 {
		return loop, nil
	}
	ctx := loop.Context()
	b := ir.NewBuilder(ctx)
	b.SetInsertionPoint(loop)
	allocs := make([]ir.Value, len(makes))
	for i, mk := range makes {
		allocs[i] = newGlobalScratchAlloc(b, mk.Loc(), maxStage*tmaSizeBytes, tmaAlign)
	}
	zero := constI32(b, loop.Loc(), 0)
	one := constI32(b, loop.Loc(), 1)
	extra := make([]ir.Value, len(makes))
	for i := range extra {
		extra[i] = zero
	}
	first := scfInits(loop)
	loop = replaceLoopWithNewSignature(loop, extra)
	appendYield(loop, extra...)

	aux := ir.NewBuilder(ctx)
	aux.SetInsertionPoint(loop)
	numBuffers := constI32(aux, loop.Loc(), maxStage)
	for i, mk := range makes {
		sb := newStageBuilder(s, mk, mk.Loc())
		loc := mk.Loc()
		counter := iterArg(loop, first+i)
		size := constI32(sb.Builder, loc, tmaSizeBytes)
		offset := binary(sb.Builder, "arith.muli", loc, size, counter)
		slot := tt.NewAddPtr(sb.Builder, loc, allocs[i], offset).Result(0)
		if err := createTMADesc(sb.Builder, slot, mk); err != nil {
			return loop, err
		}
		ttng.NewTensormapFenceproxyAcquire(sb.Builder, loc, slot)
		desc := ttng.NewReinterpretTensorDescriptor(sb.Builder, loc, slot, mk.Result(0).Type())
		ir.ReplaceAllUsesWith(mk.Result(0), desc.Result(0))
		next, _ := incrementModulo(sb.Builder, loc, counter, numBuffers, zero, one)
		next, err := sinkValueRedefinition(counter, next, mk.Block())
		if err != nil {
			return loop, err
		}
		yieldOp(loop).SetOperand(counter.Index()-1, next)
	}
	return loop, nil
}

// sinkValueRedefinition makes out, computed in block, visible where in is
// defined: each enclosing loop carries it (in before an iteration, out
// after), each enclosing conditional yields out from the branch holding
// block and in from the other.
func sinkValueRedefinition(in, out ir.Value, blk *ir.Block) (ir.Value, error) {
	for blk != in.ParentBlock() {
		op := blockOwner(blk)
		if op == nil {
			break
		}
		switch op.Name() {
		case "scf.for":
			n := replaceLoopWithNewSignature(op, []ir.Value{in})
			appendYield(n, out)
			out = n.Result(n.NumResults() - 1)
			blk = n.Block()
		case "scf.if":
			n := replaceIfWithExtraResult(op, out.Type())
			nif := scf.IfOp{Operation: n}
			taken, other := nif.ThenYield(), nif.ElseYield()
			if blk == nif.ElseBlock() {
				taken, other = other, taken
			}
			taken.InsertOperands(taken.NumOperands(), out)
			other.InsertOperands(other.NumOperands(), in)
			out = n.Result(n.NumResults() - 1)
			blk = n.Block()
		default:
			return nil, ir.OpErrorf(op, "cannot sink a value redefinition out of this op")
		}
	}
	return out, nil
}

// replaceIfWithExtraResult rebuilds ifOp with one more result of type t
// (both regions moved over, an absent else given an empty yield), and
// replaces and erases the old op.
func replaceIfWithExtraResult(ifOp *ir.Operation, t ir.Type) *ir.Operation {
	ctx := ifOp.Context()
	b := ir.NewBuilder(ctx)
	b.SetInsertionPoint(ifOp)
	st := ir.NewState(ctx, "scf.if", ifOp.Loc())
	st.Operands = []ir.Value{ifOp.Operand(0)}
	st.Types = append(ifOp.ResultTypes(), t)
	st.Props = append(st.Props, ifOp.Props()...)
	st.Attrs = append(st.Attrs, ifOp.DiscardableAttrs()...)
	st.AddRegion()
	st.AddRegion()
	n := b.Create(st)
	for i := 0; i < 2; i++ {
		n.Region(i).TakeBody(ifOp.Region(i))
		r := n.Region(i)
		if r.Empty() {
			r.Append(ir.NewBlock(ctx, nil, nil))
		}
		if last := r.Front().Last(); last == nil || !last.Has(ir.Terminator) {
			yb := ir.NewBuilder(ctx)
			yb.SetInsertionPointToEnd(r.Front())
			scf.NewYield(yb, ifOp.Loc(), nil)
		}
	}
	for i, r := range ifOp.Results() {
		ir.ReplaceAllUsesWith(r, n.Result(i))
	}
	ifOp.Erase()
	return n
}
