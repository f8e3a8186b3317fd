package pipeliner

import (
	"github.com/ttcompiler/tt/analysis/axisinfo"
	"github.com/ttcompiler/tt/dialects/memory"
	"github.com/ttcompiler/tt/dialects/tt"
	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/dialects/ttng"
	"github.com/ttcompiler/tt/ir"
)

// Lowering of the loads of a scheduled loop whose results are used in a
// later stage (Triton's lowerLoads): each becomes an asynchronous copy
// into a slot of a buffer with one slot per iteration in flight, and its
// uses read the slot once the copy is known to be complete. Slots are
// picked by an insert counter (copies) and an extract counter (reads),
// carried by the loop; loads needing the same number of slots share them.

// asyncLoad is a load being lowered.
type asyncLoad struct {
	op         *ir.Operation
	stageDiff  int
	contiguity int
	sharedEnc  ir.Attribute
	alloc      ir.Value
	barrier    ir.Value
	waitOp     *ir.Operation
	isTMA      bool
}

// loadGroup is the counters of the loads with a given number of slots.
type loadGroup struct {
	numBuffers         int
	insertIdx, extract ir.Value
	phase              ir.Value
	hasTMALoad         bool
}

// firstUseOf returns the user (among the top-level users in the loop of
// ops) that comes first in the schedule.
func firstUseOf(ops []*ir.Operation, loop *ir.Operation, s *schedule, filter func(*ir.Operation) bool) *ir.Operation {
	return selectUse(ops, loop, s, filter, func(c, cur *ir.Operation) bool { return s.isOpBefore(c, cur) })
}

func selectUse(ops []*ir.Operation, loop *ir.Operation, s *schedule, filter func(*ir.Operation) bool, better func(c, cur *ir.Operation) bool) *ir.Operation {
	var users opSet
	for _, op := range ops {
		for _, u := range topLevelUsersInLoop(op, loop, filter) {
			users.insert(u)
		}
	}
	var sel *ir.Operation
	for _, u := range users.list {
		if sel == nil || better(u, sel) {
			sel = u
		}
	}
	return sel
}

// defUseStageDiff is the number of stages between op and its first use
// (plus one when the use is in a later cluster of its stage: the next
// copy would overwrite the slot before the use reads it), or the last
// barrier wait on it. A schedule using op before it is defined is an
// error (Triton asserts).
func defUseStageDiff(op, loop *ir.Operation, s *schedule) (int, error) {
	def := s.at(op)
	var users opSet
	for _, u := range topLevelUsersInLoop(op, loop, nil) {
		users.insert(u)
	}
	if isLoadLike(op) {
		for _, u := range append([]*ir.Operation(nil), users.list...) {
			if u.Name() == "ttg.local_alloc" {
				for _, au := range topLevelUsersInLoop(u, loop, nil) {
					users.insert(au)
				}
			}
		}
	}
	useStage, found := 0, false
	for _, u := range users.list {
		p := s.at(u)
		st := p.stage
		if p.cluster != nil && def.cluster != nil && p.cluster.id > def.cluster.id {
			st++
		}
		if !found || st < useStage {
			useStage, found = st, true
		}
	}
	for _, u := range users.list {
		if u.Name() == "ttng.wait_barrier" {
			useStage = max(useStage, s.at(u).stage)
		}
	}
	if !found {
		return 0, nil
	}
	if useStage < def.stage {
		return 0, ir.OpErrorf(op, "is used in stage %d of the loop's schedule, before its definition in stage %d", useStage, def.stage)
	}
	return useStage - def.stage, nil
}

// isZeroConst reports whether v is a splat zero constant.
func isZeroConst(v ir.Value) bool {
	def := v.DefiningOp()
	if def == nil || def.Name() != "arith.constant" {
		return false
	}
	a, ok := def.Attr("value").(*ir.DenseElementsAttr)
	if !ok || !a.IsSplat() {
		return false
	}
	if a.IsFloat() {
		return a.FloatAt(0) == 0
	}
	return a.IntAt(0) == 0
}

