package pipeliner

import (
	"flag"
	"fmt"
	"slices"
	"strconv"

	"github.com/ttcompiler/tt/analysis/membar"
	"github.com/ttcompiler/tt/dialects/arith"
	"github.com/ttcompiler/tt/dialects/scf"
	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/dialects/ttng"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/passmgr"
)

// tt-mbarrier-async-copies (tt's own, NVIDIA). A software-pipelined loop
// of cp.async copies synchronizes through CTA barriers: after its
// `ttg.async_wait` every thread waits at a barrier until all threads'
// copies of the stage are in (each thread only waits for its own), and
// before the copies that refill a slot, another barrier waits until every
// warp is done reading it. With more than one warpgroup (attention at head
// dim 128, 8 warps) the two barriers an iteration keep the warpgroups in
// lockstep: both run their softmax at the same time while the tensor cores
// idle, and both then issue their wgmmas together. Timed on an H200
// (docs/perf-notes.md), dropping the two barriers (unsafely) made
// attention d128 13% faster.
//
// This pass orders the ring with mbarriers instead, per slot, so that no
// warp waits for another except for data it needs:
//
//	full[s]  (count: the CTA's threads) completes when every thread's
//	         copies into slot s have landed: each thread arrives with
//	         cp.async.mbarrier.arrive.noinc after its copies of the stage;
//	         readers wait for it where the async_wait was.
//	empty[s] (count: the CTA's threads) completes when every thread is
//	         done with slot s: in the iteration after a slot is read, once
//	         the wgmmas that read it have retired (the first
//	         warp_group_dot_wait that covers them), each thread arrives;
//	         the copies that refill the slot wait for it first. (That
//	         arrival is a cp.async.mbarrier.arrive too, Triton's one
//	         per-thread arrive op: it also waits for the thread's earlier
//	         copies, the next stage's, which the loop needs next anyway.)
//
// Each barrier's parity is tracked per slot in a loop-carried bit mask
// (one for the readers, one for the writers), so the order in which the
// pipeliner visits the slots does not matter, only that each slot is
// filled and read first in, first out. After the loop the readers wait
// for the stages copied ahead (their arrivals must land before the
// barriers are invalidated). The ops of the protocol carry
// membar.AttrMBarrierOrdered: the barrier analysis inserts no CTA barrier
// between two of them, and analyzes every other access as before.
//
// The pass rewrites a loop only in the form the pipeliner leaves it:
// top-level copies into slots of rings allocated outside the loop, one
// insert and one extract index (counters wrapping at the ring size,
// starting at S-2 and -1: S-1 stages in flight), one async_wait, readers
// that are top-level ops after it, and a retire point of the slot's
// wgmmas before the refilling copies. Any other loop keeps its barriers.
// It runs in the lowering (make_llir), and by default rewrites nothing
// (min-warps -1): measured on an H200 with a harness that no longer times
// a variant right after FlashAttention (docs/PERFORMANCE.md, 2026-11-28),
// attention at head dim 128 runs as fast without it as with it (within
// 1%, two runs of 21 and 31 rounds); the 3-6% gain first measured was the
// old harness's bias against the variant it timed after the peer. Asked
// to (min-warps, or TT_X_MBARRIER_COPIES), it rewrites the loops of
// kernels of at least min-warps warps (8 is the case it was written for:
// with one warpgroup the barriers tie no warpgroups together, and the
// arrivals cost up to 12%) that issue at least min-wgmmas wgmma groups an
// iteration (default 2: work between them, attention's softmax, is what
// one warpgroup can do while the other's wgmmas run). A loop of one wgmma
// (a matmul) has nothing to overlap, and there the release costs: it
// waits for the thread's copies of the next stage, so a stage's refill
// cannot start before the following stage has landed, and the 8-warp
// matmuls lost 13-19% (with a plain per-thread arrival instead they
// neither gained nor lost; Triton has no such op). TT_X_MBARRIER_COPIES
// overrides both: off, all (every loop of the form), or a warp count.

