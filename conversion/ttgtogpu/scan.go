package ttgtogpu

import (
	"slices"
	"sort"

	"github.com/ttcompiler/tt/conversion"
	"github.com/ttcompiler/tt/dialects/llvm"
	"github.com/ttcompiler/tt/dialects/tt"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

// A scan over a layout blocked along the axis combines in Triton's order
// (scan_blocked.go), so that float scans give Triton's bits. Any other
// layout's scan is computed bit by bit of the position along the axis. The
// position of an element is the OR of the axis steps of its register,
// lane and warp bits (each a distinct power of two), so the scan can
// process those bits from the lowest step up: after the bits below step
// 2^p, every element knows `inc` (the scan of its aligned group of 2^p
// positions up to itself) and `tot` (the combination of the whole group).
// Adding the bit of step 2^p pairs each group with its neighbor: the
// element in the later half (in scan order) combines the neighbor's total
// in front of its own values; both halves get the combined total. The
// neighbor is another register (free), another lane (a xor shuffle) or
// another warp (through shared memory).

type scanBit struct {
	kind  int // 0 register, 1 lane, 2 warp
	index int // bit index within its dimension
	step  int32
}

type scanPlan struct {
	lay     *regLayout
	axis    int
	reverse bool
	bits    []scanBit // ascending step
	regs    []int     // canonical registers
	bits8   []int     // storage bits per operand

	// The warps along the axis exchange their partial results at once
	// (compact) when the warp bits are consecutive in step order and no
	// lane bit lies above them (blocked layouts): then each warp stores,
	// per chunk of the axis held in registers above the warps and per
	// position of the other dims, one total, in chunks*K*W elements like
	// Triton's scan scratch. Otherwise warp bits are exchanged one at a
	// time, every thread storing all its registers.
	compact   bool
	warpFirst int     // index in bits of the first warp bit
	warpBits  []int   // warp bit indices (within the warp id), ascending step
	chunkLog  int     // log2 of the step of the first register bit above the warps
	redShape  []int64 // shape without the axis
}

func (l *lowering) planScan(op *ir.Operation) (*scanPlan, error) {
	sc := tt.ScanOp{Operation: op}
	if op.NumOperands() == 0 {
		return nil, ir.OpErrorf(op, "tt.scan without operands")
	}
	lay, err := l.opLayout(op, op.Operand(0).Type())
	if err != nil {
		return nil, err
	}
	axis := sc.Axis()
	if axis < 0 || axis >= lay.rank() {
		return nil, ir.OpErrorf(op, "scan axis %d out of range", axis)
	}
	if err := checkAxisInCTA(op, "tt.scan", lay, axis); err != nil {
		return nil, err
	}
	p := &scanPlan{lay: lay, axis: axis, reverse: sc.Reverse()}
	for _, v := range op.Operands() {
		et := l.elemTypeOf(v.Type())
		if et == nil || bitWidthOf(et) > 64 {
			return nil, ir.OpErrorf(op, "cannot scan elements of type %s", asm.TypeString(v.Type()))
		}
		p.bits8 = append(p.bits8, storageBits(et))
	}
	add := func(kind, index int, b []int32) error {
		along, mixed := axisKind(b, axis)
		if mixed || along && !isPow2(int64(b[axis])) {
			return ir.OpErrorf(op, "tt.scan: the layout's steps along the scan axis are not single bits; convert it first")
		}
		if along {
			p.bits = append(p.bits, scanBit{kind, index, b[axis]})
		}
		return nil
	}
	for i, b := range lay.ll.DimBases("register") {
		if lay.freeReg>>i&1 != 0 {
			continue
		}
		if err := add(0, i, b); err != nil {
			return nil, err
		}
	}
	for i, b := range lay.tidBases {
		if lay.freeTid>>i&1 != 0 {
			continue
		}
		kind, idx := 1, i
		if i >= lay.laneBits {
			kind, idx = 2, i-lay.laneBits
		}
		if err := add(kind, idx, b); err != nil {
			return nil, err
		}
	}
	sort.Slice(p.bits, func(i, j int) bool { return p.bits[i].step < p.bits[j].step })
	for i := 1; i < len(p.bits); i++ {
		if p.bits[i].step == p.bits[i-1].step {
			return nil, ir.OpErrorf(op, "tt.scan: two layout bits move by the same step along the axis")
		}
	}
	for r := 0; r < lay.numRegs; r++ {
		if lay.isUniqueReg(r) {
			p.regs = append(p.regs, r)
		}
	}
	p.redShape = slices.Delete(slices.Clone(lay.shape), axis, axis+1)
	p.warpFirst = -1
	p.compact = true
	last := -1
	for i, b := range p.bits {
		switch {
		case b.kind == 2:
			if p.warpFirst < 0 {
				p.warpFirst = i
			} else if last != i-1 {
				p.compact = false // warp bits interleaved with others
			}
			last = i
			p.warpBits = append(p.warpBits, b.index)
		case b.kind == 1 && p.warpFirst >= 0:
			p.compact = false // a lane bit above the warps
		}
	}
	if p.warpFirst < 0 {
		p.compact = false
	} else {
		p.chunkLog = log2(int64(lay.shape[axis]))
		if end := p.warpFirst + len(p.warpBits); end < len(p.bits) {
			p.chunkLog = log2(int64(p.bits[end].step))
		}
	}
	return p, nil
}

// compactSlots is the number of scratch elements per operand of the
// compact exchange: chunks * K * W.
func (p *scanPlan) compactSlots() int {
	n := (int(p.lay.shape[p.axis]) >> p.chunkLog) << len(p.warpBits)
	for _, d := range p.redShape {
		n *= int(d)
	}
	return n
}

func (p *scanPlan) crossWarp() bool {
	for _, b := range p.bits {
		if b.kind == 2 {
			return true
		}
	}
	return false
}

// scratchOffsets returns each operand's scratch area (packed, widest
// elements first) and the total: compactSlots elements per operand, or
// for the bitwise exchange one per (canonical register, thread).
func (p *scanPlan) scratchOffsets(numThreads int) ([]int, int) {
	slots := len(p.regs) * numThreads
	if p.compact {
		slots = p.compactSlots()
	}
	order := make([]int, len(p.bits8))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(i, j int) bool { return p.bits8[order[i]] > p.bits8[order[j]] })
	offs := make([]int, len(p.bits8))
	total := 0
	for _, k := range order {
		offs[k] = total
		total += slots * max(p.bits8[k]/8, 1)
	}
	return offs, total
}

