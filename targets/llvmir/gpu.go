package llvmir

import (
	llir "github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/enum"
	lltypes "github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"

	"github.com/ttcompiler/tt/dialects/gpu"
	"github.com/ttcompiler/tt/ir"
)

// The gpu dialect: each op has an NVPTX and an AMDGCN lowering
// (gpu_nvptx.go, gpu_amdgcn.go); the ones that are plain LLVM IR on both
// targets are here.

type gpuLowering struct{ nvptx, amdgcn handler }

var gpuOps = map[string]handler{}

// registerGPUOps fills gpuOps (registerHandlers).
func registerGPUOps() {
	both := func(h handler) gpuLowering { return gpuLowering{h, h} }
	lowerings := map[*ir.OpDef]gpuLowering{
		gpu.ThreadIDOp:   {(*fnTr).nvThreadIndex, (*fnTr).amdThreadIndex},
		gpu.BlockIDOp:    {(*fnTr).nvThreadIndex, (*fnTr).amdThreadIndex},
		gpu.GridDimOp:    {(*fnTr).nvThreadIndex, (*fnTr).amdDispatchDims},
		gpu.BlockDimOp:   {(*fnTr).nvThreadIndex, (*fnTr).amdDispatchDims},
		gpu.LaneIDOp:     {(*fnTr).nvScalarRegister, (*fnTr).amdLaneID},
		gpu.SMIDOp:       {(*fnTr).nvScalarRegister, amdNoSMRegister},
		gpu.NumSMIDsOp:   {(*fnTr).nvScalarRegister, amdNoSMRegister},
		gpu.SharedBaseOp: both((*fnTr).sharedBase),
		gpu.BarrierOp:    {(*fnTr).nvBarrier, (*fnTr).amdBarrier},
		gpu.ShuffleOp:    {(*fnTr).nvShuffle, (*fnTr).amdShuffle},
		gpu.BallotOp:     {(*fnTr).nvBallot, (*fnTr).amdBallot},
		gpu.LoadOp:       {(*fnTr).nvLoad, (*fnTr).amdLoad},
		gpu.StoreOp:      {(*fnTr).nvStore, (*fnTr).amdStore},
		gpu.AtomicRMWOp:  {(*fnTr).nvAtomic, (*fnTr).amdAtomicRMW},
		gpu.AtomicCASOp:  {(*fnTr).nvAtomic, (*fnTr).amdAtomicCAS},
		gpu.CvtOp:        {(*fnTr).nvCvt, (*fnTr).amdCvt},
		gpu.MulHiOp:      {(*fnTr).nvMulHi, (*fnTr).mulHi},
		gpu.PrmtOp:       {(*fnTr).nvPrmt, (*fnTr).prmt},
		gpu.BfeOp:        {(*fnTr).nvBfe, (*fnTr).amdBfe},
		gpu.ClzOp:        both((*fnTr).clz),
		gpu.BfindOp:      {(*fnTr).nvBfind, (*fnTr).bfind},
		gpu.SadOp:        {(*fnTr).nvSad, (*fnTr).sad},
		gpu.TableLoadOp:  both((*fnTr).tableLoad),
		gpu.PrintfOp:     {(*fnTr).nvPrintf, (*fnTr).amdPrintf},
		gpu.AssertOp:     {(*fnTr).nvAssert, (*fnTr).amdAssert},
	}
	for _, def := range gpu.FastMathOps {
		lowerings[def] = gpuLowering{(*fnTr).nvFastMath, (*fnTr).amdFastMath}
	}
	for _, def := range gpu.RoundedOps {
		lowerings[def] = gpuLowering{(*fnTr).nvRounded, (*fnTr).amdRounded}
	}
	// NVIDIA-only: tensor cores, asynchronous copies, mbarriers, TMA,
	// clusters.
	for def, nv := range map[*ir.OpDef]handler{
		gpu.MMASyncOp: (*fnTr).nvMMASync, gpu.LdMatrixOp: (*fnTr).nvLdMatrix, gpu.StMatrixOp: (*fnTr).nvStMatrix,
		gpu.CpAsyncOp: (*fnTr).nvCpAsync, gpu.CpAsyncCommitOp: (*fnTr).nvCpAsyncCommit, gpu.CpAsyncWaitOp: (*fnTr).nvCpAsyncWait,
		gpu.WGMMAFenceOp: (*fnTr).nvWGMMASync, gpu.WGMMACommitOp: (*fnTr).nvWGMMASync, gpu.WGMMAOp: (*fnTr).nvWGMMA,
		gpu.WGMMAWaitOp: (*fnTr).nvWGMMAWait, gpu.WGMMADescOp: (*fnTr).nvWGMMADesc,
		gpu.MBarrierInitOp: (*fnTr).nvMBarrier, gpu.MBarrierArriveOp: (*fnTr).nvMBarrier,
		gpu.MBarrierArriveExpectTxOp: (*fnTr).nvMBarrier, gpu.MBarrierWaitOp: (*fnTr).nvMBarrier,
		gpu.MBarrierInvalOp: (*fnTr).nvMBarrier, gpu.CpAsyncMBarrierArriveOp: (*fnTr).nvMBarrier,
		gpu.MBarrierArriveClusterOp: (*fnTr).nvMBarrierArriveCluster,
		gpu.ClusterArriveOp:         (*fnTr).nvClusterBarrier, gpu.ClusterWaitOp: (*fnTr).nvClusterBarrier,
		gpu.TMALoadOp: (*fnTr).nvTMA, gpu.TMAStoreOp: (*fnTr).nvTMA, gpu.TMAReduceOp: (*fnTr).nvTMA,
		gpu.BulkCommitOp: (*fnTr).nvBulkGroup,
		gpu.BulkWaitOp:   (*fnTr).nvBulkGroup, gpu.TMAPrefetchOp: (*fnTr).nvTMAPrefetch,
		gpu.FenceProxyAsyncOp: (*fnTr).nvFence, gpu.FenceMBarrierInitOp: (*fnTr).nvFence,
		gpu.TensormapReplaceOp: (*fnTr).nvTensormap, gpu.TensormapCpFenceproxyOp: (*fnTr).nvTensormap,
		gpu.FenceProxyTensormapAcqOp: (*fnTr).nvTensormap, gpu.TensormapPoolClaimOp: (*fnTr).nvTensormap,
		gpu.NamedBarrierOp: (*fnTr).nvNamedBarrier, gpu.NamedBarrierArriveOp: (*fnTr).nvNamedBarrier,
		gpu.SetMaxNRegOp: (*fnTr).nvSetMaxNReg, gpu.ElectSyncOp: (*fnTr).nvElectSync,
		gpu.ClusterIDOp: (*fnTr).nvClusterIndex, gpu.ClusterDimOp: (*fnTr).nvClusterIndex,
		gpu.ClusterBlockIDOp: (*fnTr).nvClusterIndex, gpu.ClusterDimBlocksOp: (*fnTr).nvClusterIndex,
		gpu.ClusterBlockRankOp: (*fnTr).nvClusterIndex, gpu.ClusterNumBlocksOp: (*fnTr).nvClusterIndex,
	} {
		lowerings[def] = gpuLowering{nv, nvidiaOnly}
	}
	// AMD-only: MFMA, scheduling hints, the wave-group barrier, the waits
	// on the memory counters.
	for def, amd := range map[*ir.OpDef]handler{
		gpu.MFMAOp: (*fnTr).amdMFMA, gpu.SchedBarrierOp: (*fnTr).amdSchedHint,
		gpu.SchedGroupBarrierOp: (*fnTr).amdSchedHint, gpu.SetPriorityOp: (*fnTr).amdSchedHint,
		gpu.CondBarrierOp: (*fnTr).amdCondBarrier, gpu.BufferLoadOp: (*fnTr).amdBufferLoad,
		gpu.BufferStoreOp: (*fnTr).amdBufferStore, gpu.MemoryCounterWaitOp: (*fnTr).amdMemoryCounterWait,
	} {
		lowerings[def] = gpuLowering{amdOnly, amd}
	}
	for def, l := range lowerings {
		l := l
		gpuOps[def.Name] = func(fx *fnTr, op *ir.Operation) error {
			if fx.tr.target.Kind == AMDGCN {
				return l.amdgcn(fx, op)
			}
			return l.nvptx(fx, op)
		}
	}
}

