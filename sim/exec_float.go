package sim

import (
	"fmt"
	"math"

	"github.com/ttcompiler/tt/dialects/gpu"
	"github.com/ttcompiler/tt/dialects/llvm"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/numeric"
)

// Float arithmetic, comparisons and conversions, and the GPU's fast-math
// instructions (evaluated exactly, then rounded to their type).

func init() {
	for def, f := range map[*ir.OpDef]func(x, y float64) float64{
		llvm.FAddOp:     func(x, y float64) float64 { return x + y },
		llvm.FSubOp:     func(x, y float64) float64 { return x - y },
		llvm.FMulOp:     func(x, y float64) float64 { return x * y },
		llvm.FDivOp:     func(x, y float64) float64 { return x / y },
		gpu.DivFullOp:   func(x, y float64) float64 { return x / y },
		gpu.DivApproxOp: func(x, y float64) float64 { return x / y },
		llvm.MaxNumOp:   numeric.MaxNumF64, llvm.MinNumOp: numeric.MinNumF64,
		llvm.MaximumOp: numeric.MaximumF64, llvm.MinimumOp: numeric.MinimumF64,
	} {
		define(floatBinary(f), def)
	}
	for def, f := range map[*ir.OpDef]func(float64) float64{
		llvm.FloorOp: math.Floor, llvm.CeilOp: math.Ceil, llvm.FTruncOp: math.Trunc,
		llvm.RoundOp: math.Round, llvm.RoundEvenOp: math.RoundToEven, llvm.SqrtOp: math.Sqrt,
		gpu.Ex2ApproxOp: math.Exp2, gpu.Lg2ApproxOp: math.Log2, gpu.SqrtApproxOp: math.Sqrt,
		gpu.RsqrtApproxOp: func(x float64) float64 { return 1 / math.Sqrt(x) },
		gpu.RcpApproxOp:   func(x float64) float64 { return 1 / x },
		gpu.SinApproxOp:   math.Sin, gpu.CosApproxOp: math.Cos, gpu.TanhApproxOp: math.Tanh,
	} {
		define(floatUnary(f), def)
	}
	define(func(c *compiler, in *instr) error {
		t := in.op.Result(0).Type()
		if err := checkFloat(t); err != nil {
			return err
		}
		round := f32Result(t)
		// f64 fuses in math.FMA; narrower formats through a float64
		// rounded to odd, which rounds once more correctly (rounding
		// math.FMA's float64 again could round twice).
		fused := numeric.FMAOdd
		if k, _ := floatKind(t); k == ir.F64 {
			fused = math.FMA
		}
		in.step = func(th *thread, in *instr) error {
			r := th.regs
			r[in.d] = round(fused(toF64(t, r[in.a]), toF64(t, r[in.b]), toF64(t, r[in.c])))
			return nil
		}
		return nil
	}, llvm.FMAOp)
	define(signOp(func(a, b, sign uint64) uint64 { return a ^ sign }), llvm.FNegOp)
	define(signOp(func(a, b, sign uint64) uint64 { return a &^ sign }), llvm.FAbsOp)
	define(signOp(func(a, b, sign uint64) uint64 { return a&^sign | b&sign }), llvm.CopySignOp)
	define(compileMinXorsignAbs, gpu.MinXorsignAbsOp)
	define(compileFCmp, llvm.FCmpOp)
	define(compileFloatCast(func(t ir.Type, v float64) uint64 { return fromF64(t, v) }), llvm.FPExtOp, llvm.FPTruncOp)
	define(compileIntToFloat(true), llvm.SIToFPOp)
	define(compileIntToFloat(false), llvm.UIToFPOp)
	define(compileFloatToInt, llvm.FPToSIOp, llvm.FPToUIOp)
}

// floatBinary compiles a two-operand float op of the result's type.
func floatBinary(f func(x, y float64) float64) opImpl {
	return func(c *compiler, in *instr) error {
		t := in.op.Result(0).Type()
		if err := checkFloat(t); err != nil {
			return err
		}
		if k, _ := floatKind(t); k == ir.F32 {
			if flushesSubnormals(in.op, t) {
				in.step = func(th *thread, in *instr) error {
					r := th.regs
					x, y := math.Float32frombits(uint32(flushF32(r[in.a]))), math.Float32frombits(uint32(flushF32(r[in.b])))
					r[in.d] = flushF32(uint64(math.Float32bits(float32(f(float64(x), float64(y))))))
					return nil
				}
				return nil
			}
			in.step = func(th *thread, in *instr) error {
				r := th.regs
				x, y := math.Float32frombits(uint32(r[in.a])), math.Float32frombits(uint32(r[in.b]))
				r[in.d] = uint64(math.Float32bits(float32(f(float64(x), float64(y)))))
				return nil
			}
			return nil
		}
		round := f32Result(t)
		in.step = func(th *thread, in *instr) error {
			r := th.regs
			r[in.d] = round(f(toF64(t, r[in.a]), toF64(t, r[in.b])))
			return nil
		}
		return nil
	}
}

