package ttgtogpu

import (
	"github.com/ttcompiler/tt/conversion"
	"github.com/ttcompiler/tt/ir"
)

// loweringFn lowers one op. It returns a located error, before changing
// anything, when it cannot; otherwise it replaces op.
type loweringFn func(op *ir.Operation, e *emitter, rw *conversion.Rewriter) error

// pat wraps a lowering function as a conversion pattern: it finds the
// enclosing converted function (whose prologue the emitter uses) and turns
// errors into recorded failures.
func (l *lowering) pat(root string, fn loweringFn) conversion.Pattern {
	return conversion.NewOpPattern(root, root, 1, func(op *ir.Operation, rw *conversion.Rewriter) bool {
		fs, partition := l.stateOf(op)
		if fs == nil {
			return l.fail(ir.OpErrorf(op, "cannot lower '%s' outside of a function", op.Name()))
		}
		// A partition's code runs on its own warps (warpspec.go).
		numWarps := l.numWarps
		if partition {
			l.numWarps = fs.numWarps
		}
		err := fn(op, l.newEmitter(fs, rw.B(), op.Loc()), rw)
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

// patterns returns every pattern of the conversion.
func (l *lowering) patterns() []conversion.Pattern {
	ps := []conversion.Pattern{
		conversion.NewOpPattern("tt.func", "tt.func", 1, l.lowerFunc),
		l.pat("tt.return", l.lowerReturn),
		l.pat("tt.call", l.lowerCall),
		l.pat("ttg.warp_specialize", l.lowerWarpSpecialize),
		l.pat("ttg.warp_yield", l.lowerWarpYield),
		l.pat("cf.br", l.lowerBr),
		l.pat("cf.cond_br", l.lowerCondBr),
		l.pat("cf.assert", l.lowerCFAssert),
		l.pat("tt.get_program_id", l.lowerProgramID),
		l.pat("tt.get_num_programs", l.lowerNumPrograms),
		l.pat("ttg.warp_id", l.lowerWarpID),
		l.pat("arith.constant", l.lowerConstant),
		l.pat("ub.poison", l.lowerPoison),
		l.pat("tt.make_range", l.lowerMakeRange),
		l.pat("tt.splat", l.lowerSplat),
		l.pat("tt.unsplat", l.lowerUnsplat),
		l.pat("tt.broadcast", l.lowerBroadcast),
		l.pat("tt.expand_dims", l.lowerExpandDims),
		l.pat("tt.reshape", l.lowerReshape),
		l.pat("tt.trans", l.lowerTrans),
		l.pat("tt.join", l.lowerJoin),
		l.pat("tt.split", l.lowerSplit),
		l.pat("tt.cat", l.lowerCat),
		l.pat("ttg.fp4_to_fp", l.lowerFp4ToFp),
		l.pat("tt.map_elementwise", l.lowerMapElementwise),
		l.pat("tt.addptr", l.lowerAddPtr),
		l.pat("tt.load", l.lowerLoad),
		l.pat("tt.store", l.lowerStore),
		l.pat("amdg.buffer_load", l.lowerBufferLoad),
		l.pat("amdg.buffer_store", l.lowerBufferStore),
		l.pat("amdg.buffer_atomic_rmw", l.lowerBufferAtomicRMW),
		l.pat("amdg.buffer_atomic_cas", l.lowerBufferAtomicCAS),
		l.pat("tt.reduce", l.lowerReduce),
		l.pat("tt.scan", l.lowerScan),
		l.pat("tt.histogram", l.lowerHistogram),
		l.pat("tt.atomic_rmw", l.lowerAtomicRMW),
		l.pat("tt.atomic_cas", l.lowerAtomicCAS),
		l.pat("tt.print", l.lowerPrint),
		l.pat("tt.assert", l.lowerAssert),
		l.pat("tt.elementwise_inline_asm", l.lowerInlineAsm),
		l.pat("tt.extern_elementwise", l.lowerExtern),
		l.pat("tt.gather", l.lowerGather),
		l.pat("ttg.convert_layout", l.lowerConvertLayout),
		l.pat("ttg.local_alloc", l.lowerLocalAlloc),
		l.pat("ttg.local_load", l.lowerLocalLoad),
		l.pat("ttg.local_store", l.lowerLocalStore),
		l.pat("ttg.local_dealloc", l.lowerLocalDealloc),
		l.pat("ttg.memdesc_index", l.lowerMemDescIndex),
		l.pat("ttg.memdesc_subslice", l.lowerMemDescView),
		l.pat("ttg.memdesc_trans", l.lowerMemDescView),
		l.pat("ttg.memdesc_reshape", l.lowerMemDescView),
		l.pat("ttg.memdesc_reinterpret", l.lowerMemDescView),
		l.pat("ttg.async_copy_global_to_local", l.lowerAsyncCopy),
		l.pat("ttg.async_commit_group", l.lowerAsyncCommitGroup),
		l.pat("ttg.async_wait", l.lowerAsyncWait),
		l.pat("tt.dot", l.lowerDot),
		l.pat("ttg.local_barrier", l.lowerLocalBarrier),
		l.pat("ttng.warp_group_dot", l.lowerWarpGroupDot),
		l.pat("ttng.warp_group_dot_wait", l.lowerWarpGroupDotWait),
		l.pat("ttng.fence_async_shared", l.lowerFenceAsyncShared),
		l.pat("ttng.init_barrier", l.lowerInitBarrier),
		l.pat("ttng.inval_barrier", l.lowerInvalBarrier),
		l.pat("ttng.barrier_expect", l.lowerBarrierExpect),
		l.pat("ttng.wait_barrier", l.lowerWaitBarrier),
		l.pat("ttng.arrive_barrier", l.lowerArriveBarrier),
		l.pat("ttng.cluster_arrive", l.lowerClusterArrive),
		l.pat("ttng.cluster_wait", l.lowerClusterWait),
		l.pat("ttng.async_copy_mbarrier_arrive", l.lowerAsyncCopyMbarrierArrive),
		l.pat("ttng.async_tma_copy_global_to_local", l.lowerTMALoad),
		l.pat("ttng.async_tma_copy_local_to_global", l.lowerTMAStore),
		l.pat("ttng.async_tma_reduce", l.lowerTMAReduce),
		l.pat("ttng.async_tma_store_wait", l.lowerTMAStoreWait),
		l.pat("ttng.reinterpret_tensor_descriptor", l.lowerReinterpretTensorDesc),
		l.pat("ttng.tensormap_create", l.lowerTensormapCreate),
		l.pat("ttng.tensormap_fenceproxy_acquire", l.lowerTensormapFenceproxyAcquire),
		l.pat("ttg.global_scratch_alloc", l.lowerGlobalScratchAlloc),
		l.pat("tt.make_tensor_descriptor", l.refuseInKernelDescriptor),
	}
	for name, fn := range l.elementwisePatterns() {
		ps = append(ps, l.pat(name, fn))
	}
	ps = append(ps, l.amdPatterns()...)
	// Anything else is reported with its name and location.
	ps = append(ps, conversion.NewOpPattern("unsupported", "", 0, func(op *ir.Operation, _ *conversion.Rewriter) bool {
		return l.fail(ir.OpErrorf(op, "convert-triton-gpu-to-gpu does not support '%s'", op.Name()))
	}))
	return ps
}
