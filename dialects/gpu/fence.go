package gpu

import (
	"github.com/ttcompiler/tt/ir"
)

// Proxy and mbarrier-initialization fences (sm_90):
//
//	gpu.fence_proxy_async
//	gpu.fence_mbarrier_init
//
// gpu.fence_proxy_async (PTX fence.proxy.async.shared::cta) orders the
// executing thread's earlier shared-memory accesses through the generic
// proxy (gpu.store, gpu.stmatrix, landed gpu.cp_async copies) before its
// later accesses through the async proxy (gpu.wgmma's descriptor reads,
// gpu.tma_store's reads, gpu.tma_load's writes), and vice versa. Data
// written by ordinary stores becomes visible to a wgmma or TMA store of
// another thread only through this fence in the writer followed by a
// barrier; without it the async proxy may read stale bytes (a race).
//
// gpu.fence_mbarrier_init (PTX fence.mbarrier_init.release.cluster) makes
// the thread's earlier gpu.mbarrier_init visible to the async proxy, so
// that TMA loads (which complete transactions on the barrier) observe the
// initialized object; it is followed by a barrier before the first TMA.
//
// Both read and write all memory: nothing moves across them.
var (
	FenceProxyAsyncOp   = Dialect.NewOp("fence_proxy_async", 0)
	FenceMBarrierInitOp = Dialect.NewOp("fence_mbarrier_init", 0)
)

func init() {
	for _, def := range []*ir.OpDef{FenceProxyAsyncOp, FenceMBarrierInitOp} {
		def.Parse = parseNoOperands
		def.Print = printNoOperands
		def.Verify = func(op *ir.Operation) error { return counts(op, 0, 0) }
		def.AppendEffects = orderingEffects
	}
}

// NewFenceProxyAsync builds `gpu.fence_proxy_async`.
func NewFenceProxyAsync(b *ir.Builder, loc ir.Location) *ir.Operation {
	return b.CreateOp(FenceProxyAsyncOp.Name, loc, nil, nil)
}

// NewFenceMBarrierInit builds `gpu.fence_mbarrier_init`.
func NewFenceMBarrierInit(b *ir.Builder, loc ir.Location) *ir.Operation {
	return b.CreateOp(FenceMBarrierInitOp.Name, loc, nil, nil)
}
