package ttgtogpu

import (
	"fmt"

	"github.com/ttcompiler/tt/conversion"
	"github.com/ttcompiler/tt/dialects/gpu"
	"github.com/ttcompiler/tt/dialects/tt"
	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/dialects/ttng"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

// ttng.warp_group_dot: Hopper's warpgroup MMA (Triton 3.6's WGMMA.cpp).
//
// D (a tensor in #ttg.nvidia_mma<{versionMajor = 3, instrShape = [16, N,
// K]}>) is cut into tiles of 64*(warps along M / 4) rows by N*(warps
// along N) columns; each warpgroup computes its 64xN slab of a tile with
// one gpu.wgmma per K step of the instruction, chaining the accumulator
// words from one to the next. A and B come from shared memory through
// descriptors (wgmma_desc.go); A may instead come from registers (a
// dot_op layout of the v3 parent), packed into the instruction's four
// 32-bit words. The sequence is
//
//	pack A words and C words; gpu.wgmma_fence; gpu.wgmma...; gpu.wgmma_commit
//
// and, for a synchronous dot, gpu.wgmma_wait 0 on the results. An
// asynchronous dot's results stay pending until the ttng.warp_group_dot_wait
// that ties them (lowerWarpGroupDotWait); the PTX emitter keeps them in
// place in between. f16 accumulators are the exception: their 32-bit words
// hold two elements each, and the tensor's registers hold one, so the
// lowering waits for them before unpacking (reading a pending word would
// race with the tensor core).
//
// With fp8 operands, an f32 accumulator and maxNumImpreciseAcc <= K,
// Triton 3.6 accumulates every maxNumImpreciseAcc products in a fresh
// accumulator and adds it to the result in f32 (partial accumulation);
// the lowering waits for each partial sum before adding it.

// wgmmaPlan is what the lowering of one warp_group_dot needs.
type wgmmaPlan struct {
	shape gpu.Shape
	types gpu.MMATypes
	opts  gpu.WGMMAOptions

	numM, numN, numK int
	a                *smemOperand // nil: A in registers
	aRegs            [][]int      // A in registers: tile m*numK+k -> element registers
	aElem            ir.Type
	b                *smemOperand
	acc              [][]int // tile m*numN+n -> accumulator element registers
	dLay             *regLayout
	// partial is maxNumImpreciseAcc when products are accumulated in
	// f32 every that many K (0: not needed).
	partial int
}

func (l *lowering) lowerWarpGroupDot(op *ir.Operation, e *emitter, rw *conversion.Rewriter) error {
	p, err := l.planWarpGroupDot(op)
	if err != nil {
		return err
	}
	var useC ir.Value
	if op.NumOperands() > 3 {
		useC = rw.Remapped(op.Operand(3))
	}
	accRegs := rw.RemappedN(op.Operand(2))
	zeroAcc := true
	for _, v := range accRegs {
		zeroAcc = zeroAcc && isZeroConstant(v)
	}

	// Descriptors, then the words the wgmmas read from registers; the
	// fence orders those writes before the instructions.
	var aDesc [][]ir.Value
	if p.a != nil {
		aDesc = p.a.descriptors(e, rw.Remapped(op.Operand(0)))
	}
	bDesc := p.b.descriptors(e, rw.Remapped(op.Operand(1)))
	var aWords [][]ir.Value
	if p.a == nil {
		aVals := rw.RemappedN(op.Operand(0))
		for _, regs := range p.aRegs {
			vals := make([]ir.Value, len(regs))
			for i, r := range regs {
				vals[i] = aVals[r]
			}
			aWords = append(aWords, e.packInt32(vals, p.aElem))
		}
	}
	dElem := l.elemTypeOf(op.Result(0).Type())
	cWords := make([][]ir.Value, len(p.acc))
	if !zeroAcc {
		for t, regs := range p.acc {
			vals := make([]ir.Value, len(regs))
			for i, r := range regs {
				vals[i] = accRegs[r]
			}
			cWords[t] = p.accWords(e, vals, dElem)
		}
	}
	g := newGPU(e)
	g.wgmmaFence()

	results := make([][]ir.Value, len(p.acc))
	for m := 0; m < p.numM; m++ {
		for n := 0; n < p.numN; n++ {
			t := m*p.numN + n
			aOf := func(k int) []ir.Value {
				if p.a != nil {
					return []ir.Value{aDesc[m][k]}
				}
				return aWords[m*p.numK+k]
			}
			if p.partial > 0 {
				results[t] = p.partialChain(e, aOf, bDesc[n], cWords[t], useC)
				continue
			}
			scale := e.cBool(!zeroAcc)
			if useC != nil {
				scale = e.and(scale, useC)
			}
			d := cWords[t]
			for k := 0; k < p.numK; k++ {
				d = g.wgmma(p.shape, p.types, p.opts, aOf(k), bDesc[n][k], scale, d)
				scale = e.cBool(true)
			}
			results[t] = d
		}
	}
	// Partial accumulation has waited for every product already.
	if p.partial == 0 {
		g.wgmmaCommit()
		if !ttng.IsAsyncWarpGroupDot(op) || p.types.D == gpu.MMAF16 {
			results = g.tiedWait(0, results)
		}
	}

	out := make([]ir.Value, p.dLay.numRegs)
	for t, regs := range p.acc {
		vals := results[t]
		if p.types.D == gpu.MMAF16 {
			vals = e.unpackWords(vals, dElem, 32)
		}
		for i, r := range regs {
			out[r] = vals[i]
		}
	}
	for r, c := range p.dLay.canonicalRegs() {
		if out[r] == nil {
			out[r] = out[c]
		}
	}
	rw.ReplaceOpN(op, [][]ir.Value{out})
	return nil
}

// partialChain issues the wgmmas of one tile accumulating in fresh
// registers, and adds every p.partial K of products to the result in
// f32 once they are complete.
func (p *wgmmaPlan) partialChain(e *emitter, aOf func(k int) []ir.Value, bDesc []ir.Value, c []ir.Value, useC ir.Value) []ir.Value {
	g := newGPU(e)
	d, first := c, true
	var part []ir.Value
	count := 0
	for k := 0; k < p.numK; k++ {
		part = g.wgmma(p.shape, p.types, p.opts, aOf(k), bDesc[k], e.cBool(part != nil), part)
		count += p.shape.K
		if count < p.partial && k < p.numK-1 {
			continue
		}
		g.wgmmaCommit()
		tied := g.tiedWait(0, [][]ir.Value{part, d})
		sum := tied[0]
		if d != nil {
			sum = make([]ir.Value, len(part))
			for i := range sum {
				sum[i] = e.fadd(tied[1][i], tied[0][i])
				if useC != nil && first {
					sum[i] = e.selectV(useC, sum[i], tied[0][i])
				}
			}
		}
		d, part, count, first = sum, nil, 0, false
	}
	return d
}

// accWords packs accumulator elements into the instruction's 32-bit
// words (two f16 per word; f32 and i32 are words themselves).
func (p *wgmmaPlan) accWords(e *emitter, vals []ir.Value, elem ir.Type) []ir.Value {
	if p.types.D == gpu.MMAF16 {
		return e.packWords(vals, elem, 32)
	}
	return vals
}

// packInt32 packs A elements into i32 words, the lowest element in the
// low bits (tf32 elements are words of their own).
func (e *emitter) packInt32(vals []ir.Value, elem ir.Type) []ir.Value {
	words := e.packWords(vals, elem, 32)
	for i, w := range words {
		words[i] = e.toBits(w)
	}
	return words
}

// isZeroConstant reports whether v is an integer or float constant zero
// (of either sign).
func isZeroConstant(v ir.Value) bool {
	def := v.DefiningOp()
	if def == nil || def.Name() != "llvm.mlir.constant" {
		return false
	}
	switch a := def.Attr("value").(type) {
	case *ir.IntegerAttr:
		return a.Bits == 0
	case *ir.FloatAttr:
		return a.Value == 0
	}
	return false
}

// intAttrOr returns an integer attribute's value, or def when absent.
func intAttrOr(op *ir.Operation, name string, def int64) int64 {
	if a, ok := op.Attr(name).(*ir.IntegerAttr); ok {
		return a.Int()
	}
	return def
}

// planWarpGroupDot checks the dot and plans its tiles, registers and
// descriptors.
func (l *lowering) planWarpGroupDot(op *ir.Operation) (*wgmmaPlan, error) {
	if err := l.target.warpgroupMMA(); err != nil {
		return nil, ir.OpErrorf(op, "%v", err)
	}
	dT, ok := op.Result(0).Type().(*ir.RankedTensorType)
	if !ok {
		return nil, ir.OpErrorf(op, "expected a tensor result")
	}
	mma, ok := dT.Encoding.(*ttg.NvidiaMmaEncoding)
	if !ok || !mma.IsHopper() || len(mma.InstrShape) != 3 || len(mma.WarpsPerCTA) != 2 || len(dT.Dims) != 2 {
		return nil, ir.OpErrorf(op, "the result of ttng.warp_group_dot must be a rank-2 tensor in a #ttg.nvidia_mma layout of version 3 with instrShape [16, N, K], got %s", asm.TypeString(dT))
	}
	instr, wpc := mma.InstrShape, mma.WarpsPerCTA
	if instr[0] != 16 || wpc[0]%4 != 0 {
		return nil, ir.OpErrorf(op, "wgmma computes 64-row slabs per warpgroup: instrShape [16, N, K] and warps along M in groups of 4, got instrShape %v and warpsPerCTA %v", instr, wpc)
	}
	aElem, aTensor := ir.ElementTypeOrSelf(op.Operand(0).Type()), false
	var aShape []int64
	switch at := op.Operand(0).Type().(type) {
	case *ttg.MemDescType:
		aElem, aShape = at.Elem, at.Dims
	case *ir.RankedTensorType:
		aTensor, aShape = true, at.Dims
	}
	bT, ok := op.Operand(1).Type().(*ttg.MemDescType)
	if !ok || len(aShape) != 2 || len(bT.Dims) != 2 {
		return nil, ir.OpErrorf(op, "wgmma takes a rank-2 A (shared memory or registers) and a rank-2 B in shared memory")
	}
	allowTF32 := intAttrOr(op, "inputPrecision", int64(tt.PrecisionIEEE)) == int64(tt.PrecisionTF32)
	p := &wgmmaPlan{shape: gpu.Shape{M: 64, N: instr[1], K: instr[2]}, aElem: aElem}
	var err error
	if p.types.A, err = wgmmaOperandType(aElem, allowTF32); err != nil {
		return nil, ir.OpErrorf(op, "operand A: %v", err)
	}
	if p.types.B, err = wgmmaOperandType(bT.Elem, allowTF32); err != nil {
		return nil, ir.OpErrorf(op, "operand B: %v", err)
	}
	if p.types.D, err = wgmmaAccType(dT.Elem); err != nil {
		return nil, ir.OpErrorf(op, "result: %v", err)
	}
	M, N, K := dT.Dims[0], dT.Dims[1], aShape[1]
	if K%int64(p.shape.K) != 0 || bT.Dims[0] != K || aShape[0] != M || bT.Dims[1] != N {
		return nil, ir.OpErrorf(op, "wgmma needs A %dxK, B Kx%d with K a multiple of the instruction's %d, got A %v and B %v", M, N, p.shape.K, aShape, bT.Dims)
	}
	if p.dLay, err = l.opLayout(op, dT); err != nil {
		return nil, err
	}
	// With clusters, each CTA multiplies its share of the result.
	bShare, err := l.sharedCTALayout(op, bT)
	if err != nil {
		return nil, err
	}
	var aShare *sharedCTA
	var aCTA ctaSplit
	if aTensor {
		aLay, err := l.opLayout(op, op.Operand(0).Type())
		if err != nil {
			return nil, err
		}
		aCTA = aLay.cta
	} else {
		if aShare, err = l.sharedCTALayout(op, op.Operand(0).Type().(*ttg.MemDescType)); err != nil {
			return nil, err
		}
		aCTA = aShare.cta
	}
	if err := checkDotCTAs(op, p.dLay.cta, aCTA, bShare.cta); err != nil {
		return nil, err
	}
	M, N = p.dLay.shape[0], p.dLay.shape[1]
	mmaM, mmaN := int64(instr[0]*wpc[0]), int64(instr[1]*wpc[1])
	p.numM, p.numN, p.numK = int(ceilDiv(M, mmaM)), int(ceilDiv(N, mmaN)), int(K/int64(p.shape.K))
	var accOrigins [][2]int32
	for m := 0; m < p.numM; m++ {
		for n := 0; n < p.numN; n++ {
			accOrigins = append(accOrigins, [2]int32{int32(int64(m) * mmaM), int32(int64(n) * mmaN)})
		}
	}
	if p.acc, err = l.fragmentRegisters(p.dLay, accOrigins, gpu.WGMMAAccWords(p.shape, gpu.MMAF32), "acc", accFragment); err != nil {
		return nil, ir.OpErrorf(op, "accumulator layout %s: %v", asm.TypeString(dT), err)
	}
	// How each warpgroup's slab moves: rows for A, columns for B.
	var wgRows, wgCols []int32
	for b := 2; b < p.dLay.warpBits; b++ {
		basis := p.dLay.tidBases[p.dLay.laneBits+b]
		wgRows, wgCols = append(wgRows, basis[0]), append(wgCols, basis[1])
	}
	if aTensor {
		if err := p.planRegisterA(op, l, mmaM, wgRows); err != nil {
			return nil, err
		}
	} else {
		tiling := wgmmaTiling{instrMN: 64, instrK: int32(p.shape.K), kTiles: p.numK, warpgroupMN: wgRows}
		for m := 0; m < p.numM; m++ {
			tiling.mnOrigins = append(tiling.mnOrigins, int32(int64(m)*mmaM))
		}
		if p.a, err = l.planSharedOperand(op, "A", op.Operand(0).Type().(*ttg.MemDescType), aShare, l.viewOfOperand(op, 0), 0, tiling, p.types.HasTrans(), p.dLay.laneBits, p.dLay.warpBits); err != nil {
			return nil, err
		}
		p.opts.TransA = p.a.mnMajor
	}
	tiling := wgmmaTiling{instrMN: int32(p.shape.N), instrK: int32(p.shape.K), kTiles: p.numK, warpgroupMN: wgCols}
	for n := 0; n < p.numN; n++ {
		tiling.mnOrigins = append(tiling.mnOrigins, int32(int64(n)*mmaN))
	}
	if p.b, err = l.planSharedOperand(op, "B", bT, bShare, l.viewOfOperand(op, 1), 1, tiling, p.types.HasTrans(), p.dLay.laneBits, p.dLay.warpBits); err != nil {
		return nil, err
	}
	p.opts.TransB = p.b.mnMajor
	if err := gpu.WGMMAForm(p.shape, p.types, aTensor, p.opts); err != nil {
		return nil, ir.OpErrorf(op, "%v", err)
	}
	if maxImprecise := intAttrOr(op, "maxNumImpreciseAcc", 0); p.types.A.IsFP8() && p.types.D == gpu.MMAF32 && maxImprecise <= K {
		p.partial = int(max(maxImprecise, 1))
	}
	return p, nil
}

// planRegisterA maps the registers of an A operand in a dot_op layout to
// the instruction's register fragments.
func (p *wgmmaPlan) planRegisterA(op *ir.Operation, l *lowering, mmaM int64, wgRows []int32) error {
	aT := op.Operand(0).Type().(*ir.RankedTensorType)
	dot, ok := aT.Encoding.(*ttg.DotOperandEncoding)
	if !ok || dot.OpIdx != 0 {
		return ir.OpErrorf(op, "an A operand in registers must have a #ttg.dot_op layout with opIdx 0, got %s", asm.TypeString(aT))
	}
	if parent, ok := dot.Parent.(*ttg.NvidiaMmaEncoding); !ok || !parent.IsHopper() {
		return ir.OpErrorf(op, "an A operand in registers must be a dot_op of a nvidia_mma v3 layout, got %s", asm.TypeString(aT))
	}
	bits := p.types.A.Bits()
	if dot.KWidth != 32/bits {
		return ir.OpErrorf(op, "an A operand in registers of %d-bit elements needs kWidth %d, got %d", bits, 32/bits, dot.KWidth)
	}
	aLay, err := l.opLayout(op, aT)
	if err != nil {
		return err
	}
	for b, row := range wgRows {
		basis := aLay.tidBases[aLay.laneBits+2+b]
		if basis[0] != row || basis[1] != 0 {
			return ir.OpErrorf(op, "the A operand's warps do not hold the rows of the result's warpgroups")
		}
	}
	var origins [][2]int32
	for m := 0; m < p.numM; m++ {
		for k := 0; k < p.numK; k++ {
			origins = append(origins, [2]int32{int32(int64(m) * mmaM), int32(k * p.shape.K)})
		}
	}
	frag, n := aFragment(bits)
	if p.aRegs, err = l.fragmentRegisters(aLay, origins, n, fmt.Sprintf("a%d", bits), frag); err != nil {
		return ir.OpErrorf(op, "A operand layout %s: %v", asm.TypeString(aT), err)
	}
	return nil
}

// wgmmaOperandType is the instruction type of A or B elements.
func wgmmaOperandType(t ir.Type, allowTF32 bool) (gpu.MMAType, error) {
	switch {
	case isF16(t):
		return gpu.MMAF16, nil
	case isBF16(t):
		return gpu.MMABF16, nil
	case isF32(t) && allowTF32:
		return gpu.MMATF32, nil
	case isF32(t):
		return 0, fmt.Errorf("wgmma multiplies f32 only as tf32 (inputPrecision = tf32)")
	case ir.IsInteger(t, 8):
		return gpu.MMAS8, nil
	}
	if ft, ok := t.(*ir.FloatType); ok {
		switch ft.Kind {
		case ir.F8E4M3FN:
			return gpu.MMAE4M3, nil
		case ir.F8E5M2:
			return gpu.MMAE5M2, nil
		}
	}
	return 0, fmt.Errorf("wgmma has no %s operands", asm.TypeString(t))
}

// wgmmaAccType is the instruction type of the accumulator.
func wgmmaAccType(t ir.Type) (gpu.MMAType, error) {
	switch {
	case isF32(t):
		return gpu.MMAF32, nil
	case isF16(t):
		return gpu.MMAF16, nil
	case ir.IsInteger(t, 32):
		return gpu.MMAS32, nil
	}
	return 0, fmt.Errorf("wgmma accumulates in f32, f16 or i32, not %s", asm.TypeString(t))
}

func ceilDiv(a, b int64) int64 { return (a + b - 1) / b }

// lowerWarpGroupDotWait: gpu.wgmma_wait on the 32-bit registers of the
// tensor operands (the accumulators of earlier warp_group_dots), whose
// results stand for them from here on; shared buffers pass through (the
// wait orders the wgmma's reads of them before later writes).
func (l *lowering) lowerWarpGroupDotWait(op *ir.Operation, e *emitter, rw *conversion.Rewriter) error {
	if err := l.target.warpgroupMMA(); err != nil {
		return ir.OpErrorf(op, "%v", err)
	}
	groups := make([][]ir.Value, op.NumOperands())
	var tie []ir.Value
	for i, v := range op.Operands() {
		if _, ok := v.Type().(*ir.RankedTensorType); ok {
			groups[i] = rw.RemappedN(v)
			tie = append(tie, groups[i]...)
			continue
		}
		groups[i] = []ir.Value{rw.Remapped(v)}
	}
	tied := newGPU(e).waitTying(int(intAttrOr(op, "pendings", 0)), tie)
	for i, v := range op.Operands() {
		if _, ok := v.Type().(*ir.RankedTensorType); !ok {
			continue
		}
		n := len(groups[i])
		groups[i], tied = tied[:n:n], tied[n:]
	}
	rw.ReplaceOpN(op, groups)
	return nil
}

// wgmmaFence is `gpu.wgmma_fence`.
func (g gpuB) wgmmaFence() { gpu.NewWGMMAFence(g.e.b, g.e.loc) }

// wgmmaCommit is `gpu.wgmma_commit`.
func (g gpuB) wgmmaCommit() { gpu.NewWGMMACommit(g.e.b, g.e.loc) }

// wgmma issues one instruction and returns its accumulator words.
func (g gpuB) wgmma(s gpu.Shape, ts gpu.MMATypes, o gpu.WGMMAOptions, a []ir.Value, b, scale ir.Value, c []ir.Value) []ir.Value {
	return gpu.NewWGMMA(g.e.b, g.e.loc, s, ts, o, a, b, scale, c).Results()
}

// waitTying is `gpu.wgmma_wait pending` tying every distinct 32-bit
// register among vals that is not a constant (the only values a wgmma
// can still be writing); it returns the stand-ins after the wait, the
// i-th for vals[i].
func (g gpuB) waitTying(pending int, vals []ir.Value) []ir.Value {
	// slot[i] is the position among the wait's results of vals[i]'s
	// stand-in, -1 where vals[i] stands for itself; the map, sized for
	// the registers (an accumulator's 64-128), finds repeated values.
	slot := make([]int32, len(vals))
	first := make(map[ir.ValueKey]int32, len(vals))
	tie := make([]ir.Value, 0, len(vals))
	for i, v := range vals {
		k := ir.KeyOf(v)
		if s, seen := first[k]; seen {
			slot[i] = s
			continue
		}
		s := int32(-1)
		if _, isConst := intValue(v); !isConst && !isFloatConstant(v) && (isF32(v.Type()) || ir.IsInteger(v.Type(), 32)) {
			s = int32(len(tie))
			tie = append(tie, v)
		}
		first[k] = s
		slot[i] = s
	}
	w := gpu.NewWGMMAWait(g.e.b, g.e.loc, pending, tie)
	out := make([]ir.Value, len(vals))
	for i, s := range slot {
		if s < 0 {
			out[i] = vals[i]
		} else {
			out[i] = w.Result(int(s))
		}
	}
	return out
}

// tiedWait waits for all but pending groups and returns the groups of
// values through the wait (nil groups stay nil).
func (g gpuB) tiedWait(pending int, groups [][]ir.Value) [][]ir.Value {
	var all []ir.Value
	for _, gr := range groups {
		all = append(all, gr...)
	}
	tied := g.waitTying(pending, all)
	out := make([][]ir.Value, len(groups))
	for i, gr := range groups {
		if gr != nil {
			out[i] = tied[:len(gr):len(gr)]
		}
		tied = tied[len(gr):]
	}
	return out
}

// isFloatConstant reports whether v is an llvm.mlir.constant float.
func isFloatConstant(v ir.Value) bool {
	def := v.DefiningOp()
	if def == nil || def.Name() != "llvm.mlir.constant" {
		return false
	}
	_, ok := def.Attr("value").(*ir.FloatAttr)
	return ok
}

func isBF16(t ir.Type) bool { ft, ok := t.(*ir.FloatType); return ok && ft.Kind == ir.BF16 }
