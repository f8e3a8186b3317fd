package transforms

import (
	"github.com/ttcompiler/tt/dialects/gpu"
	"github.com/ttcompiler/tt/dialects/llvm"
	"github.com/ttcompiler/tt/ir"
)

// Descriptors of a ring's slots, rebased on the ring's first slot.
//
// A pipelined operand lives in a ring of buffers, and the lowering reads
// slot i at `gep(base, i * size)` (ttg.memdesc_index). A wgmma descriptor
// built from that address in the loop masks and shifts the address every
// iteration (and ptxas rebuilds the descriptor's constant upper word in
// the register pair the wgmma reads). The descriptor of the address start
// + 16*q is the descriptor of start plus q whenever both addresses lie in
// the CTA's shared-memory window: the descriptor's low 14 bits are the
// address's bits 4 to 17, and the window (at most 228 KB on sm_90) ends
// below 2^18, so the sum carries into no other field. So
//
//	gpu.wgmma_desc(gep(p, x * C))  ->  gpu.wgmma_desc(p) + zext(x * (C/16))
//
// when C is a multiple of 16, the product is exact and non-negative (the
// lowering's nsw and nuw flags: a memdesc_index's slot is in range), and
// p is provably in the window (below). The descriptor of p is then
// loop-invariant and hoisted with the rest, and the loop adds one product
// a slot instead of rebuilding the descriptor. On the H200 (2026-12-02,
// docs/PERFORMANCE.md) that took 4 to 8 SASS instructions out of each
// iteration of the perf set's attention and matmul loops (attention at
// head dim 64: 254 to 250) and timed level.

// maxSharedWindow is the largest shared memory a CTA can address on the
// targets with wgmma (228 KB on sm_90), below the 2^18 bytes the
// descriptor's address field spans.
const maxSharedWindow = 228 << 10

// maxSharedBoundDepth bounds the walk up a pointer's definitions.
const maxSharedBoundDepth = 8

// rebaseSlotDescriptors rewrites the descriptors of l's blocks in every
// whose address is a variant multiple of 16 bytes past a loop-invariant
// pointer into the window (see above), and returns how many it rewrote.
// shared is the kernel's shared-memory size (the module's ttg.shared).
func rebaseSlotDescriptors(l *cfgLoop, every map[*ir.Block]bool, dom *ir.DominanceInfo, shared int64, known *knownBitsAnalysis) int {
	if shared <= 0 || shared > maxSharedWindow {
		return 0
	}
	if t := l.preheader.Last(); t == nil || !t.Has(ir.Terminator) {
		return 0
	}
	var descs []*ir.Operation
	for _, b := range l.header.Region().Blocks() {
		if !every[b] {
			continue
		}
		for o := b.First(); o != nil; o = o.Next() {
			if o.Def() == gpu.WGMMADescOp {
				descs = append(descs, o)
			}
		}
	}
	n := 0
	offsets := map[slotOffset]ir.Value{}
	for _, d := range descs {
		if rebaseDescriptor(d, l, dom, shared, known, offsets) {
			n++
		}
	}
	return n
}

// slotOffset is a slot index and the descriptor units a slot spans: the
// descriptors of the ring's operands share one offset per slot index.
type slotOffset struct {
	slot  ir.ValueKey
	units int64
}

// rebaseDescriptor rewrites d as gpu.wgmma_desc(p) + zext(x * C/16) where
// its address is gep(p, x * C) as above.
func rebaseDescriptor(d *ir.Operation, l *cfgLoop, dom *ir.DominanceInfo, shared int64, known *knownBitsAnalysis, offsets map[slotOffset]ir.Value) bool {
	gep := d.Operand(0).DefiningOp()
	if gep == nil || gep.Def() != llvm.GEPOp || gep.NumOperands() != 2 || !ir.IsInteger(llvm.GEPElemType(gep), 8) {
		return false
	}
	if raw := llvm.GEPRawIndices(gep); len(raw) != 1 || raw[0] != llvm.DynamicIndex {
		return false
	}
	p, off := gep.Operand(0), gep.Operand(1)
	if l.contains(p) || !l.contains(off) {
		return false
	}
	x, unit, ok := exactScaled(off)
	if !ok || unit%16 != 0 {
		return false
	}
	if bound, ok := sharedBound(p, known, 0); !ok || bound > shared {
		return false
	}
	b := ir.NewBuilder(d.Context())
	b.SetInsertionPoint(d)
	loc := d.Loc()
	base := gpu.NewWGMMADesc(b, loc, p, gpu.DescLayoutOf(d)).Result(0)
	key := slotOffset{slot: ir.KeyOf(x), units: unit / 16}
	q, ok := offsets[key]
	if !ok || !dom.ValueDominates(q, d) {
		q = descriptorUnits(b, l, loc, x, unit/16)
		offsets[key] = q
	}
	sum := llvm.NewBinary(b, loc, llvm.AddOp, base, q).Result(0)
	ir.ReplaceAllUsesWith(d.Result(0), sum)
	d.Erase()
	EraseDeadPure([]*ir.Operation{gep})
	return true
}