func (l *lowering) lowerScan(op *ir.Operation, e *emitter, rw *conversion.Rewriter) error {
	p, err := l.planScan(op)
	if err != nil {
		return err
	}
	n := op.NumOperands()
	comb, err := newCombiner(op, op.Region(0), n, rw)
	if err != nil {
		return err
	}
	smemOff := 0
	if p.crossWarp() {
		_, need := p.scratchOffsets(l.numThreads())
		if smemOff, err = l.sharedOffset(op, need); err != nil {
			return err
		}
	}
	if s, ok := p.blocked(); ok {
		l.lowerBlockedScan(op, s, comb, e, rw, smemOff)
		return nil
	}
	lay := p.lay
	srcs := make([][]ir.Value, n)
	for k, v := range op.Operands() {
		srcs[k] = rw.RemappedN(v)
	}
	inc := map[int][]ir.Value{}
	tot := map[int][]ir.Value{}
	for _, r := range p.regs {
		vs := make([]ir.Value, n)
		for k := range vs {
			vs[k] = srcs[k][r]
		}
		inc[r], tot[r] = vs, vs
	}
	// step combines the neighbor's total (other) into an element whose
	// half comes second in scan order when the run-time predicate second
	// holds; both halves get the combined total.
	step := func(r int, other []ir.Value, second ir.Value) {
		after := comb.apply(e, other, inc[r])
		totSecond := comb.apply(e, other, tot[r])
		totFirst := comb.apply(e, tot[r], other)
		ni, nt := make([]ir.Value, n), make([]ir.Value, n)
		for k := 0; k < n; k++ {
			ni[k] = e.selectV(second, after[k], inc[r][k])
			nt[k] = e.selectV(second, totSecond[k], totFirst[k])
		}
		inc[r], tot[r] = ni, nt
	}
	shuffles := map[string]ir.Value{}
	offs, _ := p.scratchOffsets(l.numThreads())
	exchanged := false
	for bi, b := range p.bits {
		if p.compact && b.kind == 2 {
			if bi == p.warpFirst {
				l.scanAcrossWarps(e, p, comb, inc, tot, smemOff, offs)
			}
			continue
		}
		switch b.kind {
		case 0:
			m := 1 << b.index
			for _, lo := range p.regs {
				if lo&m != 0 {
					continue
				}
				first, second := lo, lo|m
				if p.reverse {
					first, second = second, first
				}
				tf := tot[first]
				inc[second] = comb.apply(e, tf, inc[second])
				t := comb.apply(e, tf, tot[second])
				tot[first], tot[second] = t, t
			}
		case 1:
			bit := int64(1) << b.index
			second := e.laneHalf(bit, p.reverse)
			olds := map[int][]ir.Value{}
			for _, r := range p.regs {
				o := make([]ir.Value, n)
				for k, v := range tot[r] {
					key := ptrKey(v) + itoa(bit)
					s, ok := shuffles[key]
					if !ok {
						s = e.shuffle(shflXor, v, bit)
						shuffles[key] = s
					}
					o[k] = s
				}
				olds[r] = o
			}
			for _, r := range p.regs {
				step(r, olds[r], second)
			}
		case 2:
			bit := int64(1) << (lay.laneBits + b.index)
			second := e.laneHalf(bit, p.reverse)
			if exchanged {
				// The previous exchange's reads of the scratch area come
				// before this one's writes.
				newGPU(e).barrier()
			}
			exchanged = true
			others := l.exchangeAcrossWarps(e, p, tot, bit, smemOff, offs)
			for _, r := range p.regs {
				step(r, others[r], second)
			}
		}
	}
	canon := lay.canonicalRegs()
	groups := make([][]ir.Value, n)
	for k := range groups {
		groups[k] = make([]ir.Value, lay.numRegs)
		for r := 0; r < lay.numRegs; r++ {
			groups[k][r] = inc[canon[r]][k]
		}
	}
	rw.ReplaceOpN(op, groups)
	return nil
}

