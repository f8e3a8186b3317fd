package ttgtogpu

import (
	"flag"
	"sort"

	"github.com/ttcompiler/tt/dialects/gpu"
	"github.com/ttcompiler/tt/dialects/llvm"
	"github.com/ttcompiler/tt/dialects/nvvm"
	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
	"github.com/ttcompiler/tt/passmgr"
)

// WarpSpecializePassName is Triton's name of the dispatch lowering.
const WarpSpecializePassName = "convert-warp-specialize-to-llvm"

func init() {
	passmgr.Default.Register(&passmgr.Pass{
		Name:        WarpSpecializePassName,
		DisplayName: "ConvertWarpSpecializeToLLVM",
		Summary:     "Lower the ttg.warp_specialize ops of per-thread kernels: worker warps wait in a dispatch loop for the partition the default warps select",
		Anchor:      "builtin.module",
		Dependent:   []*ir.Dialect{llvm.Dialect, gpu.Dialect, nvvm.Dialect},
		Build: func(*flag.FlagSet) passmgr.RunFunc {
			return func(op *ir.Operation, _ *passmgr.State) error { return LowerWarpSpecialize(op) }
		},
	})
}

// Hardware barriers of a warp-specialized kernel (Triton's reservation):
// 0 for the default warps (what was bar.sync 0 of the CTA), 1 for the
// whole CTA at the dispatch points, then one per partition.
const (
	wsDefaultBarrier  = 0
	wsDispatchBarrier = 1
	wsFirstPartition  = 2
	wsNumBarriers     = 16
)

// LowerWarpSpecialize is Triton 3.6's convert-warp-specialize-to-llvm on
// tt's per-thread IR (kernels marked gpu.kernel, whose barriers are
// gpu.barrier), and on Triton's LLVM dialect (other llvm.funcs: nvvm ops,
// llvm.switch; warpspec_nvvm.go). In a kernel with ttg.warp_specialize ops:
//
//   - warps [0, ttg.num-warps) run the kernel; the others (up to
//     ttg.total-num-warps) enter a dispatch loop: sync on barrier 1 with
//     the whole CTA, read their warp's state byte (the kernel's
//     allocation.offset, one byte per worker warp), and branch to the
//     partition it names, to the exit, or (a warp idle in this
//     warp_specialize) sync twice more and loop;
//   - before each warp_specialize the default warps write every worker's
//     state and the captures (the op's allocation.offset: each value at a
//     naturally aligned offset, largest first, as many bytes as the packed
//     layout the allocation sized), release the workers (barrier 1), and
//     wait until they have read the captures (barrier 1 again) before
//     running the default region; at its ttg.warp_yield they wait for the
//     partitions (barrier 1) and continue with the yielded values;
//   - a partition reads its captures after the release, syncs, runs, and
//     syncs at ttg.warp_return before going back to the loop; in a kernel
//     whose runs dispatch at most one of its warp_specialize ops, once
//     (no cycle of its control flow passes through one, and none reaches
//     another) the next release can only be the exit, so the partition
//     waits for it and returns there: its code is
//     then in no loop of the workers, which lets ptxas keep its
//     warp-uniform values (loop counters, wgmma descriptors) in uniform
//     registers as it does the default warps' (the turns' second
//     consumer: 113 SASS instructions a k-step in the loop, 58 without
//     it). Only in tt's kernels: Triton's form (warpspec_nvvm.go) always
//     loops, as Triton 3.6's lowering does;
//   - at the kernel's return the default warps write the exit state and
//     release the workers, which return;
//   - gpu.barrier outside partitions becomes bar.sync 0 of the default
//     warps, in partition i bar.sync (2+i) of its warps;
//   - with actualRegisters (and ttg.maxnreg), setmaxnreg moves registers
//     from the waiting workers to the default warps and to each running
//     partition, as Triton computes them.
//
// Trivial captures (kernel parameters and pure computations of them, at
// most 16 ops) are recomputed in each partition instead of passed.
func LowerWarpSpecialize(module *ir.Operation) error {
	var kernels []*ir.Operation
	for _, op := range module.Region(0).Front().Ops() {
		if op.Name() == llvm.FuncOp.Name && !op.Region(0).Empty() {
			kernels = append(kernels, op)
		}
	}
	for _, fn := range kernels {
		var ws []*ir.Operation
		ir.WalkOps(fn, func(op *ir.Operation) {
			if op.Name() == ttg.WarpSpecialize.Name {
				ws = append(ws, op)
			}
		})
		if len(ws) == 0 {
			continue
		}
		if err := lowerWarpSpecializeIn(module, fn, ws); err != nil {
			return err
		}
	}
	return nil
}