// mustLoadToRegisters reports whether a pipelined load's value is needed
// in registers rather than only in its shared buffer.
func mustLoadToRegisters(op *ir.Operation) bool {
	if op.Name() == "tt.load" {
		// Async copies fill masked-off elements with zeros only.
		if other := (tt.LoadOp{Operation: op}).Other(); other != nil && !isZeroConst(other) {
			return true
		}
	}
	if ir.NumUses(op.Result(0)) != 1 {
		return true
	}
	user := ir.Users(op.Result(0))[0]
	if user.Name() != "ttg.local_alloc" {
		return true
	}
	if isTMALoad(op) {
		enc, err := ttg.DescriptorSharedEncoding(op.Operand(0).Type().(*tt.TensorDescType), op.Result(0).Type().(*ir.RankedTensorType))
		return err != nil || ir.Attribute(enc) != user.Result(0).Type().(*ttg.MemDescType).Encoding
	}
	return false
}

// loadRequiresAdditionalBuffer reports whether the load feeds a wgmma
// through shared memory: wgmma pipelining keeps one more dot in flight.
func loadRequiresAdditionalBuffer(op *ir.Operation) bool {
	if mustLoadToRegisters(op) {
		return false
	}
	alloc := ir.Users(op.Result(0))[0]
	var found bool
	var visit func(x *ir.Operation)
	visit = func(x *ir.Operation) {
		for _, u := range ir.Users(x.Result(0)) {
			if isMemDescView(u) {
				visit(u)
			} else if u.Name() == "ttng.warp_group_dot" {
				found = true
			}
		}
	}
	visit(alloc)
	return found
}

