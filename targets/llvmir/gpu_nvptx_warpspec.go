package llvmir

import (
	"fmt"

	lltypes "github.com/llir/llvm/ir/types"

	"github.com/ttcompiler/tt/dialects/gpu"
	"github.com/ttcompiler/tt/ir"
)

// Warp specialization on NVPTX: bar.sync/bar.arrive with a thread count
// (barrier.sync/barrier.arrive, the unaligned forms, for barriers marked
// `unaligned`), setmaxnreg and elect.sync as inline PTX, the same text as
// tt's PTX emitter prints.

func (fx *fnTr) nvNamedBarrier(op *ir.Operation) error {
	xs, err := fx.operands(op)
	if err != nil {
		return err
	}
	fx.asm(gpu.NamedBarrierPTX(op)+" $0, $1;", "r,r", lltypes.Void, true, xs...)
	return nil
}

func (fx *fnTr) nvSetMaxNReg(op *ir.Operation) error {
	if fx.tr.target.SM() < 90 {
		return ir.OpErrorf(op, "setmaxnreg needs sm_90a or newer; the target is %s", fx.tr.target.Arch)
	}
	dir := "dec"
	if gpu.IncreasesRegs(op) {
		dir = "inc"
	}
	fx.asm(fmt.Sprintf("setmaxnreg.%s.sync.aligned.u32 %d;", dir, gpu.MaxNRegs(op)), "", lltypes.Void, true)
	return nil
}

func (fx *fnTr) nvElectSync(op *ir.Operation) error {
	if err := fx.requireSM(op, 90, "elect.sync"); err != nil {
		return err
	}
	fx.set(op, fx.asm("elect.sync _|$0, 0xffffffff;", "=b", lltypes.I1, true))
	return nil
}
