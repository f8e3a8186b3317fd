package ttgtogpu

import (
	"sort"

	"github.com/ttcompiler/tt/conversion"
	"github.com/ttcompiler/tt/dialects/llvm"
	"github.com/ttcompiler/tt/dialects/tt"
	"github.com/ttcompiler/tt/ir"
)

// A scan is computed bit by bit of the position along the axis. The
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
	p := &scanPlan{lay: lay, axis: axis, reverse: sc.Reverse()}
	for _, v := range op.Operands() {
		et := l.elemTypeOf(v.Type())
		if et == nil || bitWidthOf(et) > 64 {
			return nil, ir.OpErrorf(op, "cannot scan elements of type %s", typeStr(v.Type()))
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
	return p, nil
}

func (p *scanPlan) crossWarp() bool {
	for _, b := range p.bits {
		if b.kind == 2 {
			return true
		}
	}
	return false
}

// scratchOffsets: per operand, one slot per (canonical register, thread).
func (p *scanPlan) scratchOffsets(numThreads int) ([]int, int) {
	offs := make([]int, len(p.bits8))
	total := 0
	for k, b := range p.bits8 {
		offs[k] = total
		total = alignUp(total+len(p.regs)*numThreads*max(b/8, 1), 8)
	}
	return offs, total
}

func (l *lowering) scanScratch(op *ir.Operation) (int, error) {
	p, err := l.planScan(op)
	if err != nil || !p.crossWarp() {
		return 0, err
	}
	_, total := p.scratchOffsets(l.numThreads())
	return total, nil
}

func (l *lowering) lowerScan(op *ir.Operation, e *emitter, rw *conversion.Rewriter) error {
	p, err := l.planScan(op)
	if err != nil {
		return err
	}
	n := op.NumOperands()
	comb, err := newCombiner(op, op.Region(0), n)
	if err != nil {
		return err
	}
	smemOff := 0
	if p.crossWarp() {
		if smemOff, err = l.offsetOf(op); err != nil {
			return err
		}
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
	for _, b := range p.bits {
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
	e.barrierBeforeWrite()
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
