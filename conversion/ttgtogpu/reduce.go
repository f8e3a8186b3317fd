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

// reducePlan is how a tt.reduce moves data, derived from the source's
// register layout: registers are combined within the thread (grouped by
// their coordinates with the axis zeroed), lanes by a butterfly of xor
// shuffles over the lane bits that move along the axis, and warps through
// shared memory when warp bits move along the axis.
type reducePlan struct {
	lay      *regLayout
	axis     int
	groups   [][]int  // registers combined together, in register order
	keys     []string // the group's coordinates with the axis dropped
	laneBits []int    // lane bits to butterfly over, highest first
	warpAxis []int    // warp bits along the axis, by increasing axis step
	redShape []int64  // source shape without the axis
	elemBits []int    // scratch element sizes per operand
}

// crossWarp reports whether partial results meet in shared memory.
func (p *reducePlan) crossWarp() bool { return len(p.warpAxis) > 0 }

// numWarpsAxis is the number of warps along the axis (W).
func (p *reducePlan) numWarpsAxis() int { return 1 << len(p.warpAxis) }

// slots is the number of scratch elements per operand: W per reduced
// element.
func (p *reducePlan) slots() int {
	n := p.numWarpsAxis()
	for _, d := range p.redShape {
		n *= int(d)
	}
	return n
}

// scratchOffsets returns the byte offset of each operand's scratch area
// and the total size: the areas are packed, widest elements first so that
// every area stays aligned to its element size (Triton's getSmemBases), in
// W * (elements of the reduced shape) * (sum of element sizes) bytes.
func (p *reducePlan) scratchOffsets() ([]int, int) {
	order := make([]int, len(p.elemBits))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(i, j int) bool { return p.elemBits[order[i]] > p.elemBits[order[j]] })
	offs := make([]int, len(p.elemBits))
	total := 0
	for _, k := range order {
		offs[k] = total
		total += p.slots() * max(p.elemBits[k]/8, 1)
	}
	return offs, total
}

func dropAxis(c []int32, axis int) []int32 {
	return slices.Delete(slices.Clone(c), axis, axis+1)
}

// onlyAxis reports whether basis b moves only along the axis (true), or
// not along it at all (false); mixed bases are an error.
func axisKind(b []int32, axis int) (along, mixed bool) {
	other := false
	for d, x := range b {
		if x == 0 {
			continue
		}
		if d == axis {
			along = true
		} else {
			other = true
		}
	}
	return along, along && other
}

// planReduce computes the reduce plan of op.
func (l *lowering) planReduce(op *ir.Operation) (*reducePlan, error) {
	red := tt.ReduceOp{Operation: op}
	if red.NumOperands() == 0 {
		return nil, ir.OpErrorf(op, "tt.reduce without operands")
	}
	lay, err := l.opLayout(op, red.Operand(0).Type())
	if err != nil {
		return nil, err
	}
	axis := red.Axis()
	if axis < 0 || axis >= lay.rank() {
		return nil, ir.OpErrorf(op, "reduction axis %d out of range", axis)
	}
	if err := checkAxisInCTA(op, "tt.reduce", lay, axis); err != nil {
		return nil, err
	}
	p := &reducePlan{lay: lay, axis: axis, redShape: slices.Delete(slices.Clone(lay.shape), axis, axis+1)}
	for _, v := range red.Operands() {
		et := l.elemTypeOf(v.Type())
		if et == nil || bitWidthOf(et) > 64 {
			return nil, ir.OpErrorf(op, "cannot reduce elements of type %s", asm.TypeString(v.Type()))
		}
		p.elemBits = append(p.elemBits, storageBits(et))
	}
	canon := lay.canonicalRegs()
	index := map[string]int{}
	for r := 0; r < lay.numRegs; r++ {
		if canon[r] != r {
			continue // a repeat of an element already counted
		}
		k := coordKey(dropAxis(lay.regs[r], axis))
		g, ok := index[k]
		if !ok {
			g = len(p.groups)
			index[k] = g
			p.groups = append(p.groups, nil)
			p.keys = append(p.keys, k)
		}
		p.groups[g] = append(p.groups[g], r)
	}
	type wb struct {
		bit  int
		step int32
	}
	var warps []wb
	for i, b := range lay.tidBases {
		if lay.freeTid>>i&1 != 0 {
			continue // repeats data held elsewhere
		}
		along, mixed := axisKind(b, axis)
		if mixed {
			return nil, ir.OpErrorf(op, "tt.reduce: the layout moves along the reduction axis and another dimension with one thread bit; convert it first")
		}
		if !along {
			continue
		}
		if i < lay.laneBits {
			p.laneBits = append(p.laneBits, i)
		} else {
			warps = append(warps, wb{i - lay.laneBits, b[axis]})
		}
	}
	slices.Reverse(p.laneBits)
	sort.Slice(warps, func(i, j int) bool { return warps[i].step < warps[j].step })
	for _, w := range warps {
		p.warpAxis = append(p.warpAxis, w.bit)
	}
	return p, nil
}