// nvidiaOnly rejects an NVIDIA-specific op on another target.
func nvidiaOnly(fx *fnTr, op *ir.Operation) error {
	return ir.OpErrorf(op, "'%s' is an NVIDIA instruction; the target is %s", op.Name(), fx.tr.target.Arch)
}

// sharedBase is @global_smem as an `i8 addrspace(3)*`.
func (fx *fnTr) sharedBase(op *ir.Operation) error {
	g := fx.tr.sharedMemory()
	fx.set(op, constant.NewBitCast(g, fx.tr.ptr(3)))
	return nil
}

// word describes the words of a gpu.load or gpu.store: their IR and LLVM
// types and their width.
type word struct {
	t    ir.Type
	lt   lltypes.Type
	bits int
	n    int
}

func (fx *fnTr) words(op *ir.Operation, ts []ir.Type) (word, error) {
	lt, err := fx.typ(op, ts[0])
	if err != nil {
		return word{}, err
	}
	return word{t: ts[0], lt: lt, bits: bits(lt), n: len(ts)}, nil
}

// storeOperands translates a gpu.store's operands: its words' shape, the
// address, the predicate (nil without one) and the values.
func (fx *fnTr) storeOperands(op *ir.Operation) (w word, ptr, pred value.Value, vals []value.Value, err error) {
	s := gpu.StoreView{Operation: op}
	var ts []ir.Type
	for _, v := range s.Values() {
		ts = append(ts, v.Type())
	}
	if w, err = fx.words(op, ts); err != nil {
		return
	}
	if ptr, err = fx.val(op, s.Ptr()); err != nil {
		return
	}
	if s.Pred() != nil {
		if pred, err = fx.val(op, s.Pred()); err != nil {
			return
		}
	}
	for _, v := range s.Values() {
		x, verr := fx.val(op, v)
		if verr != nil {
			err = verr
			return
		}
		vals = append(vals, x)
	}
	return
}

