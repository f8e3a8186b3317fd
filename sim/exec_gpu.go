package sim

import (
	"fmt"
	"math"

	"github.com/ttcompiler/tt/dialects/gpu"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/numeric"
)

// The gpu dialect's per-thread ops: thread and block indices, integer
// helpers, conversions, and device printf and assert.

func init() {
	define(func(c *compiler, in *instr) error {
		in.step = func(th *thread, in *instr) error {
			th.regs[in.d] = uint64(th.tid)
			return nil
		}
		return nil
	}, gpu.ThreadIDOp)
	define(func(c *compiler, in *instr) error {
		in.step = func(th *thread, in *instr) error {
			th.regs[in.d] = uint64(th.lane)
			return nil
		}
		return nil
	}, gpu.LaneIDOp)
	define(ctaIndex(func(c *cta, d int) int { return c.id[d] }), gpu.BlockIDOp)
	define(ctaIndex(func(c *cta, d int) int { return c.grid[d] }), gpu.GridDimOp)
	define(ctaIndex(func(c *cta, d int) int {
		if d == 0 {
			return len(c.threads)
		}
		return 1
	}), gpu.BlockDimOp)
	// Clusters: the grid is cut into clusters of c.cluster CTAs.
	define(ctaIndex(func(c *cta, d int) int { return c.id[d] / c.cluster[d] }), gpu.ClusterIDOp)
	define(ctaIndex(func(c *cta, d int) int { return c.grid[d] / c.cluster[d] }), gpu.ClusterDimOp)
	define(ctaIndex(func(c *cta, d int) int { return c.id[d] % c.cluster[d] }), gpu.ClusterBlockIDOp)
	define(ctaIndex(func(c *cta, d int) int { return c.cluster[d] }), gpu.ClusterDimBlocksOp)
	define(ctaIndex(func(c *cta, _ int) int {
		x, y, z := c.id[0]%c.cluster[0], c.id[1]%c.cluster[1], c.id[2]%c.cluster[2]
		return x + c.cluster[0]*(y+c.cluster[1]*z)
	}), gpu.ClusterBlockRankOp)
	define(ctaIndex(func(c *cta, _ int) int { return c.cluster[0] * c.cluster[1] * c.cluster[2] }), gpu.ClusterNumBlocksOp)
	define(ctaIndex(func(c *cta, _ int) int { return c.smID() }), gpu.SMIDOp)
	define(ctaIndex(func(c *cta, _ int) int { return c.sms }), gpu.NumSMIDsOp)
	define(func(c *compiler, in *instr) error {
		c.constant(in.d, 0) // shared addresses are offsets into the CTA's shared memory
		return nil
	}, gpu.SharedBaseOp)
	define(func(c *compiler, in *instr) error {
		hi := numeric.MulHiSI
		if in.op.Attr("unsigned") != nil {
			hi = numeric.MulHiUI
		}
		return intBinary(hi)(c, in)
	}, gpu.MulHiOp)
	define(compilePrmt, gpu.PrmtOp)
	define(compileBfe, gpu.BfeOp)
	define(compileCvt, gpu.CvtOp)
	define(compilePrintf, gpu.PrintfOp)
	define(func(c *compiler, in *instr) error {
		msg := fmt.Sprintf("device assertion failed: %s (%s:%d)", gpu.AssertMessage(in.op), gpu.AssertFile(in.op), gpu.AssertLine(in.op))
		in.step = func(th *thread, in *instr) error {
			if th.regs[in.a]&1 == 0 {
				return fmt.Errorf("%s", msg)
			}
			return nil
		}
		return nil
	}, gpu.AssertOp)
}

// ctaIndex compiles an index op whose value is the same for the CTA.
func ctaIndex(f func(c *cta, dim int) int) opImpl {
	return func(c *compiler, in *instr) error {
		d := dimOf(in.op)
		in.step = func(th *thread, in *instr) error {
			th.regs[in.d] = uint64(f(th.cta, d))
			return nil
		}
		return nil
	}
}

// compilePrmt: result byte i is byte sel>>4i & 7 of {b, a} (a is bytes
// 0-3), or that byte's sign replicated when sel>>4i & 8 is set.
func compilePrmt(c *compiler, in *instr) error {
	in.step = func(th *thread, in *instr) error {
		r := th.regs
		src := r[in.b]<<32 | r[in.a]&0xffffffff
		sel := r[in.c]
		var out uint64
		for i := 0; i < 4; i++ {
			s := sel >> (4 * i) & 0xf
			b := src >> (8 * (s & 7)) & 0xff
			if s&8 != 0 {
				b = 0
				if src>>(8*(s&7)+7)&1 != 0 {
					b = 0xff
				}
			}
			out |= b << (8 * i)
		}
		r[in.d] = out
		return nil
	}
	return nil
}

// compileBfe: PTX bfe: bit i of the result is bit pos+i of a for i < len
// (pos and len are the low bytes of the operands) while that is inside a,
// and otherwise the field's top bit (signed) or zero (unsigned).
func compileBfe(c *compiler, in *instr) error {
	unsigned := in.op.Attr("unsigned") != nil
	in.step = func(th *thread, in *instr) error {
		r := th.regs
		msb := in.w - 1
		a, pos, n := r[in.a], int(r[in.b]&0xff), int(r[in.c]&0xff)
		var sbit uint64
		if !unsigned && n > 0 {
			sbit = a >> min(pos+n-1, msb) & 1
		}
		var out uint64
		for i := 0; i <= msb; i++ {
			bit := sbit
			if i < n && pos+i <= msb {
				bit = a >> (pos + i) & 1
			}
			out |= bit << i
		}
		r[in.d] = out
		return nil
	}
	return nil
}

