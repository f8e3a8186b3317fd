package nvptx

import (
	"fmt"

	"github.com/ttcompiler/tt/dialects/gpu"
	"github.com/ttcompiler/tt/ir"
)

// addGPUEmitters adds the selectors of the gpu dialect's ops to t (the
// table of docs/LOWERING.md).
func addGPUEmitters(t map[string]emitter) {
	special := func(name string) emitter {
		return func(f *fn, op *ir.Operation) error { return f.specialRegister(name)(op) }
	}
	cluster := func(name string, perDim bool) emitter {
		return func(f *fn, op *ir.Operation) error { return f.clusterRegister(name, perDim)(op) }
	}
	scalar := func(name string) emitter {
		return func(f *fn, op *ir.Operation) error { return f.scalarRegister(name)(op) }
	}
	for _, entry := range []namedEmitter{
		{"gpu.thread_id", special("tid")},
		{"gpu.block_id", special("ctaid")},
		{"gpu.grid_dim", special("nctaid")},
		{"gpu.block_dim", special("ntid")},

		{"gpu.cluster_id", cluster("clusterid", true)},
		{"gpu.cluster_dim", cluster("nclusterid", true)},
		{"gpu.cluster_block_id", cluster("cluster_ctaid", true)},
		{"gpu.cluster_dim_blocks", cluster("cluster_nctaid", true)},
		{"gpu.cluster_block_rank", cluster("cluster_ctarank", false)},
		{"gpu.cluster_num_blocks", cluster("cluster_nctarank", false)},

		{"gpu.lane_id", scalar("laneid")},
		{"gpu.sm_id", scalar("smid")},
		{"gpu.num_sm_ids", scalar("nsmid")},
		{"gpu.shared_base", (*fn).emitSharedBase},
		{"gpu.barrier", (*fn).emitBarrier},
		{"gpu.shuffle", (*fn).emitShuffle},
		{"gpu.ballot", (*fn).emitBallot},
		{"gpu.load", (*fn).emitGPULoad},
		{"gpu.store", (*fn).emitGPUStore},
		{"gpu.atomic_rmw", (*fn).emitGPUAtomic},
		{"gpu.atomic_cas", (*fn).emitGPUAtomic},
		{"gpu.mulhi", (*fn).emitMulHi},
		{"gpu.prmt", (*fn).emitPrmt},
		{"gpu.bfe", (*fn).emitBfe},
		{"gpu.table_load", (*fn).emitTableLoad},
		{"gpu.cvt", (*fn).emitCvt},
		{"gpu.printf", (*fn).emitPrintf},
		{"gpu.assert", (*fn).emitAssert},

		{"gpu.mma_sync", (*fn).emitMMASync},
		{"gpu.ldmatrix", (*fn).emitLdMatrix},
		{"gpu.stmatrix", (*fn).emitStMatrix},
		{"gpu.cp_async", (*fn).emitCpAsync},
		{"gpu.cp_async_commit", (*fn).emitCpAsyncCommit},
		{"gpu.cp_async_wait", (*fn).emitCpAsyncWait},
		{"gpu.wgmma_fence", (*fn).emitWGMMAFence},
		{"gpu.wgmma", (*fn).emitWGMMA},
		{"gpu.wgmma_commit", (*fn).emitWGMMACommit},
		{"gpu.wgmma_wait", (*fn).emitWGMMAWait},
		{"gpu.wgmma_desc", (*fn).emitWGMMADesc},
		{"gpu.mbarrier_init", (*fn).emitMBarrierInit},
		{"gpu.mbarrier_arrive", (*fn).emitMBarrierArrive},
		{"gpu.mbarrier_arrive_expect_tx", (*fn).emitMBarrierArriveExpectTx},
		{"gpu.mbarrier_wait", (*fn).emitMBarrierWait},
		{"gpu.mbarrier_inval", (*fn).emitMBarrierInval},
		{"gpu.cp_async_mbarrier_arrive", (*fn).emitCpAsyncMBarrierArrive},
		{"gpu.mbarrier_arrive_cluster", (*fn).emitMBarrierArriveCluster},
		{"gpu.cluster_arrive", (*fn).emitClusterArrive},
		{"gpu.cluster_wait", (*fn).emitClusterWait},
		{"gpu.tma_load", (*fn).emitTMALoad},
		{"gpu.tma_store", (*fn).emitTMAStore},
		{"gpu.tma_reduce", (*fn).emitTMAReduce},
		{"gpu.bulk_commit", (*fn).emitBulkCommit},
		{"gpu.bulk_wait", (*fn).emitBulkWait},
		{"gpu.tma_prefetch", (*fn).emitTMAPrefetch},
		{"gpu.tensormap_replace", (*fn).emitTensormapReplace},
		{"gpu.tensormap_cp_fenceproxy", (*fn).emitTensormapCpFenceproxy},
		{"gpu.fence_proxy_tensormap_acquire", (*fn).emitFenceProxyTensormapAcquire},
		{"gpu.tensormap_pool_claim", (*fn).emitTensormapPoolClaim},
		{"gpu.fence_proxy_async", (*fn).emitFenceProxyAsync},
		{"gpu.fence_mbarrier_init", (*fn).emitFenceMBarrierInit},
		{"gpu.named_barrier", (*fn).emitNamedBarrier},
		{"gpu.named_barrier_arrive", (*fn).emitNamedBarrier},
		{"gpu.setmaxnreg", (*fn).emitSetMaxNReg},
		{"gpu.elect_sync", (*fn).emitElectSync},
	} {
		t[entry.name] = entry.e
	}
	for name := range fastMathPTX {
		t[name] = (*fn).emitFastMath
	}
	for _, def := range gpu.RoundedOps {
		t[def.Name] = (*fn).emitRounded
	}
	t[gpu.ClzOp.Name], t[gpu.BfindOp.Name], t[gpu.SadOp.Name] = (*fn).emitClz, (*fn).emitBfind, (*fn).emitSad
}

