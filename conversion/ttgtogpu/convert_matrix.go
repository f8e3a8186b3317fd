package ttgtogpu

import (
	"github.com/ttcompiler/tt/dialects/gpu"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/linearlayout"
)

// A side of a layout conversion for which Triton 3.6's NVIDIA rule chose
// ldmatrix or stmatrix (linearlayout.SharedConversion's Load and Store)
// moves with that instruction, as Triton's lowerLdStMatrix does: one x4
// instruction carries what four 32-bit ld.shared/st.shared would (the
// layout makes only 32 bits of that side contiguous). The matrix shape is
// ldmatrix.go's, over the register bits that stay within a round; the
// register bits that are rounds (reps) pick the registers of each round.
// When the side's registers do not split that way, or the target lacks
// the instruction, the side takes the plain accesses.

// matrixSide is one side of a conversion as matrix instructions.
type matrixSide struct {
	ld    *ldMatrixPlan // the instructions of round 0, over in-round register bits
	trans bool
	// roundRegs holds, per round bit, the register (one register bit)
	// whose elements are in that round.
	roundRegs []int
}

// planMatrixSide returns side's matrix instructions, or nil for plain
// accesses. store says whether the side stores (stmatrix) or loads.
func (l *lowering) planMatrixSide(side *regLayout, p *cvtPlan, instr linearlayout.MemInstr, store bool, elem ir.Type) *matrixSide {
	if instr == linearlayout.MemLdSt || store && !l.target.hasStMatrix() || !store && !l.target.hasLdMatrix() {
		return nil
	}
	if side.laneBits != 5 || p.bits < 8 || p.bits > 32 || ir.BitWidth(elem) != p.bits {
		return nil
	}
	roundBits := log2(int64(p.numRounds))
	ms := &matrixSide{trans: instr == linearlayout.MemMatrixTrans, roundRegs: make([]int, roundBits)}
	mask := int64(1)<<p.roundLog - 1
	var rbits []int
	var regOff []int64
	seen := 0
	for j := 0; 1<<j < side.numRegs; j++ {
		if side.freeReg>>j&1 != 0 {
			continue
		}
		f := p.flat(side.regs[1<<j])
		in, round := f&mask, f>>p.roundLog
		switch {
		case round == 0:
			rbits = append(rbits, j)
			regOff = append(regOff, in)
		case in == 0 && round&(round-1) == 0 && seen&int(round) == 0:
			seen |= int(round)
			ms.roundRegs[log2(round)] = 1 << j
		default:
			return nil
		}
	}
	if seen != 1<<roundBits-1 {
		return nil
	}
	tidOff := make([]int64, len(side.tidBases))
	for i, b := range side.tidBases {
		tidOff[i] = p.flat(b)
	}
	var shape *ldMatrixShape
	if ms.trans {
		if p.bits == 16 {
			shape = planLdMatrixTrans(regOff, tidOff, p)
		}
	} else {
		shape = planLdMatrixPlain(regOff, tidOff, p)
	}
	if shape == nil {
		return nil
	}
	ms.ld = shape.finish(rbits)
	return ms
}

// emit calls access for every instruction of the round, with the
// registers it moves (in the instruction's element order) and the lane's
// row address.
func (ms *matrixSide) emit(e *emitter, smemOff int, bits int, round int, access func(regs []int, addr ir.Value)) {
	rr := 0
	for k, r := range ms.roundRegs {
		if round>>k&1 != 0 {
			rr |= r
		}
	}
	tp := e.fs.threadPart(e.l, ms.ld.col)
	for _, in := range ms.ld.instrs {
		regs := make([]int, len(in.regs))
		for i, u := range in.regs {
			regs[i] = ms.ld.uniqueTo[u] | rr
		}
		idx := e.xor(tp, e.i32c(in.idx))
		access(regs, e.smemAddr(smemOff, e.mulC(idx, int64(bits/8))))
	}
}

// store writes the round's registers of src with stmatrix.
func (ms *matrixSide) store(e *emitter, smemOff, bits, round int, src []ir.Value) {
	ms.emit(e, smemOff, bits, round, func(regs []int, addr ir.Value) {
		vals := make([]ir.Value, len(regs))
		for i, r := range regs {
			vals[i] = src[r]
		}
		gpu.NewStMatrix(e.b, e.loc, addr, vals, ms.trans)
	})
}

// load reads the round's registers into out with ldmatrix.
func (ms *matrixSide) load(e *emitter, smemOff, bits, round int, elem ir.Type, out []ir.Value) {
	ms.emit(e, smemOff, bits, round, func(regs []int, addr ir.Value) {
		res := gpu.NewLdMatrix(e.b, e.loc, addr, elem, len(regs), ms.trans).Results()
		for i, r := range regs {
			out[r] = res[i]
		}
	})
}