type wsLowering struct {
	ctx                   *ir.Context
	fn                    *ir.Operation
	lanes                 int
	defaultWarps, total   int
	maxnreg               int // 0: no register reallocation
	lowRegs, defRegs      int
	stateOffset           int
	i8, i32               ir.Type
	switchLoop, exitBlock *ir.Block
	// finalBlock, when a run of the kernel dispatches at most one of its
	// warp_specialize ops, once (dispatchedAtMostOnce): where the
	// partitions go when they return (the exit's release, then return)
	// instead of back into the dispatch loop.
	finalBlock *ir.Block
	// nvvm selects Triton's own form (warpspec_nvvm.go): functions that
	// are not tt's kernels (gpu.kernel) are Triton's LLVM dialect, whose
	// barriers are nvvm.barrier0.
	nvvm     bool
	smemAddr ir.Value
}

func lowerWarpSpecializeIn(module, fn *ir.Operation, wsOps []*ir.Operation) error {
	w := &wsLowering{ctx: fn.Context(), fn: fn, lanes: ttg.ThreadsPerWarp(module), defaultWarps: ttg.NumWarps(module),
		nvvm: !llvm.IsKernel(fn)}
	w.i8, w.i32 = ir.I8(w.ctx), ir.I32(w.ctx)
	a, ok := module.Attr(ttg.AttrTotalNumWarps).(*ir.IntegerAttr)
	if !ok {
		return ir.OpErrorf(module, "module missing 'ttg.total-num-warps' attribute (run tritongpu-allocate-warp-groups)")
	}
	w.total = int(a.Int())
	if off, ok := fn.Attr("allocation.offset").(*ir.IntegerAttr); ok {
		w.stateOffset = int(off.Int())
	} else {
		return ir.OpErrorf(fn, "kernel has no allocation.offset for its warp-group state (the shared-memory allocation did not see its ttg.warp_specialize)")
	}
	if err := w.rewriteBarriers(wsOps); err != nil {
		return err
	}
	if m, ok := module.Attr(ttg.AttrMaxNReg).(*ir.IntegerAttr); ok {
		w.maxnreg = int(m.Int())
		if w.maxnreg < 24 {
			// tritongpu-allocate-warp-groups raises a smaller one; IR
			// that skipped it gets no setmaxnreg below its minimum.
			return ir.OpErrorf(module, "ttg.maxnreg = %d is below setmaxnreg's minimum of 24 registers a thread, which a warp-specialized kernel's register moves need", w.maxnreg)
		}
		workers := w.total - w.defaultWarps
		w.lowRegs = 24
		extra := (w.maxnreg - w.lowRegs) * workers / w.defaultWarps
		w.defRegs = (w.maxnreg + extra) / 8 * 8
		if w.defRegs > 256 {
			w.defRegs = 256
			give := (w.defRegs - w.maxnreg) * w.defaultWarps / max(workers, 1)
			w.lowRegs = (w.maxnreg - give) / 8 * 8
		}
	}
	for _, ws := range wsOps {
		if w.nvvm {
			peelCasts(ws)
		}
		elideTrivialCaptures(fn, ws)
	}
	return w.build(wsOps)
}

