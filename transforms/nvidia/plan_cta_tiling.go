package nvidia

import (
	"slices"

	"github.com/ttcompiler/tt/dialects/tt"
	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
	"github.com/ttcompiler/tt/numeric"
)

// The three ways plan-cta chooses a function's CTA tiling, in 3.6's order
// of preference: its tt.dot, else its reductions, else its first store.

// collect returns the ops of f named in names, in program order.
func collect(f *ir.Operation, names ...string) []*ir.Operation {
	var out []*ir.Operation
	ir.WalkOps(f, func(op *ir.Operation) {
		if slices.Contains(names, op.Name()) {
			out = append(out, op)
		}
	})
	return out
}

// dotCTASplit is 3.6's tiling of an M x N dot result over numCTAs CTAs:
// the largest chunk of M rows (128, else 64) that leaves every CTA at
// least 64 columns of N.
func dotCTASplit(m, n int64, numCTAs int) (splitM, splitN int) {
	for chunkM := int64(128); chunkM >= 64; chunkM /= 2 {
		splitM = int(min(max(m/chunkM, 1), int64(numCTAs)))
		splitN = numCTAs / splitM
		if n/int64(splitN) >= 64 {
			break
		}
	}
	return splitM, splitN
}

// planDots splits the function's dot between the CTAs by rows and columns
// of its result and pins the layouts on its operands and result.
func (p *ctaPlanner) planDots(f *ir.Operation) error {
	for _, dot := range collect(f, "tt.dot") {
		ctx := dot.Context()
		aT, _ := dot.Operand(0).Type().(*ir.RankedTensorType)
		bT, _ := dot.Operand(1).Type().(*ir.RankedTensorType)
		dT, _ := dot.Result(0).Type().(*ir.RankedTensorType)
		if aT == nil || bT == nil || dT == nil {
			return ir.OpErrorf(dot, "triton-nvidia-gpu-plan-cta: expects ranked tensor operands")
		}
		aEnc, aOK := aT.Encoding.(*ttg.DotOperandEncoding)
		bEnc, bOK := bT.Encoding.(*ttg.DotOperandEncoding)
		dEnc, dOK := dT.Encoding.(*ttg.BlockedEncoding)
		if !aOK || !bOK || !dOK {
			return ir.OpErrorf(dot, "triton-nvidia-gpu-plan-cta: expects dot operands in dot_op layouts of a blocked result, as tritongpu-coalesce leaves them (the pass must run right after it)")
		}
		if dT.Rank() != 2 {
			return ir.OpErrorf(dot, "triton-nvidia-gpu-plan-cta: Triton 3.6 splits only rank-2 dots between the CTAs of a cluster, not rank %d", dT.Rank())
		}
		numCTAs := dEnc.CGALayout.NumCTAs()
		splitM, splitN := dotCTASplit(dT.Dims[0], dT.Dims[1], numCTAs)
		if !numeric.IsPow2(splitM) || splitM*splitN != numCTAs {
			return ir.OpErrorf(dot, "triton-nvidia-gpu-plan-cta: the %dx%d result cannot be split between %d CTAs (Triton 3.6 would split it %dx%d)",
				dT.Dims[0], dT.Dims[1], numCTAs, splitM, splitN)
		}
		if p.tiled {
			return ir.OpErrorf(dot, "triton-nvidia-gpu-plan-cta: Triton 3.6 plans the CTA tiling of one tt.dot per function; this is another")
		}
		p.tiled = true
		warps, ok := ttg.LookupNumWarps(dot)
		if !ok {
			return ir.OpErrorf(dot, "triton-nvidia-gpu-plan-cta: needs the number of warps (%s on the module)", ttg.AttrNumWarps)
		}
		cga := ttg.CGAFromSplitParams([]int{splitM, splitN}, []int{splitM, splitN}, []int{1, 0})
		newD := ttg.BlockedForShapeCGA(ctx, dT.Dims, dEnc.SizePerThread, dEnc.Order, warps, ttg.ThreadsPerWarp(p.module), cga)
		newA := ttg.NewDotOperand(ctx, aEnc.OpIdx, newD, 0)
		newB := ttg.NewDotOperand(ctx, bEnc.OpIdx, newD, 0)
		p.insertCasts(dot, []ir.Attribute{newA, newB, newD}, []ir.Attribute{newD})
	}
	return nil
}

