package ttgtogpu

import (
	"github.com/ttcompiler/tt/conversion"
	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

// Warp specialization in convert-triton-gpu-to-gpu, as Triton's
// conversion to LLVM leaves it: `ttg.warp_specialize` stays, its captures,
// results and partition arguments converted 1:N like any value, and the
// ops of its regions lowered in place. convert-warp-specialize-to-llvm
// (warpspec_llvm.go) then turns it into the dispatch loop of the worker
// warps.
//
// Each partition region is lowered as a function of its own warps: it has
// its own prologue (the region is isolated from above, and after the
// dispatch lowering the function's entry block no longer dominates it),
// its thread id counts from the partition's first warp
// (warpGroupStartIds, which tritongpu-allocate-warp-groups assigns), and
// its layouts span its num_warps.

// partitionState returns the prologue state of the partition region whose
// ops include op, or nil when op is not in a partition.
func (l *lowering) partitionState(op *ir.Operation) *funcState {
	for o := op; o != nil && o.Name() != "llvm.func"; o = o.ParentOp() {
		if p := o.ParentOp(); p != nil && p.Name() == ttg.WarpSpecializePartitions.Name {
			return l.partitions[o.ParentRegion().Front()]
		}
	}
	return nil
}

// lowerWarpSpecialize rebuilds a ttg.warp_specialize on converted values
// and moves its regions into it; the regions' ops are lowered afterwards
// (they are still on the conversion's list).
func (l *lowering) lowerWarpSpecialize(op *ir.Operation, e *emitter, rw *conversion.Rewriter) error {
	tc := rw.TypeConverter()
	if !e.fs.kernel {
		return ir.OpErrorf(op, "ttg.warp_specialize is lowered in kernels only (Triton's rule); it is in a function that is not public")
	}
	starts, ok := op.Attr("warpGroupStartIds").(*ir.DenseArrayAttr)
	nw := ttg.PartitionNumWarps(op)
	if !ok || len(starts.Ints) != len(nw) {
		return ir.OpErrorf(op, "has no warpGroupStartIds: run tritongpu-allocate-warp-groups before convert-triton-gpu-to-gpu")
	}
	var captures []ir.Value
	for i, v := range op.Operands() {
		if _, ok := v.Type().(*ir.RankedTensorType); ok {
			return ir.OpErrorf(op, "capture #%d is a tensor (%s); partitions receive scalars, pointers and shared buffers", i, asm.TypeString(v.Type()))
		}
		captures = append(captures, rw.RemappedN(v)...)
	}
	var results []ir.Type
	var groups []int
	for i, t := range op.ResultTypes() {
		c, ok := tc.ConvertTypes(t)
		if !ok {
			return ir.OpErrorf(op, "cannot lower the type of result #%d: %s", i, asm.TypeString(t))
		}
		results = append(results, c...)
		groups = append(groups, len(c))
	}
	st := ir.NewState(l.ctx, op.Name(), op.Loc())
	st.Operands = captures
	st.Types = results
	for _, a := range op.Attrs() {
		st.AddAttr(a.Name, a.Value)
	}
	if b := l.smem.buffers[op]; b != nil {
		// Where the captures travel (Triton's allocation.offset).
		st.AddAttr("allocation.offset", ir.I32Attr(l.ctx, int64(b.Offset)))
	}
	st.AddRegion()
	st.AddRegion()
	newOp := rw.B().Create(st)
	def, holder := newOp.Region(0), newOp.Region(1)
	rw.InlineRegionBefore(op.Region(0), def, nil)
	rw.InlineRegionBefore(op.Region(1), holder, nil)
	l.converted[newOp] = true
	if !rw.ConvertRegionTypes(def, nil) {
		return ir.OpErrorf(op, "cannot lower the block argument types of the default region")
	}
	saved := l.numWarps
	defer func() { l.numWarps = saved }()
	for i, r := range ttg.PartitionRegions(newOp) {
		l.numWarps = nw[i]
		if !rw.ConvertRegionTypes(r, nil) {
			return ir.OpErrorf(op, "cannot lower the block argument types of partition #%d", i)
		}
		fs := &funcState{
			fn: e.fs.fn, kernel: true, entry: r.Front(), loc: op.Loc(),
			consts: map[constKey]ir.Value{}, parts: map[string]ir.Value{}, special: map[string]ir.Value{},
			numWarps: nw[i], firstThread: int(starts.Ints[i]) * l.lanes(),
			globalScratch: e.fs.globalScratch,
		}
		l.partitions[r.Front()] = fs
	}
	out := make([][]ir.Value, len(groups))
	k := 0
	for i, n := range groups {
		out[i] = newOp.Results()[k : k+n]
		k += n
	}
	rw.ReplaceOpN(op, out)
	return nil
}

// lowerWarpYield flattens the yielded values.
func (l *lowering) lowerWarpYield(op *ir.Operation, e *emitter, rw *conversion.Rewriter) error {
	var vals []ir.Value
	for _, v := range op.Operands() {
		vals = append(vals, rw.RemappedN(v)...)
	}
	y := e.create(op.Name(), vals, nil)
	l.converted[y] = true
	rw.EraseOp(op)
	return nil
}
