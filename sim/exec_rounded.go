package sim

import (
	"fmt"
	"math"

	"github.com/ttcompiler/tt/dialects/gpu"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/numeric"
)

// The ops with an explicit rounding mode (gpu.fadd, gpu.fsub, gpu.fmul,
// gpu.fma, gpu.fdiv, gpu.frcp, gpu.fsqrt) and gpu.saturate: the exact
// result rounded once in the op's mode, subnormals kept in f64 and in f32
// without ftz, subnormal f32 operands and results flushed to zeros of
// their sign with ftz (a result is flushed after rounding: one that rounds
// up to the smallest normal stays). f32 sums and products go through a
// float64 rounded to odd (numeric.FMAOdd), which carries the exact
// result's rounding to f32; quotients, reciprocals, square roots and the
// f64 ops in the directed modes through numeric's exact arithmetic; the
// f64 ops rounded to nearest are Go's own. A NaN result is the canonical
// NaN, 0x7FFFFFFF in f32 as PTX gives it, and 0x7FFFFFFFFFFFFFFF in f64.

func init() {
	define(compileRounded, gpu.RoundedOps...)
}

var roundingModes = map[gpu.Rounding]numeric.RoundingMode{
	gpu.RoundRN: numeric.RNE, gpu.RoundRZ: numeric.RTZ, gpu.RoundRM: numeric.RDN, gpu.RoundRP: numeric.RUP,
}

const (
	canonicalNaN32 = 0x7fffffff
	canonicalNaN64 = 0x7fffffffffffffff
)

func compileRounded(c *compiler, in *instr) error {
	k, _ := floatKind(in.op.Result(0).Type())
	if k != ir.F32 && k != ir.F64 {
		return fmt.Errorf("%s on %v is not simulated", in.op.Name(), in.op.Result(0).Type())
	}
	f := numeric.Binary32
	if k == ir.F64 {
		f = numeric.Binary64
	}
	var exact func(a, b, c float64) float64 // the op's result in f, as a float64
	if in.op.Def() == gpu.SaturateOp {
		exact = func(x, _, _ float64) float64 {
			switch {
			case !(x > 0): // NaN, zeros and negatives
				return 0
			case x > 1:
				return 1
			}
			return x
		}
	} else {
		mode, ok := roundingModes[gpu.RoundingOf(in.op)]
		if !ok {
			return fmt.Errorf("%s rounding %s is not simulated", in.op.Name(), gpu.RoundingOf(in.op))
		}
		exact = roundedOp(in.op.Def(), f, mode)
	}
	ftz := gpu.FTZ(in.op)
	arg := func(b uint64) float64 {
		if f == numeric.Binary64 {
			return math.Float64frombits(b)
		}
		if ftz {
			b = flushF32(b)
		}
		return float64(math.Float32frombits(uint32(b)))
	}
	result := func(v float64) uint64 {
		if f == numeric.Binary64 {
			if math.IsNaN(v) {
				return canonicalNaN64
			}
			return math.Float64bits(v)
		}
		if math.IsNaN(v) {
			return canonicalNaN32
		}
		b := uint64(math.Float32bits(float32(v))) // exact: v is a float32
		if ftz {
			b = flushF32(b)
		}
		return b
	}
	switch len(in.op.Operands()) {
	case 1:
		in.step = func(th *thread, in *instr) error {
			r := th.regs
			r[in.d] = result(exact(arg(r[in.a]), 0, 0))
			return nil
		}
	case 2:
		in.step = func(th *thread, in *instr) error {
			r := th.regs
			r[in.d] = result(exact(arg(r[in.a]), arg(r[in.b]), 0))
			return nil
		}
	default:
		in.step = func(th *thread, in *instr) error {
			r := th.regs
			r[in.d] = result(exact(arg(r[in.a]), arg(r[in.b]), arg(r[in.c])))
			return nil
		}
	}
	return nil
}

// roundedOp is the exact result of op on operands of format f rounded in
// mode m (unused operands are ignored).
func roundedOp(op *ir.OpDef, f numeric.Binary, m numeric.RoundingMode) func(a, b, c float64) float64 {
	if f == numeric.Binary32 {
		// float32 operands multiply exactly in float64; the sum rounded
		// to odd keeps the exact sum's rounding to f32.
		f32 := func(v float64) float64 { return float64(numeric.F32Directed(v, m)) }
		switch op {
		case gpu.FAddOp:
			return func(a, b, _ float64) float64 { return f32(roundedSum(a, 1, b, m)) }
		case gpu.FSubOp:
			return func(a, b, _ float64) float64 { return f32(roundedSum(a, 1, -b, m)) }
		case gpu.FMulOp:
			return func(a, b, _ float64) float64 { return f32(a * b) }
		case gpu.FMAOp:
			return func(a, b, c float64) float64 { return f32(roundedSum(a, b, c, m)) }
		}
	}
	if f == numeric.Binary64 && m == numeric.RNE { // IEEE 754's own, in Go
		switch op {
		case gpu.FAddOp:
			return func(a, b, _ float64) float64 { return a + b }
		case gpu.FSubOp:
			return func(a, b, _ float64) float64 { return a - b }
		case gpu.FMulOp:
			return func(a, b, _ float64) float64 { return a * b }
		case gpu.FMAOp:
			return math.FMA
		case gpu.FDivOp:
			return func(a, b, _ float64) float64 { return a / b }
		case gpu.FRcpOp:
			return func(a, _, _ float64) float64 { return 1 / a }
		case gpu.FSqrtOp:
			return func(a, _, _ float64) float64 { return math.Sqrt(a) }
		}
	}
	switch op {
	case gpu.FAddOp:
		return func(a, b, _ float64) float64 { return numeric.AddDirected(a, b, f, m) }
	case gpu.FSubOp:
		return func(a, b, _ float64) float64 { return numeric.AddDirected(a, -b, f, m) }
	case gpu.FMulOp:
		return func(a, b, _ float64) float64 { return numeric.MulDirected(a, b, f, m) }
	case gpu.FMAOp:
		return func(a, b, c float64) float64 { return numeric.FMADirected(a, b, c, f, m) }
	case gpu.FDivOp:
		return func(a, b, _ float64) float64 { return numeric.DivDirected(a, b, f, m) }
	case gpu.FRcpOp:
		return func(a, _, _ float64) float64 { return numeric.DivDirected(1, a, f, m) }
	}
	return func(a, _, _ float64) float64 { return numeric.SqrtDirected(a, f, m) }
}

// roundedSum is a*b + c rounded to odd in float64, with IEEE 754's sign
// of an exact zero: the operands' sign where a*b and c are zeros of one
// sign, else +0, or -0 when rounding toward -inf.
func roundedSum(a, b, c float64, mode numeric.RoundingMode) float64 {
	v := numeric.FMAOdd(a, b, c)
	if v != 0 {
		return v
	}
	p := a * b
	if p == 0 && c == 0 && math.Signbit(p) == math.Signbit(c) {
		return c
	}
	if mode == numeric.RDN {
		return math.Copysign(0, -1)
	}
	return 0
}