// floatUnary compiles a one-operand float op of the result's type.
func floatUnary(f func(x float64) float64) opImpl {
	return func(c *compiler, in *instr) error {
		t := in.op.Result(0).Type()
		if err := checkFloat(t); err != nil {
			return err
		}
		round := f32Result(t)
		if flushesSubnormals(in.op, t) {
			in.step = func(th *thread, in *instr) error {
				r := th.regs
				r[in.d] = flushF32(round(f(toF64(t, flushF32(r[in.a])))))
				return nil
			}
			return nil
		}
		in.step = func(th *thread, in *instr) error {
			r := th.regs
			r[in.d] = round(f(toF64(t, r[in.a])))
			return nil
		}
		return nil
	}
}

// flushesSubnormals reports whether op is an f32 fast-math op with PTX's
// .ftz: subnormal operands and results are replaced by zero of their sign.
func flushesSubnormals(op *ir.Operation, t ir.Type) bool {
	k, _ := floatKind(t)
	return k == ir.F32 && gpu.FTZ(op)
}

// flushF32 replaces the f32 subnormal in the low 32 bits of x by a zero of
// its sign.
func flushF32(x uint64) uint64 {
	if x&0x7f800000 == 0 {
		return x & 0x80000000
	}
	return x
}

// signOp compiles an op on the bits of floats given the sign bit of the
// result's type (b is the second operand, if any).
func signOp(f func(a, b, sign uint64) uint64) opImpl {
	return func(c *compiler, in *instr) error {
		sign := uint64(1) << (bitWidth(in.op.Result(0).Type()) - 1)
		in.step = func(th *thread, in *instr) error {
			r := th.regs
			var b uint64
			if in.b >= 0 {
				b = r[in.b]
			}
			r[in.d] = f(r[in.a], b, sign) & in.mask
			return nil
		}
		return nil
	}
}

// compileMinXorsignAbs: min(|a|, |b|) with the sign of a xor b; a NaN
// operand gives the other's magnitude, or with {nan} PTX's canonical NaN.
func compileMinXorsignAbs(c *compiler, in *instr) error {
	t := in.op.Result(0).Type()
	if err := checkFloat(t); err != nil {
		return err
	}
	sign := uint64(1) << (bitWidth(t) - 1)
	nan := gpu.NaN(in.op)
	in.step = func(th *thread, in *instr) error {
		r := th.regs
		a, b := toF64(t, r[in.a]&^sign), toF64(t, r[in.b]&^sign)
		if nan && (a != a || b != b) {
			r[in.d] = sign - 1
			return nil
		}
		r[in.d] = fromF64(t, numeric.MinNumF64(a, b)) | (r[in.a]^r[in.b])&sign
		return nil
	}
	return nil
}

func compileFCmp(c *compiler, in *instr) error {
	p, ok := in.op.Attr("predicate").(*ir.IntegerAttr)
	if !ok {
		return fmt.Errorf("llvm.fcmp without a predicate")
	}
	t := in.op.Operand(0).Type()
	if err := checkFloat(t); err != nil {
		return err
	}
	var f func(a, b float64, uno bool) bool
	switch llvm.FCmpPredicate(p.Int()) {
	case llvm.FCmpFalse:
		f = func(a, b float64, uno bool) bool { return false }
	case llvm.FCmpOEQ:
		f = func(a, b float64, uno bool) bool { return !uno && a == b }
	case llvm.FCmpOGT:
		f = func(a, b float64, uno bool) bool { return !uno && a > b }
	case llvm.FCmpOGE:
		f = func(a, b float64, uno bool) bool { return !uno && a >= b }
	case llvm.FCmpOLT:
		f = func(a, b float64, uno bool) bool { return !uno && a < b }
	case llvm.FCmpOLE:
		f = func(a, b float64, uno bool) bool { return !uno && a <= b }
	case llvm.FCmpONE:
		f = func(a, b float64, uno bool) bool { return !uno && a != b }
	case llvm.FCmpORD:
		f = func(a, b float64, uno bool) bool { return !uno }
	case llvm.FCmpUEQ:
		f = func(a, b float64, uno bool) bool { return uno || a == b }
	case llvm.FCmpUGT:
		f = func(a, b float64, uno bool) bool { return uno || a > b }
	case llvm.FCmpUGE:
		f = func(a, b float64, uno bool) bool { return uno || a >= b }
	case llvm.FCmpULT:
		f = func(a, b float64, uno bool) bool { return uno || a < b }
	case llvm.FCmpULE:
		f = func(a, b float64, uno bool) bool { return uno || a <= b }
	case llvm.FCmpUNE:
		f = func(a, b float64, uno bool) bool { return uno || a != b }
	case llvm.FCmpUNO:
		f = func(a, b float64, uno bool) bool { return uno }
	case llvm.FCmpTrue:
		f = func(a, b float64, uno bool) bool { return true }
	default:
		return fmt.Errorf("fcmp predicate %d is not simulated", p.Int())
	}
	in.step = func(th *thread, in *instr) error {
		r := th.regs
		a, b := toF64(t, r[in.a]), toF64(t, r[in.b])
		r[in.d] = b2u(f(a, b, math.IsNaN(a) || math.IsNaN(b)))
		return nil
	}
	return nil
}

