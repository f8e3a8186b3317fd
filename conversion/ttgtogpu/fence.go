package ttgtogpu

import (
	"github.com/ttcompiler/tt/conversion"
	"github.com/ttcompiler/tt/dialects/gpu"
	"github.com/ttcompiler/tt/ir"
)

// lowerFenceAsyncShared: ttng.fence_async_shared orders the thread's
// generic-proxy shared-memory accesses (ordinary stores into a buffer)
// before the async proxy's (wgmma's descriptor reads, TMA stores), as
// Triton's fence insertion places it; it becomes gpu.fence_proxy_async.
// With one CTA per cluster (the only case the conversion takes) the
// cluster-scope variant orders the same memory.
func (l *lowering) lowerFenceAsyncShared(op *ir.Operation, e *emitter, rw *conversion.Rewriter) error {
	if err := l.target.asyncProxy(); err != nil {
		return ir.OpErrorf(op, "%v", err)
	}
	gpu.NewFenceProxyAsync(e.b, e.loc)
	rw.EraseOp(op)
	return nil
}
