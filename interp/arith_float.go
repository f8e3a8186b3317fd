package interp

import (
	"math"

	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/numeric"
)

// Float arithmetic is IEEE 754 with round to nearest even, per operation:
// the GPU computes f32 + - * exactly so. Differences from the GPU:
//   - arith.divf on f32 lowers to div.full.f32 (an approximation within 2
//     ulp); the interpreter divides exactly, as tt.precise_divf (div.rn)
//     does.
//   - LLVM contracts a*b+c into one fma on the GPU (Triton enables
//     fp-fusion by default); the interpreter fuses where the lowering
//     does (contract.go), else it rounds after each operation.
//
// f16/bf16 operations compute in float32 and round once to the format:
// double rounding is innocuous for + - * / because float32 carries more
// than 2p+2 bits for these formats, so results equal the GPU's native
// add.rn.f16 etc.

// floatBinary are the binary float ops: a float32 and a float64 form; the
// float32 form also serves f16/bf16/fp8 (through decoding and rounding).
type floatFns struct {
	f32 func(a, b float32) float32
	f64 func(a, b float64) float64
	// bits, if set, computes small-float results on bit patterns (min/max
	// return one of the operands bit for bit).
	bits func(f *numeric.Format, a, b uint32) uint32
}

var floatBinary = map[string]floatFns{
	"arith.addf":      {f32: func(a, b float32) float32 { return a + b }, f64: func(a, b float64) float64 { return a + b }},
	"arith.subf":      {f32: func(a, b float32) float32 { return a - b }, f64: func(a, b float64) float64 { return a - b }},
	"arith.mulf":      {f32: func(a, b float32) float32 { return a * b }, f64: func(a, b float64) float64 { return a * b }},
	"arith.divf":      {f32: func(a, b float32) float32 { return a / b }, f64: func(a, b float64) float64 { return a / b }},
	"tt.precise_divf": {f32: func(a, b float32) float32 { return a / b }, f64: func(a, b float64) float64 { return a / b }},
	"arith.remf": {
		f32: func(a, b float32) float32 { return float32(math.Mod(float64(a), float64(b))) },
		f64: math.Mod,
	},
	"arith.maxnumf":  {f32: numeric.MaxNumF32, f64: numeric.MaxNumF64, bits: numeric.MaxNumBits},
	"arith.minnumf":  {f32: numeric.MinNumF32, f64: numeric.MinNumF64, bits: numeric.MinNumBits},
	"arith.maximumf": {f32: numeric.MaximumF32, f64: numeric.MaximumF64, bits: numeric.MaximumBits},
	"arith.minimumf": {f32: numeric.MinimumF32, f64: numeric.MinimumF64, bits: numeric.MinimumBits},
	"math.powf": {
		f32: func(a, b float32) float32 { return float32(math.Pow(float64(a), float64(b))) },
		f64: math.Pow,
	},
	"math.atan2": {
		f32: func(a, b float32) float32 { return float32(math.Atan2(float64(a), float64(b))) },
		f64: math.Atan2,
	},
	"math.copysign": {
		f32: func(a, b float32) float32 {
			return f32frombits(f32bits(a)&^(1<<31) | f32bits(b)&(1<<31))
		},
		f64: math.Copysign,
		bits: func(f *numeric.Format, a, b uint32) uint32 {
			s := uint32(1) << uint(f.Bits()-1)
			return a&^s | b&s
		},
	},
}

func init() {
	for name, fns := range floatBinary {
		fns := fns
		if name == "arith.addf" || name == "arith.subf" {
			registerElementwise(name, func(c *compiler, op *ir.Operation) (runFn, error) {
				e, err := floatResult(c, op)
				if err != nil {
					return nil, err
				}
				if run := buildContracted(c, op, e); run != nil {
					return run, nil
				}
				return func(x *execCtx, in *instr) error {
					ts, n, shape, err := operands(x, in)
					if err != nil {
						return err
					}
					x.set(in, 0, applyFloat2(e, shape, n, ts[0], ts[1], fns))
					return nil
				}, nil
			})
			continue
		}
		elementwiseOp(name, func(c *compiler, op *ir.Operation) (func(*execCtx, *instr, []*Tensor, int, []int) (*Tensor, error), error) {
			e, err := floatResult(c, op)
			if err != nil {
				return nil, err
			}
			return func(x *execCtx, in *instr, ts []*Tensor, n int, shape []int) (*Tensor, error) {
				return applyFloat2(e, shape, n, ts[0], ts[1], fns), nil
			}, nil
		})
	}
	elementwiseOp("arith.negf", func(c *compiler, op *ir.Operation) (func(*execCtx, *instr, []*Tensor, int, []int) (*Tensor, error), error) {
		e, err := floatResult(c, op)
		if err != nil {
			return nil, err
		}
		return func(x *execCtx, in *instr, ts []*Tensor, n int, shape []int) (*Tensor, error) {
			return signOp(e, shape, n, ts[0], func(b, s uint64) uint64 { return b ^ s }), nil
		}, nil
	})
}

// applyFloat2 applies a binary float function elementwise.
func applyFloat2(e *Elem, shape []int, n int, a, b *Tensor, fns floatFns) *Tensor {
	r := newTensorN(e, shape, n)
	switch e.Kind {
	case KF32:
		f, x, y := fns.f32, a.F32[:n], b.F32[:n]
		for i := range r.F32 {
			r.F32[i] = f(x[i], y[i])
		}
	case KF64:
		f, x, y := fns.f64, a.F64[:n], b.F64[:n]
		for i := range r.F64 {
			r.F64[i] = f(x[i], y[i])
		}
	case KSmall:
		if fns.bits != nil {
			for i := range r.Bits {
				r.Bits[i] = uint64(fns.bits(e.Fmt, uint32(a.Bits[i]), uint32(b.Bits[i])))
			}
			break
		}
		for i := range r.Bits {
			setF32(r, i, fns.f32(f32At(a, i), f32At(b, i)))
		}
	}
	return r
}

// signOp changes the sign bit of floats (negf, absf) on their bit
// patterns, so NaN payloads pass through as on the GPU.
func signOp(e *Elem, shape []int, n int, a *Tensor, f func(bits, sign uint64) uint64) *Tensor {
	r := newTensorN(e, shape, n)
	s := uint64(1) << uint(e.Width-1)
	for i := 0; i < n; i++ {
		r.setBits(i, f(a.bitsAt(i), s))
	}
	return r
}

// floatResult returns result 0's element type, which must be a float.
func floatResult(c *compiler, op *ir.Operation) (*Elem, error) {
	e, err := c.resultElem(op, 0)
	if err != nil {
		return nil, err
	}
	if !e.isFloat() {
		return nil, ir.OpErrorf(op, "expected a float result, got %s", e)
	}
	return e, nil
}