// descriptorUnits builds zext(x * units) : i64 at b, the product exact as
// x * (units * 16) was, with the constant in l's preheader.
func descriptorUnits(b *ir.Builder, l *cfgLoop, loc ir.Location, x ir.Value, units int64) ir.Value {
	q := x
	if units != 1 {
		restore := b.Restore()
		b.SetInsertionPoint(l.preheader.Last())
		c := llvm.NewIntConstant(b, loc, x.Type(), units).Result(0)
		restore()
		m := llvm.NewBinary(b, loc, llvm.MulOp, x, c)
		m.SetAttr(llvm.OverflowFlagsAttrName, llvm.Overflow(b.Ctx, llvm.OverflowNSW|llvm.OverflowNUW))
		q = m.Result(0)
	}
	if intWidth(q) < 64 {
		q = llvm.NewCast(b, loc, llvm.ZExtOp, q, ir.I64(b.Ctx)).Result(0)
	}
	return q
}

// exactScaled matches off = x * unit (a mul or shl by a constant) whose
// nsw and nuw flags make it exact and non-negative, and returns x and
// unit.
func exactScaled(off ir.Value) (ir.Value, int64, bool) {
	op := off.DefiningOp()
	if op == nil || (op.Def() != llvm.MulOp && op.Def() != llvm.ShlOp) {
		return nil, 0, false
	}
	f, ok := op.Attr(llvm.OverflowFlagsAttrName).(*llvm.OverflowAttr)
	if !ok || f.Flags&(llvm.OverflowNSW|llvm.OverflowNUW) != llvm.OverflowNSW|llvm.OverflowNUW {
		return nil, 0, false
	}
	c, ok := intConstant(op.Operand(1))
	w := intWidth(off)
	if !ok || w == 0 {
		return nil, 0, false
	}
	if op.Def() == llvm.ShlOp {
		if c >= uint64(w-1) {
			return nil, 0, false
		}
		return op.Operand(0), 1 << c, true
	}
	if c == 0 || c >= 1<<(w-1) {
		return nil, 0, false
	}
	return op.Operand(0), int64(c), true
}

// sharedBound returns an upper bound of p's bytes past gpu.shared_base
// when p is shared_base plus non-negative offsets: byte GEPs whose
// indices are non-negative constants or values with known zero high bits
// (the sign bit among them), and selects of such pointers.
func sharedBound(p ir.Value, known *knownBitsAnalysis, depth int) (int64, bool) {
	op := p.DefiningOp()
	if op == nil || depth > maxSharedBoundDepth {
		return 0, false
	}
	switch op.Def() {
	case gpu.SharedBaseOp:
		return 0, true
	case llvm.SelectOp:
		a, okA := sharedBound(op.Operand(1), known, depth+1)
		b, okB := sharedBound(op.Operand(2), known, depth+1)
		return max(a, b), okA && okB
	case llvm.GEPOp:
		if !ir.IsInteger(llvm.GEPElemType(op), 8) {
			return 0, false
		}
		bound, ok := sharedBound(op.Operand(0), known, depth+1)
		if !ok {
			return 0, false
		}
		for _, ix := range llvm.GEPIndices(op) {
			m, ok := indexBound(ix, known)
			if !ok {
				return 0, false
			}
			bound += m
		}
		return bound, true
	}
	return 0, false
}

// indexBound returns the largest value a GEP index can take, when it is
// non-negative and at most maxSharedWindow. A possibly negative index has
// its sign bit possibly set, so its bound from the known bits is beyond
// any window and refused with the rest.
func indexBound(ix llvm.GEPIndex, known *knownBitsAnalysis) (int64, bool) {
	if ix.Value == nil {
		return ix.Const, ix.Const >= 0 && ix.Const <= maxSharedWindow
	}
	k, ok := known.of(ix.Value)
	if !ok {
		return 0, false
	}
	m := ^k.zero & lowBits(intWidth(ix.Value))
	return int64(m), m <= maxSharedWindow
}
