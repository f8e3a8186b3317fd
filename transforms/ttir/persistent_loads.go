package ttir

import (
	"github.com/ttcompiler/tt/analysis/axisinfo"
	"github.com/ttcompiler/tt/dialects/tt"
	"github.com/ttcompiler/tt/ir"
)

// minCopyBytes is the narrowest per-thread vector the software pipeliner
// copies asynchronously (cp.async moves 4, 8 or 16 bytes).
const minCopyBytes = 4

// dotLoadsPipeline reports whether every pointer load of a tile that
// feeds a tt.dot of fn directly loads vectors of at least minCopyBytes a
// thread, by axis analysis of its pointers: what the software pipeliner
// needs to copy it asynchronously, and TMA its 16-byte strides. Where a
// load cannot (a matrix whose row stride Triton's specialization does not
// promise to be a multiple of 16 elements, loaded element by element),
// the K loop is not pipelined, and
// the persistent schedule only adds the tile loop's state to a loop whose
// registers its 2-byte loads' addresses already fill: on the H200, the
// 3000x5000x1000 f16 matmul read 7.5 TFLOP/s persistent against 21.9
// without (Triton 32; docs/PERFORMANCE.md, "Beyond the perf set's
// cubes").
func dotLoadsPipeline(fn *ir.Operation, ai *axisinfo.Module) bool {
	ok := true
	ir.WalkOps(fn, func(dot *ir.Operation) {
		if !ok || dot.Name() != tt.DotDef.Name {
			return
		}
		for _, operand := range dot.Operands()[:min(2, dot.NumOperands())] {
			load := operand.DefiningOp()
			if load == nil || load.Name() != tt.LoadDef.Name || !tt.IsTensorOfPtr(load.Operand(0).Type()) {
				continue
			}
			if contiguous, bytes := loadVectorBytes(load, ai); contiguous && bytes < minCopyBytes {
				ok = false
			}
		}
	})
	return ok
}

// loadVectorBytes is the widest vector of consecutive elements, in bytes,
// that a thread can load from load's pointers along one dimension: as
// many elements as are contiguous and aligned to the vector; and whether
// the pointers are contiguous along any dimension (a tile of a matrix,
// not a broadcast address). The mask is left out: TMA (tt-tma-loads)
// fills what a mask drops with zeros, and what its alignment needs is the
// pointers'.
func loadVectorBytes(load *ir.Operation, ai *axisinfo.Module) (contiguous bool, bytes int64) {
	rt, ok := load.Result(0).Type().(*ir.RankedTensorType)
	if !ok {
		return false, 0
	}
	elemBytes := int64(max(ir.BitWidth(rt.Elem)/8, 1))
	ptr, found := ai.Info(load.Operand(0))
	if !found || ptr.Rank() != rt.Rank() {
		return false, elemBytes
	}
	best := int64(1)
	for d := range rt.Rank() {
		contiguous = contiguous || ptr.Contiguity[d] > 1
		best = max(best, min(ptr.Contiguity[d], max(ptr.Divisibility[d]/elemBytes, 1)))
	}
	return contiguous, best * elemBytes
}
