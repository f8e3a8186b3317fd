package ttgtogpu

import (
	"slices"

	"github.com/ttcompiler/tt/conversion"
	"github.com/ttcompiler/tt/dialects/tt"
	"github.com/ttcompiler/tt/ir"
)

// tt.gather through shared memory: the source is stored in row-major
// order, and each result element reads the source element at its own
// coordinates with the axis coordinate replaced by its index.

// gatherLocality returns the source locations of a warp-local gather
// (nil when the gather goes through shared memory).
func (l *lowering) gatherLocality(op *ir.Operation) (*regLayout, [][]srcLocation, error) {
	g := tt.GatherOp{Operation: op}
	src, err := l.opLayout(op, g.Src().Type())
	if err != nil {
		return nil, nil, err
	}
	idx, err := l.opLayout(op, g.Indices().Type())
	if err != nil {
		return nil, nil, err
	}
	axis := g.Axis()
	if axis < 0 || axis >= src.rank() {
		return nil, nil, ir.OpErrorf(op, "gather axis %d out of range", axis)
	}
	if !gatherWarpLocal(src, idx, axis) {
		return src, nil, nil
	}
	bitsLoc, ok := invertSource(src)
	if !ok {
		return src, nil, nil
	}
	return src, bitsLoc, nil
}

func (l *lowering) lowerGather(op *ir.Operation, e *emitter, rw *conversion.Rewriter) error {
	g := tt.GatherOp{Operation: op}
	src, err := l.opLayout(op, g.Src().Type())
	if err != nil {
		return err
	}
	idxLay, err := l.opLayout(op, g.Indices().Type())
	if err != nil {
		return err
	}
	dst, err := l.opLayout(op, op.Result(0).Type())
	if err != nil {
		return err
	}
	axis := g.Axis()
	if axis < 0 || axis >= src.rank() {
		return ir.OpErrorf(op, "gather axis %d out of range", axis)
	}
	if err := checkAxisInCTA(op, "tt.gather", src, axis); err != nil {
		return err
	}
	// Each CTA gathers for the result elements it holds, from the rows of
	// the source it holds, which must be theirs.
	dropped := dst.cta.mapped(func(c []int32) []int32 {
		c = slices.Clone(c)
		c[axis] = 0
		return c
	})
	if !dropped.equal(src.cta) {
		return ir.OpErrorf(op, "tt.gather: the source and result layouts are split over the CTAs of a cluster differently (CTA bases %v and %v), which would move data between CTAs", src.cta, dst.cta)
	}
	im, err := mapRegisters(idxLay, dst, func(c []int32) []int32 { return c })
	if err != nil {
		return ir.OpErrorf(op, "tt.gather: indices and result layouts differ: %v", err)
	}
	if _, bitsLoc, err := l.gatherLocality(op); err != nil {
		return err
	} else if bitsLoc != nil {
		idxs := rw.RemappedN(g.Indices())
		byDst := make([]ir.Value, dst.numRegs)
		for r := range byDst {
			byDst[r] = idxs[im[r]]
		}
		out := l.lowerGatherWarpLocal(e, src, dst, axis, rw.RemappedN(g.Src()), byDst, bitsLoc)
		rw.ReplaceOpN(op, [][]ir.Value{out})
		return nil
	}
	elem := l.elemTypeOf(op.Result(0).Type())
	bytes := int64(max(storageBits(elem)/8, 1))
	off, err := l.sharedOffset(op, int(int64(src.numElems())*bytes))
	if err != nil {
		return err
	}
	wt := e.wordType(elem, storageBits(elem))
	shared := memOpts{}
	vals := rw.RemappedN(g.Src())
	idxs := rw.RemappedN(g.Indices())
	gb := newGPU(e)
	owner := e.ownerPredicate(src)
	for r, v := range vals {
		if !src.isUniqueReg(r) {
			continue
		}
		lin := e.linearIndex(e.coords(src, r), src.shape)
		gb.store(e.smemAddr(off, e.mulC(lin, bytes)), owner, []ir.Value{e.toMemory(v, elem, true)}, shared)
	}
	gb.barrier()
	out := make([]ir.Value, dst.numRegs)
	for r := range out {
		cs := slices.Clone(e.coords(dst, r))
		cs[axis] = e.intResize(idxs[im[r]], e.i32(), true)
		lin := e.linearIndex(cs, src.shape)
		w := gb.load(e.smemAddr(off, e.mulC(lin, bytes)), nil, nil, []ir.Type{wt}, shared)[0]
		out[r] = e.fromMemory(w, elem)
	}
	rw.ReplaceOpN(op, [][]ir.Value{out})
	return nil
}
