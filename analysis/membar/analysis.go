package membar

import (
	"github.com/ttcompiler/tt/analysis/allocation"
	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/dialects/ttng"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/linearlayout"
)

// funcAnalysis inserts the barriers of one function.
type funcAnalysis struct {
	fn     *ir.Operation
	alloc  *allocation.Allocation
	filter Filter
	// callees holds what each analyzed function leaves pending at its
	// returns.
	callees map[*ir.Operation]*blockInfo
	b       *ir.Builder
	// transfer is the analysis' transfer function of one op: it inserts
	// what the op needs in front of it and adds the op's accesses to the
	// pending ones (barriers: (*funcAnalysis).update; proxy fences:
	// updateProxy).
	transfer func(f *funcAnalysis, op *ir.Operation, info *blockInfo) error
	// cur and proxy are the transfer functions' lists of an op's
	// accesses, reused from op to op.
	cur, proxy opAccesses
	// effects is eachAccess' buffer of an op's effects, reused from op to
	// op.
	effects []ir.Effect
}

// run computes the fixed point over the function's virtual blocks,
// inserting barriers on the way, and returns the accesses pending at the
// function's returns.
func (f *funcAnalysis) run() (*blockInfo, error) {
	states := newVblockStates()
	var queue []int32
	// Start from the entry of the function and of every region entered in
	// ways the analysis does not follow (reduce combiners, warp
	// specialization partitions).
	ir.WalkOps(f.fn, func(op *ir.Operation) {
		for _, r := range op.Regions() {
			if !r.Empty() && !isRegionBranch(op) {
				queue = append(queue, states.number(vblock{block: r.Front()}))
			}
		}
	})
	// Each visit either changes a block's output, which only happens a
	// bounded number of times on valid IR, or stops there; the bound
	// guards against a non-converging transfer.
	limit := 64 * (countOps(f.fn) + 16)
	// spare is a blockInfo that no state refers to any more: the
	// output a visit replaced, or one that came out unchanged. The next
	// visit copies its input into it.
	spare := newBlockInfo()
	for steps := 0; len(queue) > 0; steps++ {
		if steps > limit {
			return nil, ir.OpErrorf(f.fn, "the barrier analysis did not converge")
		}
		k := queue[0]
		queue = queue[1:]
		cur := spare
		spare = nil
		if cur == nil {
			cur = newBlockInfo()
		}
		if in := states.list[k].in; in != nil {
			cur.copyOf(in)
		} else {
			cur.sync()
		}
		vb := states.list[k].vb
		start := vb.block.First()
		if vb.after != nil {
			start = vb.after.Next()
		}
		for op := start; op != nil; op = op.Next() {
			if op.Has(ir.Terminator) || isRegionBranch(op) {
				if !states.list[k].ended {
					if err := states.setSuccessors(k, op); err != nil {
						return nil, err
					}
				}
				break
			}
			if err := f.transfer(f, op, cur); err != nil {
				return nil, err
			}
		}
		prev := states.list[k].out
		if prev != nil && prev.equal(cur) {
			spare = cur
			continue
		}
		// The transfer is not monotonic (barriers clear state), so the
		// output is replaced, not joined.
		states.list[k].out = cur
		spare = prev
		for _, s := range states.list[k].succs {
			if states.list[s].in == nil {
				states.list[s].in = newBlockInfo()
			}
			states.list[s].in.join(cur)
			queue = append(queue, s)
		}
	}
	// What is pending at a return is what the last virtual block of its
	// basic block leaves.
	pending := newBlockInfo()
	ir.WalkOps(f.fn, func(op *ir.Operation) {
		if op.Name() != "tt.return" {
			return
		}
		var last *blockInfo
		var lastAfter *ir.Operation
		found := false
		for _, st := range states.list {
			vb := st.vb
			if st.out == nil || vb.block != op.Block() {
				continue
			}
			if !found || (lastAfter != nil && vb.after != nil && lastAfter.IsBeforeInBlock(vb.after)) || (lastAfter == nil && vb.after != nil) {
				last, lastAfter, found = st.out, vb.after, true
			}
		}
		if found {
			pending.join(last)
		}
	})
	return pending, nil
}

func countOps(op *ir.Operation) int {
	n := 0
	ir.WalkOps(op, func(*ir.Operation) { n++ })
	return n
}

func isBarrier(op *ir.Operation) bool {
	return op != nil && (op.Name() == "ttg.local_barrier" || op.Name() == "gpu.barrier")
}

// insertBarrier creates a ttg.local_barrier at the builder's insertion
// point, with op's location.
func (f *funcAnalysis) insertBarrier(op *ir.Operation) {
	f.b.CreateOp("ttg.local_barrier", op.Loc(), nil, nil)
}

