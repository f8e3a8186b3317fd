package ttng

import (
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asmfmt"
)

// Builders of the mbarrier ops. Each inserts the op at the builder's
// insertion point and returns it.

func segments(ctx *ir.Context, sizes ...int64) ir.NamedAttr {
	return ir.NamedAttr{Name: asmfmt.SegmentsAttr, Value: ir.DenseI32Array(ctx, sizes)}
}

// NewInitBarrier builds `ttng.init_barrier bar, count`.
func NewInitBarrier(b *ir.Builder, loc ir.Location, bar ir.Value, count int) *ir.Operation {
	return b.CreateOp("ttng.init_barrier", loc, []ir.Value{bar}, nil,
		ir.NamedAttr{Name: "count", Value: ir.I32Attr(b.Ctx, int64(count))})
}

// NewInvalBarrier builds `ttng.inval_barrier bar`.
func NewInvalBarrier(b *ir.Builder, loc ir.Location, bar ir.Value) *ir.Operation {
	return b.CreateOp("ttng.inval_barrier", loc, []ir.Value{bar}, nil)
}

// NewBarrierExpect builds `ttng.barrier_expect bar, bytes, pred`.
func NewBarrierExpect(b *ir.Builder, loc ir.Location, bar ir.Value, bytes int, pred ir.Value) *ir.Operation {
	return b.CreateOp("ttng.barrier_expect", loc, []ir.Value{bar, pred}, nil,
		ir.NamedAttr{Name: "size", Value: ir.I32Attr(b.Ctx, int64(bytes))})
}

// NewWaitBarrier builds `ttng.wait_barrier bar, phase[, pred] [deps ...]`;
// pred may be nil.
func NewWaitBarrier(b *ir.Builder, loc ir.Location, bar, phase, pred ir.Value, deps []ir.Value) *ir.Operation {
	ops := []ir.Value{bar, phase}
	var np int64
	if pred != nil {
		ops, np = append(ops, pred), 1
	}
	ops = append(ops, deps...)
	return b.CreateOp("ttng.wait_barrier", loc, ops, nil, segments(b.Ctx, 1, 1, np, int64(len(deps))))
}

// AttrArrivePerWarp, on a ttng.arrive_barrier, makes each warp's first
// lane arrive (count times) instead of the partition's thread 0: tt's
// warp specialization sets it where a consumer spans several warpgroups,
// whose warps are not otherwise synchronized before the arrival (the
// barrier then counts one arrival per warp). Not one of Triton's.
const AttrArrivePerWarp = "tt.arrive_per_warp"

// AttrClusterPeer, on a ttng.arrive_barrier, makes the arrival on the
// barrier at the same offset in the other CTA of the module's clusters of
// two CTAs (ttg.AttrCTACluster = 2) instead of the CTA's own, with
// release semantics at cluster scope: tt's warp specialization tells the
// other CTA's producer that a slot its multicast copies write is free.
// Not one of Triton's.
const AttrClusterPeer = "tt.cluster_peer"

// NewClusterArrive builds `ttng.cluster_arrive {relaxed = B}`: the
// thread's arrival at the cluster's barrier.
func NewClusterArrive(b *ir.Builder, loc ir.Location, relaxed bool) *ir.Operation {
	return b.CreateOp("ttng.cluster_arrive", loc, nil, nil, ir.NamedAttr{Name: "relaxed", Value: ir.BoolAttrOf(b.Ctx, relaxed)})
}

// NewClusterWait builds `ttng.cluster_wait`: the wait for every thread of
// the cluster to have arrived.
func NewClusterWait(b *ir.Builder, loc ir.Location) *ir.Operation {
	return b.CreateOp("ttng.cluster_wait", loc, nil, nil)
}

// NewArriveBarrier builds `ttng.arrive_barrier bar, count[, pred]`; pred
// may be nil.
func NewArriveBarrier(b *ir.Builder, loc ir.Location, bar ir.Value, count int, pred ir.Value) *ir.Operation {
	ops := []ir.Value{bar}
	if pred != nil {
		ops = append(ops, pred)
	}
	return b.CreateOp("ttng.arrive_barrier", loc, ops, nil,
		ir.NamedAttr{Name: "count", Value: ir.I32Attr(b.Ctx, int64(count))})
}

// NewAsyncCopyMbarrierArrive builds `ttng.async_copy_mbarrier_arrive bar`
// (with noIncrement: the barrier's count includes the arrival).
func NewAsyncCopyMbarrierArrive(b *ir.Builder, loc ir.Location, bar ir.Value, noIncrement bool) *ir.Operation {
	var attrs []ir.NamedAttr
	if noIncrement {
		attrs = append(attrs, ir.NamedAttr{Name: "noIncrement", Value: ir.Unit(b.Ctx)})
	}
	return b.CreateOp("ttng.async_copy_mbarrier_arrive", loc, []ir.Value{bar}, nil, attrs...)
}
