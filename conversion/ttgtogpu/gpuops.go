package ttgtogpu

import (
	"github.com/ttcompiler/tt/dialects/gpu"
	"github.com/ttcompiler/tt/dialects/memory"
	"github.com/ttcompiler/tt/ir"
)

// gpuB builds ops of the gpu dialect at the emitter's insertion point.
type gpuB struct{ e *emitter }

func newGPU(e *emitter) gpuB { return gpuB{e} }

var dims = map[string]gpu.Dim{"x": gpu.DimX, "y": gpu.DimY, "z": gpu.DimZ}

// threadID is `gpu.thread_id x`.
func (g gpuB) threadID() ir.Value { return gpu.NewThreadID(g.e.b, g.e.loc, gpu.DimX).Result(0) }

// blockID is `gpu.block_id <dim>`.
func (g gpuB) blockID(dim string) ir.Value {
	return gpu.NewBlockID(g.e.b, g.e.loc, dims[dim]).Result(0)
}

// clusterID is `gpu.cluster_id <dim>`.
func (g gpuB) clusterID(dim string) ir.Value {
	return gpu.NewClusterID(g.e.b, g.e.loc, dims[dim]).Result(0)
}

// clusterDim is `gpu.cluster_dim <dim>`.
func (g gpuB) clusterDim(dim string) ir.Value {
	return gpu.NewClusterDim(g.e.b, g.e.loc, dims[dim]).Result(0)
}

// clusterRank is `gpu.cluster_block_rank`.
func (g gpuB) clusterRank() ir.Value { return gpu.NewClusterBlockRank(g.e.b, g.e.loc).Result(0) }

// gridDim is `gpu.grid_dim <dim>`.
func (g gpuB) gridDim(dim string) ir.Value {
	return gpu.NewGridDim(g.e.b, g.e.loc, dims[dim]).Result(0)
}

// barrier is `gpu.barrier`.
func (g gpuB) barrier() { gpu.NewBarrier(g.e.b, g.e.loc) }

// sharedBase is `gpu.shared_base`.
func (g gpuB) sharedBase() ir.Value { return gpu.NewSharedBase(g.e.b, g.e.loc).Result(0) }

// Shuffle modes.
const (
	shflXor = gpu.ShuffleXor
	shflIdx = gpu.ShuffleIdx
)

// shuffle32 shuffles a 32-bit value over segments of width lanes.
func (g gpuB) shuffle32(mode gpu.ShuffleMode, v, offset ir.Value, width int64) ir.Value {
	return gpu.NewShuffle(g.e.b, g.e.loc, mode, v, offset, g.e.i32c(width)).Result(0)
}

// memOpts are the modifiers of a memory access (the space follows from
// the pointer).
type memOpts = gpu.MemOptions

// load is a predicated vector load of len(types) words of one type; where
// pred is false the results are others (zeros if others is nil). pred nil
// means always.
func (g gpuB) load(ptr, pred ir.Value, others []ir.Value, types []ir.Type, o memOpts) []ir.Value {
	if pred == nil && len(others) > 0 {
		pred = g.e.cBool(true)
	}
	return gpu.NewLoad(g.e.b, g.e.loc, ptr, pred, others, types, o).Results()
}

// store is a predicated vector store of words of one type.
func (g gpuB) store(ptr, pred ir.Value, vals []ir.Value, o memOpts) {
	gpu.NewStore(g.e.b, g.e.loc, ptr, pred, vals, o)
}

// atomicRMW is a predicated atomic read-modify-write returning the old
// value.
func (g gpuB) atomicRMW(kind memory.RMWOp, sem memory.MemSemantic, scope memory.MemSyncScope, ptr, val, pred ir.Value) ir.Value {
	return gpu.NewAtomicRMW(g.e.b, g.e.loc, kind, sem, scope, ptr, val, pred).Result(0)
}

// atomicCAS is a predicated compare-and-swap returning the old value.
func (g gpuB) atomicCAS(sem memory.MemSemantic, scope memory.MemSyncScope, ptr, cmp, val, pred ir.Value) ir.Value {
	return gpu.NewAtomicCAS(g.e.b, g.e.loc, sem, scope, ptr, cmp, val, pred).Result(0)
}

// fast applies one of the fast-math ops (gpu.ex2_approx, ...).
func (g gpuB) fast(def *ir.OpDef, ftz bool, args ...ir.Value) ir.Value {
	return gpu.NewFastMath(g.e.b, g.e.loc, def, ftz, args...).Result(0)
}

// divFull is `gpu.div_full` (div.full.f32).
func (g gpuB) divFull(a, b ir.Value) ir.Value { return g.fast(gpu.DivFullOp, false, a, b) }

// cvt converts between float formats with a rounding mode (RoundNone for
// exact conversions).
func (g gpuB) cvt(x ir.Value, to ir.Type, rounding gpu.Rounding, satfinite bool) ir.Value {
	return gpu.NewCvt(g.e.b, g.e.loc, to, gpu.CvtOptions{Rounding: rounding, Satfinite: satfinite}, x).Result(0)
}

// mulhi is the high half of a product.
func (g gpuB) mulhi(a, b ir.Value, unsigned bool) ir.Value {
	return gpu.NewMulHi(g.e.b, g.e.loc, a, b, unsigned).Result(0)
}

// tableLoad is `gpu.table_load idx`: element idx of the constant table
// vals (of type elem, i32 or i64). idx must be in the table wherever the
// op may run, speculated too (dialects/gpu/table.go).
func (g gpuB) tableLoad(idx ir.Value, elem ir.Type, vals []int64) ir.Value {
	return gpu.NewTableLoad(g.e.b, g.e.loc, idx, elem, vals).Result(0)
}

// printf is device printf.
func (g gpuB) printf(format string, args []ir.Value) { gpu.NewPrintf(g.e.b, g.e.loc, format, args...) }

// assert is a device assertion.
func (g gpuB) assert(cond ir.Value, msg, file, fn string, line int) {
	gpu.NewAssert(g.e.b, g.e.loc, cond, msg, file, fn, int64(line))
}

// unary applies the fast-math op gpu.<name> (ex2_approx, lg2_approx, ...).
func (g gpuB) unary(name string, x ir.Value, ftz bool) ir.Value {
	return g.fast(gpu.FastMathOps["gpu."+name], ftz, x)
}

// rounded is gpu.fadd, gpu.fmul or gpu.fma of f32 args rounded in mode r
// (gpu.saturate: r unused), flushing subnormals when ftz.
func (g gpuB) rounded(def *ir.OpDef, r gpu.Rounding, ftz bool, args ...ir.Value) ir.Value {
	return gpu.NewRounded(g.e.b, g.e.loc, def, r, ftz, args...).Result(0)
}
