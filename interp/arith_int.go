package interp

import (
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/numeric"
)

// Integer arithmetic follows MLIR arith on the low w bits, with the GPU's
// results where arith leaves a case undefined (numeric/intops.go): x/0 is
// all ones, MIN/-1 wraps to MIN, shifts by >= w give 0 or the sign fill.

// intBinary are the integer binary ops without a dedicated loop.
var intBinary = map[string]func(a, b uint64, w int) uint64{
	"arith.divsi":      numeric.DivSI,
	"arith.divui":      numeric.DivUI,
	"arith.remsi":      numeric.RemSI,
	"arith.remui":      numeric.RemUI,
	"arith.ceildivsi":  numeric.CeilDivSI,
	"arith.ceildivui":  numeric.CeilDivUI,
	"arith.floordivsi": numeric.FloorDivSI,
	"arith.shli":       numeric.ShLI,
	"arith.shrui":      numeric.ShRUI,
	"arith.shrsi":      numeric.ShRSI,
	"arith.maxsi":      numeric.MaxSI,
	"arith.maxui":      numeric.MaxUI,
	"arith.minsi":      numeric.MinSI,
	"arith.minui":      numeric.MinUI,
	"tt.mulhiui":       numeric.MulHiUI,
}

func init() {
	for name, f := range intBinary {
		f := f
		elementwiseOp(name, func(c *compiler, op *ir.Operation) (func(*execCtx, *instr, []*Tensor, int, []int) (*Tensor, error), error) {
			e, err := intResult(c, op)
			if err != nil {
				return nil, err
			}
			w, fn := e.Width, f
			if div := pairedDivision(op); div != nil {
				fn = func(a, b uint64, w int) uint64 {
					return numeric.SubI(a, numeric.MulI(div(a, b, w), b, w), w)
				}
			}
			return func(x *execCtx, in *instr, ts []*Tensor, n int, shape []int) (*Tensor, error) {
				r := newTensorN(e, shape, n)
				a, b := ts[0].Bits, ts[1].Bits
				for i := range r.Bits {
					r.Bits[i] = fn(a[i], b[i], w)
				}
				return r, nil
			}, nil
		})
	}
	// The common ops get their own loops: they dominate address arithmetic.
	for _, name := range []string{"arith.addi", "arith.subi", "arith.muli", "arith.andi", "arith.ori", "arith.xori"} {
		name := name
		elementwiseOp(name, func(c *compiler, op *ir.Operation) (func(*execCtx, *instr, []*Tensor, int, []int) (*Tensor, error), error) {
			e, err := intResult(c, op)
			if err != nil {
				return nil, err
			}
			m := numeric.Mask(e.Width)
			return func(x *execCtx, in *instr, ts []*Tensor, n int, shape []int) (*Tensor, error) {
				r := newTensorN(e, shape, n)
				a, b, o := ts[0].Bits, ts[1].Bits[:n], r.Bits[:n]
				a = a[:n]
				switch name {
				case "arith.addi":
					for i := range o {
						o[i] = (a[i] + b[i]) & m
					}
				case "arith.subi":
					for i := range o {
						o[i] = (a[i] - b[i]) & m
					}
				case "arith.muli":
					for i := range o {
						o[i] = (a[i] * b[i]) & m
					}
				case "arith.andi":
					for i := range o {
						o[i] = a[i] & b[i]
					}
				case "arith.ori":
					for i := range o {
						o[i] = a[i] | b[i]
					}
				case "arith.xori":
					for i := range o {
						o[i] = a[i] ^ b[i]
					}
				}
				return r, nil
			}, nil
		})
	}
	for _, name := range []string{"arith.addui_extended", "arith.mulsi_extended", "arith.mului_extended"} {
		name := name
		registerElementwise(name, func(c *compiler, op *ir.Operation) (runFn, error) {
			e, err := intResult(c, op)
			if err != nil {
				return nil, err
			}
			e1, err := c.resultElem(op, 1)
			if err != nil {
				return nil, err
			}
			w := e.Width
			return func(x *execCtx, in *instr) error {
				ts, n, shape, err := operands(x, in)
				if err != nil {
					return err
				}
				lo, hi := newTensorN(e, shape, n), newTensorN(e1, shape, n)
				a, b := ts[0].Bits, ts[1].Bits
				for i := 0; i < n; i++ {
					switch name {
					case "arith.addui_extended":
						s := numeric.AddI(a[i], b[i], w)
						lo.Bits[i] = s
						if s < a[i]&numeric.Mask(w) {
							hi.Bits[i] = 1
						}
					case "arith.mulsi_extended":
						lo.Bits[i], hi.Bits[i] = numeric.MulSIExtended(a[i], b[i], w)
					default:
						lo.Bits[i], hi.Bits[i] = numeric.MulUIExtended(a[i], b[i], w)
					}
				}
				x.set(in, 0, lo)
				x.set(in, 1, hi)
				return nil
			}, nil
		})
	}
}

// intResult returns result 0's element type, which must be an integer.
func intResult(c *compiler, op *ir.Operation) (*Elem, error) {
	e, err := c.resultElem(op, 0)
	if err != nil {
		return nil, err
	}
	if e.Kind != KInt {
		return nil, ir.OpErrorf(op, "expected an integer result, got %s", e)
	}
	return e, nil
}

// pairedDivision returns the division matching a remainder op when the
// same block also divides the same operands. LLVM's DivRemPairs pass then
// computes the remainder as x - (x/y)*y on NVPTX (which has no combined
// div/rem instruction). That equals x%y except for y = 0, where the GPU
// gives x rather than the all-ones of a lone rem (measured on an H200).
func pairedDivision(op *ir.Operation) func(a, b uint64, w int) uint64 {
	var divName string
	var div func(a, b uint64, w int) uint64
	switch op.Name() {
	case "arith.remsi":
		divName, div = "arith.divsi", numeric.DivSI
	case "arith.remui":
		divName, div = "arith.divui", numeric.DivUI
	default:
		return nil
	}
	if op.Block() == nil {
		return nil
	}
	for _, o := range op.Block().Ops() {
		if o.Name() == divName && o.Operand(0) == op.Operand(0) && o.Operand(1) == op.Operand(1) {
			return div
		}
	}
	return nil
}