// lowerLoads lowers the loop's pipelined loads and returns the (possibly
// rebuilt) loop.
func lowerLoads(loop *ir.Operation, s *schedule, ai *axisinfo.Module, diag emitter) (*ir.Operation, error) {
	ctx := loop.Context()
	var loads []*asyncLoad
	var scalarLoads []*ir.Operation
	for _, op := range bodyOps(loop) {
		if !isLoadLike(op) {
			continue
		}
		stageDiff, err := defUseStageDiff(op, loop, s)
		if err != nil {
			return loop, err
		}
		if stageDiff == 0 {
			continue
		}
		var enc ir.Attribute
		canUseAsyncCp := false
		contiguity := 1
		if rt, ok := op.Result(0).Type().(*ir.RankedTensorType); !ok {
			canUseAsyncCp = ir.BitWidth(op.Result(0).Type()) >= 32
			enc = ttg.UnswizzledShared(ctx, []int{0}, ttg.DefaultCGA(1))
			if canUseAsyncCp {
				scalarLoads = append(scalarLoads, op)
			}
		} else {
			var err error
			enc, err = loadSharedEncoding(op, diag.remarkFn(op))
			if err != nil {
				return loop, ir.OpErrorf(op, "%v", err)
			}
			canUseAsyncCp = op.Name() == "tt.load" && canBeConvertedToAsyncLoad(op, ai)
			if n, err := ttg.CopyVecBytes(rt, enc); err != nil || n < 4 {
				canUseAsyncCp = false
			}
			if canUseAsyncCp {
				contiguity = asyncCopyContiguity(op, ai)
			}
		}
		if canUseAsyncCp || isTMALoad(op) {
			if loadRequiresAdditionalBuffer(op) {
				stageDiff++
			}
			loads = append(loads, &asyncLoad{op: op, stageDiff: stageDiff, contiguity: contiguity, sharedEnc: enc, isTMA: isTMALoad(op)})
		} else if stageDiff > 1 {
			diag.remark(op, "Pipelining load that cannot use vectorized copy. This will likely lead to pipelining in registers and severe performance degradation.")
		}
	}
	for _, op := range scalarLoads {
		convertScalarToTensorLoad(op, loop, s)
	}
	if len(loads) == 0 {
		return loop, nil
	}
	var groups []*loadGroup
	groupOf := map[int]*loadGroup{}
	for _, l := range loads {
		l.alloc = createBuffer(loop, l.op, l.sharedEnc, l.stageDiff)
		g := groupOf[l.stageDiff]
		if g == nil {
			g = &loadGroup{numBuffers: l.stageDiff}
			groupOf[l.stageDiff] = g
			groups = append(groups, g)
		}
		if l.isTMA {
			g.hasTMALoad = true
		}
	}

	b := ir.NewBuilder(ctx)
	b.SetInsertionPoint(loop)
	loc := loop.Loc()
	minusOne := constI32(b, loc, -1)
	zero := constI32(b, loc, 0)
	one := constI32(b, loc, 1)
	var extra []ir.Value
	for _, g := range groups {
		extra = append(extra, minusOne, minusOne)
		if g.hasTMALoad {
			extra = append(extra, zero)
		}
	}
	firstNew := len(bodyOps(loop)) // unused; keeps the body untouched
	_ = firstNew
	argBase := body(loop).NumArguments()
	loop = replaceLoopWithNewSignature(loop, extra)
	appendYield(loop, extra...)

	blk := body(loop)
	arg := argBase
	for _, g := range groups {
		insertIdx := blk.Argument(arg)
		extractIdx := blk.Argument(arg + 1)
		arg += 2
		var phase ir.Value
		if g.hasTMALoad {
			phase = blk.Argument(arg)
			arg++
		}
		b.SetInsertionPointToStart(blk)
		n := constI32(b, loc, g.numBuffers)
		g.insertIdx, _ = incrementModulo(b, loc, insertIdx, n, zero, one)
		var wrapped ir.Value
		g.extract, wrapped = incrementModulo(b, loc, extractIdx, n, zero, one)
		if phase != nil {
			next := binary(b, "arith.xori", loc, phase, one)
			g.phase = selectOp(b, loc, wrapped, next, phase)
		}
	}

	createTMABarrierAndWait(loop, loads, groupOf, s)

	hasAsyncLoads := false
	for _, l := range loads {
		g := groupOf[l.stageDiff]
		switch l.op.Name() {
		case "tt.load":
			createAsyncCopy(loop, l, g.insertIdx, g.extract, s)
			hasAsyncLoads = true
		case "tt.descriptor_load", "tt.descriptor_gather":
			createTMAAsyncCopy(loop, l, g.insertIdx, g.extract, s)
		}
	}

	y := yieldOp(loop)
	arg = argBase - 1
	for _, g := range groups {
		y.SetOperand(arg, g.insertIdx)
		y.SetOperand(arg+1, g.extract)
		arg += 2
		if g.phase != nil {
			y.SetOperand(arg, g.phase)
			arg++
		}
	}

	s.scheduleDependencies(loop)

	if hasAsyncLoads {
		// Loads run ahead of the loop's last iterations: wait for the
		// copies still in flight after the loop.
		b.SetInsertionPointAfter(loop)
		ttg.NewAsyncWait(b, loc, 0)
	}
	for _, op := range bodyOps(loop) {
		if !s.has(op) {
			return loop, ir.OpErrorf(op, "op not found in the schedule")
		}
	}
	return loop, nil
}

// createBuffer allocates, before the loop, a buffer of depth slots for the
// result of load (deallocated after the loop).
func createBuffer(loop, load *ir.Operation, enc ir.Attribute, depth int) ir.Value {
	rt := load.Result(0).Type().(*ir.RankedTensorType)
	return allocBuffers(loop, rt.Dims, rt.Elem, enc, depth, load.Loc())
}

