package nvptx

import (
	"github.com/ttcompiler/tt/dialects/gpu"
	"github.com/ttcompiler/tt/ir"
)

// Warp specialization: named barriers, register reallocation, election.

func (f *fn) emitNamedBarrier(op *ir.Operation) error {
	xs, err := f.operands(op)
	if err != nil {
		return err
	}
	f.inss("%s %s, %s", gpu.NamedBarrierPTX(op), f.src(xs[0]), f.src(xs[1]))
	return nil
}

func (f *fn) emitSetMaxNReg(op *ir.Operation) error {
	if err := f.requireAccel(op, "setmaxnreg", false); err != nil {
		return err
	}
	dir := "dec"
	if gpu.IncreasesRegs(op) {
		dir = "inc"
	}
	f.ins("setmaxnreg.%s.sync.aligned.u32 %d", dir, gpu.MaxNRegs(op))
	return nil
}

func (f *fn) emitElectSync(op *ir.Operation) error {
	if err := f.requireSM(op, 90, "elect.sync"); err != nil {
		return err
	}
	d, err := f.def(op, 0)
	if err != nil {
		return err
	}
	f.inss("elect.sync _|%s, -1", d)
	return nil
}