// intWord is the integer type of a word's bits.
func (w word) intType() *lltypes.IntType { return lltypes.NewInt(uint64(w.bits)) }

// predicated emits `if (pred) body` and returns the values that body
// produced, merged with the given defaults on the skipped edge. With a nil
// predicate body runs unconditionally.
func (fx *fnTr) predicated(pred value.Value, defaults []value.Value, body func() []value.Value) []value.Value {
	if pred == nil {
		return body()
	}
	from := fx.cur
	then := fx.newBlock("then")
	join := fx.newBlock("join")
	from.NewCondBr(pred, then, join)
	fx.cur = then
	vals := body()
	thenEnd := fx.cur
	thenEnd.NewBr(join)
	fx.cur = join
	out := make([]value.Value, len(vals))
	for i, v := range vals {
		out[i] = join.NewPhi(llir.NewIncoming(v, thenEnd), llir.NewIncoming(defaults[i], from))
	}
	return out
}

// mulHi computes the high half of a product by widening (both targets).
func (fx *fnTr) mulHi(op *ir.Operation) error {
	xs, err := fx.operands(op)
	if err != nil {
		return err
	}
	t := xs[0].Type().(*lltypes.IntType)
	wide := lltypes.NewInt(2 * t.BitSize)
	ext := func(v value.Value) value.Value {
		if gpu.Unsigned(op) {
			return fx.cur.NewZExt(v, wide)
		}
		return fx.cur.NewSExt(v, wide)
	}
	p := fx.cur.NewMul(ext(xs[0]), ext(xs[1]))
	hi := fx.cur.NewLShr(p, constant.NewInt(wide, int64(t.BitSize)))
	fx.set(op, fx.cur.NewTrunc(hi, t))
	return nil
}

// prmt computes PTX prmt.b32 (default mode) with integer operations: byte
// i of the result is byte s_i & 7 of {b, a}, or the sign of that byte
// replicated when s_i & 8, where s_i is nibble i of sel.
func (fx *fnTr) prmt(op *ir.Operation) error {
	xs, err := fx.operands(op)
	if err != nil {
		return err
	}
	b := fx.cur
	src := b.NewOr(b.NewShl(b.NewZExt(xs[1], lltypes.I64), i64c(32)), b.NewZExt(xs[0], lltypes.I64))
	var res value.Value = i32c(0)
	for i := int64(0); i < 4; i++ {
		s := b.NewAnd(b.NewLShr(xs[2], i32c(4*i)), i32c(0xf))
		idx := b.NewZExt(b.NewAnd(s, i32c(7)), lltypes.I64)
		byt := b.NewTrunc(b.NewAnd(b.NewLShr(src, b.NewMul(idx, i64c(8))), i64c(0xff)), lltypes.I32)
		// Sign replication: (byte << 24) >> 31 (arithmetic), masked.
		sign := b.NewAnd(b.NewAShr(b.NewShl(byt, i32c(24)), i32c(31)), i32c(0xff))
		rep := b.NewICmp(enum.IPredNE, b.NewAnd(s, i32c(8)), i32c(0))
		sel := b.NewSelect(rep, sign, byt)
		res = b.NewOr(res, b.NewShl(sel, i32c(8*i)))
	}
	fx.set(op, res)
	return nil
}

// bfe extracts len bits at start: (x << (W - start - len)) >> (W - len),
// arithmetic unless unsigned; len == 0 gives 0.
func (fx *fnTr) bfe(op *ir.Operation) error {
	xs, err := fx.operands(op)
	if err != nil {
		return err
	}
	t := xs[0].Type().(*lltypes.IntType)
	b := fx.cur
	w := constant.NewInt(t, int64(t.BitSize))
	start, length := xs[1], xs[2]
	if t.BitSize == 64 {
		start, length = b.NewZExt(start, t), b.NewZExt(length, t)
	}
	up := b.NewShl(xs[0], b.NewSub(b.NewSub(w, start), length))
	var r value.Value
	if gpu.Unsigned(op) {
		r = b.NewLShr(up, b.NewSub(w, length))
	} else {
		r = b.NewAShr(up, b.NewSub(w, length))
	}
	zero := b.NewICmp(enum.IPredEQ, length, constant.NewInt(t, 0))
	fx.set(op, b.NewSelect(zero, constant.NewInt(t, 0), r))
	return nil
}

// bf16ToF32 widens a bf16 (carried as i16) exactly: its bits are the top
// half of the f32.
func (fx *fnTr) bf16ToF32(v value.Value) value.Value {
	b := fx.cur
	return b.NewBitCast(b.NewShl(b.NewZExt(v, lltypes.I32), i32c(16)), lltypes.Float)
}

// widen handles the exact gpu.cvt widenings on both targets.
func (fx *fnTr) widen(op *ir.Operation, x value.Value, out lltypes.Type) value.Value {
	if ft, ok := op.Operand(0).Type().(*ir.FloatType); ok && ft.Kind == ir.BF16 {
		return fx.bf16ToF32(x)
	}
	return fx.cur.NewFPExt(x, out)
}