// allocBuffers allocates depth slots of shape before `at` and deallocates
// them after it.
func allocBuffers(at *ir.Operation, shape []int64, elem ir.Type, enc ir.Attribute, depth int, loc ir.Location) ir.Value {
	ctx := at.Context()
	b := ir.NewBuilder(ctx)
	b.SetInsertionPoint(at)
	t := ttg.MultiBuffered(ctx, ttg.SharedMemDesc(ctx, shape, elem, enc, true), depth)
	alloc := ttg.NewLocalAlloc(b, loc, t, nil).Result(0)
	b.SetInsertionPointAfter(at)
	ttg.NewLocalDealloc(b, at.Loc(), alloc)
	return alloc
}

// bufferView builds the slot idx of a multi-buffered allocation.
func bufferView(b *ir.Builder, alloc, idx ir.Value) ir.Value {
	op, err := ttg.NewMemDescIndex(b, alloc.Loc(), alloc, idx)
	if err != nil {
		panic(err) // allocations made by the pipeliner always have a slot dim
	}
	return op.Result(0)
}

// createAsyncCopy replaces a tt.load by a cp.async into slot insertIdx
// (at the load's place), a wait for it before the first use, and a read of
// slot extractIdx.
func createAsyncCopy(loop *ir.Operation, l *asyncLoad, insertIdx, extractIdx ir.Value, s *schedule) {
	load := l.op
	lo := tt.LoadOp{Operation: load}
	b, firstUse, view := startAsyncCopy(loop, l, insertIdx, s)
	loc := load.Loc()
	cp := ttg.NewAsyncCopyGlobalToLocal(b.Builder, loc, lo.Ptr(), view, lo.Mask(), lo.Other())
	copyLoadAttrs(cp, load, l.contiguity)
	commit := ttg.NewAsyncCommitGroup(b.Builder, loc, cp.Result(0))
	b.setPlacement(s.at(firstUse))
	wait := ttg.NewAsyncWait(b.Builder, loc, 0, commit.Result(0))
	viewLoad := bufferView(b.Builder, l.alloc, extractIdx)
	other := lo.Other()
	if other == nil || isZeroConst(other) {
		replaceUsesWithLocalLoad(b.Builder, load.Result(0), viewLoad, wait.Result(0))
	} else if ir.HasUses(load.Result(0)) {
		ll := ttg.NewLocalLoad(b.Builder, loc, load.Result(0).Type(), viewLoad, wait.Result(0))
		sel := selectOp(b.Builder, loc, lo.Mask(), ll.Result(0), other)
		ir.ReplaceAllUsesWith(load.Result(0), sel)
	}
	s.erase(load)
	load.Erase()
}

// startAsyncCopy returns a builder at the load, in its stage, the first
// use of the load, and the slot insertIdx of the load's buffer the copy
// fills. (Like Triton, it leaves an unused constant before the loop.)
func startAsyncCopy(loop *ir.Operation, l *asyncLoad, insertIdx ir.Value, s *schedule) (*stageBuilder, *ir.Operation, ir.Value) {
	b := newStageBuilder(s, loop, l.op.Loc())
	constI32(b.Builder, loop.Loc(), 0)
	firstUse := firstUseOf([]*ir.Operation{l.op}, loop, s, nil)
	b.SetInsertionPoint(l.op)
	b.setPlacement(s.at(l.op))
	return b, firstUse, bufferView(b.Builder, l.alloc, insertIdx)
}

// copyLoadAttrs gives an async copy the cache, eviction and volatility of
// the load it replaces, and its contiguity.
func copyLoadAttrs(cp, load *ir.Operation, contiguity int) {
	lo := tt.LoadOp{Operation: load}
	ctx := cp.Context()
	if c := lo.Cache(); c != memory.CacheNone {
		cp.SetProp("cache", ir.I32EnumAttr(ctx, c))
	}
	if e := lo.Evict(); e != memory.EvictNormal {
		cp.SetProp("evict", ir.I32EnumAttr(ctx, e))
	}
	if lo.IsVolatile() {
		cp.SetProp("isVolatile", ir.BoolAttrOf(ctx, true))
	}
	if contiguity != 1 {
		cp.SetProp("contiguity", ir.I32Attr(ctx, int64(contiguity)))
	}
}

