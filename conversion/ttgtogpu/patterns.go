package ttgtogpu

import (
	"sync"

	"github.com/ttcompiler/tt/conversion"
	"github.com/ttcompiler/tt/ir"
)

// loweringFn lowers one op of lowering l. It returns a located error,
// before changing anything, when it cannot; otherwise it replaces op.
type loweringFn func(l *lowering, op *ir.Operation, e *emitter, rw *conversion.Rewriter) error

// pat wraps a lowering function as a conversion pattern: it finds the
// enclosing converted function (whose prologue the emitter uses) and turns
// errors into recorded failures. The lowering is the conversion's State.
func pat(root string, fn loweringFn) conversion.Pattern {
	return conversion.NewOpPattern(root, root, 1, func(op *ir.Operation, rw *conversion.Rewriter) bool {
		l := rw.State().(*lowering)
		fs, partition := l.stateOf(op)
		if fs == nil {
			return l.fail(ir.OpErrorf(op, "cannot lower '%s' outside of a function", op.Name()))
		}
		// A partition's code runs on its own warps (warpspec.go).
		numWarps := l.numWarps
		if partition {
			l.numWarps = fs.numWarps
		}
		err := fn(l, op, l.newEmitter(fs, rw.B(), op.Loc()), rw)
		l.numWarps = numWarps
		if err != nil {
			return l.fail(err)
		}
		return true
	})
}

// stateOf returns the state of the converted function op is in, or of
// its warp_specialize partition (partition true); nil outside of one.
// The ops of a block share it, and the ops are lowered block by block:
// the answer for the block last asked about is kept rather than found
// again through op's parents.
func (l *lowering) stateOf(op *ir.Operation) (fs *funcState, partition bool) {
	b := op.Block()
	if p := &l.lastPlace; p.block == b && b != nil {
		return p.fs, p.partition
	}
	fs = l.funcs[op.ParentOfName("llvm.func")]
	if fs == nil {
		return nil, false
	}
	if ps := l.partitionState(op); ps != nil {
		fs, partition = ps, true
	}
	l.lastPlace = place{block: b, fs: fs, partition: partition}
	return fs, partition
}

// place is what stateOf found for the ops of one block.
type place struct {
	block     *ir.Block
	fs        *funcState
	partition bool
}

// newEmitter returns a new emitter for one op's lowering, carved from a
// slab: an emitter per op lowered, allocated one by one, was most of what
// the pattern wrapper cost.
func (l *lowering) newEmitter(fs *funcState, b *ir.Builder, loc ir.Location) *emitter {
	if len(l.emitters) == 0 {
		l.emitters = make([]emitter, 64)
	}
	e := &l.emitters[0]
	l.emitters = l.emitters[1:]
	*e = emitter{l: l, fs: fs, b: b, loc: loc}
	return e
}

