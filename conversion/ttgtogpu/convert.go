package ttgtogpu

import (
	"cmp"
	"fmt"
	"slices"

	"github.com/ttcompiler/tt/conversion"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
	"github.com/ttcompiler/tt/linearlayout"
)

// ttg.convert_layout. When every thread already holds the elements it
// needs (the conversion plan is "nothing" or a register permutation), the
// registers are renamed. Otherwise the tensor goes through shared memory:
// each thread stores its registers and loads those of the destination
// layout, with the swizzled layout that sized the op's scratch
// (linearlayout.PlanSharedConversion with the target's rule: Triton's
// NVIDIA one, which may plan a side for stmatrix or ldmatrix, or its
// generic one) and vectors of up to 128 bits, or the matrix instructions
// (convert_matrix.go); if the scratch area holds only part of the tensor
// (the swizzle's "reps"), the transfer runs in rounds separated by
// barriers.

// cvtPlan is a shared-memory transfer.
type cvtPlan struct {
	src, dst  *regLayout
	bits      int                       // element storage bits
	inv       linearlayout.LinearLayout // coordinates -> flat scratch index (rounds in the top bits)
	roundLog  int                       // log2 of elements per round
	numRounds int
	// regXor is XOR'ed into every register's index: the offset of a
	// sub-view of a shared buffer (memview.go).
	regXor int64
	// maxVec caps the elements of one vector access (0: 128 bits).
	maxVec int
	// store and load are the instructions the layout was chosen for
	// (convert_matrix.go); ld.shared/st.shared when plain.
	store, load linearlayout.MemInstr
}

// registerMap returns the renaming when no data moves between threads.
func registerMap(src, dst *regLayout) ([]int, bool) {
	m, err := mapRegisters(src, dst, func(c []int32) []int32 { return c })
	return m, err == nil
}

// convertLowering is how a ttg.convert_layout is lowered: a register
// renaming, warp shuffles, or a transfer through shared memory.
type convertLowering struct {
	regMap  []int
	shuffle *shufflePlan
	smem    *cvtPlan
}

func (l *lowering) planConvert(op *ir.Operation) (convertLowering, error) {
	src, dst, err := l.srcDstLayouts(op)
	if err != nil {
		return convertLowering{}, err
	}
	if m, ok := registerMap(src, dst); ok {
		return convertLowering{regMap: m}, nil
	}
	if !src.cta.equal(dst.cta) {
		return convertLowering{}, ir.OpErrorf(op, "ttg.convert_layout between layouts the CTAs of a cluster split differently (CTA bases %v and %v) would move data between CTAs (distributed shared memory), which is not supported", src.cta, dst.cta)
	}
	// Each CTA converts its share.
	plan, err := linearlayout.ConversionPlan(src.ll, dst.ll)
	if err != nil {
		return convertLowering{}, ir.OpErrorf(op, "ttg.convert_layout: %v", err)
	}
	switch plan.Kind {
	case linearlayout.ConvertNothing:
		n := make([]int, dst.numRegs)
		for i := range n {
			n[i] = i
		}
		if dst.numRegs == src.numRegs {
			return convertLowering{regMap: n}, nil
		}
	case linearlayout.ConvertRegisterPermutation:
		m := make([]int, len(plan.RegisterMap))
		for i, r := range plan.RegisterMap {
			m[i] = int(r)
		}
		if len(m) == dst.numRegs {
			return convertLowering{regMap: m}, nil
		}
	case linearlayout.ConvertWarpShuffle:
		// Triton moves these with shuffles and allocates no scratch.
		if sp := planShuffle(src, dst); sp != nil {
			return convertLowering{shuffle: sp}, nil
		}
	}
	p, err := l.planSharedConvert(op, src, dst)
	return convertLowering{smem: p}, err
}

