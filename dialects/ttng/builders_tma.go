package ttng

import (
	"github.com/ttcompiler/tt/ir"
)

// Builders of the TMA and descriptor ops.

// AttrOneIssuer, on a ttng.async_tma_copy_global_to_local, has lane 0 of
// the first warp issue every box of the copy instead of spreading the
// boxes over the warps (Triton's lowering: box m from warp m mod the
// warps): tt's warp specialization sets it where one warp of a producer
// runs the copies and the others wait at the partition's end. Not one of
// Triton's.
const AttrOneIssuer = "tt.tma_one_issuer"

// AttrMulticastCluster, on a ttng.async_tma_copy_global_to_local, has the
// CTAs of the module's clusters of CTAs (ttg.AttrCTACluster) fill the
// buffer together: every CTA of a cluster executes the copy with the same
// coordinates and predicate, box m of the tile is issued by the CTA of
// rank m mod the cluster's size, and each box lands in every CTA's buffer
// at the same offset, its bytes counted on every CTA's barrier at the
// same offset (TMA multicast). Each CTA's barrier thus sees the whole
// tile's bytes, as without the attribute, while the tile crosses L2 once.
// tt's warp specialization sets it where neighbouring CTAs load the same
// tile (ws_cluster.go). Not one of Triton's.
const AttrMulticastCluster = "tt.multicast_cluster"

// NewAsyncTMACopyGlobalToLocal builds `ttng.async_tma_copy_global_to_local
// desc[coords] buf, bar, pred`.
func NewAsyncTMACopyGlobalToLocal(b *ir.Builder, loc ir.Location, desc ir.Value, coords []ir.Value, bar, buf, pred ir.Value) *ir.Operation {
	ops := append(append([]ir.Value{desc}, coords...), bar, buf, pred)
	return b.CreateOp("ttng.async_tma_copy_global_to_local", loc, ops, nil)
}

// NewAsyncTMAGather builds `ttng.async_tma_gather desc[xs, y] buf, bar,
// pred`.
func NewAsyncTMAGather(b *ir.Builder, loc ir.Location, desc, xOffsets, yOffset, bar, buf, pred ir.Value) *ir.Operation {
	return b.CreateOp("ttng.async_tma_gather", loc, []ir.Value{desc, xOffsets, yOffset, bar, buf, pred}, nil)
}

// NewAsyncTMACopyLocalToGlobal builds `ttng.async_tma_copy_local_to_global
// desc[coords] src`.
func NewAsyncTMACopyLocalToGlobal(b *ir.Builder, loc ir.Location, desc ir.Value, coords []ir.Value, src ir.Value) *ir.Operation {
	return b.CreateOp("ttng.async_tma_copy_local_to_global", loc, append(append([]ir.Value{desc}, coords...), src), nil)
}

// NewAsyncTMAReduce builds `ttng.async_tma_reduce kind, desc[coords] src`.
func NewAsyncTMAReduce(b *ir.Builder, loc ir.Location, kind ir.Attribute, desc ir.Value, coords []ir.Value, src ir.Value) *ir.Operation {
	return b.CreateOp("ttng.async_tma_reduce", loc, append(append([]ir.Value{desc}, coords...), src), nil,
		ir.NamedAttr{Name: "kind", Value: kind})
}

// NewAsyncTMAScatter builds `ttng.async_tma_scatter desc[xs, y] src`.
func NewAsyncTMAScatter(b *ir.Builder, loc ir.Location, desc, xOffsets, yOffset, src ir.Value) *ir.Operation {
	return b.CreateOp("ttng.async_tma_scatter", loc, []ir.Value{desc, xOffsets, yOffset, src}, nil)
}

// NewTMAStoreWait builds `ttng.async_tma_store_wait {pendings}`.
func NewTMAStoreWait(b *ir.Builder, loc ir.Location, pendings int) *ir.Operation {
	return b.CreateOp("ttng.async_tma_store_wait", loc, nil, nil,
		ir.NamedAttr{Name: "pendings", Value: ir.I32Attr(b.Ctx, int64(pendings))})
}