// laneHalf is the predicate "this thread's half comes second in scan
// order" for the thread id bit: the bit is set (forward) or clear
// (reverse).
func (e *emitter) laneHalf(bit int64, reverse bool) ir.Value {
	key := "half:" + itoa(bit)
	if reverse {
		key += "r"
	}
	return e.fs.once(e.l, key, func(pe *emitter) ir.Value {
		set := pe.andC(pe.fs.threadID(pe.l), bit)
		if reverse {
			return pe.icmpC(llvm.ICmpEQ, set, 0)
		}
		return pe.icmpC(llvm.ICmpNE, set, 0)
	})
}

// exchangeAcrossWarps gives every thread the totals of the thread whose id
// differs in bit, through shared memory.
func (l *lowering) exchangeAcrossWarps(e *emitter, p *scanPlan, tot map[int][]ir.Value, bit int64, smemOff int, offs []int) map[int][]ir.Value {
	nT := int64(l.numThreads())
	tid := e.fs.threadID(l)
	partner := e.xorC(tid, bit)
	addr := func(k, i int, t ir.Value) ir.Value {
		slot := e.add(e.i32c(int64(i)*nT), t)
		return e.smemAddr(smemOff+offs[k], e.mulC(slot, int64(max(p.bits8[k]/8, 1))))
	}
	for i, r := range p.regs {
		for k, v := range tot[r] {
			newGPU(e).store(addr(k, i, tid), nil, []ir.Value{e.toMemory(v, v.Type(), true)}, memOpts{})
		}
	}
	newGPU(e).barrier()
	out := map[int][]ir.Value{}
	for i, r := range p.regs {
		vs := make([]ir.Value, len(tot[r]))
		for k, v := range tot[r] {
			wt := e.wordType(v.Type(), p.bits8[k])
			w := newGPU(e).load(addr(k, i, partner), nil, nil, []ir.Type{wt}, memOpts{})[0]
			vs[k] = e.fromMemory(w, v.Type())
		}
		out[r] = vs
	}
	return out
}

