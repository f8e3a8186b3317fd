package nvptx

import (
	"fmt"

	"github.com/ttcompiler/tt/dialects/gpu"
	"github.com/ttcompiler/tt/ir"
)

// gpuTable maps the gpu dialect's ops to their selectors (the table of
// docs/LOWERING.md).
func (f *fn) gpuTable() map[string]func(*ir.Operation) error {
	t := map[string]func(*ir.Operation) error{
		"gpu.thread_id": f.specialRegister("tid"),
		"gpu.block_id":  f.specialRegister("ctaid"),
		"gpu.grid_dim":  f.specialRegister("nctaid"),
		"gpu.block_dim": f.specialRegister("ntid"),

		"gpu.cluster_id":         f.clusterRegister("clusterid", true),
		"gpu.cluster_dim":        f.clusterRegister("nclusterid", true),
		"gpu.cluster_block_id":   f.clusterRegister("cluster_ctaid", true),
		"gpu.cluster_dim_blocks": f.clusterRegister("cluster_nctaid", true),
		"gpu.cluster_block_rank": f.clusterRegister("cluster_ctarank", false),
		"gpu.cluster_num_blocks": f.clusterRegister("cluster_nctarank", false),

		"gpu.lane_id":     f.scalarRegister("laneid"),
		"gpu.sm_id":       f.scalarRegister("smid"),
		"gpu.num_sm_ids":  f.scalarRegister("nsmid"),
		"gpu.shared_base": f.emitSharedBase,
		"gpu.barrier":     f.emitBarrier,
		"gpu.shuffle":     f.emitShuffle,
		"gpu.ballot":      f.emitBallot,
		"gpu.load":        f.emitGPULoad,
		"gpu.store":       f.emitGPUStore,
		"gpu.atomic_rmw":  f.emitGPUAtomic,
		"gpu.atomic_cas":  f.emitGPUAtomic,
		"gpu.mulhi":       f.emitMulHi,
		"gpu.prmt":        f.emitPrmt,
		"gpu.bfe":         f.emitBfe,
		"gpu.cvt":         f.emitCvt,
		"gpu.printf":      f.emitPrintf,
		"gpu.assert":      f.emitAssert,

		"gpu.mma_sync":                      f.emitMMASync,
		"gpu.ldmatrix":                      f.emitLdMatrix,
		"gpu.stmatrix":                      f.emitStMatrix,
		"gpu.cp_async":                      f.emitCpAsync,
		"gpu.cp_async_commit":               f.emitCpAsyncCommit,
		"gpu.cp_async_wait":                 f.emitCpAsyncWait,
		"gpu.wgmma_fence":                   f.emitWGMMAFence,
		"gpu.wgmma":                         f.emitWGMMA,
		"gpu.wgmma_commit":                  f.emitWGMMACommit,
		"gpu.wgmma_wait":                    f.emitWGMMAWait,
		"gpu.wgmma_desc":                    f.emitWGMMADesc,
		"gpu.mbarrier_init":                 f.emitMBarrierInit,
		"gpu.mbarrier_arrive":               f.emitMBarrierArrive,
		"gpu.mbarrier_arrive_expect_tx":     f.emitMBarrierArriveExpectTx,
		"gpu.mbarrier_wait":                 f.emitMBarrierWait,
		"gpu.mbarrier_inval":                f.emitMBarrierInval,
		"gpu.cp_async_mbarrier_arrive":      f.emitCpAsyncMBarrierArrive,
		"gpu.tma_load":                      f.emitTMALoad,
		"gpu.tma_store":                     f.emitTMAStore,
		"gpu.tma_reduce":                    f.emitTMAReduce,
		"gpu.bulk_commit":                   f.emitBulkCommit,
		"gpu.bulk_wait":                     f.emitBulkWait,
		"gpu.tma_prefetch":                  f.emitTMAPrefetch,
		"gpu.tensormap_replace":             f.emitTensormapReplace,
		"gpu.tensormap_cp_fenceproxy":       f.emitTensormapCpFenceproxy,
		"gpu.fence_proxy_tensormap_acquire": f.emitFenceProxyTensormapAcquire,
		"gpu.fence_proxy_async":             f.emitFenceProxyAsync,
		"gpu.fence_mbarrier_init":           f.emitFenceMBarrierInit,
		"gpu.named_barrier":                 f.emitNamedBarrier,
		"gpu.named_barrier_arrive":          f.emitNamedBarrier,
		"gpu.setmaxnreg":                    f.emitSetMaxNReg,
		"gpu.elect_sync":                    f.emitElectSync,
	}
	for name := range fastMathPTX {
		t[name] = f.emitFastMath
	}
	return t
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
		f.unpack(d.leaves(), dst, classB32)
	}
	return nil
}

// reg32 returns a 32-bit value in one register, packing vectors.
func (f *fn) reg32(v *value) string {
	if v.parts == nil {
		return f.reg(v)
	}
	r := f.regs.alloc(classB32)
	f.pack(r, classB32, v.leaves())
	return r
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
