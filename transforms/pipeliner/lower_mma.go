package pipeliner

import (
	"github.com/ttcompiler/tt/dialects/arith"
	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/dialects/ttng"
	"github.com/ttcompiler/tt/dialects/ub"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asmfmt"
)

// Lowering of the tcgen05 MMAs of a scheduled loop (Triton's lowerMMAs):
// an MMA with a self latency becomes asynchronous, completing on an
// mbarrier slot that is waited on where its result is needed, and its
// tensor-memory accumulator gets one buffer per stage it lives across.

// mmaSegmentIndex returns the operand-group sizes of a tcgen05 MMA.
func mmaSegments(mma *ir.Operation) []int64 {
	if a, ok := mma.Attr(asmfmt.SegmentsAttr).(*ir.DenseArrayAttr); ok {
		return append([]int64(nil), a.Ints...)
	}
	return nil
}

// setMMASegments stores the operand-group sizes of a tcgen05 MMA.
func setMMASegments(mma *ir.Operation, seg []int64) {
	mma.SetProp(asmfmt.SegmentsAttr, ir.DenseI32Array(mma.Context(), seg))
}

// mmaGroupStart returns the index of operand group g's first operand.
func mmaGroupStart(seg []int64, g int) int {
	n := 0
	for i := 0; i < g; i++ {
		n += int(seg[i])
	}
	return n
}

// mmaGroup is the index of a named operand group of a tcgen05 MMA.
func mmaGroup(mma *ir.Operation, name string) int {
	names := []string{"a", "b", "d", "acc_dep", "useD", "pred", "barriers", "barrier_preds"}
	if mma.Name() == "ttng.tc_gen5_mma_scaled" {
		names = []string{"a", "b", "d", "acc_dep", "a_scale", "b_scale", "useD", "pred", "barriers", "barrier_preds"}
	}
	for i, n := range names {
		if n == name {
			return i
		}
	}
	return -1
}

// addMMACompletionBarrier makes the MMA arrive on bar (when pred holds)
// once it completes.
func addMMACompletionBarrier(mma *ir.Operation, bar, pred ir.Value) {
	seg := mmaSegments(mma)
	gb, gp := mmaGroup(mma, "barriers"), mmaGroup(mma, "barrier_preds")
	mma.InsertOperands(mmaGroupStart(seg, gb)+int(seg[gb]), bar)
	seg[gb]++
	mma.InsertOperands(mmaGroupStart(seg, gp)+int(seg[gp]), pred)
	seg[gp]++
	setMMASegments(mma, seg)
}

// clearMMAAccDep drops the accumulator token an MMA depends on.
func clearMMAAccDep(mma *ir.Operation) {
	seg := mmaSegments(mma)
	g := mmaGroup(mma, "acc_dep")
	if seg[g] == 0 {
		return
	}
	mma.EraseOperands(mmaGroupStart(seg, g), int(seg[g]))
	seg[g] = 0
	setMMASegments(mma, seg)
}

// clearTokenOperand drops the optional token operand of a tmem_load or
// tmem_store (its only async-token operand).
func clearTokenOperand(op *ir.Operation) {
	for i, v := range op.Operands() {
		if _, ok := v.Type().(*ttg.AsyncTokenType); ok {
			op.EraseOperands(i, 1)
			return
		}
	}
}

// tokenResult is the async-token result of op, or nil.
func tokenResult(op *ir.Operation) ir.Value {
	for _, r := range op.Results() {
		if _, ok := r.Type().(*ttg.AsyncTokenType); ok {
			return r
		}
	}
	return nil
}

// lowerMMAs lowers the tcgen05 MMAs nested in the loop.
func lowerMMAs(loop *ir.Operation, s *schedule) (*ir.Operation, error) {
	var mmas []*ir.Operation
	ir.Walk(loop, ir.PostOrder, func(op *ir.Operation) ir.WalkResult {
		if isMMAv5(op) {
			mmas = append(mmas, op)
		}
		return ir.Advance
	})
	for _, mma := range mmas {
		var err error
		if loop, err = lowerMMA(mma, loop, s); err != nil {
			return loop, err
		}
	}
	return loop, nil
}

// takeSelfLatency reads and removes the MMA's tt.self_latency.
func takeSelfLatency(op *ir.Operation) int {
	n, ok := intAttr(op, attrSelfLatency)
	if !ok {
		return 0
	}
	op.RemoveAttr(attrSelfLatency)
	return n
}

