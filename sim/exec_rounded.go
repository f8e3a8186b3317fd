package sim

import (
	"fmt"
	"math"

	"github.com/ttcompiler/tt/dialects/gpu"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/numeric"
)

// gpu.fadd, gpu.fmul, gpu.fma (f32 with an explicit rounding mode) and
// gpu.saturate: the exact result rounded once in the op's mode (a float64
// rounded to odd carries it: numeric.FMAOdd), subnormal operands and
// results flushed to zeros of their sign with ftz.

func init() {
	define(compileRounded, gpu.RoundedOps...)
}

var roundingModes = map[gpu.Rounding]numeric.RoundingMode{
	gpu.RoundRN: numeric.RNE, gpu.RoundRZ: numeric.RTZ, gpu.RoundRM: numeric.RDN, gpu.RoundRP: numeric.RUP,
}

func compileRounded(c *compiler, in *instr) error {
	if k, _ := floatKind(in.op.Result(0).Type()); k == ir.F64 {
		return compileRoundedF64(in)
	}
	if k, _ := floatKind(in.op.Result(0).Type()); k != ir.F32 {
		return fmt.Errorf("%s on %v is not simulated", in.op.Name(), in.op.Result(0).Type())
	}
	ftz := gpu.FTZ(in.op)
	arg := func(b uint64) float64 {
		if ftz {
			b = flushF32(b)
		}
		return float64(math.Float32frombits(uint32(b)))
	}
	result := func(f float32) uint64 {
		b := uint64(math.Float32bits(f))
		if ftz {
			b = flushF32(b)
		}
		return b
	}
	if in.op.Def() == gpu.SaturateOp {
		in.step = func(th *thread, in *instr) error {
			r := th.regs
			x := arg(r[in.a])
			switch {
			case !(x > 0): // NaN, zeros and negatives
				x = 0
			case x > 1:
				x = 1
			}
			r[in.d] = result(float32(x))
			return nil
		}
		return nil
	}
	mode, ok := roundingModes[gpu.RoundingOf(in.op)]
	if !ok {
		return fmt.Errorf("%s rounding %s is not simulated", in.op.Name(), gpu.RoundingOf(in.op))
	}
	var exact func(r []uint64, in *instr) float64 // an exact result rounded to odd
	switch in.op.Def() {
	case gpu.FAddOp:
		exact = func(r []uint64, in *instr) float64 { return roundedSum(arg(r[in.a]), 1, arg(r[in.b]), mode) }
	case gpu.FMulOp:
		exact = func(r []uint64, in *instr) float64 { return arg(r[in.a]) * arg(r[in.b]) } // exact in float64
	default:
		exact = func(r []uint64, in *instr) float64 { return roundedSum(arg(r[in.a]), arg(r[in.b]), arg(r[in.c]), mode) }
	}
	in.step = func(th *thread, in *instr) error {
		r := th.regs
		r[in.d] = result(numeric.F32Directed(exact(r, in), mode))
		return nil
	}
	return nil
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

// compileRoundedF64: the f64 ops rounded to nearest (libdevice's add.rn.d,
// mul.rn.d and fma.rn.d, which keep ptxas from fusing them); the directed
// modes on f64 are not simulated.
func compileRoundedF64(in *instr) error {
	if r := gpu.RoundingOf(in.op); r != gpu.RoundRN {
		return fmt.Errorf("%s rounding %s on f64 is not simulated", in.op.Name(), r)
	}
	f := func(r []uint64, in *instr) float64 {
		a, b := math.Float64frombits(r[in.a]), math.Float64frombits(r[in.b])
		switch in.op.Def() {
		case gpu.FAddOp:
			return a + b
		case gpu.FMulOp:
			return a * b
		}
		return math.FMA(a, b, math.Float64frombits(r[in.c]))
	}
	in.step = func(th *thread, in *instr) error {
		th.regs[in.d] = math.Float64bits(f(th.regs, in))
		return nil
	}
	return nil
}