// specialRegister reads %tid.x and friends.
func (f *fn) specialRegister(name string) func(*ir.Operation) error {
	return func(op *ir.Operation) error {
		d, err := f.def(op, 0)
		if err != nil {
			return err
		}
		dim := gpu.DimensionOf(op)
		if dim < gpu.DimX || dim > gpu.DimZ {
			return ir.OpErrorf(op, "invalid dimension")
		}
		f.ins("mov.u32 %s, %%%s.%s", d, name, dim)
		return nil
	}
}

// clusterRegister reads the cluster special registers (%clusterid.x,
// %cluster_ctarank, ...), which sm_90 and PTX 7.8 introduced; perDim
// says whether the register has .x/.y/.z components.
func (f *fn) clusterRegister(name string, perDim bool) func(*ir.Operation) error {
	return func(op *ir.Operation) error {
		if err := f.requireSM(op, 90, "%"+name); err != nil {
			return err
		}
		f.requirePTX(78)
		if perDim {
			return f.specialRegister(name)(op)
		}
		return f.scalarRegister(name)(op)
	}
}

// scalarRegister reads a special register without components (%laneid,
// %smid, %nsmid).
func (f *fn) scalarRegister(name string) func(*ir.Operation) error {
	return func(op *ir.Operation) error {
		d, err := f.def(op, 0)
		if err != nil {
			return err
		}
		f.inss("mov.u32 %s, %%%s", d, name)
		return nil
	}
}

// emitSharedBase: the dynamic shared memory is the extern array
// global_smem; its address in the shared window is 32 bits.
func (f *fn) emitSharedBase(op *ir.Operation) error {
	d, err := f.def(op, 0)
	if err != nil {
		return err
	}
	f.m.needSmem = true
	f.inss("mov.u32 %s, global_smem", d)
	return nil
}

func (f *fn) emitBarrier(op *ir.Operation) error {
	f.inss("bar.sync 0")
	return nil
}

// shflModes names the PTX shfl modes.
var shflModes = map[gpu.ShuffleMode]string{
	gpu.ShuffleXor: "bfly", gpu.ShuffleUp: "up", gpu.ShuffleDown: "down", gpu.ShuffleIdx: "idx",
}

// emitShuffle: shfl.sync over the full warp. Its c operand packs the
// segment: (32 - width) << 8 in the high byte (lanes outside the segment
// mask), and the clamp lane in the low bits: 0 for up (lanes below the
// offset keep their value), 31 otherwise.
func (f *fn) emitShuffle(op *ir.Operation) error {
	mode, ok := shflModes[gpu.ShuffleModeOf(op)]
	if !ok {
		return ir.OpErrorf(op, "invalid shuffle mode")
	}
	xs, err := f.operands(op)
	if err != nil {
		return err
	}
	v, offset, width := xs[0], xs[1], xs[2]
	clamp := int64(31)
	if mode == "up" {
		clamp = 0
	}
	var c string
	if w, ok := constInt(width); ok {
		c = fmt.Sprint((32-w)<<8 | clamp)
	} else {
		c = f.regs.alloc(classB32)
		f.inss("neg.s32 %s, %s", c, f.reg(width))
		f.inss("add.s32 %s, %s, 32", c, c)
		f.inss("shl.b32 %s, %s, 8", c, c)
		if clamp != 0 {
			f.ins("or.b32 %s, %s, %d", c, c, clamp)
		}
	}
	d, err := f.result(op, 0)
	if err != nil {
		return err
	}
	// The shuffled 32 bits: one register, or a vector's lanes packed.
	src, dst := f.reg32(v), ""
	if d.parts == nil && f.class(d) != classB16 {
		dst = d.reg
	} else {
		dst = f.regs.alloc(classB32)
	}
	f.inss("shfl.sync.%s.b32 %s, %s, %s, %s, -1", mode, dst, src, f.src(offset), c)
	if dst != d.reg {
		f.unpackWord(d.leaves(), dst, classB32)
	}
	return nil
}

// reg32 returns a 32-bit value in one register, packing vectors.
func (f *fn) reg32(v *value) string {
	if v.parts == nil {
		return f.reg(v)
	}
	return f.packed(v.leaves(), classB32)
}

func (f *fn) emitBallot(op *ir.Operation) error {
	if !ir.IsInteger(op.Result(0).Type(), 32) {
		return ir.OpErrorf(op, "NVIDIA warps have 32 lanes: the ballot must be i32")
	}
	p, err := f.get(op.Operand(0))
	if err != nil {
		return err
	}
	d, err := f.def(op, 0)
	if err != nil {
		return err
	}
	f.inss("vote.sync.ballot.b32 %s, %s, -1", d, f.reg(p))
	return nil
}