func init() {
	passmgr.Default.Register(&passmgr.Pass{
		Name:        "tt-mbarrier-async-copies",
		DisplayName: "MBarrierAsyncCopies",
		Summary:     "order software-pipelined cp.async rings with per-slot mbarriers instead of CTA barriers (tt's own)",
		Anchor:      "builtin.module",
		Build: func(fs *flag.FlagSet) passmgr.RunFunc {
			minWarps := fs.Int("min-warps", -1, "rewrite the loops of kernels with at least this many warps (0: of every kernel; negative, the default: none)")
			minWGMMAs := fs.Int("min-wgmmas", 2, "rewrite loops that issue at least this many asynchronous wgmma groups an iteration")
			return func(op *ir.Operation, _ *passmgr.State) error {
				o := MBarrierOptions{MinWarps: *minWarps, MinWGMMAs: *minWGMMAs}
				if env := passmgr.Experiment("TT_X_MBARRIER_COPIES", ""); env != "" {
					var err error
					if o, err = parseMBarrierSetting(env, o); err != nil {
						return err
					}
				}
				MBarrierAsyncCopies(op, o)
				return nil
			}
		},
	})
}

// MBarrierOptions select the loops tt-mbarrier-async-copies rewrites.
type MBarrierOptions struct {
	// MinWarps: kernels of fewer warps are left alone; when negative,
	// every kernel is.
	MinWarps int
	// MinWGMMAs: loops issuing fewer asynchronous wgmmas an iteration are
	// left alone.
	MinWGMMAs int
}

