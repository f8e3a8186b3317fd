package interp

import (
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/numeric"
)

// Most combine regions are one arith op on the two block arguments
// (tl.sum, tl.max, tl.cumsum ...). For those, levels run in place on the
// typed slices, with no per-level tensors and no region dispatch. The
// same scalar function and the same pair order as the region path are
// used, so results are bit-identical.

// levelFn applies one level in place to a single-operand reduction or
// scan.
type levelFn func(t *Tensor, lv level)

// singleCombiner returns the op of a region made of exactly one binary op
// on its two block arguments (in order) and the terminator.
func singleCombiner(op *ir.Operation) *ir.Operation {
	if op.NumOperands() != 1 || op.NumRegions() != 1 || op.Region(0).NumBlocks() != 1 {
		return nil
	}
	b := op.Region(0).Front()
	ops := b.Ops()
	if len(ops) != 2 || b.NumArguments() != 2 {
		return nil
	}
	c, term := ops[0], ops[1]
	if c.NumOperands() != 2 || c.NumResults() != 1 || c.NumRegions() != 0 || term.NumOperands() != 1 || term.Operand(0) != ir.Value(c.Result(0)) {
		return nil
	}
	if c.Operand(0) != ir.Value(b.Argument(0)) || c.Operand(1) != ir.Value(b.Argument(1)) {
		return nil
	}
	return c
}

// fastLevel returns an in-place level function for the reduction or scan
// op, or nil if its combiner has none.
func fastLevel(c *compiler, op *ir.Operation) levelFn {
	comb := singleCombiner(op)
	if comb == nil {
		return nil
	}
	e, err := c.resultElem(comb, 0)
	if err != nil {
		return nil
	}
	if fns, ok := floatBinary[comb.Name()]; ok && fns.f32 != nil {
		switch e.Kind {
		case KF32:
			f := fns.f32
			if comb.Name() == "arith.addf" {
				return func(t *Tensor, lv level) {
					x := t.F32
					for p, l := range lv.lhs {
						x[lv.dst[p]] = x[l] + x[lv.rhs[p]]
					}
				}
			}
			return func(t *Tensor, lv level) {
				x := t.F32
				for p, l := range lv.lhs {
					x[lv.dst[p]] = f(x[l], x[lv.rhs[p]])
				}
			}
		case KF64:
			f := fns.f64
			return func(t *Tensor, lv level) {
				x := t.F64
				for p, l := range lv.lhs {
					x[lv.dst[p]] = f(x[l], x[lv.rhs[p]])
				}
			}
		}
		return nil
	}
	if e.Kind != KInt {
		return nil
	}
	w := e.Width
	var f func(a, b uint64, w int) uint64
	switch comb.Name() {
	case "arith.addi":
		f = numeric.AddI
	case "arith.muli":
		f = numeric.MulI
	case "arith.andi":
		f = func(a, b uint64, _ int) uint64 { return a & b }
	case "arith.ori":
		f = func(a, b uint64, _ int) uint64 { return a | b }
	case "arith.xori":
		f = func(a, b uint64, _ int) uint64 { return a ^ b }
	default:
		f = intBinary[comb.Name()]
	}
	if f == nil {
		return nil
	}
	return func(t *Tensor, lv level) {
		x := t.Bits
		for p, l := range lv.lhs {
			x[lv.dst[p]] = f(x[l], x[lv.rhs[p]], w)
		}
	}
}