// update is the transfer function of one op: it inserts a barrier before
// op when its accesses race with the pending ones, then adds them.
func (f *funcAnalysis) update(op *ir.Operation, info *blockInfo) error {
	if isBarrier(op) {
		info.sync()
		return nil
	}
	if (op.Name() == "ttg.async_wait" || op.Name() == "ttng.async_tma_store_wait") && !isBarrier(op.Next()) {
		// Data other threads copied in is visible to all after the wait
		// and a barrier.
		f.b.SetInsertionPointAfter(op)
		f.insertBarrier(op)
		info.sync()
		return nil
	}
	if op.Name() == "ttng.arrive_barrier" && op.HasAttr(ttng.AttrArrivePerWarp) {
		// A per-warp arrival is ordered by the pass that made it: each
		// warp arrives after its own warp-synchronous wgmma wait, and
		// mbarrier arrivals need no order among themselves. A CTA
		// barrier here would tie the consumer's warpgroups together
		// again.
		return nil
	}
	if op.Name() == "tt.call" {
		cur := newBlockInfo()
		if callee := allocation.ResolveCallee(op); callee != nil {
			cur.join(f.callees[callee])
		}
		if info.conflicts(cur, f.filter) {
			f.b.SetInsertionPoint(op)
			f.insertBarrier(op)
			info.sync()
		}
		info.join(cur)
		return nil
	}
	cur := &f.cur
	cur.reset(op)
	f.eachAccess(op, func(e ir.Effect, iv allocation.Interval) {
		if e.Kind == ir.Write {
			cur.writes = append(cur.writes, iv)
		} else {
			cur.reads = append(cur.reads, iv)
		}
	})
	if op.Name() == "ttng.arrive_barrier" {
		// An arrive may signal other threads: every access must be
		// complete before it.
		cur.writes = append(cur.writes, allocation.Everything)
		cur.reads = append(cur.reads, allocation.Everything)
	}
	if scratch := f.alloc.ScratchOf(op); scratch != nil {
		// A scratch buffer is written, then read, by the op's lowering.
		if !cur.empty() {
			return ir.OpErrorf(op, "an op with a scratch buffer must not access other shared memory")
		}
		iv := scratch.Interval()
		cur.writes = append(cur.writes, iv)
		needed := info.conflictsOp(cur, f.filter)
		if needed {
			f.b.SetInsertionPoint(op)
			f.insertBarrier(op)
		}
		// The lowering synchronizes between its writes and reads with a
		// CTA barrier unless it only exchanges data within warps.
		if needed || !warpSynchronous(op) {
			info.sync()
		}
		cur.reads = append(cur.reads, iv)
	} else if info.conflictsOp(cur, f.filter) {
		f.b.SetInsertionPoint(op)
		f.insertBarrier(op)
		info.sync()
	}
	info.joinOp(cur)
	return nil
}

// eachAccess calls fn for each shared-memory read or write of op's
// effects, with the allocated interval of each buffer the accessed value
// may be.
func (f *funcAnalysis) eachAccess(op *ir.Operation, fn func(e ir.Effect, iv allocation.Interval)) {
	hook := op.Def().AppendEffects
	if hook == nil {
		return
	}
	f.effects = hook(op, f.effects[:0])
	for _, e := range f.effects {
		if e.Value == nil || (e.Kind != ir.Read && e.Kind != ir.Write) {
			continue
		}
		for _, buf := range f.alloc.BuffersOf(e.Value) {
			fn(e, buf.Interval())
		}
	}
}

// warpSynchronous reports whether a layout conversion moves data only
// within warps, so that its lowering synchronizes its scratch accesses
// per warp (Triton's isCvtWarpSync): the conversion is trivial over warps
// and neither layout broadcasts over warps.
func warpSynchronous(op *ir.Operation) bool {
	if op.Name() != "ttg.convert_layout" || op.NumOperands() != 1 || op.NumResults() != 1 {
		return false
	}
	src, err := ttg.TypeLinearLayout(op.Operand(0).Type())
	if err != nil {
		return false
	}
	dst, err := ttg.TypeLinearLayout(op.Result(0).Type())
	if err != nil {
		return false
	}
	if !src.HasInDim(linearlayout.Warp) || !dst.HasInDim(linearlayout.Warp) {
		return false
	}
	comp, err := dst.InvertAndCompose(src)
	if err != nil {
		return false
	}
	return comp.IsTrivialOver([]string{linearlayout.Warp}) &&
		src.FreeVariableMask(linearlayout.Warp) == 0 && dst.FreeVariableMask(linearlayout.Warp) == 0
}