// parseMBarrierSetting reads TT_X_MBARRIER_COPIES over the options o.
func parseMBarrierSetting(s string, o MBarrierOptions) (MBarrierOptions, error) {
	switch s {
	case "off":
		return MBarrierOptions{MinWarps: -1}, nil
	case "all":
		return MBarrierOptions{}, nil
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 0 {
		return o, fmt.Errorf("TT_X_MBARRIER_COPIES: expected off, all or a warp count, got %q", s)
	}
	o.MinWarps = n
	return o, nil
}

// MBarrierAsyncCopies rewrites the pipelined cp.async loops that o
// selects (none when o.MinWarps < 0).
func MBarrierAsyncCopies(module *ir.Operation, o MBarrierOptions) {
	if o.MinWarps < 0 {
		return
	}
	var rings []*copyRing
	ir.WalkOps(module, func(fn *ir.Operation) {
		if fn.Name() != "tt.func" {
			return
		}
		n, ok := ttg.LookupNumWarps(fn)
		if !ok || n < o.MinWarps || ir.AnyOp(fn, func(op *ir.Operation) bool { return op.Name() == "ttg.warp_specialize" }) {
			return
		}
		threads := n * ttg.ThreadsPerWarp(ttg.ModuleOf(fn))
		ir.WalkOps(fn, func(op *ir.Operation) {
			if op.Name() == "scf.for" && countAsyncDots(op) >= o.MinWGMMAs {
				if r := planCopyRing(op, threads); r != nil {
					rings = append(rings, r)
				}
			}
		})
	})
	for _, r := range rings {
		r.rewrite()
	}
}

// inBlockOrder compares two ops of one block by their place in it.
func inBlockOrder(a, b *ir.Operation) int {
	switch {
	case a == b:
		return 0
	case a.IsBeforeInBlock(b):
		return -1
	}
	return 1
}

// countAsyncDots counts the asynchronous wgmmas of the loop's body.
func countAsyncDots(loop *ir.Operation) int {
	n := 0
	for _, op := range bodyOps(loop) {
		if ttng.IsAsyncWarpGroupDot(op) {
			n++
		}
	}
	return n
}

// copyRing is a pipelined loop the pass rewrites, as planCopyRing found it.
type copyRing struct {
	loop    *ir.Operation
	threads int
	slots   int
	// ins and ext are the body's insert and extract slot indices; extArg
	// is ext's iteration argument (the slot the previous iteration read,
	// -1 in the first) at iteration-argument index extIdx.
	ins, ext ir.Value
	extArg   ir.Value
	extIdx   int
	// wait is the body's async_wait; fills the body's copies, in order.
	wait  *ir.Operation
	fills []*ir.Operation
	// prologue[s] are the copies into slot s before the loop, in order;
	// first is the earliest of them.
	prologue [][]*ir.Operation
	first    *ir.Operation
	// readers are the body ops that read the extracted slots.
	readers []*ir.Operation
	// releaseAfter is the op after which the previous iteration's reads
	// have retired (nil: the start of the body).
	releaseAfter *ir.Operation
}

// planCopyRing checks that loop has the pipeliner's cp.async form and
// returns what the rewrite needs, or nil to leave the loop alone.
func planCopyRing(loop *ir.Operation, threads int) *copyRing {
	if isOuterLoop(loop) {
		return nil
	}
	r := &copyRing{loop: loop, threads: threads}
	pos := map[*ir.Operation]int{}
	for i, op := range bodyOps(loop) {
		pos[op] = i
		switch op.Name() {
		case "ttg.async_copy_global_to_local":
			r.fills = append(r.fills, op)
		case "ttg.async_wait":
			if r.wait != nil {
				return nil
			}
			r.wait = op
		}
	}
	if len(r.fills) == 0 || r.wait == nil || nestedAsyncOps(loop) {
		return nil
	}
	// Every copy fills a slot of a ring at the insert index.
	var rings []ir.Value
	inRings := map[ir.Value]bool{}
	for _, c := range r.fills {
		idx, ring, ok := ringSlot(c.Operand(1))
		if !ok || idx.Owner().Block() != body(loop) || !definedOutside(loop, ring) {
			return nil
		}
		if r.ins == nil {
			r.ins = idx.Owner().Operand(1)
		} else if idx.Owner().Operand(1) != r.ins {
			return nil
		}
		if !inRings[ring] {
			inRings[ring] = true
			rings = append(rings, ring)
		}
	}
	insIdx, slots, ok := wrapCounter(loop, r.ins)
	if !ok {
		return nil
	}
	r.slots = slots
	insInit, ok := arith.MatchConstantInt(scf.ForOp{Operation: loop}.Inits()[insIdx])
	if !ok || int(insInit) != slots-2 || slots < 2 || slots > 30 {
		return nil
	}
	r.prologue = make([][]*ir.Operation, slots-1)
	waitPos := pos[r.wait]
	for _, ring := range rings {
		if !r.checkRingUses(ring, pos, waitPos) {
			return nil
		}
	}
	if r.ext == nil {
		return nil
	}
	for _, cs := range r.prologue {
		if len(cs) == 0 {
			return nil
		}
	}
	extIdx, extSlots, ok := wrapCounter(loop, r.ext)
	if !ok || extSlots != slots {
		return nil
	}
	if v, ok := arith.MatchConstantInt(scf.ForOp{Operation: loop}.Inits()[extIdx]); !ok || v != -1 {
		return nil
	}
	r.extIdx, r.extArg = extIdx, iterArg(loop, extIdx)
	// The readers' wait goes where the async_wait is: ext must be known
	// there, and a use of the wait's token must have a replacement.
	if d, ok := r.ext.(*ir.OpResult); !ok || d.Owner().Block() != body(loop) || pos[d.Owner()] > waitPos {
		return nil
	}
	if ir.HasUses(r.wait.Result(0)) && r.wait.NumOperands() == 0 {
		return nil
	}
	if !r.findRelease(pos) {
		return nil
	}
	return r
}

// nestedAsyncOps reports whether an async copy, wait or wgmma sits in a
// region nested in the loop's body (the pass only follows the body's own
// ops). A nested warp_group_dot_wait may (a flattened loop's epilogue
// retires the last wgmma in an scf.if): it only retires groups earlier
// than findRelease counts on.
func nestedAsyncOps(loop *ir.Operation) bool {
	return ir.Walk(loop, ir.PreOrder, func(op *ir.Operation) ir.WalkResult {
		if op == loop || op.ParentOp() == loop {
			return ir.Advance
		}
		switch op.Name() {
		case "ttg.async_copy_global_to_local", "ttg.async_wait", "ttg.async_commit_group",
			"ttng.warp_group_dot", "ttg.local_load", "ttg.memdesc_index":
			return ir.Interrupt
		}
		return ir.Advance
	})
}

// ringSlot matches `ttg.memdesc_index %ring[%idx]` whose ring is a
// local_alloc without an initial value.
func ringSlot(v ir.Value) (*ir.OpResult, ir.Value, bool) {
	res, ok := v.(*ir.OpResult)
	if !ok || res.Owner().Name() != "ttg.memdesc_index" {
		return nil, nil, false
	}
	ring := res.Owner().Operand(0)
	alloc, ok := ring.(*ir.OpResult)
	if !ok || alloc.Owner().Name() != "ttg.local_alloc" || alloc.Owner().NumOperands() != 0 {
		return nil, nil, false
	}
	return res, ring, true
}

// wrapCounter matches the pipeliner's slot counter: v = select(v' >= S,
// 0, v') with v' = arg + 1, arg the loop's iteration argument that v is
// yielded to. It returns the argument's index and S.
func wrapCounter(loop *ir.Operation, v ir.Value) (int, int, bool) {
	sel, ok := v.(*ir.OpResult)
	if !ok || sel.Owner().Name() != "arith.select" {
		return 0, 0, false
	}
	s := sel.Owner()
	if z, ok := arith.MatchConstantInt(s.Operand(1)); !ok || z != 0 {
		return 0, 0, false
	}
	next := s.Operand(2)
	cmp, ok := s.Operand(0).(*ir.OpResult)
	if !ok || cmp.Owner().Name() != "arith.cmpi" || cmp.Owner().Operand(0) != next {
		return 0, 0, false
	}
	if arith.CmpIPredicateOf(cmp.Owner()) != arith.CmpISGE {
		return 0, 0, false
	}
	n, ok := arith.MatchConstantInt(cmp.Owner().Operand(1))
	if !ok {
		return 0, 0, false
	}
	add, ok := next.(*ir.OpResult)
	if !ok || add.Owner().Name() != "arith.addi" {
		return 0, 0, false
	}
	if one, ok := arith.MatchConstantInt(add.Owner().Operand(1)); !ok || one != 1 {
		return 0, 0, false
	}
	arg, ok := add.Owner().Operand(0).(*ir.BlockArgument)
	if !ok || arg.Owner() != body(loop) || arg.Index() == 0 {
		return 0, 0, false
	}
	i := arg.Index() - 1
	if yieldOp(loop).Operand(i) != v {
		return 0, 0, false
	}
	return i, int(n), true
}

// checkRingUses checks every use of a ring: the body's fills at the insert
// index, reads at one extract index after the wait, copies into constant
// slots 0..S-2 before the loop in its block, and a dealloc. It records the
// extract index, the readers and the prologue copies.
func (r *copyRing) checkRingUses(ring ir.Value, pos map[*ir.Operation]int, waitPos int) bool {
	t, ok := ring.Type().(*ttg.MemDescType)
	if !ok || len(t.Dims) < 2 || int(t.Dims[0]) != r.slots {
		return false
	}
	for _, u := range ir.Users(ring) {
		switch {
		case u.Name() == "ttg.local_dealloc":
		case u.Name() != "ttg.memdesc_index":
			return false
		case u.Block() == r.loop.Block() && u.IsBeforeInBlock(r.loop):
			c, ok := arith.MatchConstantInt(u.Operand(1))
			if !ok || c < 0 || int(c) >= r.slots-1 {
				return false
			}
			for _, cp := range ir.Users(u.Result(0)) {
				if cp.Name() != "ttg.async_copy_global_to_local" || cp.Operand(1) != u.Result(0) || cp.Block() != r.loop.Block() || !cp.IsBeforeInBlock(r.loop) {
					return false
				}
				r.prologue[c] = append(r.prologue[c], cp)
				if r.first == nil || cp.IsBeforeInBlock(r.first) {
					r.first = cp
				}
			}
		case u.Block() != body(r.loop):
			return false
		case u.Operand(1) == r.ins:
			for _, cp := range ir.Users(u.Result(0)) {
				if cp.Name() != "ttg.async_copy_global_to_local" || cp.Operand(1) != u.Result(0) {
					return false
				}
			}
		default:
			if r.ext == nil {
				r.ext = u.Operand(1)
			} else if u.Operand(1) != r.ext {
				return false
			}
			if !r.collectReaders(u, pos, waitPos) {
				return false
			}
		}
	}
	for _, cs := range r.prologue {
		slices.SortFunc(cs, inBlockOrder)
	}
	return true
}

// collectReaders follows a slot view through view ops to the body ops that
// read it: each must come after the wait and write no shared memory.
// (warp_group_dot_waits, which name the slots their wgmmas read, are not
// readers.)
func (r *copyRing) collectReaders(view *ir.Operation, pos map[*ir.Operation]int, waitPos int) bool {
	for _, u := range ir.Users(view.Result(0)) {
		if u.Name() == "ttng.warp_group_dot_wait" {
			// It names the buffers of the wgmmas it retires to keep
			// them alive; it reads nothing.
			continue
		}
		if isMemDescView(u) {
			if u.Block() != body(r.loop) || !r.collectReaders(u, pos, waitPos) {
				return false
			}
			continue
		}
		p, ok := pos[u]
		if !ok || p < waitPos || writesSharedMemory(u) {
			return false
		}
		r.readers = append(r.readers, u)
	}
	return true
}

// writesSharedMemory reports whether op declares a write of a buffer.
func writesSharedMemory(op *ir.Operation) bool {
	hook := op.Def().AppendEffects
	if hook == nil {
		return false
	}
	for _, e := range hook(op, nil) {
		if e.Kind == ir.Write && e.Value != nil {
			return true
		}
	}
	return false
}

// findRelease finds where, in an iteration, the previous iteration's reads
// of its slot have retired: at the start of the body when no wgmma reads
// asynchronously; otherwise after the first warp_group_dot_wait that
// leaves fewer groups pending than were committed after the last reading
// wgmma (or after a synchronous wgmma, which waits for all). It must come
// before the refilling copies.
func (r *copyRing) findRelease(pos map[*ir.Operation]int) bool {
	ops := bodyOps(r.loop)
	last := -1
	for _, rd := range r.readers {
		if ttng.IsAsyncWarpGroupDot(rd) && pos[rd] > last {
			last = pos[rd]
		}
	}
	firstFill := pos[r.fills[0]]
	if last < 0 {
		return true
	}
	after := 0
	for _, op := range ops[last+1:] {
		if ttng.IsAsyncWarpGroupDot(op) {
			after++
		}
	}
	for i, op := range ops {
		if i >= firstFill {
			return false
		}
		switch {
		case ttng.IsAsyncWarpGroupDot(op):
			after++
		case op.Name() == "ttng.warp_group_dot":
			r.releaseAfter = op
			return true
		case op.Name() == "ttng.warp_group_dot_wait":
			if k, ok := intAttr(op, "pendings"); ok && after >= k {
				r.releaseAfter = op
				return true
			}
		}
	}
	return false
}

// rewrite builds the barriers and the protocol (see the file comment).
func (r *copyRing) rewrite() {
	ctx := r.loop.Context()
	loc := r.loop.Loc()
	b := ir.NewBuilder(ctx)
	mark := func(op *ir.Operation) *ir.Operation {
		op.SetAttr(membar.AttrMBarrierOrdered, ir.Unit(ctx))
		return op
	}
	slot := func(b *ir.Builder, bars ir.Value, i ir.Value) ir.Value { return bufferView(b, bars, i) }
	arrive := func(b *ir.Builder, bars, i ir.Value) {
		mark(ttng.NewAsyncCopyMbarrierArrive(b, loc, slot(b, bars, i), true))
	}
	// wait waits for slot i's barrier at the parity its bit in mask holds
	// and returns the mask with that bit flipped.
	wait := func(b *ir.Builder, bars, i, mask ir.Value) ir.Value {
		bit := binary(b, "arith.shli", loc, constI32(b, loc, 1), i)
		parity := binary(b, "arith.andi", loc, binary(b, "arith.shrui", loc, mask, i), constI32(b, loc, 1))
		mark(ttng.NewWaitBarrier(b, loc, slot(b, bars, i), parity, nil, nil))
		return binary(b, "arith.xori", loc, mask, bit)
	}

	// The barriers, initialized before the first copy (the barrier
	// analysis puts a CTA barrier between the inits and their first use).
	b.SetInsertionPoint(r.first)
	t := ttg.ScalarBufferType(ctx, ir.I64(ctx), r.slots, ttg.NumCTAs(ttg.ModuleOf(r.loop)))
	full := ttg.NewLocalAlloc(b, loc, t, nil).Result(0)
	empty := ttg.NewLocalAlloc(b, loc, t, nil).Result(0)
	for i := 0; i < r.slots; i++ {
		ttng.NewInitBarrier(b, loc, slot(b, full, constI32(b, loc, i)), r.threads)
		ttng.NewInitBarrier(b, loc, slot(b, empty, constI32(b, loc, i)), r.threads)
	}
	for s, cs := range r.prologue {
		for _, c := range cs {
			mark(c)
		}
		b.SetInsertionPointAfter(cs[len(cs)-1])
		arrive(b, full, constI32(b, loc, s))
	}

	// The loop carries the readers' and the writers' parity bits. The
	// prologue filled slots 0..S-2 once: their next refill waits for the
	// first release (parity 0); slot S-1 is fresh (parity 1 passes at once).
	b.SetInsertionPoint(r.loop)
	readMask := constI32(b, loc, 0)
	writeMask := constI32(b, loc, (1<<r.slots-1)&^(1<<(r.slots-1)-1))
	loop := replaceLoopWithNewSignature(r.loop, []ir.Value{readMask, writeMask})
	n := len(scf.ForOp{Operation: loop}.RegionIterArgs())
	readMask, writeMask = iterArg(loop, n-2), iterArg(loop, n-1)

	// Readers wait for the slot's copies where the async_wait was.
	b.SetInsertionPoint(r.wait)
	readMask = wait(b, full, r.ext, readMask)
	if ir.HasUses(r.wait.Result(0)) {
		ir.ReplaceAllUsesWith(r.wait.Result(0), r.wait.Operand(0))
	}
	r.wait.Erase()
	for _, rd := range r.readers {
		mark(rd)
	}

	// The previous iteration's slot is released once its reads retired.
	if r.releaseAfter != nil {
		b.SetInsertionPointAfter(r.releaseAfter)
	} else {
		b.SetInsertionPointToStart(body(loop))
	}
	had := cmpi(b, loc, arith.CmpISGE, r.extArg, constI32(b, loc, 0))
	scf.NewIf(b, loc, had, nil, func(ib *ir.Builder) []ir.Value {
		arrive(ib, empty, r.extArg)
		return nil
	}, nil)

	// The refill waits for the slot's release and signals its copies.
	b.SetInsertionPoint(r.fills[0])
	writeMask = wait(b, empty, r.ins, writeMask)
	for _, c := range r.fills {
		mark(c)
	}
	b.SetInsertionPointAfter(r.fills[len(r.fills)-1])
	arrive(b, full, r.ins)
	appendYield(loop, readMask, writeMask)

	// After the loop the S-1 stages copied ahead are waited for, so that
	// no arrival is in flight when the barriers are invalidated (the
	// barrier analysis separates the waits and the invalidation).
	b.SetInsertionPointAfter(loop)
	last := loop.Result(r.extIdx)
	var mask ir.Value = loop.Result(loop.NumResults() - 2)
	for k := 1; k < r.slots; k++ {
		s := binary(b, "arith.addi", loc, last, constI32(b, loc, k))
		wrapped := cmpi(b, loc, arith.CmpISGE, s, constI32(b, loc, r.slots))
		s = selectOp(b, loc, wrapped, binary(b, "arith.subi", loc, s, constI32(b, loc, r.slots)), s)
		mask = wait(b, full, s, mask)
	}
	for i := 0; i < r.slots; i++ {
		ttng.NewInvalBarrier(b, loc, slot(b, full, constI32(b, loc, i)))
		ttng.NewInvalBarrier(b, loc, slot(b, empty, constI32(b, loc, i)))
	}
	ttg.NewLocalDealloc(b, loc, full)
	ttg.NewLocalDealloc(b, loc, empty)
}