func lowerMMA(mma, loop *ir.Operation, s *schedule) (*ir.Operation, error) {
	alloc := mmaAccAlloc(mma)
	if alloc == nil {
		return loop, nil
	}
	selfLatency := takeSelfLatency(mma)
	if selfLatency == 0 {
		return loop, nil
	}
	// The accumulator is live from its first to its last use in the
	// pipelined body: one buffer per stage in between, and one more when
	// the first use comes earlier in the same stage's order.
	var first, last *ir.Operation
	for _, u := range ir.Users(alloc.Result(0)) {
		if !inLoop(u, loop) {
			continue
		}
		top := body(loop).FindAncestorOp(u)
		if first == nil || s.isOpBefore(top, first) {
			first = top
		}
		if last == nil || s.isOpBefore(last, top) {
			last = top
		}
	}
	if first == nil || !s.has(first) || !s.has(last) || !s.has(mma) {
		return loop, nil
	}
	tmemStages := s.at(last).stage - s.at(first).stage
	if s.isOpInEarlierCluster(first, last) || (s.isOpInSameCluster(first, last) && first.IsBeforeInBlock(last)) {
		tmemStages++
	}
	b := ir.NewBuilder(loop.Context())
	b.SetInsertionPoint(loop)
	minusOne := constI32(b, loop.Loc(), -1)
	zero := constI32(b, loop.Loc(), 0)
	extra := []ir.Value{zero, zero}
	if tmemStages > 1 {
		extra = append(extra, minusOne)
	}
	n := scfInits(loop)
	loop = replaceLoopWithNewSignature(loop, extra)
	phaseIdx, barIdxIdx, bufIdxIdx := n, n+1, n+2
	yieldVals := []ir.Value{iterArg(loop, phaseIdx), iterArg(loop, barIdxIdx)}
	if tmemStages > 1 {
		yieldVals = append(yieldVals, iterArg(loop, bufIdxIdx))
	}
	appendYield(loop, yieldVals...)
	if err := createBarrierAndWaitOps(loop, s, mma, selfLatency, alloc, phaseIdx, barIdxIdx); err != nil {
		return loop, err
	}
	if tmemStages > 1 {
		if err := multibufferTensorMemory(loop, s, alloc, bufIdxIdx, tmemStages); err != nil {
			return loop, err
		}
	}
	return loop, nil
}

// scfInits is the number of values a loop carries.
func scfInits(loop *ir.Operation) int { return loop.NumOperands() - 3 }

// hoistBufferOutOfLoop replaces an allocation with an initial value made
// in the loop by a mutable allocation before the loop and a store of the
// value in its place, and returns the store (nil if op is not such an
// allocation).
func hoistBufferOutOfLoop(loop, op *ir.Operation, s *schedule) *ir.Operation {
	if op.Name() != "ttng.tmem_alloc" && op.Name() != "ttg.local_alloc" {
		return nil
	}
	if !inLoop(op, loop) {
		return nil
	}
	b := newStageBuilder(s, loop, op.Loc())
	t := op.Result(0).Type().(*ttg.MemDescType)
	nt := ttg.MemDesc(op.Context(), t.Dims, t.Elem, t.Encoding, t.MemorySpace, true, nil)
	n := op.Clone(nil)
	b.Insert(n)
	n.Result(0).SetType(nt)
	b.setPlacement(s.at(op))
	var store *ir.Operation
	src := op.Operand(0)
	n.EraseOperands(0, n.NumOperands())
	b.SetInsertionPointAfter(op)
	if op.Name() == "ttng.tmem_alloc" {
		store = b.CreateOp("ttng.tmem_store", op.Loc(), []ir.Value{n.Result(0), src, constBool(b.Builder, op.Loc(), true)}, nil)
	} else {
		store = ttg.NewLocalStore(b.Builder, op.Loc(), src, n.Result(0))
	}
	replaceUsesAndPropagateType(b.Builder, op, n.Result(0), nil)
	s.erase(op)
	op.Erase()
	return store
}