// rewriteBarriers turns gpu.barrier into named barriers: the default
// warps' outside partitions, each partition's own inside it.
func (w *wsLowering) rewriteBarriers(wsOps []*ir.Operation) error {
	var outside []*ir.Operation
	limit := wsNumBarriers
	ir.Walk(w.fn, ir.PreOrder, func(op *ir.Operation) ir.WalkResult {
		switch op.Name() {
		case ttg.WarpSpecializePartitions.Name:
			return ir.Skip
		case w.barrierName():
			outside = append(outside, op)
		case gpu.NamedBarrierOp.Name, gpu.NamedBarrierArriveOp.Name:
			// The consumer's warpgroups take turns on the two barriers
			// from gpu.TurnBarrier; the partitions' stay below them.
			limit = gpu.TurnBarrier
		}
		return ir.Advance
	})
	for _, op := range outside {
		w.replaceBarrier(op, wsDefaultBarrier, w.defaultWarps*w.lanes)
	}
	for _, ws := range wsOps {
		nw := ttg.PartitionNumWarps(ws)
		for i, r := range ttg.PartitionRegions(ws) {
			id := wsFirstPartition + i
			if id >= limit {
				return ir.OpErrorf(ws, "cannot support more than %d warp group partitions", limit-wsFirstPartition)
			}
			var bars []*ir.Operation
			for _, b := range r.Blocks() {
				// Collected first, replaced after: the walk reads only.
				for o := b.First(); o != nil; o = o.Next() {
					ir.WalkOps(o, func(op *ir.Operation) {
						if op.Name() == w.barrierName() {
							bars = append(bars, op)
						}
					})
				}
			}
			for _, op := range bars {
				w.replaceBarrier(op, id, nw[i]*w.lanes)
			}
		}
	}
	return nil
}

func (w *wsLowering) replaceBarrier(op *ir.Operation, id, threads int) {
	b := ir.NewBuilder(w.ctx)
	b.SetInsertionPoint(op)
	w.namedBarrier(b, op.Loc(), id, threads)
	op.Erase()
}

func (w *wsLowering) c32(b *ir.Builder, loc ir.Location, v int) ir.Value {
	return llvm.NewIntConstant(b, loc, w.i32, int64(v)).Result(0)
}

func (w *wsLowering) namedBarrier(b *ir.Builder, loc ir.Location, id, threads int) {
	if w.nvvm {
		w.nvvmNamedBarrier(b, loc, id, threads)
		return
	}
	gpu.NewNamedBarrier(b, loc, w.c32(b, loc, id), w.c32(b, loc, threads), false)
}

// dispatchBarrier syncs the whole CTA on barrier 1. The default warps and
// the workers reach it from different code, so it is the unaligned barrier
// (PTX barrier.sync), as Triton's llvm.nvvm.barrier.cta.sync.all is: an
// aligned bar.sync among all of the CTA's threads promises ptxas that they
// reach the same instruction.
func (w *wsLowering) dispatchBarrier(b *ir.Builder, loc ir.Location) {
	if w.nvvm {
		llvm.NewCallIntrinsic(b, loc, "llvm.nvvm.barrier.cta.sync.all", nil, []ir.Value{w.c32(b, loc, wsDispatchBarrier)})
		return
	}
	gpu.SetUnaligned(gpu.NewNamedBarrier(b, loc, w.c32(b, loc, wsDispatchBarrier), w.c32(b, loc, w.total*w.lanes), false))
}

func (w *wsLowering) realloc(b *ir.Builder, loc ir.Location, cur, adj int) {
	cur, adj = min(cur, 256), min(adj, 256)
	if w.nvvm {
		nvvm.NewSetMaxRegister(b, loc, adj >= cur, adj)
		return
	}
	gpu.NewSetMaxNReg(b, loc, adj >= cur, adj)
}

// statePtr is the address of worker warp rel's state byte.
func (w *wsLowering) statePtr(b *ir.Builder, loc ir.Location, rel ir.Value) ir.Value {
	if w.nvvm {
		return w.nvvmStatePtr(b, loc, rel)
	}
	base := gpu.NewSharedBase(b, loc).Result(0)
	p := llvm.Ptr(w.ctx, llvm.SharedAddrSpace)
	off := w.c32(b, loc, w.stateOffset)
	if rel != nil {
		off = llvm.NewBinary(b, loc, llvm.AddOp, off, rel).Result(0)
	}
	return llvm.NewGEP(b, loc, p, w.i8, base, off).Result(0)
}

