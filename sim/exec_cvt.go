package sim

import (
	"fmt"
	"math"
	"math/bits"

	"github.com/ttcompiler/tt/dialects/gpu"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/numeric"
)

// gpu.cvt between integers and floats, and f64 -> f32 in every rounding
// (the forms libdevice's conversions use):
//
//   - float -> integer (PTX cvt.rni/rzi/rmi/rpi): the value rounded to an
//     integer in the op's direction, clamped to the signed or unsigned
//     range of the result's width; NaN gives 0; with ftz an f32 subnormal
//     operand is a zero of its sign first.
//   - integer -> float: the signed or unsigned integer rounded once to the
//     float's precision in the op's direction.
//   - f64 -> f32: rounded in the op's direction (overflow gives ±inf where
//     the direction rounds away from zero, ±MaxFloat32 where it does not);
//     with ftz a subnormal result becomes a zero of its sign.

// compileCvtIntFloat compiles the conversions between integers and floats.
func compileCvtIntFloat(in *instr) error {
	o := gpu.CvtOptionsOf(in.op)
	mode, ok := roundingModes[o.Rounding]
	if !ok {
		return fmt.Errorf("gpu.cvt rounding %s is not simulated", o.Rounding)
	}
	from, to := in.op.Operand(0).Type(), in.op.Result(0).Type()
	if gpu.ClassifyCvt(in.op.OperandTypes(), to) == gpu.CvtIntToFloat {
		w := bitWidth(from)
		k, _ := floatKind(to)
		prec := floatPrecision(to)
		in.step = func(th *thread, in *instr) error {
			r := th.regs
			x := r[in.a]
			var mag uint64
			neg := false
			if o.Unsigned {
				mag = x & (1<<w - 1) // 1<<64 - 1 is all ones
			} else {
				v := numeric.Int64(x, w)
				neg = v < 0
				mag = uint64(v)
				if neg {
					mag = -mag
				}
			}
			f := roundIntToPrec(mag, neg, prec, mode)
			if k == ir.F64 {
				r[in.d] = math.Float64bits(f)
			} else {
				r[in.d] = uint64(math.Float32bits(float32(f))) // exact: f has at most 24 bits
			}
			return nil
		}
		return nil
	}
	if err := checkFloat(from); err != nil {
		return err
	}
	ftz := o.FTZ
	if k, _ := floatKind(from); k != ir.F32 {
		ftz = false
	}
	round := map[numeric.RoundingMode]func(float64) float64{
		numeric.RNE: math.RoundToEven, numeric.RTZ: math.Trunc, numeric.RDN: math.Floor, numeric.RUP: math.Ceil,
	}[mode]
	sat := newIntSaturation(bitWidth(to), !o.Unsigned, in.mask)
	in.step = func(th *thread, in *instr) error {
		b := th.regs[in.a]
		if ftz {
			b = flushF32(b)
		}
		th.regs[in.d] = sat.of(round(toF64(from, b)))
		return nil
	}
	return nil
}

// floatPrecision is the significand's bits of float type t.
func floatPrecision(t ir.Type) int {
	switch k, _ := floatKind(t); k {
	case ir.F16:
		return 11
	case ir.BF16:
		return 8
	case ir.F32:
		return 24
	}
	return 53
}

// roundIntToPrec is the integer ±mag rounded to prec significant bits in
// mode m (exact where mag has at most prec bits); 0 gives +0.
func roundIntToPrec(mag uint64, neg bool, prec int, m numeric.RoundingMode) float64 {
	n := bits.Len64(mag)
	var f float64
	if n <= prec {
		f = float64(mag)
	} else {
		shift := n - prec
		q, rem := mag>>shift, mag&(1<<shift-1)
		half := uint64(1) << (shift - 1)
		var up bool
		switch m {
		case numeric.RNE:
			up = rem > half || rem == half && q&1 == 1
		case numeric.RDN:
			up = neg && rem != 0
		case numeric.RUP:
			up = !neg && rem != 0
		}
		if up {
			q++
		}
		f = math.Ldexp(float64(q), shift) // q <= 2^prec: exact
	}
	if neg {
		f = -f
	}
	return f
}

// compileCvtToF32 compiles gpu.cvt f64 -> f32 in any rounding, with ftz.
func compileCvtToF32(in *instr) error {
	o := gpu.CvtOptionsOf(in.op)
	if o.Satfinite || o.Relu {
		return fmt.Errorf("gpu.cvt with satfinite or relu is not simulated")
	}
	mode := numeric.RNE
	if o.Rounding != gpu.RoundNone {
		m, ok := roundingModes[o.Rounding]
		if !ok {
			return fmt.Errorf("gpu.cvt rounding %s is not simulated", o.Rounding)
		}
		mode = m
	}
	from := in.op.Operand(0).Type()
	if err := checkFloat(from); err != nil {
		return err
	}
	in.step = func(th *thread, in *instr) error {
		r := th.regs
		b := uint64(math.Float32bits(numeric.F32Directed(toF64(from, r[in.a]), mode)))
		if o.FTZ {
			b = flushF32(b)
		}
		r[in.d] = b
		return nil
	}
	return nil
}