// lowerReduce lowers tt.reduce (any number of operands, any combine
// region) as Triton does.
func (l *lowering) lowerReduce(op *ir.Operation, e *emitter, rw *conversion.Rewriter) error {
	p, err := l.planReduce(op)
	if err != nil {
		return err
	}
	n := op.NumOperands()
	comb, err := newCombiner(op, op.Region(0), n, rw)
	if err != nil {
		return err
	}
	var smemOff int
	if p.crossWarp() {
		_, need := p.scratchOffsets()
		if smemOff, err = l.sharedOffset(op, need); err != nil {
			return err
		}
	}
	var dst *regLayout
	if rt, ok := op.Result(0).Type().(*ir.RankedTensorType); ok {
		if dst, err = l.opLayout(op, rt); err != nil {
			return err
		}
		if want := p.lay.cta.mapped(func(c []int32) []int32 { return dropAxis(c, p.axis) }); !want.equal(dst.cta) {
			return ir.OpErrorf(op, "tt.reduce: the result layout is split over the CTAs of a cluster as %v, the operand's slice as %v", dst.cta, want)
		}
		if !p.crossWarp() {
			if err := checkSliceThreads(p, dst); err != nil {
				return ir.OpErrorf(op, "tt.reduce: %v", err)
			}
			keys := map[string]bool{}
			for _, k := range p.keys {
				keys[k] = true
			}
			for r := range dst.regs {
				if !keys[coordKey(dst.regs[r])] {
					return ir.OpErrorf(op, "tt.reduce: result register %d holds an element this thread does not reduce", r)
				}
			}
		}
	}
	srcs := make([][]ir.Value, n)
	for k, v := range op.Operands() {
		srcs[k] = rw.RemappedN(v)
	}
	at := func(r int) []ir.Value {
		vs := make([]ir.Value, n)
		for k := range vs {
			vs[k] = srcs[k][r]
		}
		return vs
	}

	// 1. Within the thread.
	accs := make([][]ir.Value, len(p.groups))
	for g, regs := range p.groups {
		acc := at(regs[0])
		for _, r := range regs[1:] {
			acc = comb.apply(e, acc, at(r))
		}
		accs[g] = acc
	}
	// 2. Within the warp: butterfly over the lane bits along the axis.
	for g := range accs {
		accs[g] = l.butterfly(e, comb, accs[g], p.laneBits)
	}
	// 3. Across warps, through shared memory.
	var results [][]ir.Value
	if p.crossWarp() {
		results = l.reduceAcrossWarps(e, op, p, comb, accs, smemOff, dst)
	} else {
		results = l.reduceResults(p, dst, accs)
	}
	groups := make([][]ir.Value, n)
	for k := range groups {
		for _, r := range results {
			groups[k] = append(groups[k], r[k])
		}
	}
	if dst == nil {
		rw.ReplaceOp(op, flattenGroups(groups))
	} else {
		rw.ReplaceOpN(op, groups)
	}
	return nil
}

func flattenGroups(gs [][]ir.Value) []ir.Value {
	var out []ir.Value
	for _, g := range gs {
		out = append(out, g...)
	}
	return out
}

// butterfly combines acc with the values of the lanes differing in each
// of the given lane bits.
func (l *lowering) butterfly(e *emitter, comb *combiner, acc []ir.Value, bits []int) []ir.Value {
	for _, b := range bits {
		other := make([]ir.Value, len(acc))
		for k, v := range acc {
			other[k] = e.shuffle(shflXor, v, int64(1)<<b)
		}
		acc = comb.apply(e, acc, other)
	}
	return acc
}

// checkSliceThreads verifies that the result layout places each reduced
// element in the threads that computed it.
func checkSliceThreads(p *reducePlan, dst *regLayout) error {
	src := p.lay
	for i, b := range src.tidBases {
		want := dropAxis(b, p.axis)
		if i >= len(dst.tidBases) || !slices.Equal(want, dst.tidBases[i]) {
			return errString("the result layout is not the slice of the operand layout along the axis")
		}
	}
	return nil
}

type errString string

func (e errString) Error() string { return string(e) }

// reduceResults picks, for every result register, the accumulator of its
// coordinates (no cross-warp step: the threads already hold them).
func (l *lowering) reduceResults(p *reducePlan, dst *regLayout, accs [][]ir.Value) [][]ir.Value {
	if dst == nil {
		return [][]ir.Value{accs[0]}
	}
	byKey := map[string]int{}
	for g, k := range p.keys {
		byKey[k] = g
	}
	out := make([][]ir.Value, dst.numRegs)
	for r := range out {
		out[r] = accs[byKey[coordKey(dst.regs[r])]]
	}
	return out
}

