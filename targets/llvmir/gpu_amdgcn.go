package llvmir

import (
	"math"

	llir "github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/enum"
	lltypes "github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"

	"github.com/ttcompiler/tt/dialects/gpu"
	"github.com/ttcompiler/tt/dialects/memory"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

// AMDGCN lowering of the gpu dialect: AMDGPU intrinsics, plain LLVM
// memory operations under branches for predicates, and atomicrmw/cmpxchg
// with AMDGPU sync scopes.

func (fx *fnTr) amdThreadIndex(op *ir.Operation) error {
	kind := "workitem"
	if op.Name() == gpu.BlockIDOp.Name {
		kind = "workgroup"
	}
	fx.set(op, fx.call("llvm.amdgcn."+kind+".id."+gpu.DimensionOf(op).String(), lltypes.I32))
	return nil
}

// amdDispatchDims reads the HSA dispatch packet: workgroup_size_{x,y,z}
// are u16 at byte 4, 6, 8 and grid_size_{x,y,z} u32 at 12, 16, 20; the
// number of workgroups is ceil(grid / workgroup).
func (fx *fnTr) amdDispatchDims(op *ir.Operation) error {
	d := int64(gpu.DimensionOf(op))
	b := fx.cur
	pkt := fx.call("llvm.amdgcn.dispatch.ptr", fx.tr.ptr(4))
	field := func(off int64, t lltypes.Type) value.Value {
		p := b.NewGetElementPtr(lltypes.I8, pkt, i64c(off))
		l := b.NewLoad(t, b.NewBitCast(p, ptrTo(t, 4)))
		l.Align = llir.Align(bits(t) / 8)
		return l
	}
	wg := b.NewZExt(field(4+2*d, lltypes.I16), lltypes.I32)
	if op.Name() == gpu.BlockDimOp.Name {
		fx.set(op, wg)
		return nil
	}
	grid := field(12+4*d, lltypes.I32)
	fx.set(op, b.NewUDiv(b.NewAdd(grid, b.NewSub(wg, i32c(1))), wg))
	return nil
}

// amdLane is the thread's lane: mbcnt counts the lanes below it.
func (fx *fnTr) amdLane() value.Value {
	lo := fx.call("llvm.amdgcn.mbcnt.lo", lltypes.I32, i32c(-1), i32c(0))
	if fx.tr.target.WarpSize() == 32 {
		return lo
	}
	return fx.call("llvm.amdgcn.mbcnt.hi", lltypes.I32, i32c(-1), lo)
}

func (fx *fnTr) amdLaneID(op *ir.Operation) error {
	fx.set(op, fx.amdLane())
	return nil
}

// amdNoSMRegister refuses gpu.sm_id and gpu.num_sm_ids on AMDGCN: a
// kernel cannot read the number of compute units, and HW_ID's CU,
// shader-array and engine fields do not make a dense index (gpu/sm.go).
func amdNoSMRegister(fx *fnTr, op *ir.Operation) error {
	return ir.OpErrorf(op, "'%s' (PTX %%%s) has no AMDGCN equivalent (no compute-unit count is readable in a kernel, and HW_ID's CU id is not a dense index); the target is %s",
		op.Name(), nvScalarRegs[op.Name()], fx.tr.target.Arch)
}

// amdBarrier is s_barrier between workgroup-scope release and acquire
// fences, as HIP's __syncthreads.
func (fx *fnTr) amdBarrier(*ir.Operation) error {
	f := fx.cur.NewFence(enum.AtomicOrderingRelease)
	f.SyncScope = "workgroup"
	fx.call("llvm.amdgcn.s.barrier", lltypes.Void)
	f = fx.cur.NewFence(enum.AtomicOrderingAcquire)
	f.SyncScope = "workgroup"
	return nil
}

// amdShuffle computes the source lane of gpu.shuffle's semantics and
// reads it with ds_bpermute (whose address is the lane times 4).
func (fx *fnTr) amdShuffle(op *ir.Operation) error {
	xs, err := fx.operands(op)
	if err != nil {
		return err
	}
	b := fx.cur
	lane := fx.amdLane()
	off, width := xs[1], xs[2]
	segStart := b.NewAnd(lane, b.NewSub(i32c(0), width))
	var src value.Value
	switch gpu.ShuffleModeOf(op) {
	case gpu.ShuffleXor:
		s := b.NewXor(lane, off)
		inSeg := b.NewICmp(enum.IPredEQ, b.NewAnd(s, b.NewSub(i32c(0), width)), segStart)
		src = b.NewSelect(inSeg, s, lane)
	case gpu.ShuffleUp:
		ok := b.NewICmp(enum.IPredUGE, b.NewSub(lane, segStart), off)
		src = b.NewSelect(ok, b.NewSub(lane, off), lane)
	case gpu.ShuffleDown:
		ok := b.NewICmp(enum.IPredULT, b.NewAdd(b.NewSub(lane, segStart), off), width)
		src = b.NewSelect(ok, b.NewAdd(lane, off), lane)
	case gpu.ShuffleIdx:
		src = b.NewAdd(segStart, b.NewAnd(off, b.NewSub(width, i32c(1))))
	}
	t := xs[0].Type()
	r := fx.call("llvm.amdgcn.ds.bpermute", lltypes.I32, b.NewShl(src, i32c(2)), fx.bitcast(xs[0], lltypes.I32))
	fx.set(op, fx.bitcast(r, t))
	return nil
}

func (fx *fnTr) amdBallot(op *ir.Operation) error {
	p, err := fx.val(op, op.Operand(0))
	if err != nil {
		return err
	}
	if fx.tr.target.WarpSize() == 32 {
		var r value.Value = fx.call("llvm.amdgcn.ballot.i32", lltypes.I32, p)
		if ir.IsInteger(op.Result(0).Type(), 64) {
			r = fx.cur.NewZExt(r, lltypes.I64)
		}
		fx.set(op, r)
		return nil
	}
	var r value.Value = fx.call("llvm.amdgcn.ballot.i64", lltypes.I64, p)
	if ir.IsInteger(op.Result(0).Type(), 32) {
		// Lanes 32..63 do not fit an i32 result.
		r = fx.cur.NewTrunc(r, lltypes.I32)
	}
	fx.set(op, r)
	return nil
}

// amdLoad: an LLVM load, under a branch when predicated; the skipped
// edge yields the others (or zeros).
func (fx *fnTr) amdLoad(op *ir.Operation) error {
	l := gpu.LoadView{Operation: op}
	w, err := fx.words(op, op.ResultTypes())
	if err != nil {
		return err
	}
	ptr, err := fx.val(op, l.Ptr())
	if err != nil {
		return err
	}
	var pred value.Value
	if l.Pred() != nil {
		if pred, err = fx.val(op, l.Pred()); err != nil {
			return err
		}
	}
	defaults := make([]value.Value, w.n)
	for i := range defaults {
		defaults[i] = zero(w.lt)
	}
	for i, v := range l.Others() {
		if defaults[i], err = fx.val(op, v); err != nil {
			return err
		}
	}
	vol := gpu.Options(op).Volatile
	fx.set(op, fx.predicated(pred, defaults, func() []value.Value { return fx.plainLoad(ptr, w, vol) })...)
	return nil
}

func (fx *fnTr) amdStore(op *ir.Operation) error {
	w, ptr, pred, vals, err := fx.storeOperands(op)
	if err != nil {
		return err
	}
	vol := gpu.Options(op).Volatile
	fx.predicated(pred, nil, func() []value.Value {
		fx.plainStore(ptr, vals, w, vol)
		return nil
	})
	return nil
}

// amdOrdering maps tt's memory semantics to LLVM orderings.
func amdOrdering(s memory.MemSemantic) enum.AtomicOrdering {
	switch s {
	case memory.SemAcquire:
		return enum.AtomicOrderingAcquire
	case memory.SemRelease:
		return enum.AtomicOrderingRelease
	case memory.SemAcqRel:
		return enum.AtomicOrderingAcquireRelease
	}
	return enum.AtomicOrderingMonotonic
}

// amdScope maps tt's scopes to AMDGPU sync scopes.
func amdScope(s memory.MemSyncScope) string {
	switch s {
	case memory.ScopeGPU:
		return "agent"
	case memory.ScopeCTA:
		return "workgroup"
	}
	return ""
}

var amdRMWOps = map[memory.RMWOp]enum.AtomicOp{
	memory.RMWAnd: enum.AtomicOpAnd, memory.RMWOr: enum.AtomicOpOr, memory.RMWXor: enum.AtomicOpXor, memory.RMWAdd: enum.AtomicOpAdd,
	memory.RMWFAdd: enum.AtomicOpFAdd, memory.RMWMax: enum.AtomicOpMax, memory.RMWMin: enum.AtomicOpMin,
	memory.RMWUMax: enum.AtomicOpUMax, memory.RMWUMin: enum.AtomicOpUMin, memory.RMWXchg: enum.AtomicOpXChg,
}

func (fx *fnTr) atomicOperands(op *ir.Operation, a gpu.AtomicView) (ptr, pred value.Value, err error) {
	if ptr, err = fx.val(op, a.Ptr()); err != nil {
		return
	}
	if a.Pred() != nil {
		pred, err = fx.val(op, a.Pred())
	}
	return
}

func (fx *fnTr) amdAtomicRMW(op *ir.Operation) error {
	a := gpu.AtomicView{Operation: op}
	if _, vec := a.Value().Type().(*ir.VectorType); vec {
		return ir.OpErrorf(op, "packed atomics are not supported by the LLVM 14 AMDGCN translation")
	}
	if isStorageFloat(a.Value().Type()) {
		return ir.OpErrorf(op, "'%s' atomics are not supported by the LLVM 14 AMDGCN translation", asm.TypeString(a.Value().Type()))
	}
	ptr, pred, err := fx.atomicOperands(op, a)
	if err != nil {
		return err
	}
	v, err := fx.val(op, a.Value())
	if err != nil {
		return err
	}
	t := v.Type()
	rs := fx.predicated(pred, []value.Value{zero(t)}, func() []value.Value {
		r := fx.cur.NewAtomicRMW(amdRMWOps[a.Kind()], fx.typedPtr(ptr, t), v, amdOrdering(a.Sem()))
		r.SyncScope = amdScope(a.Scope())
		return []value.Value{r}
	})
	fx.set(op, rs...)
	return nil
}

// amdAtomicCAS uses cmpxchg on the integer bits of the values.
func (fx *fnTr) amdAtomicCAS(op *ir.Operation) error {
	a := gpu.AtomicView{Operation: op}
	ptr, pred, err := fx.atomicOperands(op, a)
	if err != nil {
		return err
	}
	c, err := fx.val(op, a.Compare())
	if err != nil {
		return err
	}
	v, err := fx.val(op, a.Value())
	if err != nil {
		return err
	}
	t := v.Type()
	it := lltypes.NewInt(uint64(bits(t)))
	rs := fx.predicated(pred, []value.Value{constant.NewInt(it, 0)}, func() []value.Value {
		ord := amdOrdering(a.Sem())
		fail := ord
		if fail == enum.AtomicOrderingRelease || fail == enum.AtomicOrderingAcquireRelease {
			fail = map[enum.AtomicOrdering]enum.AtomicOrdering{
				enum.AtomicOrderingRelease:        enum.AtomicOrderingMonotonic,
				enum.AtomicOrderingAcquireRelease: enum.AtomicOrderingAcquire,
			}[fail]
		}
		x := fx.cur.NewCmpXchg(fx.typedPtr(ptr, it), fx.bitcast(c, it), fx.bitcast(v, it), ord, fail)
		x.SyncScope = amdScope(a.Scope())
		return []value.Value{fx.cur.NewExtractValue(x, 0)}
	})
	fx.set(op, fx.bitcast(rs[0], t))
	return nil
}

// amdRounded lowers the ops with an explicit rounding mode on AMDGCN
// where the mode is round to nearest (libdevice's algorithms, which tt
// also runs for OCML's functions it has no other form of, use them so):
// LLVM's fadd, fsub, fmul, fdiv and llvm.fma without fast-math flags are
// exactly those operations, never contracted, and llvm.sqrt is correctly
// rounded on AMDGPU. `ftz` is a hint there, as for the fast-math ops: the
// hardware's denormal mode decides. gpu.saturate is a clamp to [0, 1]
// with NaN to 0. The directed modes have no AMDGCN lowering.
func (fx *fnTr) amdRounded(op *ir.Operation) error {
	if r := gpu.RoundingOf(op); r != gpu.RoundRN && r != gpu.RoundNone {
		return ir.OpErrorf(op, "'%s' {rounding = %s} has no AMDGCN lowering (only rn: the directed modes are NVIDIA instructions); the target is %s",
			op.Name(), r, fx.tr.target.Arch)
	}
	xs, err := fx.operands(op)
	if err != nil {
		return err
	}
	b, lt := fx.cur, xs[0].Type()
	one := constant.NewFloat(lt.(*lltypes.FloatType), 1)
	var r value.Value
	switch op.Def() {
	case gpu.FAddOp:
		r = b.NewFAdd(xs[0], xs[1])
	case gpu.FSubOp:
		r = b.NewFSub(xs[0], xs[1])
	case gpu.FMulOp:
		r = b.NewFMul(xs[0], xs[1])
	case gpu.FDivOp:
		r = b.NewFDiv(xs[0], xs[1])
	case gpu.FRcpOp:
		r = b.NewFDiv(one, xs[0])
	case gpu.FMAOp:
		r = fx.call("llvm.fma."+mangle(lt), lt, xs...)
	case gpu.FSqrtOp:
		r = fx.call("llvm.sqrt."+mangle(lt), lt, xs[0])
	case gpu.SaturateOp:
		// x > 0 is false for NaN: 0 then.
		zero := constant.NewFloat(lt.(*lltypes.FloatType), 0)
		low := b.NewSelect(b.NewFCmp(enum.FPredOGT, xs[0], zero), xs[0], zero)
		r = b.NewSelect(b.NewFCmp(enum.FPredOLT, low, one), low, one)
	default:
		return ir.OpErrorf(op, "'%s' has no AMDGCN lowering", op.Name())
	}
	fx.set(op, r)
	return nil
}

// amdFastMath uses LLVM and AMDGPU intrinsics (`ftz` is a hint here: the
// hardware's denormal mode decides).
func (fx *fnTr) amdFastMath(op *ir.Operation) error {
	xs, err := fx.operands(op)
	if err != nil {
		return err
	}
	t := op.Result(0).Type().(*ir.FloatType)
	if t.Kind == ir.BF16 {
		return ir.OpErrorf(op, "'%s' on bf16 has no AMDGCN lowering in the LLVM 14 translation", op.Name())
	}
	lt := xs[0].Type()
	m := mangle(lt)
	b := fx.cur
	var r value.Value
	switch op.Name() {
	case gpu.Ex2ApproxOp.Name:
		r = fx.call("llvm.exp2."+m, lt, xs[0])
	case gpu.Lg2ApproxOp.Name:
		r = fx.call("llvm.log2."+m, lt, xs[0])
	case gpu.RsqrtApproxOp.Name:
		r = fx.call("llvm.amdgcn.rsq."+m, lt, xs[0])
	case gpu.RcpApproxOp.Name:
		r = fx.call("llvm.amdgcn.rcp."+m, lt, xs[0])
	case gpu.SqrtApproxOp.Name:
		r = fx.call("llvm.sqrt."+m, lt, xs[0])
	case gpu.SinApproxOp.Name:
		r = fx.call("llvm.sin."+m, lt, xs[0])
	case gpu.CosApproxOp.Name:
		r = fx.call("llvm.cos."+m, lt, xs[0])
	case gpu.TanhApproxOp.Name:
		x := xs[0]
		if t.Kind == ir.F16 {
			x = b.NewFPExt(x, lltypes.Float)
		}
		// tanh(x) = sign(x) (1 - e) / (1 + e), e = 2^(-2 |x| log2(e)),
		// which never overflows.
		ax := fx.call("llvm.fabs.f32", lltypes.Float, x)
		e := fx.call("llvm.exp2.f32", lltypes.Float, b.NewFMul(ax, constant.NewFloat(lltypes.Float, -2*math.Log2E)))
		one := constant.NewFloat(lltypes.Float, 1)
		q := b.NewFDiv(b.NewFSub(one, e), b.NewFAdd(one, e))
		r = fx.call("llvm.copysign.f32", lltypes.Float, q, x)
		if t.Kind == ir.F16 {
			r = b.NewFPTrunc(r, lt)
		}
	case gpu.DivFullOp.Name:
		r = b.NewFDiv(xs[0], xs[1])
	case gpu.MinXorsignAbsOp.Name:
		// min(|a|, |b|) carrying the xor of the signs; a NaN minimum
		// (with {nan}) keeps its bits.
		min := "llvm.minnum."
		if gpu.NaN(op) {
			min = "llvm.minimum."
		}
		m := fx.call(min+m, lt, fx.call("llvm.fabs."+m, lt, xs[0]), fx.call("llvm.fabs."+m, lt, xs[1]))
		it := lltypes.NewInt(uint64(ir.BitWidth(t)))
		sign := b.NewAnd(b.NewXor(fx.bitcast(xs[0], it), fx.bitcast(xs[1], it)), constant.NewInt(it, int64(1)<<(ir.BitWidth(t)-1)))
		r = fx.bitcast(b.NewOr(fx.bitcast(m, it), sign), lt)
		if gpu.NaN(op) {
			r = b.NewSelect(b.NewFCmp(enum.FPredUNO, m, m), m, r)
		}
	case gpu.DivApproxOp.Name:
		d := b.NewFDiv(xs[0], xs[1])
		d.FastMathFlags = []enum.FastMathFlag{enum.FastMathFlagARcp, enum.FastMathFlagAFn}
		r = d
	default:
		return ir.OpErrorf(op, "'%s' has no AMDGCN lowering", op.Name())
	}
	fx.set(op, r)
	return nil
}

func (fx *fnTr) amdBfe(op *ir.Operation) error {
	if !ir.IsInteger(op.Result(0).Type(), 32) {
		return fx.bfe(op)
	}
	xs, err := fx.operands(op)
	if err != nil {
		return err
	}
	name := "llvm.amdgcn.sbfe.i32"
	if gpu.Unsigned(op) {
		name = "llvm.amdgcn.ubfe.i32"
	}
	fx.set(op, fx.call(name, lltypes.I32, xs...))
	return nil
}

func (fx *fnTr) amdPrintf(op *ir.Operation) error {
	return ir.OpErrorf(op, "gpu.printf is not supported on AMDGCN (it needs the ROCm device libraries' hostcall printf)")
}

// amdAssert traps where the condition is false (the message is lost).
func (fx *fnTr) amdAssert(op *ir.Operation) error {
	c, err := fx.val(op, op.Operand(0))
	if err != nil {
		return err
	}
	fail := fx.newBlock("assert")
	cont := fx.newBlock("cont")
	fx.cur.NewCondBr(c, cont, fail)
	fx.cur = fail
	fx.call("llvm.trap", lltypes.Void)
	fail.NewUnreachable()
	fx.cur = cont
	return nil
}
