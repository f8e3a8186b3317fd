package transforms

import (
	"sort"

	"github.com/ttcompiler/tt/dialects/llvm"
	"github.com/ttcompiler/tt/ir"
)

// Stepped pointers (part of reassociate-loop-addresses; the pass option
// stepped-pointers=off, or TT_X_STEPPED_POINTERS=off for timing variants,
// turns them off).
//
// A tensor of pointers that a loop loads and then advances by a uniform
// step (`a_ptrs += BLOCK_K`) lowers to one header argument a register of
// the thread, each advanced by the same GEP index. Where its loads go
// element by element (strides that Triton's specialization does not prove
// aligned), a 128x64 f16 tile on 128 threads is 64 carried 64-bit pointers
// a thread, a matmul's two operands 128: more than the register file holds
// beside the accumulator, and ptxas spills them on every iteration, since
// every one changes. LLVM's loop strength reduction gives Triton's code one
// carried offset and loop-invariant bases instead, which ptxas spills once
// and reloads. This rewrite does the same, and where the pointers start as
// GEPs of one base it keeps their 32-bit indices instead of 64-bit bases:
//
//   - The header arguments p whose back edges all pass gep(p, c) (one
//     index c, constant or loop-invariant; the GEP used by nothing else)
//     are grouped by c and element type. A group of at least
//     minSteppedPointers becomes one i64 argument o (0 on entry, o +
//     sext(c) on the back edge), and the loop reads gep(e, o) where it read
//     p, e being p's entry value: k steps of gep(p, c) add k * sext(c)
//     elements modulo 2^64, which is what gep(e, o) adds.
//   - Where every entry value of the group is gep(B, x) with one base B and
//     one index x each, of the group's element type, the loop reads
//     gep(gep(B, o), x), with gep(B, o) once an iteration: the same address
//     modulo 2^64, and the invariants are the indices x (one register each
//     where they are 32-bit, against a pointer's two).
//
// The new GEPs claim no inbounds (llvm.NewGEP sets no flags): the entry
// values need not be in bounds of anything until the loop reads them. Groups smaller than
// minSteppedPointers keep their carried pointers: a vectorized tile has a
// few a thread, whose carried form (with rotateIncrements) ptxas handles
// best, and the rewrite would only add an address computation per access.
const minSteppedPointers = 16

// steppedPointer is one header argument of a group: its index and the GEP
// that advances it.
type steppedPointer struct {
	arg  int
	step *ir.Operation
}

// steppedKey groups the pointers advanced alike: the step's index (a value
// or a constant) and element type.
type steppedKey struct {
	idx   ir.Value
	konst int64
	elem  ir.Type
	ptr   ir.Type
}

// steppedPointers rewrites the groups of the loop's stepped pointers and
// returns how many pointers it replaced.
func (w *addrRewriter) steppedPointers() int {
	if !w.steps {
		return 0
	}
	h := w.loop.header
	edges, ok := incomingEdges(h)
	if !ok {
		return 0
	}
	var back []edge
	var entry edge
	nEntry := 0
	for _, e := range edges {
		if w.loop.blocks[e.term.Block()] {
			back = append(back, e)
		} else {
			entry, nEntry = e, nEntry+1
		}
	}
	if nEntry != 1 || len(back) == 0 {
		return 0
	}
	groups := map[steppedKey][]steppedPointer{}
	var order []steppedKey
	for i := 0; i < h.NumArguments(); i++ {
		if k, step, ok := w.steppedArg(i, back); ok {
			if groups[k] == nil {
				order = append(order, k)
			}
			groups[k] = append(groups[k], steppedPointer{arg: i, step: step})
		}
	}
	var replaced []steppedPointer
	for _, k := range order {
		if g := groups[k]; len(g) >= minSteppedPointers {
			w.rewriteStepped(k, g, back, entry)
			replaced = append(replaced, g...)
		}
	}
	// The replaced arguments, highest first, with what the edges passed
	// for them: the steps, which go now (they read the argument), and
	// entry values that nothing else reads.
	sort.Slice(replaced, func(a, b int) bool { return replaced[a].arg > replaced[b].arg })
	for _, p := range replaced {
		for _, e := range append(append([]edge(nil), back...), entry) {
			if def := edgeOperand(e, p.arg).Get().DefiningOp(); def != nil && def != p.step {
				w.dead = append(w.dead, def)
			}
			eraseEdgeOperand(e, p.arg)
		}
		p.step.Erase()
		h.EraseArgument(p.arg)
	}
	return len(replaced)
}