// createTMAAsyncCopy replaces a descriptor load or gather by a TMA copy
// into slot insertIdx completing on the load's barrier, and a read of slot
// extractIdx after the barrier wait.
func createTMAAsyncCopy(loop *ir.Operation, l *asyncLoad, insertIdx, extractIdx ir.Value, s *schedule) {
	load := l.op
	b, firstUse, view := startAsyncCopy(loop, l, insertIdx, s)
	loc := load.Loc()
	pred := constBool(b.Builder, loc, true)
	if load.Name() == "tt.descriptor_load" {
		desc := load.Operand(0)
		coords := translateTMAIndices(b.Builder, loc, desc, load.Operands()[1:])
		ttng.NewAsyncTMACopyGlobalToLocal(b.Builder, loc, desc, coords, l.barrier, view, pred)
	} else {
		ttng.NewAsyncTMAGather(b.Builder, loc, load.Operand(0), load.Operand(1), load.Operand(2), l.barrier, view, pred)
	}
	b.SetInsertionPointAfter(l.waitOp)
	b.setPlacement(s.at(firstUse))
	viewLoad := bufferView(b.Builder, l.alloc, extractIdx)
	replaceUsesWithLocalLoad(b.Builder, load.Result(0), viewLoad, nil)
	s.erase(load)
	load.Erase()
}

// translateTMAIndices adapts the coordinates of a TMA copy to its
// descriptor: packed fp4 buffers count bytes, two elements each.
func translateTMAIndices(b *ir.Builder, loc ir.Location, desc ir.Value, coords []ir.Value) []ir.Value {
	out := append([]ir.Value(nil), coords...)
	dt := desc.Type().(*tt.TensorDescType)
	if e, ok := dt.Block.Encoding.(*ttg.NVMMASharedEncoding); ok && e.FP4Padded && len(out) > 0 {
		out[len(out)-1] = binary(b, "arith.muli", loc, out[len(out)-1], constI32(b, loc, 2))
	}
	return out
}

// convertScalarToTensorLoad turns a scalar load into a load of a one-element
// tensor followed by tt.unsplat, so that it can be copied asynchronously.
func convertScalarToTensorLoad(op, loop *ir.Operation, s *schedule) {
	ctx := op.Context()
	b := newStageBuilder(s, op, op.Loc())
	module := ttg.ModuleOf(loop)
	numWarps, _ := ttg.LookupNumWarps(op)
	enc := ttg.DefaultBlocked(ctx, []int64{1}, numWarps, ttg.ThreadsPerWarp(module), ttg.NumCTAs(module))
	splat := func(v ir.Value) ir.Value {
		t := ir.RankedTensor(ctx, []int64{1}, v.Type(), enc)
		return tt.NewSplat(b.Builder, op.Loc(), v, t).Result(0)
	}
	lo := tt.LoadOp{Operation: op}
	op.SetOperand(0, splat(lo.Ptr()))
	if m := lo.Mask(); m != nil {
		op.SetOperand(1, splat(m))
	}
	if o := lo.Other(); o != nil {
		op.SetOperand(2, splat(o))
	}
	scalarTy := op.Result(0).Type()
	op.Result(0).SetType(ir.RankedTensor(ctx, []int64{1}, scalarTy, enc))
	b.SetInsertionPointAfter(op)
	b.setPlacement(s.at(firstUseOf([]*ir.Operation{op}, loop, s, nil)))
	un := tt.NewUnsplat(b.Builder, op.Loc(), op.Result(0))
	ir.ReplaceUsesIf(op.Result(0), un.Result(0), func(u *ir.OpOperand) bool { return u.Owner() != un })
}

