package llvmir

import (
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/enum"
	lltypes "github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"

	"github.com/ttcompiler/tt/dialects/gpu"
	"github.com/ttcompiler/tt/ir"
)

// gpu.cvt between integers and floats. NVPTX: the NVVM intrinsic of each
// form (llvm.nvvm.f2i.rm.ftz is cvt.rmi.ftz.s32.f32, llvm.nvvm.ull2d.rz is
// cvt.rz.f64.u64), as libdevice calls them. AMDGCN: a float becomes an
// integer as llvm.fptosi.sat (fptoui.sat) of the value rounded to an
// integral float first (roundeven, trunc, floor, ceil: exact), which
// clamps and maps NaN to 0 as PTX's cvt does; an integer becomes a float
// by sitofp (uitofp), which rounds to nearest, i32 -> f32 in the directed
// roundings through the exact f64 and amdNarrow, and i64 in the directed
// roundings by stepping the nearest value (amdI64ToFloatDirected).

// nvIntName is the NVVM intrinsics' name of an integer type.
func nvIntName(t ir.Type, unsigned bool) string {
	n := "i"
	if ir.IsInteger(t, 64) {
		n = "ll"
	}
	if unsigned {
		return "u" + n
	}
	return n
}

// nvFloatName is the NVVM intrinsics' name of f32 (f) or f64 (d).
func nvFloatName(t ir.Type) string {
	if ft, ok := t.(*ir.FloatType); ok && ft.Kind == ir.F64 {
		return "d"
	}
	return "f"
}

// nvCvtIntFloatIntrinsic names the NVVM intrinsic of a gpu.cvt between
// integers and floats.
func nvCvtIntFloatIntrinsic(op *ir.Operation) string {
	o := gpu.CvtOptionsOf(op)
	in, out := op.Operand(0).Type(), op.Result(0).Type()
	if gpu.ClassifyCvt(op.OperandTypes(), out) == gpu.CvtIntToFloat {
		return "llvm.nvvm." + nvIntName(in, o.Unsigned) + "2" + nvFloatName(out) + "." + o.Rounding.String()
	}
	name := "llvm.nvvm." + nvFloatName(in) + "2" + nvIntName(out, o.Unsigned) + "." + o.Rounding.String()
	if o.FTZ {
		name += ".ftz"
	}
	return name
}

// amdCvtIntFloat lowers a gpu.cvt between integers and floats for
// AMDGCN.
func (fx *fnTr) amdCvtIntFloat(op *ir.Operation, x value.Value, lout lltypes.Type) error {
	b := fx.cur
	o := gpu.CvtOptionsOf(op)
	in, out := op.Operand(0).Type(), op.Result(0).Type()
	if gpu.ClassifyCvt(op.OperandTypes(), out) == gpu.CvtFloatToInt {
		if o.FTZ {
			// A subnormal f32 is a zero of its sign.
			bits := b.NewBitCast(x, lltypes.I32)
			sub := b.NewICmp(enum.IPredEQ, b.NewAnd(bits, i32c(0x7f800000)), i32c(0))
			zero := b.NewBitCast(b.NewAnd(bits, i32c(-0x80000000)), lltypes.Float)
			x = b.NewSelect(sub, zero, x)
		}
		rounder := map[gpu.Rounding]string{gpu.RoundRN: "roundeven", gpu.RoundRZ: "trunc", gpu.RoundRM: "floor", gpu.RoundRP: "ceil"}[o.Rounding]
		m := mangle(x.Type())
		integral := fx.call("llvm."+rounder+"."+m, x.Type(), x)
		sat := "llvm.fptosi.sat."
		if o.Unsigned {
			sat = "llvm.fptoui.sat."
		}
		fx.set(op, fx.call(sat+mangle(lout)+"."+m, lout, integral))
		return nil
	}
	convert := func(t lltypes.Type) value.Value {
		if o.Unsigned {
			return b.NewUIToFP(x, t)
		}
		return b.NewSIToFP(x, t)
	}
	exact := ir.IsInteger(in, 32) && !isF32Type(out) // i32 -> f64
	switch {
	case o.Rounding == gpu.RoundRN || exact:
		fx.set(op, convert(lout))
	case ir.IsInteger(in, 32): // i32 -> f32: the exact f64, narrowed
		fx.set(op, fx.amdNarrow(convert(lltypes.Double), ir.F32, o.Rounding))
	default:
		fx.set(op, fx.amdI64ToFloatDirected(x, convert(lout), o))
	}
	return nil
}

// amdI64ToFloatDirected rounds the i64 x to a float in a directed
// rounding from n, x rounded to nearest: n converted back (saturating,
// exact below the integer range's limit, and n at or past the limit lies
// above x) tells on which side of x it lies; where that is the wrong side
// for the rounding, n steps one unit in the last place on its bits, toward
// zero or away from it. n is zero only for x = 0, which is exact.
func (fx *fnTr) amdI64ToFloatDirected(x, n value.Value, o gpu.CvtOptions) value.Value {
	b := fx.cur
	ft := n.Type().(*lltypes.FloatType)
	it, limit := lltypes.I32, 0x1p63
	if ft.Kind == lltypes.FloatKindDouble {
		it = lltypes.I64
	}
	sat, gt, lt := "llvm.fptosi.sat.i64.", enum.IPredSGT, enum.IPredSLT
	if o.Unsigned {
		sat, gt, lt, limit = "llvm.fptoui.sat.i64.", enum.IPredUGT, enum.IPredULT, 0x1p64
	}
	back := fx.call(sat+mangle(ft), lltypes.I64, n)
	above := b.NewOr(b.NewFCmp(enum.FPredOGE, n, constant.NewFloat(ft, limit)), b.NewICmp(gt, back, x))
	below := b.NewICmp(lt, back, x)
	bits := b.NewBitCast(n, it)
	neg := b.NewICmp(enum.IPredSLT, bits, constant.NewInt(it, 0))
	away := b.NewAdd(bits, constant.NewInt(it, 1)) // larger magnitude
	toward := b.NewSub(bits, constant.NewInt(it, 1))
	var wrong, stepped value.Value
	switch o.Rounding {
	case gpu.RoundRZ:
		wrong = b.NewSelect(neg, below, above)
		stepped = toward
	case gpu.RoundRM:
		wrong = above
		stepped = b.NewSelect(neg, away, toward)
	default: // rp
		wrong = below
		stepped = b.NewSelect(neg, toward, away)
	}
	return b.NewBitCast(b.NewSelect(wrong, stepped, bits), ft)
}

func isF32Type(t ir.Type) bool {
	ft, ok := t.(*ir.FloatType)
	return ok && ft.Kind == ir.F32
}