func (w *wsLowering) build(wsOps []*ir.Operation) error {
	ctx, fn := w.ctx, w.fn
	loc := fn.Loc()
	region := fn.Region(0)
	entry := region.Front()

	// ^header: which warps run the kernel.
	header := ir.NewBlock(ctx, entry.ArgumentTypes(), entry.ArgumentLocs())
	region.InsertBefore(header, entry)
	for i := entry.NumArguments() - 1; i >= 0; i-- {
		ir.ReplaceAllUsesWith(entry.Argument(i), header.Argument(i))
		entry.EraseArgument(i)
	}
	// Parameter attributes stay with the function; the header now holds
	// the parameters, with their locations.
	w.switchLoop = ir.NewBlock(ctx, nil, nil)
	region.InsertAfter(w.switchLoop, header)
	b := ir.NewBuilder(ctx)
	b.SetInsertionPointToEnd(header)
	if w.nvvm {
		// One @global_smem address for the function, where MLIR's
		// canonicalizer would put it.
		w.smemAddr = llvm.NewAddressOf(b, loc, "global_smem", llvm.SharedAddrSpace).Result(0)
		w.uniqueSharedAddress()
	}
	tid := w.threadID(b, loc)
	var wid ir.Value = llvm.NewBinary(b, loc, llvm.UDivOp, tid, w.c32(b, loc, w.lanes)).Result(0)
	if w.nvvm {
		wid = w.nvvmUniform(b, loc, wid)
	}
	isDefault := llvm.NewICmp(b, loc, llvm.ICmpULT, wid, w.c32(b, loc, w.defaultWarps)).Result(0)
	llvm.NewCondBr(b, loc, isDefault, entry, nil, w.switchLoop, nil)
	if w.maxnreg > 0 {
		b.SetInsertionPointToStart(entry)
		w.realloc(b, loc, w.maxnreg, w.defRegs)
	}

	// ^switchLoop: wait for work, read this warp's state.
	b.SetInsertionPointToEnd(w.switchLoop)
	if w.maxnreg > 0 {
		w.realloc(b, loc, w.maxnreg, w.lowRegs)
	}
	w.dispatchBarrier(b, loc)
	// Triton's order: the state bytes' base, the warp's index among the
	// workers, its byte.
	base := w.stateBase(b, loc)
	rel := llvm.NewBinary(b, loc, llvm.SubOp, wid, w.c32(b, loc, w.defaultWarps)).Result(0)
	var ptr ir.Value
	if w.nvvm {
		ptr = llvm.NewGEP(b, loc, llvm.Ptr(ctx, llvm.SharedAddrSpace), w.i8, base, rel).Result(0)
	} else {
		ptr = w.statePtr(b, loc, rel)
	}
	state := w.load(b, loc, w.i8, ptr)

	if !w.nvvm && dispatchedAtMostOnce(wsOps) {
		w.finalBlock = ir.NewBlock(ctx, nil, nil)
	}
	workers := w.total - w.defaultWarps
	var partitionBlocks []*ir.Block
	stateMaps := make([][]int, len(wsOps))
	counter := 0
	for k, ws := range wsOps {
		if err := w.rewritePartitions(ws); err != nil {
			return err
		}
		m := make([]int, workers)
		for i := range m {
			m[i] = -1
		}
		starts, _ := ws.Attr("warpGroupStartIds").(*ir.DenseArrayAttr)
		nw := ttg.PartitionNumWarps(ws)
		for i, r := range ttg.PartitionRegions(ws) {
			if starts == nil || i >= len(starts.Ints) {
				return ir.OpErrorf(ws, "has no warpGroupStartIds (run tritongpu-allocate-warp-groups)")
			}
			s := int(starts.Ints[i]) - w.defaultWarps
			if s < 0 || s+nw[i] > workers {
				return ir.OpErrorf(ws, "partition #%d's warps [%d, %d) are outside the worker warps [%d, %d) of ttg.total-num-warps", i, s+w.defaultWarps, s+w.defaultWarps+nw[i], w.defaultWarps, w.total)
			}
			for j := s; j < s+nw[i]; j++ {
				m[j] = counter
			}
			partitionBlocks = append(partitionBlocks, r.Front())
			counter++
		}
		stateMaps[k] = m
	}
	if counter > 255 {
		return ir.OpErrorf(fn, "too many warp group partitions (%d; the state is a byte)", counter)
	}
	// ^idle: a worker without a partition this time syncs with the rest.
	// Then the exit, then the partitions' blocks in order (Triton's
	// block order).
	idle := ir.NewBlock(ctx, nil, nil)
	region.InsertAfter(idle, w.switchLoop)
	b.SetInsertionPointToEnd(idle)
	w.dispatchBarrier(b, loc)
	w.dispatchBarrier(b, loc)
	latch := llvm.NewBr(b, loc, w.switchLoop, nil)
	if w.nvvm {
		// LLVM must not hoist code out of the dispatch loop into the
		// workers' long-lived registers (Triton's disableLICM).
		latch.SetAttr("loop_annotation", llvm.NewLoopAttr(ctx, "loop_annotation",
			ir.NamedAttr{Name: "licm", Value: llvm.NewLoopAttr(ctx, "loop_licm", ir.NamedAttr{Name: "disable", Value: ir.BoolAttrOf(ctx, true)})}))
	}
	w.exitBlock = ir.NewBlock(ctx, nil, nil)
	region.InsertAfter(w.exitBlock, idle)
	at := w.exitBlock
	if w.finalBlock != nil {
		region.InsertAfter(w.finalBlock, at)
		at = w.finalBlock
		b.SetInsertionPointToEnd(w.finalBlock)
		w.dispatchBarrier(b, loc)
		llvm.NewBr(b, loc, w.exitBlock, nil)
	}
	for _, ws := range wsOps {
		for _, r := range ttg.PartitionRegions(ws) {
			for _, blk := range append([]*ir.Block(nil), r.Blocks()...) {
				blk.Detach()
				region.InsertAfter(blk, at)
				at = blk
			}
		}
	}

	cases := append(partitionBlocks, w.exitBlock)
	if w.nvvm {
		vals := make([]int64, len(cases))
		for i := range vals {
			vals[i] = int64(i)
		}
		b.SetInsertionPointToEnd(w.switchLoop)
		llvm.NewSwitch(b, loc, state, idle, vals, cases)
	}
	// The switch as a chain of comparisons (the emitters have no switch).
	cur := w.switchLoop
	for i, dest := range cases {
		if w.nvvm {
			break
		}
		b.SetInsertionPointToEnd(cur)
		eq := llvm.NewICmp(b, loc, llvm.ICmpEQ, state, llvm.NewIntConstant(b, loc, w.i8, int64(i)).Result(0)).Result(0)
		next := idle
		if i+1 < len(cases) {
			next = ir.NewBlock(ctx, nil, nil)
			region.InsertAfter(next, cur)
		}
		llvm.NewCondBr(b, loc, eq, dest, nil, next, nil)
		cur = next
	}

	for k, ws := range wsOps {
		if err := w.lowerDefault(ws, stateMaps[k]); err != nil {
			return err
		}
	}

	// Every return of the default warps releases the workers to exit.
	var rets []*ir.Operation
	ir.WalkOps(fn, func(op *ir.Operation) {
		if op.Name() == llvm.ReturnOp.Name {
			rets = append(rets, op)
		}
	})
	for _, r := range rets {
		b.SetInsertionPoint(r)
		exit := llvm.NewIntConstant(b, r.Loc(), w.i8, int64(counter)).Result(0)
		base := w.stateBase(b, r.Loc())
		for i := 0; i < workers; i++ {
			w.store(b, r.Loc(), exit, w.stateSlot(b, r.Loc(), base, i))
		}
		w.dispatchBarrier(b, r.Loc())
	}
	b.SetInsertionPointToEnd(w.exitBlock)
	llvm.NewReturn(b, loc, nil)
	return nil
}