// compileCvt: the single-value conversions of gpu.cvt with rounding rn,
// rz or none, two f32 packed into a pair, and a pair of 8-bit floats
// widened to f16; f64 -> f32 in every rounding and the conversions between
// integers and floats are in exec_cvt.go.
func compileCvt(c *compiler, in *instr) error {
	if in.op.NumOperands() == 2 {
		return compileCvtPack(in)
	}
	switch gpu.ClassifyCvt(in.op.OperandTypes(), in.op.Result(0).Type()) {
	case gpu.CvtF8x2ToF16:
		return compileCvtFP8Pair(in)
	case gpu.CvtFloatToInt, gpu.CvtIntToFloat:
		return compileCvtIntFloat(in)
	case gpu.CvtNarrow:
		if k, _ := floatKind(in.op.Result(0).Type()); k == ir.F32 {
			return compileCvtToF32(in)
		}
	}
	if in.op.NumOperands() != 1 {
		return fmt.Errorf("gpu.cvt of %d operands is not simulated", in.op.NumOperands())
	}
	from, to := in.op.Operand(0).Type(), in.op.Result(0).Type()
	if err := checkFloat(from); err != nil {
		return err
	}
	if err := checkFloat(to); err != nil {
		return err
	}
	o := gpu.CvtOptionsOf(in.op)
	if o.Satfinite || o.Relu {
		return fmt.Errorf("gpu.cvt with satfinite or relu is not simulated")
	}
	rz := false
	switch o.Rounding {
	case gpu.RoundRZ:
		rz = true
	case gpu.RoundRN, gpu.RoundNone:
	default:
		return fmt.Errorf("gpu.cvt rounding %s is not simulated", o.Rounding)
	}
	in.step = func(th *thread, in *instr) error {
		r := th.regs
		v := toF64(from, r[in.a])
		if rz && !math.IsNaN(v) {
			r[in.d] = fromF64RZ(to, v)
		} else {
			r[in.d] = fromF64(to, v)
		}
		return nil
	}
	return nil
}

// compileCvtPackFP8: two f32 rounded to nearest even into a pair of 8-bit
// floats' bits (an i16, operand 0 in the low byte), with satfinite:
// overflow and ±inf give ±max finite, NaN gives 0x7F.
func compileCvtPackFP8(in *instr) error {
	if o := gpu.CvtOptionsOf(in.op); o.Relu {
		return fmt.Errorf("gpu.cvt with relu is not simulated")
	}
	encode := numeric.F8E4M3FNFromFloat32
	if gpu.CvtResultPairKind(in.op) == ir.F8E5M2 {
		encode = numeric.F8E5M2FromFloat32
	}
	in.step = func(th *thread, in *instr) error {
		r := th.regs
		lo := encode(math.Float32frombits(uint32(r[in.a])), numeric.RNE)
		hi := encode(math.Float32frombits(uint32(r[in.b])), numeric.RNE)
		r[in.d] = uint64(lo) | uint64(hi)<<8
		return nil
	}
	return nil
}

// compileCvtFP8Pair: a pair of 8-bit floats (a vector<2xf8> or its bits
// in an i16, element 0 in the low byte) widened exactly to vector<2xf16>;
// a NaN becomes the canonical f16 NaN.
func compileCvtFP8Pair(in *instr) error {
	if o := gpu.CvtOptionsOf(in.op); o.Satfinite || o.Relu {
		return fmt.Errorf("gpu.cvt with satfinite or relu is not simulated")
	}
	decode := numeric.F8E4M3FNToFloat32
	if gpu.CvtSourceFP8(in.op) == ir.F8E5M2 {
		decode = numeric.F8E5M2ToFloat32
	}
	f16 := ir.F16Type(in.op.Context())
	in.step = func(th *thread, in *instr) error {
		r := th.regs
		bits := r[in.a]
		lo := fromF64(f16, float64(decode(uint8(bits))))
		hi := fromF64(f16, float64(decode(uint8(bits>>8))))
		r[in.d] = lo | hi<<16
		return nil
	}
	return nil
}

// compileCvtPack: two f32 rounded (rn or rz) into a vector<2xf16> or
// vector<2xbf16>, operand 0 in the low half.
func compileCvtPack(in *instr) error {
	if gpu.ClassifyCvt(in.op.OperandTypes(), in.op.Result(0).Type()) != gpu.CvtPackF32 {
		return fmt.Errorf("this packed gpu.cvt is not simulated")
	}
	if ir.IsInteger(in.op.Result(0).Type(), 16) {
		return compileCvtPackFP8(in)
	}
	to := in.op.Result(0).Type().(*ir.VectorType).Elem
	if err := checkFloat(to); err != nil {
		return err
	}
	o := gpu.CvtOptionsOf(in.op)
	if o.Satfinite || o.Relu {
		return fmt.Errorf("gpu.cvt with satfinite or relu is not simulated")
	}
	conv := fromF64
	switch o.Rounding {
	case gpu.RoundRZ:
		conv = func(t ir.Type, v float64) uint64 {
			if math.IsNaN(v) {
				return fromF64(t, v)
			}
			return fromF64RZ(t, v)
		}
	case gpu.RoundRN:
	default:
		return fmt.Errorf("gpu.cvt rounding %s is not simulated", o.Rounding)
	}
	f32 := in.op.Operand(0).Type()
	in.step = func(th *thread, in *instr) error {
		r := th.regs
		r[in.d] = conv(to, toF64(f32, r[in.a])) | conv(to, toF64(f32, r[in.b]))<<16
		return nil
	}
	return nil
}