// createBarrierAndWaitOps makes the MMA async on a barrier slot cycling
// through the stages it overlaps, and waits on it where the accumulator or
// the operands' buffers are next needed.
func createBarrierAndWaitOps(loop *ir.Operation, s *schedule, mma *ir.Operation, selfLatency int, alloc *ir.Operation, phaseIdx, barIdxIdx int) error {
	isLoadPipelined := func(op *ir.Operation) bool { return s.at(mma).stage > s.at(op).stage }
	var latest *ir.Operation
	for _, u := range ir.Users(alloc.Result(0)) {
		if u.Name() == "ttng.tmem_load" && u.Block() == mma.Block() {
			if latest == nil || s.isOpBefore(u, latest) {
				latest = u
			}
		}
	}
	info := analyzeMMAOperands(mma, loop, isLoadPipelined)
	var defs []*ir.Operation
	for _, def := range info.unpipelineableDefs {
		if st := hoistBufferOutOfLoop(loop, def, s); st != nil {
			defs = append(defs, st)
		} else {
			defs = append(defs, def)
		}
	}
	if !info.pipelineable && info.determined {
		// Operands written in the loop: the MMA must be done before
		// they are rewritten.
		for _, d := range defs {
			if latest == nil || s.isOpBefore(d, latest) {
				latest = d
			}
		}
	}
	mp := s.at(mma)
	waitStage, waitCluster := mp.stage+selfLatency, mp.cluster
	if latest != nil && info.determined {
		if s.isOpBefore(latest, mma) {
			waitStage = mp.stage + 1
		} else {
			waitStage = s.at(latest).stage
		}
		waitCluster = s.clusters.newBefore(s.splitClusterBefore(latest, loop))
	}
	numStages := waitStage - mp.stage + 1

	b := newStageBuilder(s, mma, mma.Loc())
	loc := mma.Loc()
	barAlloc := createBarrierAlloc(loop, numStages, 1)
	vTrue := constBool(b.Builder, loc, true)
	phase := ir.Value(iterArg(loop, phaseIdx))
	zero := constI32(b.Builder, loop.Loc(), 0)
	barIdx := zero
	if numStages > 1 {
		barIdx = iterArg(loop, barIdxIdx)
	}
	one := constI32(b.Builder, loop.Loc(), 1)
	numStagesVal := constI32(b.Builder, loop.Loc(), numStages)
	bar := bufferView(b.Builder, barAlloc, barIdx)
	addMMACompletionBarrier(mma, bar, vTrue)
	mma.SetProp("is_async", ir.Unit(mma.Context()))

	// The buffers the MMA reads stay in use until it completes.
	waitBuffers := []ir.Value{mmaOperand(mma, "a"), mmaOperand(mma, "b")}
	if mma.Name() == "ttng.tc_gen5_mma_scaled" {
		waitBuffers = append(waitBuffers, mmaOperand(mma, "a_scale"), mmaOperand(mma, "b_scale"))
	}
	b.SetInsertionPointAfter(mma)
	b.setPlacement(placement{waitStage, waitCluster})
	ttng.NewWaitBarrier(b.Builder, loc, bar, phase, nil, waitBuffers)

	// Reads of the accumulator in conditionals before the main wait wait
	// themselves.
	for _, u := range ir.Users(alloc.Result(0)) {
		if u.Name() != "ttng.tmem_load" || u.Block() == mma.Block() {
			continue
		}
		top := body(loop).FindAncestorOp(u)
		if top == nil {
			continue
		}
		if p := s.at(top); p.stage < waitStage {
			b.setPlacement(p)
			b.SetInsertionPoint(u)
			ttng.NewWaitBarrier(b.Builder, loc, bar, phase, nil, waitBuffers)
		}
	}

	b.setPlacement(mp)
	y := yieldOp(loop)
	b.SetInsertionPoint(y)
	newPhase := binary(b.Builder, "arith.xori", loc, phase, one)
	newBarIdx := barIdx
	if numStages > 1 {
		var wrapped ir.Value
		newBarIdx, wrapped = incrementModulo(b.Builder, loc, barIdx, numStagesVal, zero, one)
		newPhase = selectOp(b.Builder, loc, wrapped, newPhase, phase)
	}
	replaceOperandsOf(y, phase, newPhase)
	replaceOperandsOf(y, barIdx, newBarIdx)
	return nil
}

// replaceOperandsOf makes op use to wherever it uses from.
func replaceOperandsOf(op *ir.Operation, from, to ir.Value) {
	for i, v := range op.Operands() {
		if v == from {
			op.SetOperand(i, to)
		}
	}
}

// replaceUsesDominatedBy replaces the uses of old that dom properly
// dominates.
func replaceUsesDominatedBy(dom *ir.DominanceInfo, domOp *ir.Operation, newV, old ir.Value) {
	if newV == old {
		return
	}
	ir.ReplaceUsesIf(old, newV, func(u *ir.OpOperand) bool { return dom.OpDominates(domOp, u.Owner()) })
}