// dispatchedAtMostOnce reports whether a run of the function dispatches
// at most one of wsOps, once: no cycle of its control flow passes through
// a warp_specialize's block, and none of those blocks reaches another's
// (two in one block run one after the other). Then the release after a
// partition's return can only be the exit's. A kernel whose guard chooses
// between two warp_specialize ops in the branches of an scf.if takes this
// form as a kernel of one does.
func dispatchedAtMostOnce(wsOps []*ir.Operation) bool {
	blocks := map[*ir.Block]bool{}
	for _, ws := range wsOps {
		if blocks[ws.Block()] {
			return false
		}
		blocks[ws.Block()] = true
	}
	for blk := range blocks {
		for r := range reachable(blk) {
			if blocks[r] {
				return false
			}
		}
	}
	return true
}

// reachable returns the blocks blk reaches through one or more edges of
// the control flow (blk itself only if a cycle passes through it).
func reachable(blk *ir.Block) map[*ir.Block]bool {
	seen := map[*ir.Block]bool{}
	stack := []*ir.Block{blk}
	for len(stack) > 0 {
		cur := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, s := range cur.Successors() {
			if !seen[s] {
				seen[s] = true
				stack = append(stack, s)
			}
		}
	}
	return seen
}

// captureSlot is where one capture value travels in shared memory.
type captureSlot struct {
	offset int
	stored ir.Type // the integer or float type stored
}

