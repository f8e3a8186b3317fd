package pipeliner

import (
	"slices"

	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

// A cp.async producer runs on one warpgroup even when the function has
// more warps. Its ops come from the function, with layouts over all of
// the function's warps; in a partition of fewer warps each of them is
// the same layout over the partition's warps: the same tile, each warp's
// part of it as before (sizePerThread and threadsPerWarp kept, so every
// copy is as wide), repeated over fewer warps. Giving the producer one
// warpgroup instead of the function's two leaves the consumer warpgroups
// the registers of the other four warps (setmaxnreg), and keeps a kernel
// of 8 consumer warps at 12 warps, whose 168 registers a thread at launch
// fit a 128x256 tile's wgmma, where 16 warps' 128 do not (ptxas's C7602).

// producerRelayout returns how a cp.async producer's values go from the
// function's numWarps warps to one warpgroup, or nil where they need not
// (TMA copies, a 4-warp function) or cannot (a layout other than a
// blocked one or its slice).
func (p *wsPlan) producerRelayout(numWarps int) *warpRelayout {
	if !p.pointerLoads || numWarps <= wsProducerWarps {
		return nil
	}
	r := &warpRelayout{ctx: p.root.Context(), from: numWarps, to: wsProducerWarps}
	if !r.canRelayout(p.producerOps()) {
		return nil
	}
	return r
}

// producerOps are the ops whose values the producer computes: the
// rematerialized tensors, the constants it clones (by their defining
// ops) and the producer's part of the loop nest.
func (p *wsPlan) producerOps() []*ir.Operation {
	ops := slices.Clone(p.remat)
	for _, v := range p.outside {
		if r, ok := v.(*ir.OpResult); ok && isConstantValue(v) {
			ops = append(ops, r.Owner())
		}
	}
	ir.WalkOps(p.root.Operation, func(op *ir.Operation) {
		if p.producer[op] {
			ops = append(ops, op)
		}
	})
	return ops
}

// warpRelayout maps the layouts of a region from one warp count to a
// smaller one.
type warpRelayout struct {
	ctx      *ir.Context
	from, to int
}

// layout returns enc over r.to warps, or false when enc is not a layout
// the producer can take to fewer warps (only blocked layouts over all of
// the function's warps, and slices of them, are).
func (r warpRelayout) layout(enc ir.Attribute) (ir.Attribute, bool) {
	switch e := enc.(type) {
	case *ttg.BlockedEncoding:
		n := 1
		for _, w := range e.WarpsPerCTA {
			n *= w
		}
		if n != r.from || r.from%r.to != 0 {
			return nil, false
		}
		// Fewer warps along the slowest dimensions first: a warp's rows
		// and columns stay as they were.
		warps := slices.Clone(e.WarpsPerCTA)
		factor := r.from / r.to
		for i := len(e.Order) - 1; i >= 0 && factor > 1; i-- {
			d := e.Order[i]
			for warps[d] > 1 && factor > 1 && factor%2 == 0 && warps[d]%2 == 0 {
				warps[d] /= 2
				factor /= 2
			}
		}
		if factor != 1 {
			return nil, false
		}
		return ttg.NewBlocked(r.ctx, e.SizePerThread, e.ThreadsPerWarp, warps, e.Order, e.CGALayout), true
	case *ttg.SliceEncoding:
		parent, ok := r.layout(e.Parent)
		if !ok {
			return nil, false
		}
		p, ok := parent.(ttg.DistributedLayout)
		if !ok {
			return nil, false
		}
		return ttg.NewSlice(r.ctx, e.Dim, p), true
	}
	return nil, false
}

// typ returns t with its layout over r.to warps; types without a layout
// (scalars, pointers, shared memory) are kept.
func (r warpRelayout) typ(t ir.Type) (ir.Type, bool) {
	rt, ok := t.(*ir.RankedTensorType)
	if !ok || rt.Encoding == nil {
		return t, true
	}
	enc, ok := r.layout(rt.Encoding)
	if !ok {
		return nil, false
	}
	return ir.RankedTensor(r.ctx, rt.Dims, rt.Elem, enc), true
}

// canRelayout reports whether every value ops define has a type r maps.
func (r warpRelayout) canRelayout(ops []*ir.Operation) bool {
	ok := true
	for _, op := range ops {
		ir.WalkDefinedValues(op, func(v ir.Value) {
			if _, good := r.typ(v.Type()); !good {
				ok = false
			}
		})
	}
	return ok
}

// apply rewrites the types of every value defined in block b (its ops'
// results, their regions' arguments, and dense constants' attributes)
// over r.to warps. The caller has checked the ops it cloned into b with
// canRelayout; a value of another layout (one the producer made itself)
// is refused, located at its op, rather than left over the function's
// warps.
func (r warpRelayout) apply(b *ir.Block) error {
	var err error
	for op := b.First(); op != nil && err == nil; op = op.Next() {
		ir.WalkDefinedValues(op, func(v ir.Value) {
			t, ok := r.typ(v.Type())
			switch {
			case err != nil:
			case !ok:
				err = ir.OpErrorf(op, "warp specialization: the producer's %s has no layout over %d warps", asm.TypeString(v.Type()), r.to)
			case v.Type() != t:
				setType(v, t)
			}
		})
		ir.WalkOps(op, func(o *ir.Operation) {
			if c, isDense := o.Attr("value").(*ir.DenseElementsAttr); isDense && err == nil {
				if t, ok := r.typ(c.Type()); ok && t != c.Type() {
					o.SetAttr("value", denseWithType(r.ctx, c, t.(ir.ShapedType)))
				}
			}
		})
	}
	return err
}

// setType sets the type of a result or block argument.
func setType(v ir.Value, t ir.Type) {
	switch x := v.(type) {
	case *ir.OpResult:
		x.SetType(t)
	case *ir.BlockArgument:
		x.SetType(t)
	}
}

// denseWithType is c's elements with type t (the same shape).
func denseWithType(ctx *ir.Context, c *ir.DenseElementsAttr, t ir.ShapedType) *ir.DenseElementsAttr {
	if c.IsSplat() {
		return ir.DenseSplat(ctx, t, c.SplatAttr(ctx))
	}
	if c.IsFloat() {
		vals := make([]float64, c.Len())
		for i := range vals {
			vals[i] = c.FloatAt(i)
		}
		return ir.DenseFloatElements(ctx, t, vals)
	}
	vals := make([]int64, c.Len())
	for i := range vals {
		vals[i] = c.IntAt(i)
	}
	return ir.DenseIntElements(ctx, t, vals)
}
