package ttgtogpu

import (
	"github.com/ttcompiler/tt/dialects/gpu"
	"github.com/ttcompiler/tt/ir"
)

// ttg.local_store and ttg.local_alloc with an initial value through
// stmatrix (sm_90), as Triton 3.6's NVIDIA memory-op lowering chooses it
// for every store into a buffer (lowerLdStMatrix, tried plain then
// transposed before the generic path). stmatrix writes what ldmatrix of
// the same shape reads, so the plan is ldmatrix.go's: a store fits when
// the map from the source's registers and lanes to buffer elements has
// the 8x8 shape there. The epilogue of a Hopper matmul is the case that
// matters: the wgmma accumulator, narrowed to 16 bits, goes into an
// NVMMA-swizzled buffer for a TMA store; one x4 stmatrix then carries what
// four st.shared.b32 would.
//
// Threads that hold the same element (broadcast lanes or warps) all store
// it, unpredicated, as Triton does: the instruction is warp-collective and
// the copies are equal, so the bytes written do not depend on the order.
// Registers that repeat another's element are stored once.

// planStMatrix returns the stmatrix form of a store of lay into a buffer
// addressed by p, or nil when the target lacks stmatrix or the layouts do
// not fit it.
func (l *lowering) planStMatrix(lay *regLayout, p *cvtPlan) *ldMatrixPlan {
	if !l.target.hasStMatrix() {
		return nil
	}
	return planMatrixMove(lay, p)
}

// store writes the registers vals (of lay) into the buffer at base.
func (ld *ldMatrixPlan) store(e *emitter, base ir.Value, vals []ir.Value, bits int) {
	tp := e.fs.threadPart(e.l, ld.col)
	for _, in := range ld.instrs {
		idx := e.xor(tp, e.i32c(in.idx))
		addr := e.byteGep(base, e.mulC(idx, int64(bits/8)))
		words := make([]ir.Value, len(in.regs))
		for i, u := range in.regs {
			words[i] = vals[ld.uniqueTo[u]]
		}
		gpu.NewStMatrix(e.b, e.loc, addr, words, ld.trans)
	}
}