// captureLayout places the captures largest first, each at an offset
// aligned to its size: as many bytes as the packed layout the allocation
// sized, with naturally aligned accesses.
func captureLayout(ws *ir.Operation) ([]captureSlot, int, error) {
	ctx := ws.Context()
	slots := make([]captureSlot, ws.NumOperands())
	order := make([]int, ws.NumOperands())
	for i, v := range ws.Operands() {
		order[i] = i
		switch t := v.Type().(type) {
		case *llvm.PointerType:
			slots[i].stored = ir.I64(ctx)
		case *ir.IntegerType:
			if t.Width == 1 {
				slots[i].stored = ir.I8(ctx)
			} else if t.Width%8 == 0 && t.Width <= 64 {
				slots[i].stored = t
			}
		case *ir.FloatType:
			if w := t.Width(); w == 16 || w == 32 || w == 64 {
				slots[i].stored = t
			}
		}
		if slots[i].stored == nil {
			return nil, 0, ir.OpErrorf(ws, "cannot pass capture #%d of type %s to the partitions", i, asm.TypeString(v.Type()))
		}
	}
	size := func(i int) int { return ir.BitWidth(slots[i].stored) / 8 }
	sort.SliceStable(order, func(a, b int) bool { return size(order[a]) > size(order[b]) })
	off := 0
	for _, i := range order {
		slots[i].offset = off
		off += size(i)
	}
	return slots, off, nil
}

func (w *wsLowering) captureBase(b *ir.Builder, ws *ir.Operation, loc ir.Location) (ir.Value, error) {
	off, ok := ws.Attr("allocation.offset").(*ir.IntegerAttr)
	if !ok {
		return nil, ir.OpErrorf(ws, "has captures but no allocation.offset for them")
	}
	if w.nvvm {
		return w.nvvmSharedBase(b, loc, int(off.Int())), nil
	}
	base := gpu.NewSharedBase(b, loc).Result(0)
	return llvm.NewGEP(b, loc, llvm.Ptr(w.ctx, llvm.SharedAddrSpace), w.i8, base, w.c32(b, loc, int(off.Int()))).Result(0), nil
}

func (w *wsLowering) slotPtr(b *ir.Builder, loc ir.Location, base ir.Value, s captureSlot) ir.Value {
	if s.offset == 0 {
		return base
	}
	return llvm.NewGEP(b, loc, llvm.Ptr(w.ctx, llvm.SharedAddrSpace), w.i8, base, w.c32(b, loc, s.offset)).Result(0)
}