// createTMABarrierAndWait gives consecutive TMA loads with the same number
// of slots and placement, with no use in between, one barrier: an expect
// of their total bytes before the first and a wait after the last.
func createTMABarrierAndWait(loop *ir.Operation, loads []*asyncLoad, groups map[int]*loadGroup, s *schedule) {
	byOp := map[*ir.Operation]*asyncLoad{}
	for _, l := range loads {
		byOp[l.op] = l
	}
	visited := map[*ir.Operation]bool{}
	var waitGroups [][]*ir.Operation
	for _, l := range loads {
		if !l.isTMA || visited[l.op] {
			continue
		}
		users := map[*ir.Operation]bool{}
		var group []*ir.Operation
		blk := l.op.Block()
		add := func(op *ir.Operation) {
			group = append(group, op)
			visited[op] = true
			for _, u := range ir.Users(op.Result(0)) {
				// A load read straight from shared memory by a dot: its
				// alloc goes away, its users are the alloc's.
				if !mustLoadToRegisters(op) && u.Block() == blk {
					for _, au := range ir.Users(u.Result(0)) {
						users[au] = true
					}
					continue
				}
				if in := blk.FindAncestorOp(u); in != nil {
					users[in] = true
				}
			}
		}
		add(l.op)
		for next := l.op.Next(); next != nil; next = next.Next() {
			if users[next] || visited[next] {
				break
			}
			if nl, ok := byOp[next]; ok && nl.isTMA {
				if nl.stageDiff != l.stageDiff {
					break
				}
				if s.at(group[0]) == s.at(next) {
					add(next)
				}
			}
		}
		waitGroups = append(waitGroups, group)
	}
	for _, group := range waitGroups {
		numBuffers := byOp[group[0]].stageDiff
		g := groups[numBuffers]
		bytes := 0
		for _, op := range group {
			rt := op.Result(0).Type().(*ir.RankedTensorType)
			bytes += int(product(ttg.ShapePerCTA(ttg.CGAOf(rt.Encoding, len(rt.Dims)).CTASplitNum(), rt.Dims))) * ir.BitWidth(rt.Elem) / 8
		}
		barAlloc := createBarrierAlloc(loop, numBuffers, 1)
		b := newStageBuilder(s, group[0], loop.Loc())
		bar := bufferView(b.Builder, barAlloc, g.insertIdx)
		pred := constBool(b.Builder, loop.Loc(), true)
		ttng.NewBarrierExpect(b.Builder, loop.Loc(), bar, bytes, pred)
		b.SetInsertionPointAfter(group[len(group)-1])
		b.setPlacement(s.at(firstUseOf(group, loop, s, nil)))
		barWait := bufferView(b.Builder, barAlloc, g.extract)
		wait := ttng.NewWaitBarrier(b.Builder, loop.Loc(), barWait, g.phase, nil, nil)
		for _, op := range group {
			byOp[op].barrier = bar
			byOp[op].waitOp = wait
		}
	}
}

// product multiplies the dims of a shape.
func product(shape []int64) int64 {
	p := int64(1)
	for _, d := range shape {
		p *= d
	}
	return p
}

// createBarrierAlloc allocates n mbarriers before op (each initialized
// with the given arrive count) and invalidates and frees them after it.
func createBarrierAlloc(op *ir.Operation, n, arriveCount int) ir.Value {
	ctx := op.Context()
	loc := op.Loc()
	b := ir.NewBuilder(ctx)
	b.SetInsertionPoint(op)
	t := ttg.ScalarBufferType(ctx, ir.I64(ctx), n, ttg.NumCTAs(ttg.ModuleOf(op)))
	alloc := ttg.NewLocalAlloc(b, loc, t, nil).Result(0)
	for i := 0; i < n; i++ {
		ttng.NewInitBarrier(b, loc, bufferView(b, alloc, constI32(b, loc, i)), arriveCount)
	}
	b.SetInsertionPointAfter(op)
	for i := 0; i < n; i++ {
		ttng.NewInvalBarrier(b, loc, bufferView(b, alloc, constI32(b, loc, i)))
	}
	ttg.NewLocalDealloc(b, loc, alloc)
	return alloc
}