// steppedArg reports whether header argument i is a pointer every back
// edge passes as gep(p, c) of one invariant index c, the same GEP on every
// back edge and read by nothing else.
func (w *addrRewriter) steppedArg(i int, back []edge) (steppedKey, *ir.Operation, bool) {
	p := w.loop.header.Argument(i)
	if _, ok := p.Type().(*llvm.PointerType); !ok {
		return steppedKey{}, nil, false
	}
	step := edgeOperand(back[0], i).Get().DefiningOp()
	if step == nil || step.Def() != llvm.GEPOp || step.Operand(0) != ir.Value(p) || !w.loop.blocks[step.Block()] {
		return steppedKey{}, nil, false
	}
	idx := llvm.GEPIndices(step)
	if len(idx) != 1 || idx[0].Value != nil && w.loop.contains(idx[0].Value) {
		return steppedKey{}, nil, false
	}
	uses := 0
	for u := step.Result(0).FirstUse(); u != nil; u = u.NextUse() {
		uses++
	}
	if uses != len(back) {
		return steppedKey{}, nil, false
	}
	for _, e := range back {
		if edgeOperand(e, i).Get() != step.Result(0) {
			return steppedKey{}, nil, false
		}
	}
	k := steppedKey{idx: idx[0].Value, elem: llvm.GEPElemType(step), ptr: p.Type()}
	if k.idx == nil {
		k.konst = idx[0].Const
	}
	return k, step, k.elem != nil
}

// rewriteStepped carries one offset for group g (see the comment at the
// top) and replaces its pointers' reads in the loop; the caller erases the
// arguments.
func (w *addrRewriter) rewriteStepped(k steppedKey, g []steppedPointer, back []edge, entry edge) {
	h := w.loop.header
	loc := g[0].step.Loc() // the advance's (the tensor's addptr)
	i64 := ir.I64(w.b.Ctx)
	// In front of the loop: the step as i64.
	w.b.SetInsertionPoint(entry.term)
	var step ir.Value
	if k.idx == nil {
		step = llvm.NewConstant(w.b, loc, i64, ir.I64Attr(w.b.Ctx, k.konst)).Result(0)
	} else if t := k.idx.Type().(*ir.IntegerType); t.Width < 64 {
		step = llvm.NewCast(w.b, loc, llvm.SExtOp, k.idx, i64).Result(0)
	} else {
		step = k.idx
	}
	zero := llvm.NewConstant(w.b, loc, i64, ir.I64Attr(w.b.Ctx, 0)).Result(0)
	o := h.AddArgument(i64, loc)
	appendEdgeOperands(entry, []ir.Value{zero})
	for _, e := range back {
		w.b.SetInsertionPoint(e.term)
		next := llvm.NewBinary(w.b, loc, llvm.AddOp, o, step).Result(0)
		appendEdgeOperands(e, []ir.Value{next})
	}
	// Entry values gep(B, x) of one base: the loop adds o to B once.
	base, indices := commonGEPBase(g, entry, k)
	var moved ir.Value
	if base != nil {
		w.b.SetInsertionPointToStart(h)
		moved = llvm.NewGEP(w.b, loc, k.ptr, k.elem, base, o).Result(0)
	}
	for j, p := range g {
		arg := h.Argument(p.arg)
		var reads []*ir.OpOperand
		for u := arg.FirstUse(); u != nil; u = u.NextUse() {
			if u.Owner() != p.step {
				reads = append(reads, u)
			}
		}
		if len(reads) == 0 {
			continue
		}
		if len(reads) == 1 {
			w.b.SetInsertionPoint(reads[0].Owner())
		} else {
			w.b.SetInsertionPointToStart(h)
			if moved != nil {
				w.b.SetInsertionPointAfter(moved.DefiningOp())
			}
		}
		var at *ir.Operation
		readLoc := reads[0].Owner().Loc() // the load's
		if moved != nil {
			at = llvm.NewGEP(w.b, readLoc, k.ptr, k.elem, moved, indices[j])
		} else {
			at = llvm.NewGEP(w.b, readLoc, k.ptr, k.elem, edgeOperand(entry, p.arg).Get(), o)
		}
		for _, u := range reads {
			u.Set(at.Result(0))
		}
	}
}

// commonGEPBase returns B and each pointer's index x where every entry
// value of group g is gep(B, x), one dynamic index of the group's element
// type and pointer type; nil otherwise.
func commonGEPBase(g []steppedPointer, entry edge, k steppedKey) (ir.Value, []ir.Value) {
	var base ir.Value
	indices := make([]ir.Value, len(g))
	for j, p := range g {
		def := edgeOperand(entry, p.arg).Get().DefiningOp()
		if def == nil || def.Def() != llvm.GEPOp || llvm.GEPElemType(def) != k.elem || def.Operand(0).Type() != k.ptr {
			return nil, nil
		}
		idx := llvm.GEPIndices(def)
		if len(idx) != 1 || idx[0].Value == nil || base != nil && def.Operand(0) != base {
			return nil, nil
		}
		base, indices[j] = def.Operand(0), idx[0].Value
	}
	return base, indices
}