// rewritePartitions loads each partition's captures, adds the dispatch
// barriers and register changes, and sends ttg.warp_return back to the
// loop.
func (w *wsLowering) rewritePartitions(ws *ir.Operation) error {
	var slots []captureSlot
	if !w.nvvm {
		var err error
		if slots, _, err = captureLayout(ws); err != nil {
			return err
		}
	}
	actual, _ := ws.Attr("actualRegisters").(*ir.DenseArrayAttr)
	regsOf := func(i int) int { return int(actual.Ints[i+1]) }
	for i, r := range ttg.PartitionRegions(ws) {
		entry := r.Front()
		b := ir.NewBuilder(w.ctx)
		b.SetInsertionPointToStart(entry)
		loc := ws.Loc()
		if actual != nil && w.maxnreg > 0 {
			w.realloc(b, loc, w.lowRegs, regsOf(i))
		}
		if entry.NumArguments() > 0 {
			base, err := w.captureBase(b, ws, loc)
			if err != nil {
				return err
			}
			for j := 0; j < entry.NumArguments(); j++ {
				arg := entry.Argument(j)
				if !ir.HasUses(arg) {
					// The padding partitions use none.
					continue
				}
				var v ir.Value
				if w.nvvm {
					v = llvm.NewLoad(b, loc, arg.Type(), w.nvvmCapturePtr(b, loc, base, ws, j), 1).Result(0)
				} else {
					v = gpu.NewLoad(b, loc, w.slotPtr(b, loc, base, slots[j]), nil, nil, []ir.Type{slots[j].stored}, gpu.MemOptions{}).Result(0)
					v = fromStored(b, loc, v, arg.Type())
				}
				ir.ReplaceAllUsesWith(arg, v)
			}
			for j := entry.NumArguments() - 1; j >= 0; j-- {
				entry.EraseArgument(j)
			}
		}
		// The captures' memory is only live until every worker has read it.
		w.dispatchBarrier(b, loc)
		var rets []*ir.Operation
		for _, blk := range r.Blocks() {
			if t := blk.Terminator(); t != nil && t.Name() == ttg.WarpReturn.Def.Name {
				rets = append(rets, t)
			}
		}
		for _, t := range rets {
			b.SetInsertionPoint(t)
			w.dispatchBarrier(b, t.Loc())
			if actual != nil && w.maxnreg > 0 {
				w.realloc(b, t.Loc(), regsOf(i), w.lowRegs)
			}
			next := w.switchLoop
			if w.finalBlock != nil {
				next = w.finalBlock
			}
			llvm.NewBr(b, t.Loc(), next, nil)
			t.Erase()
		}
	}
	return nil
}

// lowerDefault writes the workers' states and the captures before ws,
// inlines its default region, and replaces its results by what the
// ttg.warp_yield ops pass.
func (w *wsLowering) lowerDefault(ws *ir.Operation, stateMap []int) error {
	loc := ws.Loc()
	before := ws.Block()
	after := before.SplitBefore(ws)
	b := ir.NewBuilder(w.ctx)
	b.SetInsertionPointToEnd(before)
	consts := map[int]ir.Value{}
	stateBase := w.stateBase(b, loc)
	for i, s := range stateMap {
		c, ok := consts[s]
		if !ok {
			c = llvm.NewIntConstant(b, loc, w.i8, int64(s)).Result(0)
			consts[s] = c
		}
		w.store(b, loc, c, w.stateSlot(b, loc, stateBase, i))
	}
	if ws.NumOperands() > 0 {
		var slots []captureSlot
		if !w.nvvm {
			var err error
			if slots, _, err = captureLayout(ws); err != nil {
				return err
			}
		}
		base, err := w.captureBase(b, ws, loc)
		if err != nil {
			return err
		}
		for j, v := range ws.Operands() {
			if w.nvvm {
				llvm.NewStore(b, loc, v, w.nvvmCapturePtr(b, loc, base, ws, j), 1)
				continue
			}
			gpu.NewStore(b, loc, w.slotPtr(b, loc, base, slots[j]), nil, []ir.Value{toStored(b, loc, v, slots[j].stored)}, gpu.MemOptions{})
		}
	}
	actual, _ := ws.Attr("actualRegisters").(*ir.DenseArrayAttr)
	// The first barrier releases the workers; the second waits until
	// they have read the captures.
	w.dispatchBarrier(b, loc)
	if actual != nil && w.maxnreg > 0 {
		w.realloc(b, loc, w.defRegs, int(actual.Ints[0]))
	}
	w.dispatchBarrier(b, loc)
	def := ws.Region(0)
	llvm.NewBr(b, loc, def.Front(), nil)

	var yields []*ir.Operation
	for _, blk := range def.Blocks() {
		if t := blk.Terminator(); t != nil && t.Name() == ttg.WarpYield.Def.Name {
			yields = append(yields, t)
		}
	}
	var results []ir.Value
	for _, t := range ws.ResultTypes() {
		results = append(results, after.AddArgument(t, loc))
	}
	for _, y := range yields {
		b.SetInsertionPoint(y)
		w.dispatchBarrier(b, y.Loc())
		if actual != nil && w.maxnreg > 0 {
			w.realloc(b, y.Loc(), int(actual.Ints[0]), w.defRegs)
		}
		llvm.NewBr(b, y.Loc(), after, y.Operands())
		y.Erase()
	}
	region := before.Region()
	for _, blk := range append([]*ir.Block(nil), def.Blocks()...) {
		blk.Detach()
		region.InsertBefore(blk, after)
	}
	for i, r := range ws.Results() {
		ir.ReplaceAllUsesWith(r, results[i])
	}
	ws.Erase()
	return nil
}

