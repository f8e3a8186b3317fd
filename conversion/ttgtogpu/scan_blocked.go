package ttgtogpu

import (
	"github.com/ttcompiler/tt/conversion"
	"github.com/ttcompiler/tt/dialects/gpu"
	"github.com/ttcompiler/tt/dialects/llvm"
	"github.com/ttcompiler/tt/ir"
)

// A scan over a blocked layout combines its elements in Triton's order,
// so that a scan whose combine is not associative in floating point (a
// sum of floats) gives Triton's bits. Along the axis a blocked layout
// holds, from the smallest step up, a run of contiguous elements in each
// thread's registers, then lanes, then warps, then repetitions of that
// block in registers again. Triton's lowering:
//
//  1. folds each thread's run left to right;
//  2. scans the runs' last elements over the lanes, Hillis and Steele
//     style (at distance d = 1, 2, 4, ..., a lane combines the value d
//     lanes before it in front of its own);
//  3. with several warps along the axis, each warp's last lane stores the
//     warp's total of every block, and each thread folds, in order, the
//     total carried from the blocks before and the totals of the warps
//     before its own (one warp: the previous block's total comes from the
//     last lane through a shuffle);
//  4. combines that prefix in front of its run's last element, and the
//     previous lane's new last element (the prefix itself in the first
//     lane) in front of each other element of the run.
//
// A reverse scan is the forward scan of the mirrored sequence: Triton
// flips registers and lanes around a forward scan; here the positions are
// mirrored instead of the data.

// blockedScan is a scan plan whose axis bits have the blocked order.
type blockedScan struct {
	*scanPlan
	run, lanes, warps, reps []scanBit // ascending step
	laneShift               int       // lane id bit of the first lane along the axis
}

// blocked returns the plan's axis bits split into Triton's four groups,
// or false when the layout's bits along the axis are not in that order
// (or its lanes along the axis are not consecutive bits of the lane id,
// which Triton's shuffles assume).
func (p *scanPlan) blocked() (*blockedScan, bool) {
	s := &blockedScan{scanPlan: p}
	groups := []*[]scanBit{&s.run, &s.lanes, &s.warps, &s.reps}
	g := 0
	for _, b := range p.bits {
		want := []int{0, 1, 2, 0}
		for g < len(want) && want[g] != b.kind {
			g++
		}
		if g == len(want) {
			return nil, false
		}
		*groups[g] = append(*groups[g], b)
	}
	if len(s.lanes) > 0 {
		s.laneShift = s.lanes[0].index
		for i, b := range s.lanes {
			if b.index != s.laneShift+i {
				return nil, false
			}
		}
	}
	return s, true
}

// deposit spreads the bits of k over the register bits of group.
func deposit(group []scanBit, k int) int {
	r := 0
	for i, b := range group {
		if k>>i&1 != 0 {
			r |= 1 << b.index
		}
	}
	return r
}

// reg returns the register of column col holding scan-order element e of
// scan-order repetition rep.
func (s *blockedScan) reg(col, rep, e int) int {
	nRun, nRep := 1<<len(s.run), 1<<len(s.reps)
	if s.reverse {
		e, rep = nRun-1-e, nRep-1-rep
	}
	return col | deposit(s.run, e) | deposit(s.reps, rep)
}

// columns returns the registers with every axis bit clear among the
// plan's canonical registers: one per independent scan of the thread.
func (s *blockedScan) columns() []int {
	axisMask := deposit(s.run, -1) | deposit(s.reps, -1)
	var cols []int
	for _, r := range s.regs {
		if r&axisMask == 0 {
			cols = append(cols, r)
		}
	}
	return cols
}

// threadOrder returns the thread's position in scan order among the
// lanes (offset 0) or warps (offset laneBits) of group along the axis.
func (s *blockedScan) threadOrder(l *lowering, e *emitter, group []scanBit, offset int) ir.Value {
	col := make([]int32, s.lay.numThreadBits())
	for rank, b := range group {
		col[offset+b.index] = 1 << rank
	}
	pos := e.fs.threadPart(l, col)
	if s.reverse {
		pos = e.sub(e.i32c(int64(1)<<len(group)-1), pos)
	}
	return pos
}

// shuffleEarlier returns, in each lane, the values of the lane d places
// before it in scan order along the axis.
func (s *blockedScan) shuffleEarlier(e *emitter, vs []ir.Value, d int) []ir.Value {
	mode := gpu.ShuffleUp
	if s.reverse {
		mode = gpu.ShuffleDown
	}
	out := make([]ir.Value, len(vs))
	for k, v := range vs {
		out[k] = e.shuffle(mode, v, int64(d)<<s.laneShift)
	}
	return out
}