// planReductions gives each reduction's operands a layout whose CTAs
// split only the kept dims (so no reduction crosses CTAs; CTAs left over
// hold copies) and its results the slice of it.
func (p *ctaPlanner) planReductions(f *ir.Operation) error {
	numCTAs := ttg.NumCTAs(p.module)
	for _, red := range collect(f, "tt.reduce") {
		ctx := red.Context()
		src, _ := red.Operand(0).Type().(*ir.RankedTensorType)
		if src == nil || src.Encoding == nil {
			return ir.OpErrorf(red, "triton-nvidia-gpu-plan-cta: expects a ranked tensor operand with a layout")
		}
		axis := tt.ReduceOp{Operation: red}.Axis()
		rank := src.Rank()
		order := ttg.Order(src.Encoding, src.Dims)
		contig := ttg.ContigPerThread(src.Encoding, src.Dims)
		ctaOrder := ttg.CGAOf(src.Encoding, rank).CTAOrder()

		perCGA := make([]int, rank)
		remaining := numCTAs
		for i := rank - 1; i >= 0; i-- {
			d := order[i]
			if d == axis {
				perCGA[d] = 1
				continue
			}
			perCGA[d] = min(int(src.Dims[d])/contig[d], remaining)
			if perCGA[d] < 1 {
				return ir.OpErrorf(red, "triton-nvidia-gpu-plan-cta: dim %d of the reduced tensor is smaller than a thread's contiguous elements", d)
			}
			remaining /= perCGA[d]
		}
		for i := rank - 1; i >= 0; i-- {
			if d := order[i]; d != axis {
				perCGA[d] *= remaining
				break
			}
		}
		split := append([]int(nil), perCGA...)
		// 3.6 multiplies the slowest dim by the CTAs left over once more:
		// for a rank-1 reduction that makes every CTA hold a copy; when it
		// over-counts the cluster (below), 3.6's layout is wrong.
		perCGA[order[rank-1]] *= remaining
		if err := checkCTACover(red, perCGA, split, numCTAs); err != nil {
			return err
		}
		warps, ok := ttg.LookupNumWarps(red)
		if !ok {
			return ir.OpErrorf(red, "triton-nvidia-gpu-plan-cta: needs the number of warps (%s on the module)", ttg.AttrNumWarps)
		}
		p.tiled = true
		newSrc, err := p.withCGA(red, src.Encoding, src.Dims, warps, ttg.CGAFromSplitParams(perCGA, split, ctaOrder))
		if err != nil {
			return err
		}
		newRes := ttg.NewSlice(ctx, axis, newSrc)
		n := red.NumOperands()
		srcs, ress := make([]ir.Attribute, n), make([]ir.Attribute, red.NumResults())
		for i := range srcs {
			srcs[i] = newSrc
		}
		for i := range ress {
			ress[i] = newRes
		}
		p.insertCasts(red, srcs, ress)
	}
	return nil
}

// checkCTACover refuses CTA split parameters that do not describe the
// cluster's numCTAs CTAs as powers of two.
func checkCTACover(op *ir.Operation, perCGA, split []int, numCTAs int) error {
	total := 1
	for d := range perCGA {
		if !numeric.IsPow2(perCGA[d]) || !numeric.IsPow2(split[d]) || perCGA[d]%split[d] != 0 {
			return ir.OpErrorf(op, "triton-nvidia-gpu-plan-cta: Triton 3.6's CTA split %v (CTAsPerCGA %v) is not a power-of-two tiling", split, perCGA)
		}
		total *= perCGA[d]
	}
	if total != numCTAs {
		return ir.OpErrorf(op, "triton-nvidia-gpu-plan-cta: Triton 3.6's CTA split (CTAsPerCGA %v) spans %d CTAs, the cluster has %d", perCGA, total, numCTAs)
	}
	return nil
}

// storeLike are the ops whose layout sets the tiling of a function without
// dots and reductions.
var storeLike = []string{"tt.store", "tt.atomic_rmw", "tt.atomic_cas",
	"tt.descriptor_store", "tt.descriptor_reduce", "tt.descriptor_scatter"}

// storedValue is the tensor whose layout a store-like op's tiling follows:
// the stored block of descriptor stores, else the first operand (the
// pointers).
func storedValue(op *ir.Operation) ir.Value {
	switch op.Name() {
	case "tt.descriptor_store", "tt.descriptor_reduce":
		return op.Operand(1)
	case "tt.descriptor_scatter":
		return op.Operand(3)
	}
	return op.Operand(0)
}

// planStores gives every store-like op the CTA layout of the first one
// that stores a tensor.
func (p *ctaPlanner) planStores(f *ir.Operation) error {
	stores := collect(f, storeLike...)
	if len(stores) == 0 {
		return ir.OpErrorf(f, "triton-nvidia-gpu-plan-cta: a function without tt.dot or tt.reduce needs a store to plan its CTA layouts by (Triton 3.6 asserts \"Cannot find store-like ops\")")
	}
	warps, ok := ttg.LookupNumWarps(f)
	if !ok {
		return ir.OpErrorf(f, "triton-nvidia-gpu-plan-cta: needs the number of warps (%s on the module)", ttg.AttrNumWarps)
	}
	var cga ttg.CGALayout
	for _, st := range stores {
		t, ok := storedValue(st).Type().(*ir.RankedTensorType)
		if !ok {
			continue
		}
		if !p.tiled {
			cga = ttg.CGAOf(t.Encoding, t.Rank())
			p.tiled = true
		}
		enc, err := p.withCGA(st, t.Encoding, t.Dims, warps, cga)
		if err != nil {
			return err
		}
		p.setAllLayouts(st, enc)
	}
	p.tiled = true
	return nil
}

// withCGA is 3.6's replaceCTALayout: the blocked layout with enc's
// sizePerThread and order rebuilt for the shape with the given CTA layout.
func (p *ctaPlanner) withCGA(op *ir.Operation, enc ir.Attribute, shape []int64, warps int, cga ttg.CGALayout) (*ttg.BlockedEncoding, error) {
	switch e := enc.(type) {
	case *ttg.BlockedEncoding:
		if e.Rank() != len(shape) || cga.Rank != len(shape) {
			return nil, ir.OpErrorf(op, "triton-nvidia-gpu-plan-cta: cannot give a rank-%d tensor the rank-%d CTA layout planned for the function", len(shape), cga.Rank)
		}
		return ttg.BlockedForShapeCGA(op.Context(), shape, e.SizePerThread, e.Order, warps, ttg.ThreadsPerWarp(p.module), cga), nil
	case *ttg.SliceEncoding:
		// 3.6 rebuilds the parent from the sliced shape, which does not
		// describe it: a layout of the wrong rank.
		return nil, ir.OpErrorf(op, "triton-nvidia-gpu-plan-cta: cannot replan the CTA layout of a tensor in a slice layout (Triton 3.6 builds an invalid layout)")
	}
	return nil, ir.OpErrorf(op, "triton-nvidia-gpu-plan-cta: cannot replan the CTA layout of %s (Triton 3.6: replaceCTALayout not implemented)", asm.AttrString(enc))
}