// toStored converts a capture to the type its slot stores.
func toStored(b *ir.Builder, loc ir.Location, v ir.Value, stored ir.Type) ir.Value {
	switch t := v.Type().(type) {
	case *llvm.PointerType:
		return llvm.NewCast(b, loc, llvm.PtrToIntOp, v, stored).Result(0)
	case *ir.IntegerType:
		if t.Width == 1 {
			return llvm.NewCast(b, loc, llvm.ZExtOp, v, stored).Result(0)
		}
	}
	return v
}

// fromStored converts a loaded slot back to the capture's type.
func fromStored(b *ir.Builder, loc ir.Location, v ir.Value, t ir.Type) ir.Value {
	switch tt := t.(type) {
	case *llvm.PointerType:
		return llvm.NewCast(b, loc, llvm.IntToPtrOp, v, t).Result(0)
	case *ir.IntegerType:
		if tt.Width == 1 {
			return llvm.NewCast(b, loc, llvm.TruncOp, v, t).Result(0)
		}
	}
	return v
}

// elideTrivialCaptures recomputes in each partition the captures that are
// kernel parameters or pure computations of them (at most 16 ops), as
// Triton does, so that they need not travel through shared memory.
func elideTrivialCaptures(fn *ir.Operation, ws *ir.Operation) {
	entry := fn.Region(0).Front()
	var keep []int
	for i, c := range ws.Operands() {
		ops, ok := trivialSubgraph(entry, c)
		if !ok {
			keep = append(keep, i)
			continue
		}
		for _, r := range ttg.PartitionRegions(ws) {
			b := ir.NewBuilder(fn.Context())
			b.SetInsertionPointToStart(r.Front())
			m := ir.NewMapping()
			var last *ir.Operation
			for _, op := range ops {
				last = op.Clone(m)
				b.Insert(last)
			}
			v := c
			if last != nil {
				v = m.Lookup(c)
			}
			ir.ReplaceAllUsesWith(r.Front().Argument(i), v)
		}
	}
	if len(keep) == ws.NumOperands() {
		return
	}
	kept := make([]ir.Value, len(keep))
	for k, i := range keep {
		kept[k] = ws.Operand(i)
	}
	ws.SetOperands(kept)
	for _, r := range ttg.PartitionRegions(ws) {
		e := r.Front()
		isKept := map[int]bool{}
		for _, i := range keep {
			isKept[i] = true
		}
		for i := e.NumArguments() - 1; i >= 0; i-- {
			if !isKept[i] {
				e.EraseArgument(i)
			}
		}
	}
}

// trivialSubgraph returns the ops computing v from kernel parameters, in
// an order where each follows its operands, when they are all pure and
// at most 16.
func trivialSubgraph(entry *ir.Block, v ir.Value) ([]*ir.Operation, bool) {
	seen := map[*ir.Operation]bool{}
	var ops []*ir.Operation
	var visit func(v ir.Value) bool
	visit = func(v ir.Value) bool {
		if a, ok := v.(*ir.BlockArgument); ok {
			return a.Owner() == entry
		}
		r, ok := v.(*ir.OpResult)
		if !ok {
			return false
		}
		op := r.DefiningOp()
		if op.NumRegions() > 0 || !op.Has(ir.Pure) || isThreadDependent(op) {
			return false
		}
		if seen[op] {
			return true
		}
		seen[op] = true
		for _, x := range op.Operands() {
			if !visit(x) {
				return false
			}
		}
		ops = append(ops, op)
		return len(ops) <= 16
	}
	if !visit(v) {
		return nil, false
	}
	return ops, true
}

// isThreadDependent reports ops whose value differs between the default
// warps and a partition's (recomputing them would change the capture).
func isThreadDependent(op *ir.Operation) bool {
	switch op.Name() {
	case gpu.ThreadIDOp.Name, gpu.LaneIDOp.Name, "nvvm.read.ptx.sreg.tid.x", "nvvm.read.ptx.sreg.laneid":
		return true
	}
	return false
}