// selectAll picks a or b, operand by operand.
func selectAll(e *emitter, c ir.Value, a, b []ir.Value) []ir.Value {
	out := make([]ir.Value, len(a))
	for k := range a {
		out[k] = e.selectV(c, a[k], b[k])
	}
	return out
}

// lowerBlockedScan replaces the scan op in Triton's order.
func (l *lowering) lowerBlockedScan(op *ir.Operation, s *blockedScan, comb *combiner, e *emitter, rw *conversion.Rewriter, smemOff int) {
	n := op.NumOperands()
	val := map[int][]ir.Value{}
	for _, r := range s.regs {
		vs := make([]ir.Value, n)
		for k, v := range op.Operands() {
			vs[k] = rw.RemappedN(v)[r]
		}
		val[r] = vs
	}
	nRun, nRep := 1<<len(s.run), 1<<len(s.reps)
	T, W := 1<<len(s.lanes), 1<<len(s.warps)
	cols := s.columns()

	// 1. Each thread's run, left to right.
	for _, c := range cols {
		for rep := 0; rep < nRep; rep++ {
			acc := val[s.reg(c, rep, 0)]
			for i := 1; i < nRun; i++ {
				r := s.reg(c, rep, i)
				acc = comb.apply(e, acc, val[r])
				val[r] = acc
			}
		}
	}
	var lane ir.Value
	if T > 1 {
		lane = s.threadOrder(l, e, s.lanes, 0)
		// 2. The runs' last elements over the lanes.
		var reaches []ir.Value // lane >= d for d = 1, 2, 4, ...
		for d := 1; d < T; d *= 2 {
			reaches = append(reaches, e.icmpC(llvm.ICmpSGE, lane, int64(d)))
		}
		for _, c := range cols {
			for rep := 0; rep < nRep; rep++ {
				r := s.reg(c, rep, nRun-1)
				acc := val[r]
				for i, d := 0, 1; d < T; i, d = i+1, d*2 {
					sum := comb.apply(e, s.shuffleEarlier(e, acc, d), acc)
					acc = selectAll(e, reaches[i], sum, acc)
				}
				val[r] = acc
			}
		}
	}
	switch {
	case W > 1:
		l.blockedScanWarps(s, comb, e, val, cols, lane, smemOff)
	case nRun > 1 || nRep > 1:
		blockedScanOneWarp(s, comb, e, val, cols, lane)
	}
	canon := s.lay.canonicalRegs()
	groups := make([][]ir.Value, n)
	for k := range groups {
		groups[k] = make([]ir.Value, s.lay.numRegs)
		for r := range groups[k] {
			groups[k][r] = val[canon[r]][k]
		}
	}
	rw.ReplaceOpN(op, groups)
}