// reduceAcrossWarps finishes a reduction whose axis spans warps: every
// warp stores its partial results to scratch (slot = warp position along
// the axis + W * linear index of the reduced element), the partials of an
// element are combined by W neighboring lanes and written back, and every
// thread reads the results of its registers.
func (l *lowering) reduceAcrossWarps(e *emitter, op *ir.Operation, p *reducePlan, comb *combiner, accs [][]ir.Value, smemOff int, dst *regLayout) [][]ir.Value {
	n := len(p.elemBits)
	lay := p.lay
	W := p.numWarpsAxis()
	offs, _ := p.scratchOffsets()
	bytes := func(k int) int64 { return int64(max(p.elemBits[k]/8, 1)) }
	slotAddr := func(k int, slot ir.Value) ir.Value {
		return e.smemAddr(smemOff+offs[k], e.mulC(slot, bytes(k)))
	}
	store := func(k int, slot, v, pred ir.Value) {
		newGPU(e).store(slotAddr(k, slot), pred, []ir.Value{e.toMemory(v, v.Type(), true)}, memOpts{})
	}
	load := func(k int, slot, pred ir.Value, t ir.Type) ir.Value {
		wt := e.wordType(t, p.elemBits[k])
		w := newGPU(e).load(slotAddr(k, slot), pred, nil, []ir.Type{wt}, memOpts{})[0]
		return e.fromMemory(w, t)
	}

	// Position of this warp along the axis.
	wcol := make([]int32, lay.numThreadBits())
	for rank, bit := range p.warpAxis {
		wcol[lay.laneBits+bit] = 1 << rank
	}
	warpPos := e.fs.threadPart(l, wcol)
	// Writers: one lane per reduced group, one copy of repeated data.
	var laneMask int64
	for _, b := range p.laneBits {
		laneMask |= 1 << b
	}
	writerMask := laneMask | lay.freeTid&^warpMask(p, lay)
	var writer ir.Value
	if writerMask != 0 {
		writer = e.fs.once(l, "writer:"+itoa(writerMask), func(pe *emitter) ir.Value {
			return pe.icmpC(llvm.ICmpEQ, pe.andC(pe.fs.threadID(l), writerMask), 0)
		})
	}
	for g, regs := range p.groups {
		r := regs[0]
		var lin ir.Value = e.i32c(0)
		if len(p.redShape) > 0 {
			cs := e.coords(lay, r)
			lin = e.linearIndex(dropAxisValues(cs, p.axis), p.redShape)
		}
		slot := e.orDisjoint(warpPos, e.mulC(lin, int64(W)))
		for k := 0; k < n; k++ {
			store(k, slot, accs[g][k], writer)
		}
	}
	newGPU(e).barrier()

	// Combine the W partials of each element.
	E := p.slots()
	nT := l.numThreads()
	tid := e.fs.threadID(l)
	types := make([]ir.Type, n)
	for k := range types {
		types[k] = accs[0][k].Type()
	}
	for base := 0; base < E; base += nT {
		slot := e.addC(tid, int64(base))
		var inRange ir.Value
		if base+nT > E {
			inRange = e.icmpC(llvm.ICmpSLT, slot, int64(E))
		}
		vals := make([]ir.Value, n)
		for k := range vals {
			vals[k] = load(k, slot, inRange, types[k])
		}
		var bits []int
		for b := log2(int64(W)) - 1; b >= 0; b-- {
			bits = append(bits, b)
		}
		vals = l.butterfly(e, comb, vals, bits)
		first := e.icmpC(llvm.ICmpEQ, e.andC(tid, int64(W-1)), 0)
		pred := e.andBool(inRange, first)
		for k := range vals {
			store(k, slot, vals[k], pred)
		}
	}
	newGPU(e).barrier()

	// Read the results.
	if dst == nil {
		out := make([]ir.Value, n)
		for k := range out {
			out[k] = load(k, e.i32c(0), nil, types[k])
		}
		return [][]ir.Value{out}
	}
	canon := dst.canonicalRegs()
	out := make([][]ir.Value, dst.numRegs)
	for r := range out {
		if canon[r] != r {
			out[r] = out[canon[r]]
			continue
		}
		slot := e.mulC(e.linearIndex(e.coords(dst, r), p.redShape), int64(W))
		vals := make([]ir.Value, n)
		for k := range vals {
			vals[k] = load(k, slot, nil, types[k])
		}
		out[r] = vals
	}
	return out
}

// warpMask is the tid mask of the warp bits along the axis.
func warpMask(p *reducePlan, lay *regLayout) int64 {
	var m int64
	for _, b := range p.warpAxis {
		m |= 1 << (lay.laneBits + b)
	}
	return m
}

func dropAxisValues(cs []ir.Value, axis int) []ir.Value {
	return slices.Delete(slices.Clone(cs), axis, axis+1)
}
