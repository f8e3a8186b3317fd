package llvmir

import (
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/enum"
	lltypes "github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"

	"github.com/ttcompiler/tt/dialects/gpu"
	"github.com/ttcompiler/tt/ir"
)

// Float narrowing on AMDGCN (gpu.cvt): LLVM's fptrunc rounds to nearest
// even, and bf16 is rounded with integer operations (LLVM 14 has no
// bfloat). The directed roundings (rz, rm, rp) start from the nearest
// value n and, where widening n back (exact) lands on the wrong side of x,
// step n by one unit in the last place on its integer bits, which is what
// PTX's cvt.rz/rm/rp compute. This covers overflow (the nearest value is
// ±inf: rz and the mode rounding away from it step back to the largest
// finite value), subnormals and signed zeros (rm of a tiny negative value
// steps from -0 to the negative smallest subnormal); NaN compares
// unordered and stays the nearest conversion's NaN.

// amdNarrow narrows x (f32, or f64 for an f32 result) to kind k with
// rounding r; a bf16 result is its bits (i16).
func (fx *fnTr) amdNarrow(x value.Value, k ir.FloatKind, r gpu.Rounding) value.Value {
	b := fx.cur
	var n, back value.Value // nearest value as the result type, and widened back
	var it *lltypes.IntType // the result's bits
	switch k {
	case ir.BF16:
		n = fx.amdF32ToBF16RN(x)
		back, it = fx.bf16ToF32(n), lltypes.I16
	case ir.F16:
		n = b.NewFPTrunc(x, lltypes.Half)
		back, it = b.NewFPExt(n, x.Type()), lltypes.I16
	default: // f64 -> f32
		n = b.NewFPTrunc(x, lltypes.Float)
		back, it = b.NewFPExt(n, x.Type()), lltypes.I32
	}
	if r == gpu.RoundRN || r == gpu.RoundNone {
		return n
	}
	bitsOf := func(v value.Value) value.Value {
		if k == ir.BF16 {
			return v
		}
		return b.NewBitCast(v, it)
	}
	fromBits := func(v value.Value) value.Value {
		switch k {
		case ir.BF16:
			return v
		case ir.F16:
			return b.NewBitCast(v, lltypes.Half)
		}
		return b.NewBitCast(v, lltypes.Float)
	}
	c := func(v int64) constant.Constant { return constant.NewInt(it, v) }
	bits := bitsOf(n)
	// n has x's sign (rounding to nearest keeps it), so the step is on
	// the magnitude: toward zero, or away from it (from ±0 to ±min).
	up := func() value.Value { return b.NewAdd(bits, c(1)) }
	down := func() value.Value { return b.NewSub(bits, c(1)) }
	neg := func() value.Value { return b.NewICmp(enum.IPredSLT, bits, c(0)) }
	var wrong, stepped value.Value
	switch r {
	case gpu.RoundRZ:
		mt := x.Type()
		m := mangle(mt)
		wrong = b.NewFCmp(enum.FPredOGT, fx.call("llvm.fabs."+m, mt, back), fx.call("llvm.fabs."+m, mt, x))
		stepped = down()
	case gpu.RoundRM: // the largest value <= x
		wrong = b.NewFCmp(enum.FPredOGT, back, x)
		stepped = b.NewSelect(neg(), up(), down())
	case gpu.RoundRP: // the smallest value >= x
		wrong = b.NewFCmp(enum.FPredOLT, back, x)
		stepped = b.NewSelect(neg(), down(), up())
	default:
		return nil
	}
	return fromBits(b.NewSelect(wrong, stepped, bits))
}

// amdF32ToBF16RN rounds an f32 to bf16 bits to nearest even, every NaN
// becoming 0x7fff as in Triton's AMD lowering (and PTX's cvt.rn.bf16.f32).
func (fx *fnTr) amdF32ToBF16RN(v value.Value) value.Value {
	b := fx.cur
	bits := b.NewBitCast(v, lltypes.I32)
	lsb := b.NewAnd(b.NewLShr(bits, i32c(16)), i32c(1))
	rounded := b.NewLShr(b.NewAdd(bits, b.NewAdd(lsb, i32c(0x7fff))), i32c(16))
	nan := b.NewFCmp(enum.FPredUNO, v, v)
	r := b.NewSelect(nan, i32c(0x7fff), rounded)
	return b.NewTrunc(r, lltypes.I16)
}

// amdCvt lowers gpu.cvt: the exact widenings, narrowings to f16, bf16
// (f32 sources) and f32 (f64 sources), single or as packed pairs, in the
// rounding modes gpu.cvt allows for them, and the conversions between
// integers and floats (gpu_cvt_int.go). The satfinite, relu and fp8
// forms, and ftz on narrowings, have no AMDGCN lowering (ttgtogpu converts
// fp8 in software).
func (fx *fnTr) amdCvt(op *ir.Operation) error {
	xs, err := fx.operands(op)
	if err != nil {
		return err
	}
	out := op.Result(0).Type()
	lout, err := fx.typ(op, out)
	if err != nil {
		return err
	}
	o := gpu.CvtOptionsOf(op)
	plain := !o.Relu && !o.Satfinite && !o.FTZ
	switch gpu.ClassifyCvt(op.OperandTypes(), out) {
	case gpu.CvtWiden:
		fx.set(op, fx.widen(op, xs[0], lout))
		return nil
	case gpu.CvtNarrow:
		if plain {
			if v := fx.amdNarrow(xs[0], out.(*ir.FloatType).Kind, o.Rounding); v != nil {
				fx.set(op, v)
				return nil
			}
		}
	case gpu.CvtFloatToInt, gpu.CvtIntToFloat:
		return fx.amdCvtIntFloat(op, xs[0], lout)
	case gpu.CvtPackF32:
		if k, _ := pairKind(out); plain && (k == ir.F16 || k == ir.BF16) {
			vt := lout.(*lltypes.VectorType)
			var v value.Value = constant.NewUndef(vt)
			for i, x := range xs {
				e := fx.amdNarrow(x, k, o.Rounding)
				if e == nil {
					return ir.OpErrorf(op, "rounding %s has no AMDGCN lowering", o.Rounding)
				}
				v = fx.cur.NewInsertElement(v, e, i32c(int64(i)))
			}
			fx.set(op, v)
			return nil
		}
	}
	return ir.OpErrorf(op, "this conversion has no AMDGCN lowering (supported: widening, and narrowing to f16, bf16 or f32 and their pairs with rounding rn, rz, rm or rp, without satfinite, relu or ftz)")
}