// planSharedConvert plans the transfer through shared memory: the plan
// the allocation sized the op's scratch by (linearlayout.PlanSharedConversion
// with the target's rule).
func (l *lowering) planSharedConvert(op *ir.Operation, src, dst *regLayout) (*cvtPlan, error) {
	elem := l.elemTypeOf(op.Operand(0).Type())
	if elem == nil {
		return nil, ir.OpErrorf(op, "cannot convert elements of type %s", asm.TypeString(op.Operand(0).Type()))
	}
	p := &cvtPlan{src: src, dst: dst, bits: storageBits(elem)}
	sc, err := linearlayout.PlanSharedConversion(src.ll, dst.ll, p.bits, l.target.sharedInstrs())
	if err != nil {
		return nil, ir.OpErrorf(op, "ttg.convert_layout: %v", err)
	}
	inv, err := sc.Layout.Invert()
	if err != nil {
		return nil, ir.OpErrorf(op, "ttg.convert_layout: %v", err)
	}
	p.inv = inv
	p.roundLog = sc.Layout.TotalInDimSizeLog2() - sc.Layout.InDimSizeLog2(linearlayout.SwizzleReps)
	p.numRounds = sc.Rounds
	p.store, p.load = sc.Store, sc.Load
	// The plan keeps every thread's round independent of the thread.
	for _, side := range []*regLayout{src, dst} {
		for _, b := range side.tidBases {
			if p.flat(b)>>p.roundLog != 0 {
				return nil, ir.OpErrorf(op, "ttg.convert_layout: internal error: a thread's round depends on the thread in %v", sc.Layout)
			}
		}
	}
	return p, nil
}

// flat is the scratch index (with round bits) of coordinates c.
func (p *cvtPlan) flat(c []int32) int64 {
	return int64(p.inv.ApplyFlat(p.inv.PackIn(c...)))
}

func (p *cvtPlan) roundBytes() int { return (1 << p.roundLog) * max(p.bits/8, 1) }

func (l *lowering) lowerConvertLayout(op *ir.Operation, e *emitter, rw *conversion.Rewriter) error {
	c, err := l.planConvert(op)
	if err != nil {
		return err
	}
	src := rw.RemappedN(op.Operand(0))
	switch {
	case c.regMap != nil:
		forward(op, rw, src, c.regMap)
		return nil
	case c.shuffle != nil:
		dst, err := l.opLayout(op, op.Result(0).Type())
		if err != nil {
			return err
		}
		rw.ReplaceOpN(op, [][]ir.Value{c.shuffle.lower(e, src, dst)})
		return nil
	}
	p := c.smem
	off, err := l.sharedOffset(op, p.roundBytes())
	if err != nil {
		return err
	}
	elem := l.elemTypeOf(op.Operand(0).Type())
	out := make([]ir.Value, p.dst.numRegs)
	mask := int64(1)<<p.roundLog - 1
	stm := l.planMatrixSide(p.src, p, p.store, true, elem)
	ldm := l.planMatrixSide(p.dst, p, p.load, false, elem)
	for round := 0; round < p.numRounds; round++ {
		if round > 0 {
			// The previous round's reads of the scratch area come first.
			newGPU(e).barrier()
		}
		if stm != nil {
			stm.store(e, off, p.bits, round, src)
		} else {
			p.transfer(e, off, p.src, round, mask, func(regs []int, addr ir.Value) {
				vals := make([]ir.Value, len(regs))
				for i, r := range regs {
					vals[i] = src[r]
				}
				words := e.packWords(vals, elem, vectorWordBits(len(regs), p.bits))
				newGPU(e).store(addr, nil, words, memOpts{})
			})
		}
		newGPU(e).barrier()
		if ldm != nil {
			ldm.load(e, off, p.bits, round, elem, out)
			continue
		}
		p.transfer(e, off, p.dst, round, mask, func(regs []int, addr ir.Value) {
			wb := vectorWordBits(len(regs), p.bits)
			_, nWords := wordLayout(len(regs), p.bits)
			types := make([]ir.Type, nWords)
			for i := range types {
				types[i] = e.wordType(elem, wb)
			}
			words := newGPU(e).load(addr, nil, nil, types, memOpts{})
			vals := e.unpackWords(words, elem, wb)
			for i, r := range regs {
				out[r] = vals[i]
			}
		})
	}
	// Registers repeating an element take the value of their first holder.
	canon := p.dst.canonicalRegs()
	for r, c := range canon {
		if out[r] == nil {
			out[r] = out[c]
		}
	}
	rw.ReplaceOpN(op, [][]ir.Value{out})
	return nil
}