// compileFloatCast compiles a conversion between float types.
func compileFloatCast(conv func(t ir.Type, v float64) uint64) opImpl {
	return func(c *compiler, in *instr) error {
		from, to := in.op.Operand(0).Type(), in.op.Result(0).Type()
		if err := checkFloat(from); err != nil {
			return err
		}
		if err := checkFloat(to); err != nil {
			return err
		}
		in.step = func(th *thread, in *instr) error {
			r := th.regs
			r[in.d] = conv(to, toF64(from, r[in.a]))
			return nil
		}
		return nil
	}
}

func compileIntToFloat(signed bool) opImpl {
	return func(c *compiler, in *instr) error {
		to := in.op.Result(0).Type()
		if err := checkFloat(to); err != nil {
			return err
		}
		in.step = func(th *thread, in *instr) error {
			r := th.regs
			v, neg := r[in.a], false
			if signed {
				if i := numeric.Int64(r[in.a], in.w); i < 0 {
					v, neg = uint64(-i), true // -MinInt64 wraps to its magnitude 2^63
				} else {
					v = uint64(i)
				}
			}
			r[in.d] = intToFloat(to, v, neg)
			return nil
		}
		return nil
	}
}

// intToFloat is the integer of magnitude v and sign neg rounded once to
// nearest even in float type t (roundIntToPrec at t's precision, exact in
// float64 then; through float64 rounded to nearest, a value just past a
// halfway point of f32 could round twice).
func intToFloat(t ir.Type, v uint64, neg bool) uint64 {
	return fromF64(t, roundIntToPrec(v, neg, floatPrecision(t), numeric.RNE))
}

// compileFloatToInt: PTX cvt.rzi saturates and maps NaN to 0.
func compileFloatToInt(c *compiler, in *instr) error {
	from := in.op.Operand(0).Type()
	if err := checkFloat(from); err != nil {
		return err
	}
	sat := newIntSaturation(bitWidth(in.op.Result(0).Type()), in.op.Def() == llvm.FPToSIOp, in.mask)
	in.step = func(th *thread, in *instr) error {
		th.regs[in.d] = sat.of(math.Trunc(toF64(from, th.regs[in.a])))
		return nil
	}
	return nil
}

// intSaturation is PTX cvt's float to integer: an integral value saturated
// to the integer type's range, NaN to 0.
type intSaturation struct {
	lo, hi         float64 // values at or below lo give loBits, at or above the exclusive limit hi hiBits
	loBits, hiBits uint64
	signed         bool
	mask           uint64
}

func newIntSaturation(width int, signed bool, mask uint64) intSaturation {
	s := intSaturation{lo: 0, hi: math.Ldexp(1, width), loBits: 0, hiBits: mask, signed: signed, mask: mask}
	if signed {
		s.lo, s.hi = -math.Ldexp(1, width-1), math.Ldexp(1, width-1)
		s.loBits, s.hiBits = uint64(1)<<(width-1), uint64(1)<<(width-1)-1
	}
	return s
}

// of is the integer bits of the integral x.
func (s intSaturation) of(x float64) uint64 {
	switch {
	case math.IsNaN(x):
		return 0
	case x <= s.lo:
		return s.loBits
	case x >= s.hi:
		return s.hiBits
	case s.signed:
		return uint64(int64(x)) & s.mask
	}
	return uint64(x)
}