// loweringPatterns are every pattern of the conversion, made once a
// process: they read the compile's lowering from Rewriter.State.
var loweringPatterns = sync.OnceValue(func() *conversion.PatternSet {
	ps := []conversion.Pattern{
		conversion.NewOpPattern("tt.func", "tt.func", 1, func(op *ir.Operation, rw *conversion.Rewriter) bool {
			return rw.State().(*lowering).lowerFunc(op, rw)
		}),
		pat("tt.return", (*lowering).lowerReturn),
		pat("tt.call", (*lowering).lowerCall),
		pat("ttg.warp_specialize", (*lowering).lowerWarpSpecialize),
		pat("ttg.warp_yield", (*lowering).lowerWarpYield),
		pat("cf.br", (*lowering).lowerBr),
		pat("cf.cond_br", (*lowering).lowerCondBr),
		pat("cf.assert", (*lowering).lowerCFAssert),
		pat("tt.get_program_id", (*lowering).lowerProgramID),
		pat("tt.get_num_programs", (*lowering).lowerNumPrograms),
		pat("ttg.warp_id", (*lowering).lowerWarpID),
		pat("arith.constant", (*lowering).lowerConstant),
		pat("ub.poison", (*lowering).lowerPoison),
		pat("tt.make_range", (*lowering).lowerMakeRange),
		pat("tt.splat", (*lowering).lowerSplat),
		pat("tt.unsplat", (*lowering).lowerUnsplat),
		pat("tt.broadcast", (*lowering).lowerBroadcast),
		pat("tt.expand_dims", (*lowering).lowerExpandDims),
		pat("tt.reshape", (*lowering).lowerReshape),
		pat("tt.trans", (*lowering).lowerTrans),
		pat("tt.join", (*lowering).lowerJoin),
		pat("tt.split", (*lowering).lowerSplit),
		pat("tt.cat", (*lowering).lowerCat),
		pat("ttg.fp4_to_fp", (*lowering).lowerFp4ToFp),
		pat("tt.map_elementwise", (*lowering).lowerMapElementwise),
		pat("tt.addptr", (*lowering).lowerAddPtr),
		pat("tt.load", (*lowering).lowerLoad),
		pat("tt.store", (*lowering).lowerStore),
		pat("amdg.buffer_load", (*lowering).lowerBufferLoad),
		pat("amdg.buffer_store", (*lowering).lowerBufferStore),
		pat("amdg.buffer_atomic_rmw", (*lowering).lowerBufferAtomicRMW),
		pat("amdg.buffer_atomic_cas", (*lowering).lowerBufferAtomicCAS),
		pat("tt.reduce", (*lowering).lowerReduce),
		pat("tt.scan", (*lowering).lowerScan),
		pat("tt.histogram", (*lowering).lowerHistogram),
		pat("tt.atomic_rmw", (*lowering).lowerAtomicRMW),
		pat("tt.atomic_cas", (*lowering).lowerAtomicCAS),
		pat("tt.print", (*lowering).lowerPrint),
		pat("tt.assert", (*lowering).lowerAssert),
		pat("tt.elementwise_inline_asm", (*lowering).lowerInlineAsm),
		pat("tt.extern_elementwise", (*lowering).lowerExtern),
		pat("tt.gather", (*lowering).lowerGather),
		pat("ttg.convert_layout", (*lowering).lowerConvertLayout),
		pat("ttg.local_alloc", (*lowering).lowerLocalAlloc),
		pat("ttg.local_load", (*lowering).lowerLocalLoad),
		pat("ttg.local_store", (*lowering).lowerLocalStore),
		pat("ttg.local_dealloc", (*lowering).lowerLocalDealloc),
		pat("ttg.memdesc_index", (*lowering).lowerMemDescIndex),
		pat("ttg.memdesc_subslice", (*lowering).lowerMemDescView),
		pat("ttg.memdesc_trans", (*lowering).lowerMemDescView),
		pat("ttg.memdesc_reshape", (*lowering).lowerMemDescView),
		pat("ttg.memdesc_reinterpret", (*lowering).lowerMemDescView),
		pat("ttg.async_copy_global_to_local", (*lowering).lowerAsyncCopy),
		pat("ttg.async_commit_group", (*lowering).lowerAsyncCommitGroup),
		pat("ttg.async_wait", (*lowering).lowerAsyncWait),
		pat("tt.dot", (*lowering).lowerDot),
		pat("ttg.local_barrier", (*lowering).lowerLocalBarrier),
		pat("ttng.warp_group_dot", (*lowering).lowerWarpGroupDot),
		pat("ttng.warp_group_dot_wait", (*lowering).lowerWarpGroupDotWait),
		pat("ttng.fence_async_shared", (*lowering).lowerFenceAsyncShared),
		pat("ttng.init_barrier", (*lowering).lowerInitBarrier),
		pat("ttng.inval_barrier", (*lowering).lowerInvalBarrier),
		pat("ttng.barrier_expect", (*lowering).lowerBarrierExpect),
		pat("ttng.wait_barrier", (*lowering).lowerWaitBarrier),
		pat("ttng.arrive_barrier", (*lowering).lowerArriveBarrier),
		pat("ttng.cluster_arrive", (*lowering).lowerClusterArrive),
		pat("ttng.cluster_wait", (*lowering).lowerClusterWait),
		pat("ttng.async_copy_mbarrier_arrive", (*lowering).lowerAsyncCopyMbarrierArrive),
		pat("ttng.async_tma_copy_global_to_local", (*lowering).lowerTMALoad),
		pat("ttng.async_tma_copy_local_to_global", (*lowering).lowerTMAStore),
		pat("ttng.async_tma_reduce", (*lowering).lowerTMAReduce),
		pat("ttng.async_tma_store_wait", (*lowering).lowerTMAStoreWait),
		pat("ttng.reinterpret_tensor_descriptor", (*lowering).lowerReinterpretTensorDesc),
		pat("ttng.tensormap_create", (*lowering).lowerTensormapCreate),
		pat("ttng.tensormap_fenceproxy_acquire", (*lowering).lowerTensormapFenceproxyAcquire),
		pat("ttg.global_scratch_alloc", (*lowering).lowerGlobalScratchAlloc),
		pat("tt.make_tensor_descriptor", (*lowering).refuseInKernelDescriptor),
	}
	for name, fn := range elementwisePatterns() {
		ps = append(ps, pat(name, fn))
	}
	ps = append(ps, amdPatterns()...)
	// Anything else is reported with its name and location.
	ps = append(ps, conversion.NewOpPattern("unsupported", "", 0, func(op *ir.Operation, rw *conversion.Rewriter) bool {
		return rw.State().(*lowering).fail(ir.OpErrorf(op, "convert-triton-gpu-to-gpu does not support '%s'", op.Name()))
	}))
	return conversion.NewPatternSet(ps)
})