// NewFenceAsyncShared builds `ttng.fence_async_shared {bCluster}`.
func NewFenceAsyncShared(b *ir.Builder, loc ir.Location, cluster bool) *ir.Operation {
	return b.CreateOp("ttng.fence_async_shared", loc, nil, nil,
		ir.NamedAttr{Name: "bCluster", Value: ir.BoolAttrOf(b.Ctx, cluster)})
}

// NewTensormapFenceproxyAcquire builds `ttng.tensormap_fenceproxy_acquire
// ptr`.
func NewTensormapFenceproxyAcquire(b *ir.Builder, loc ir.Location, ptr ir.Value) *ir.Operation {
	return b.CreateOp("ttng.tensormap_fenceproxy_acquire", loc, []ir.Value{ptr}, nil)
}

// NewReinterpretTensorDescriptor builds `ttng.reinterpret_tensor_descriptor
// ptr : !tt.ptr<i8> to t`.
func NewReinterpretTensorDescriptor(b *ir.Builder, loc ir.Location, ptr ir.Value, t ir.Type) *ir.Operation {
	return b.CreateOp("ttng.reinterpret_tensor_descriptor", loc, []ir.Value{ptr}, []ir.Type{t})
}

// TensormapParams are the descriptor fields of ttng.tensormap_create.
type TensormapParams struct {
	BoxDim, GlobalDim, GlobalStride, ElementStride    []ir.Value
	ElemType, InterleaveLayout, SwizzleMode, FillMode int
}

// NewTensormapCreate builds `ttng.tensormap_create descPtr, addr, [box],
// [dims], [strides], [elem strides] {...}`.
func NewTensormapCreate(b *ir.Builder, loc ir.Location, descPtr, addr ir.Value, p TensormapParams) *ir.Operation {
	ops := append([]ir.Value{descPtr, addr}, p.BoxDim...)
	ops = append(ops, p.GlobalDim...)
	ops = append(ops, p.GlobalStride...)
	ops = append(ops, p.ElementStride...)
	i32 := func(v int) ir.Attribute { return ir.I32Attr(b.Ctx, int64(v)) }
	return b.CreateOp("ttng.tensormap_create", loc, ops, nil,
		segments(b.Ctx, 1, 1, int64(len(p.BoxDim)), int64(len(p.GlobalDim)), int64(len(p.GlobalStride)), int64(len(p.ElementStride))),
		ir.NamedAttr{Name: "elem_type", Value: i32(p.ElemType)},
		ir.NamedAttr{Name: "interleave_layout", Value: i32(p.InterleaveLayout)},
		ir.NamedAttr{Name: "swizzle_mode", Value: i32(p.SwizzleMode)},
		ir.NamedAttr{Name: "fill_mode", Value: i32(p.FillMode)})
}

// TensormapCreateOperands reads back what NewTensormapCreate built: the
// descriptor and base pointers and the fields (ok false when the operand
// segments are malformed).
func TensormapCreateOperands(op *ir.Operation) (descPtr, addr ir.Value, p TensormapParams, ok bool) {
	seg, _ := op.Attr("operandSegmentSizes").(*ir.DenseArrayAttr)
	if seg == nil || len(seg.Ints) != 6 || seg.Ints[0] != 1 || seg.Ints[1] != 1 {
		return nil, nil, p, false
	}
	ops := op.Operands()
	total := int64(0)
	for _, n := range seg.Ints {
		total += n
	}
	if total != int64(len(ops)) {
		return nil, nil, p, false
	}
	groups := make([][]ir.Value, 6)
	at := int64(0)
	for i, n := range seg.Ints {
		groups[i] = ops[at : at+n]
		at += n
	}
	attr := func(name string) int {
		if a, ok := op.Attr(name).(*ir.IntegerAttr); ok {
			return int(a.Int())
		}
		return 0
	}
	p = TensormapParams{BoxDim: groups[2], GlobalDim: groups[3], GlobalStride: groups[4], ElementStride: groups[5],
		ElemType: attr("elem_type"), InterleaveLayout: attr("interleave_layout"), SwizzleMode: attr("swizzle_mode"), FillMode: attr("fill_mode")}
	return groups[0][0], groups[1][0], p, true
}
