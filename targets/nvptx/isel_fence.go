package nvptx

import (
	"github.com/ttcompiler/tt/ir"
)

// Proxy and mbarrier-initialization fences (sm_90).

func (f *fn) emitFenceProxyAsync(op *ir.Operation) error {
	if err := f.requireSM(op, 90, "fence.proxy.async"); err != nil {
		return err
	}
	f.inss("fence.proxy.async.shared::cta")
	return nil
}

func (f *fn) emitFenceMBarrierInit(op *ir.Operation) error {
	if err := f.requireSM(op, 90, "fence.mbarrier_init"); err != nil {
		return err
	}
	f.inss("fence.mbarrier_init.release.cluster")
	return nil
}