// multibufferTensorMemory gives the accumulator numStages buffers: the
// index moves to the next buffer wherever the accumulator is overwritten
// (a store, or an MMA not accumulating) and its users read the current one.
func multibufferTensorMemory(loop *ir.Operation, s *schedule, alloc *ir.Operation, bufIdxIdx, numStages int) error {
	dom := ir.NewDominanceInfo()
	bufIdx := ir.Value(iterArg(loop, bufIdxIdx))
	type def struct {
		op  *ir.Operation
		val ir.Value
	}
	defs := []def{{body(loop).First(), bufIdx}}
	current := func(op *ir.Operation) ir.Value {
		for i := len(defs) - 1; i >= 0; i-- {
			if dom.OpDominates(defs[i].op, op) {
				return defs[i].val
			}
		}
		return nil
	}
	ctx := loop.Context()
	b := newStageBuilder(s, alloc, alloc.Loc())
	t := alloc.Result(0).Type().(*ttg.MemDescType)
	nt := ttg.MemDesc(ctx, append([]int64{int64(numStages)}, t.Dims...), t.Elem, t.Encoding, t.MemorySpace, true, nil)
	newAlloc := b.CreateOp("ttng.tmem_alloc", alloc.Loc(), nil, []ir.Type{nt, ttg.AsyncToken(ctx)})
	numStagesVal := constI32(b.Builder, alloc.Loc(), numStages)
	zero := constI32(b.Builder, alloc.Loc(), 0)
	one := constI32(b.Builder, alloc.Loc(), 1)
	aux := ir.NewBuilder(ctx)
	aux.SetInsertionPoint(loop)
	replTok := ub.NewPoison(aux, loop.Loc(), ttg.AsyncToken(ctx), nil).Result(0)

	valid := false
	for _, user := range ir.Users(alloc.Result(0)) {
		switch {
		case user.Name() == "ttng.tmem_store":
			clearTokenOperand(user)
			if tok := tokenResult(user); tok != nil {
				ir.ReplaceAllUsesWith(tok, replTok)
			}
			if inLoop(user, loop) {
				valid = true
				b.setPlacement(s.at(user))
				b.SetInsertionPoint(user)
				cur := current(user)
				next, _ := incrementModulo(b.Builder, loop.Loc(), cur, numStagesVal, zero, one)
				if pred := user.Operand(user.NumOperands() - 1); pred != nil {
					next = selectOp(b.Builder, loop.Loc(), pred, next, cur)
				}
				replaceUsesDominatedBy(dom, user, next, cur)
				defs = append(defs, def{user, next})
				user.SetOperand(0, bufferView(b.Builder, newAlloc.Result(0), next))
			} else {
				b.SetInsertionPoint(user)
				user.SetOperand(0, bufferView(b.Builder, newAlloc.Result(0), zero))
			}
		case user.Name() == "ttng.tmem_load":
			clearTokenOperand(user)
			if tok := tokenResult(user); tok != nil {
				ir.ReplaceAllUsesWith(tok, replTok)
			}
			if inLoop(user, loop) {
				b.setPlacement(s.at(user))
				b.SetInsertionPoint(user)
				user.SetOperand(0, bufferView(b.Builder, newAlloc.Result(0), current(user)))
			} else {
				b.SetInsertionPoint(user)
				user.SetOperand(0, bufferView(b.Builder, newAlloc.Result(0), loop.Result(bufIdxIdx)))
			}
		case isMMAv5(user):
			clearMMAAccDep(user)
			if tok := tokenResult(user); tok != nil {
				ir.ReplaceAllUsesWith(tok, replTok)
			}
			b.setPlacement(s.at(user))
			b.SetInsertionPoint(user)
			useAcc := mmaOperand(user, "useD")
			c, isConst := arith.MatchConstantInt(useAcc)
			valid = !(isConst && c != 0)
			cur := current(user)
			next, _ := incrementModulo(b.Builder, loop.Loc(), cur, numStagesVal, zero, one)
			next = selectOp(b.Builder, loop.Loc(), useAcc, cur, next)
			replaceUsesDominatedBy(dom, user, next, cur)
			defs = append(defs, def{user, next})
			user.SetOperand(mmaGroupStart(mmaSegments(user), mmaGroup(user, "d")), bufferView(b.Builder, newAlloc.Result(0), next))
		default:
			return ir.OpErrorf(user, "unsupported user of the accumulator")
		}
	}
	if !valid {
		return ir.OpErrorf(alloc, "trying to multibuffer TMEM while there is no store to the accumulator, and the mma uses the accumulator all the time")
	}
	if tok := tokenResult(alloc); tok != nil {
		ir.ReplaceAllUsesWith(tok, newAlloc.Result(1))
	}
	alloc.Erase()
	last := defs[len(defs)-1].val
	replaceUsesDominatedBy(dom, last.DefiningOp(), last, bufIdx)
	return nil
}