// scanAcrossWarps is the compact exchange of the warp bits: each warp
// stores its group totals (slot = (chunk*K + key)*W + warp position), and
// every thread combines the totals of the warps before it (in scan order)
// into its values and takes the total of all W as its group total.
func (l *lowering) scanAcrossWarps(e *emitter, p *scanPlan, comb *combiner, inc, tot map[int][]ir.Value, smemOff int, offs []int) {
	lay := p.lay
	W := 1 << len(p.warpBits)
	n := len(p.bits8)
	g := newGPU(e)
	// Warp position along the axis, ranked by step.
	wcol := make([]int32, lay.numThreadBits())
	for rank, bit := range p.warpBits {
		wcol[lay.laneBits+bit] = 1 << rank
	}
	pos := e.fs.threadPart(l, wcol)
	// One writer per group: lane bits along the axis below the warps are
	// zero (all those lanes hold the same totals), and no repeated data.
	var writerMask int64 = lay.freeTid
	for _, b := range p.bits[:p.warpFirst] {
		if b.kind == 1 {
			writerMask |= 1 << b.index
		}
	}
	var writer ir.Value
	if writerMask != 0 {
		writer = e.icmpC(llvm.ICmpEQ, e.andC(e.fs.threadID(l), writerMask), 0)
	}
	var lowRegMask int64
	for _, b := range p.bits[:p.warpFirst] {
		if b.kind == 0 {
			lowRegMask |= 1 << b.index
		}
	}
	addr := func(k int, slot ir.Value) ir.Value {
		return e.smemAddr(smemOff+offs[k], e.mulC(slot, int64(max(p.bits8[k]/8, 1))))
	}
	for _, r := range p.regs {
		if int64(r)&lowRegMask != 0 {
			continue // same group total as the register with those bits clear
		}
		slot := e.orDisjoint(scanGroupSlot(e, p, r), pos)
		for k, v := range tot[r] {
			g.store(addr(k, slot), writer, []ir.Value{e.toMemory(v, v.Type(), true)}, memOpts{})
		}
	}
	g.barrier()
	// Per group: the W totals, their running combinations in scan order,
	// then this warp's exclusive prefix and the grand total.
	type result struct{ prefix, total []ir.Value }
	done := map[string]result{}
	for _, r := range p.regs {
		base := scanGroupSlot(e, p, r)
		key := ptrKey(base)
		res, ok := done[key]
		if !ok {
			parts := make([][]ir.Value, W)
			for w := 0; w < W; w++ {
				parts[w] = make([]ir.Value, n)
				for k, v := range tot[r] {
					wt := e.wordType(v.Type(), p.bits8[k])
					word := g.load(addr(k, e.orDisjoint(base, e.i32c(int64(w)))), nil, nil, []ir.Type{wt}, memOpts{})[0]
					parts[w][k] = e.fromMemory(word, v.Type())
				}
			}
			// run[w]: combination of the totals that come before warp w
			// in scan order (nil for the first warp).
			run := make([][]ir.Value, W)
			order := make([]int, W)
			for i := range order {
				order[i] = i
				if p.reverse {
					order[i] = W - 1 - i
				}
			}
			var acc []ir.Value
			for _, w := range order {
				run[w] = acc
				if acc == nil {
					acc = parts[w]
				} else {
					acc = comb.apply(e, acc, parts[w])
				}
			}
			// Select this warp's prefix. The first warp in scan order has
			// none and keeps its values (its candidate is never used).
			prefix := make([]ir.Value, n)
			for k := 0; k < n; k++ {
				cands := make([]ir.Value, W)
				for w := 0; w < W; w++ {
					if run[w] != nil {
						cands[w] = run[w][k]
					} else {
						cands[w] = parts[w][k]
					}
				}
				prefix[k] = muxByValue(e, pos, cands)
			}
			res = result{prefix: prefix, total: acc}
			done[key] = res
		}
		isFirst := e.icmpC(llvm.ICmpEQ, pos, int64(order0(W, p.reverse)))
		after := comb.apply(e, res.prefix, inc[r])
		ni := make([]ir.Value, n)
		for k := range ni {
			ni[k] = e.selectV(isFirst, inc[r][k], after[k])
		}
		inc[r], tot[r] = ni, res.total
	}
}

// scanGroupSlot is the compact exchange's slot of register r's group
// (chunk*K + key)*W, at warp position 0.
func scanGroupSlot(e *emitter, p *scanPlan, r int) ir.Value {
	lay := p.lay
	K := int64(1)
	for _, d := range p.redShape {
		K *= d
	}
	chunk := int64(lay.regs[r][p.axis]) >> p.chunkLog
	var key ir.Value = e.i32c(0)
	if len(p.redShape) > 0 {
		key = e.linearIndex(dropAxisValues(e.coords(lay, r), p.axis), p.redShape)
	}
	return e.mulC(e.add(e.i32c(chunk*K), key), int64(1)<<len(p.warpBits))
}

// order0 is the warp position that comes first in scan order.
func order0(W int, reverse bool) int {
	if reverse {
		return W - 1
	}
	return 0
}

// muxByValue returns cands[v] for a run-time v in [0, len(cands)) (a
// power of two), with a select tree on the bits of v.
func muxByValue(e *emitter, v ir.Value, cands []ir.Value) ir.Value {
	for bit := int64(len(cands)) / 2; bit >= 1; bit /= 2 {
		sel := e.icmpC(llvm.ICmpNE, e.andC(v, bit), 0)
		next := make([]ir.Value, len(cands)/2)
		// cands is indexed by the remaining low bits, high bit first.
		for i := range next {
			next[i] = e.selectV(sel, cands[i+len(next)], cands[i])
		}
		cands = next
	}
	return cands[0]
}