func vectorWordBits(vec, bits int) int {
	wb, _ := wordLayout(vec, bits)
	return wb
}

// transfer calls access for every vector of side's registers that falls
// in the given round, with the registers in scratch order and the address
// of the vector's first element.
func (p *cvtPlan) transfer(e *emitter, smemOff int, side *regLayout, round int, mask int64,
	access func(regs []int, addr ir.Value)) {
	bytes := p.elemBytes()
	p.transferWith(e, func(idx ir.Value) ir.Value { return e.smemAddr(smemOff, e.mulC(idx, bytes)) }, side, round, mask, access)
}

// transferAt is transfer for a buffer starting at address base.
func (p *cvtPlan) transferAt(e *emitter, base ir.Value, side *regLayout, round int, mask int64,
	access func(regs []int, addr ir.Value)) {
	bytes := p.elemBytes()
	p.transferWith(e, func(idx ir.Value) ir.Value { return e.byteGep(base, e.mulC(idx, bytes)) }, side, round, mask, access)
}

// elemBytes is the size of a scratch entry (at least a byte).
func (p *cvtPlan) elemBytes() int64 { return int64(max(p.bits/8, 1)) }

// transferWith is transfer with the address of an element index given by
// addrOf (base + idx*elemBytes).
func (p *cvtPlan) transferWith(e *emitter, addrOf func(idx ir.Value) ir.Value, side *regLayout, round int, mask int64,
	access func(regs []int, addr ir.Value)) {
	p.planAccess(side, round, mask, nil).emit(e, addrOf, p.elemBytes(), access)
}

// accessPlan is how a thread moves its registers of one round: vectors
// of registers, each at a constant element index XOR'ed with the thread's
// part of the index.
type accessPlan struct {
	col   []int32 // per thread-id bit: the index bits it contributes
	tmask int64   // the index bits the thread part may have
	vec   int
	vecs  []vecAccess
}

// vecAccess is one vector: its registers in index order and the index of
// the first at thread 0.
type vecAccess struct {
	regs []int
	idx  int64
}

// planAccess groups side's registers of the round into vectors of
// consecutive indices, as wide as every group allows (at most 128 bits,
// p.maxVec elements, and only groups fits accepts when it is set).
func (p *cvtPlan) planAccess(side *regLayout, round int, mask int64, fits func(regs []int) bool) accessPlan {
	ap := accessPlan{col: make([]int32, len(side.tidBases))}
	for i, b := range side.tidBases {
		f := p.flat(b) & mask
		ap.col[i] = int32(f)
		ap.tmask |= f
	}
	// Registers of this round by index constant, the first register of
	// each constant: a thread has a few dozen, so a sorted list answers
	// the vector checks and lookups below without a map.
	var inOrder []regAt
	for r := 0; r < side.numRegs; r++ {
		if !side.isUniqueReg(r) {
			continue
		}
		f := p.flat(side.regs[r]) ^ p.regXor
		if int(f>>p.roundLog) != round {
			continue
		}
		inOrder = append(inOrder, regAt{idx: f & mask, reg: r})
	}
	byConst := slices.Clone(inOrder)
	slices.SortStableFunc(byConst, func(a, b regAt) int { return cmp.Compare(a.idx, b.idx) })
	byConst = slices.CompactFunc(byConst, func(a, b regAt) bool { return a.idx == b.idx })
	ap.vec = p.vectorWidth(byConst, ap.tmask, fits)
	// The vectors in the order of their registers' first appearance;
	// place[r] is 1 + register r's position in byConst (0: a repeat).
	place := make([]int32, side.numRegs)
	for i, at := range byConst {
		place[at.reg] = int32(i + 1)
	}
	done := make([]bool, len(byConst)/ap.vec)
	for _, at := range inOrder {
		i := int(place[at.reg]) - 1
		if i < 0 || done[i/ap.vec] {
			continue
		}
		done[i/ap.vec] = true
		first := i &^ (ap.vec - 1)
		ap.vecs = append(ap.vecs, vecAccess{regs: regsOf(byConst[first : first+ap.vec]), idx: byConst[first].idx})
	}
	return ap
}

