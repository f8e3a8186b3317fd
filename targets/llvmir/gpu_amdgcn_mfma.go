package llvmir

import (
	"github.com/llir/llvm/ir/constant"
	lltypes "github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"

	"github.com/ttcompiler/tt/dialects/gpu"
	"github.com/ttcompiler/tt/ir"
)

// MFMA and the scheduling hints on AMDGCN: gpu.mfma calls its
// llvm.amdgcn.mfma.* intrinsic with the lane's elements packed as the
// intrinsic takes them (<kBase x half> for f16, <kBase x i16> for the bf16
// _1k forms, float or <2 x float> for f32 and xf32, an i64 of eight bytes
// for i8, fp8 and bf8), the accumulator as <M*N/64 x float> (or i32), and
// cbsz = abid = blgp = 0 (no broadcast between blocks or lanes).

func (fx *fnTr) amdMFMA(op *ir.Operation) error {
	s, ts := gpu.ShapeOf(op), gpu.MFMATypesOf(op)
	form, err := gpu.MFMAFormOf(s, ts)
	if err != nil {
		return ir.OpErrorf(op, "%v", err)
	}
	switch arch := fx.tr.target.Arch; {
	case form.GFX950 && arch != "gfx950":
		return ir.OpErrorf(op, "mfma %s %s is CDNA4's (gfx950); the target is %s", s, ts, arch)
	case arch == "gfx942", arch == "gfx950":
	case arch == "gfx90a":
		if form.GFX942 {
			return ir.OpErrorf(op, "mfma %s %s is CDNA3's; the target is %s", s, ts, arch)
		}
	default:
		return ir.OpErrorf(op, "gpu.mfma needs an MFMA GPU (gfx90a, gfx942, gfx950); the target is %s", arch)
	}
	xs, err := fx.operands(op)
	if err != nil {
		return err
	}
	pack := func(vals []value.Value, t gpu.MFMAType) value.Value {
		switch t {
		case gpu.MFMAF16:
			return fx.packLanes(vals, lltypes.NewVector(uint64(len(vals)), lltypes.Half))
		case gpu.MFMABF16:
			return fx.packLanes(vals, lltypes.NewVector(uint64(len(vals)), lltypes.I16))
		case gpu.MFMAF32, gpu.MFMAXF32:
			if len(vals) == 1 {
				return vals[0]
			}
			return fx.packLanes(vals, lltypes.NewVector(uint64(len(vals)), lltypes.Float))
		}
		// Eight 8-bit elements in an i64, element 0 in the low byte.
		return fx.packLanes(vals, lltypes.NewInt(uint64(8*len(vals))))
	}
	a := pack(xs[:form.KBase], ts.A)
	b := pack(xs[form.KBase:2*form.KBase], ts.B)
	accElem := lltypes.Type(lltypes.Float)
	if ts.D == gpu.MFMAI32 {
		accElem = lltypes.I32
	}
	accT := lltypes.NewVector(uint64(form.NumC), accElem)
	c := fx.packLanes(xs[2*form.KBase:], accT)
	r := fx.call(form.Intrinsic, accT, a, b, c, i32c(0), i32c(0), i32c(0))
	d := make([]value.Value, form.NumC)
	for i := range d {
		d[i] = fx.cur.NewExtractElement(r, i32c(int64(i)))
	}
	fx.set(op, d...)
	return nil
}

// amdSchedHint calls llvm.amdgcn.sched.barrier, sched.group.barrier or
// s.setprio.
func (fx *fnTr) amdSchedHint(op *ir.Operation) error {
	opt := func(name string) value.Value { return i32c(gpu.IntOption(op, name)) }
	switch op.Name() {
	case gpu.SchedBarrierOp.Name:
		fx.call("llvm.amdgcn.sched.barrier", lltypes.Void, opt("mask"))
	case gpu.SchedGroupBarrierOp.Name:
		fx.call("llvm.amdgcn.sched.group.barrier", lltypes.Void, opt("mask"), opt("size"), opt("group"))
	case gpu.SetPriorityOp.Name:
		fx.call("llvm.amdgcn.s.setprio", lltypes.Void, constant.NewInt(lltypes.I16, gpu.IntOption(op, "priority")))
	}
	return nil
}

// amdCondBarrier is the barrier under a branch on the (wave-uniform)
// predicate.
func (fx *fnTr) amdCondBarrier(op *ir.Operation) error {
	p, err := fx.val(op, op.Operand(0))
	if err != nil {
		return err
	}
	fx.predicated(p, nil, func() []value.Value {
		_ = fx.amdBarrier(op)
		return nil
	})
	return nil
}

// amdOnly rejects an AMD-specific op on another target.
func amdOnly(fx *fnTr, op *ir.Operation) error {
	return ir.OpErrorf(op, "'%s' is an AMD instruction; the target is %s", op.Name(), fx.tr.target.Arch)
}