// blockedScanWarps is step 3 and 4 with several warps along the axis.
func (l *lowering) blockedScanWarps(s *blockedScan, comb *combiner, e *emitter, val map[int][]ir.Value, cols []int, lane ir.Value, smemOff int) {
	nRun, nRep := 1<<len(s.run), 1<<len(s.reps)
	W := 1 << len(s.warps)
	n := len(s.bits8)
	g := newGPU(e)
	offs, _ := s.scratchOffsets(l.numThreads())
	addr := func(k int, slot ir.Value) ir.Value {
		return e.smemAddr(smemOff+offs[k], e.mulC(slot, int64(max(s.bits8[k]/8, 1))))
	}
	// The warp's total of a block is in its last lane in scan order; one
	// thread of the repeated ones stores it, at the slot of its block and
	// column (the compact exchange's slots) and its warp's position.
	writerMask, lastLane := s.lay.freeTid, int64(0)
	for _, b := range s.lanes {
		writerMask |= 1 << b.index
		if !s.reverse {
			lastLane |= 1 << b.index
		}
	}
	var writer ir.Value
	if writerMask != 0 {
		writer = e.icmpC(llvm.ICmpEQ, e.andC(e.fs.threadID(l), writerMask), lastLane)
	}
	wcol := make([]int32, s.lay.numThreadBits())
	for rank, b := range s.warps {
		wcol[s.lay.laneBits+b.index] = 1 << rank
	}
	pos := e.fs.threadPart(l, wcol)
	for _, c := range cols {
		for rep := 0; rep < nRep; rep++ {
			r := s.reg(c, rep, nRun-1)
			slot := e.orDisjoint(scanGroupSlot(e, s.scanPlan, r), pos)
			for k, v := range val[r] {
				g.store(addr(k, slot), writer, []ir.Value{e.toMemory(v, v.Type(), true)}, memOpts{})
			}
		}
	}
	g.barrier()
	warp := s.threadOrder(l, e, s.warps, s.lay.laneBits)
	first := e.icmpC(llvm.ICmpEQ, warp, 0)
	firstThread := first
	var firstLane ir.Value
	if lane != nil {
		firstLane = e.icmpC(llvm.ICmpEQ, lane, 0)
		firstThread = e.and(first, firstLane)
	}
	for _, c := range cols {
		var carried []ir.Value // the total of the blocks before, in scan order
		for rep := 0; rep < nRep; rep++ {
			r := s.reg(c, rep, nRun-1)
			base := scanGroupSlot(e, s.scanPlan, r)
			// cands[k]: the fold of the carried total and the totals of the
			// warps before the k-th in scan order (the k-th warp's prefix).
			cands := make([][]ir.Value, W)
			acc := carried
			for k := 0; k < W; k++ {
				w := k
				if s.reverse {
					w = W - 1 - k
				}
				part := make([]ir.Value, n)
				for j, v := range val[r] {
					word := g.load(addr(j, e.orDisjoint(base, e.i32c(int64(w)))), nil, nil, []ir.Type{e.wordType(v.Type(), s.bits8[j])}, memOpts{})[0]
					part[j] = e.fromMemory(word, v.Type())
				}
				if acc == nil {
					cands[k], acc = part, part // the first thread's, never used
					continue
				}
				cands[k] = acc
				acc = comb.apply(e, acc, part)
			}
			prefix := make([]ir.Value, n)
			for j := range prefix {
				byWarp := make([]ir.Value, W)
				for k := range byWarp {
					byWarp[k] = cands[k][j]
				}
				prefix[j] = muxByValue(e, warp, byWarp)
			}
			last := comb.apply(e, prefix, val[r])
			if rep == 0 {
				last = selectAll(e, first, val[r], last)
			}
			val[r] = last
			if nRun > 1 {
				before := prefix
				if lane != nil {
					before = selectAll(e, firstLane, prefix, s.shuffleEarlier(e, last, 1))
				}
				s.finishRun(comb, e, val, c, rep, before, firstThread)
			}
			carried = acc
		}
	}
}

// finishRun combines before in front of the run's elements other than
// its last, in repetition rep of column c; in the first repetition the
// threads where first holds keep theirs (nothing comes before them).
func (s *blockedScan) finishRun(comb *combiner, e *emitter, val map[int][]ir.Value, c, rep int, before []ir.Value, first ir.Value) {
	for i := 0; i < 1<<len(s.run)-1; i++ {
		r := s.reg(c, rep, i)
		v := comb.apply(e, before, val[r])
		if rep == 0 {
			v = selectAll(e, first, val[r], v)
		}
		val[r] = v
	}
}

// blockedScanOneWarp is step 3 and 4 with one warp along the axis: the
// previous block's total is the last lane's (in scan order) new last
// element.
func blockedScanOneWarp(s *blockedScan, comb *combiner, e *emitter, val map[int][]ir.Value, cols []int, lane ir.Value) {
	if lane == nil {
		return // the whole axis is each thread's run, scanned in step 1
	}
	nRun, nRep := 1<<len(s.run), 1<<len(s.reps)
	firstLane := e.icmpC(llvm.ICmpEQ, lane, 0)
	var lastLane ir.Value
	if nRep > 1 {
		var axisMask, lastBits int64
		for _, b := range s.lanes {
			axisMask |= 1 << b.index
		}
		if !s.reverse {
			lastBits = axisMask
		}
		laneID := e.andC(e.fs.threadID(e.l), int64(e.l.lanes()-1))
		lastLane = e.orDisjoint(e.andC(laneID, ^axisMask), e.i32c(lastBits))
	}
	for _, c := range cols {
		var carried []ir.Value
		for rep := 0; rep < nRep; rep++ {
			r := s.reg(c, rep, nRun-1)
			if carried != nil {
				val[r] = comb.apply(e, carried, val[r])
			}
			last := val[r]
			if nRun > 1 {
				before := s.shuffleEarlier(e, last, 1)
				if carried != nil {
					before = selectAll(e, firstLane, carried, before)
				}
				s.finishRun(comb, e, val, c, rep, before, firstLane)
			}
			if rep+1 < nRep {
				carried = make([]ir.Value, len(last))
				for k, v := range last {
					carried[k] = e.shuffleDyn(shflIdx, v, lastLane)
				}
			}
		}
	}
}