// regAt is a register and the scratch index it holds.
type regAt struct {
	idx int64
	reg int
}

// regsOf lists the registers of ats.
func regsOf(ats []regAt) []int {
	regs := make([]int, len(ats))
	for j, at := range ats {
		regs[j] = at.reg
	}
	return regs
}

// emit calls access for every vector with the address of its first
// element. addrOf is linear, base + idx*elemBytes, and the thread part
// has only the bits of tmask, so XOR with an index's other bits is
// addition: a vector is at the address of tp ^ (idx & tmask) plus the
// constant (idx &^ tmask), which PTX folds into the access. One live
// address per distinct overlap of the vectors' indices with tmask (one
// where none overlaps), not one per vector: a swizzled buffer's rows that
// share a swizzle phase share it (Triton's addresses reach the same
// through LLVM's known bits).
func (ap accessPlan) emit(e *emitter, addrOf func(idx ir.Value) ir.Value, elemBytes int64, access func(regs []int, addr ir.Value)) {
	tp := e.fs.threadPart(e.l, ap.col)
	bases := map[int64]ir.Value{}
	for _, v := range ap.vecs {
		overlap := v.idx & ap.tmask
		at, ok := bases[overlap]
		if !ok {
			idx := tp
			if overlap != 0 {
				idx = e.xor(tp, e.i32c(overlap))
			}
			at = addrOf(idx)
			bases[overlap] = at
		}
		access(v.regs, e.byteGep(at, e.i32c((v.idx&^ap.tmask)*elemBytes)))
	}
}

// vectorWidth is the widest vector (at most 128 bits) whose elements are
// consecutive scratch entries held by consecutive-index registers of one
// thread: the thread part must not touch the vector's index bits, every
// aligned run must be complete, and fits (if set) must accept it. byConst
// is sorted by index without repeats, so the runs are complete exactly
// when it splits into aligned runs of vec consecutive indices.
func (p *cvtPlan) vectorWidth(byConst []regAt, tmask int64, fits func(regs []int) bool) int {
	limit := max(128/p.bits, 1)
	if p.maxVec > 0 {
		limit = min(limit, p.maxVec)
	}
	var regs []int
	for vec := limit; vec > 1; vec >>= 1 {
		if tmask&int64(vec-1) != 0 || len(byConst)%vec != 0 {
			continue
		}
		ok := true
		for i := 0; i < len(byConst) && ok; i += vec {
			base := byConst[i].idx
			ok = base&int64(vec-1) == 0 && byConst[i+vec-1].idx == base+int64(vec-1)
			if ok && fits != nil {
				regs = regs[:0]
				for _, at := range byConst[i : i+vec] {
					regs = append(regs, at.reg)
				}
				ok = fits(regs)
			}
		}
		if ok {
			return vec
		}
	}
	return 1
}

// describe is used by tests.
func (p *cvtPlan) String() string {
	return fmt.Sprintf("rounds=%d roundElems=%d", p.numRounds, 1<<p.roundLog)
}
