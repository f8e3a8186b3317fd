package llvmir

import (
	lltypes "github.com/llir/llvm/ir/types"

	"github.com/ttcompiler/tt/dialects/gpu"
	"github.com/ttcompiler/tt/ir"
)

// Proxy and mbarrier-initialization fences: inline PTX (LLVM 14 has no
// intrinsics for them).

func (fx *fnTr) nvFence(op *ir.Operation) error {
	text := "fence.proxy.async.shared::cta;"
	if op.Name() == gpu.FenceMBarrierInitOp.Name {
		text = "fence.mbarrier_init.release.cluster;"
	}
	if err := fx.requireSM(op, 90, text[:len(text)-1]); err != nil {
		return err
	}
	fx.asm(text, "", lltypes.Void, true)
	return nil
}

// nvTensormap refuses the in-kernel tensor-map ops: tensormap.replace's
// global_stride operand depends on the PTX version llc prints (ptxas of
// PTX 8.5 and older wants it in 16-byte units), which this translation
// does not choose; tt's PTX emitter (targets/nvptx) emits them.
func (fx *fnTr) nvTensormap(op *ir.Operation) error {
	return ir.OpErrorf(op, "'%s' is emitted by tt's PTX emitter only (--target=ptx), not through LLVM IR", op.Name())
}
