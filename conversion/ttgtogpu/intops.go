package ttgtogpu

import (
	"github.com/ttcompiler/tt/conversion"
	"github.com/ttcompiler/tt/dialects/llvm"
	"github.com/ttcompiler/tt/ir"
)

// Integer ops the LLVM dialect subset has no intrinsic for, built from
// population counts and shifts, and the two-result extended arithmetic.

// ctlz counts leading zeros: smear the highest set bit to the right and
// count the zeros left.
func (e *emitter) ctlz(x ir.Value) ir.Value {
	t := x.Type()
	w := ir.BitWidth(t)
	for s := 1; s < w; s <<= 1 {
		x = e.or(x, e.lshrC(x, int64(s)))
	}
	return e.intrinsic("ctpop", t, e.xor(x, e.cInt(t, -1)))
}

// cttz counts trailing zeros: the ones below the lowest set bit.
func (e *emitter) cttz(x ir.Value) ir.Value {
	t := x.Type()
	low := e.and(x, e.sub(e.cInt(t, 0), x))
	return e.intrinsic("ctpop", t, e.sub(low, e.cInt(t, 1)))
}

// mulhi is the high half of a*b for any integer width.
func (e *emitter) mulhi(a, b ir.Value, unsigned bool) ir.Value {
	t := a.Type()
	w := ir.BitWidth(t)
	if w == 32 || w == 64 {
		return newGPU(e).mulhi(a, b, unsigned)
	}
	wide := e.i32()
	p := e.mul(e.intResize(a, wide, !unsigned), e.intResize(b, wide, !unsigned))
	return e.trunc(e.lshrC(p, int64(w)), t)
}

func addIntPatterns(add func(string, scalarFn)) {
	add("math.ctlz", func(e *emitter, _ *ir.Operation, a []ir.Value, _ ir.Type) (ir.Value, error) { return e.ctlz(a[0]), nil })
	add("math.cttz", func(e *emitter, _ *ir.Operation, a []ir.Value, _ ir.Type) (ir.Value, error) { return e.cttz(a[0]), nil })
}

// twoResults lowers an elementwise op with two results of the same
// shape, computed together per register.
func twoResults(fn func(e *emitter, a []ir.Value) (ir.Value, ir.Value)) loweringFn {
	return func(_ *lowering, op *ir.Operation, e *emitter, rw *conversion.Rewriter) error {
		operands := make([][]ir.Value, op.NumOperands())
		n := 1
		for i, v := range op.Operands() {
			operands[i] = rw.RemappedN(v)
			n = max(n, len(operands[i]))
		}
		for i := range operands {
			if len(operands[i]) == 1 && n > 1 {
				operands[i] = repeat(operands[i][0], n)
			}
			if len(operands[i]) != n {
				return ir.OpErrorf(op, "operands have different numbers of registers")
			}
		}
		r0, r1 := make([]ir.Value, n), make([]ir.Value, n)
		for r := 0; r < n; r++ {
			args := make([]ir.Value, len(operands))
			for i := range operands {
				args[i] = operands[i][r]
			}
			r0[r], r1[r] = fn(e, args)
		}
		if _, ok := op.Result(0).Type().(*ir.RankedTensorType); ok {
			rw.ReplaceOpN(op, [][]ir.Value{r0, r1})
		} else {
			rw.ReplaceOp(op, []ir.Value{r0[0], r1[0]})
		}
		return nil
	}
}

// extendedPatterns: arith.{mului,mulsi}_extended (low and high halves of
// the product) and arith.addui_extended (sum and carry).
func extendedPatterns() map[string]loweringFn {
	return map[string]loweringFn{
		"arith.mului_extended": twoResults(func(e *emitter, a []ir.Value) (ir.Value, ir.Value) {
			return e.mul(a[0], a[1]), e.mulhi(a[0], a[1], true)
		}),
		"arith.mulsi_extended": twoResults(func(e *emitter, a []ir.Value) (ir.Value, ir.Value) {
			return e.mul(a[0], a[1]), e.mulhi(a[0], a[1], false)
		}),
		"arith.addui_extended": twoResults(func(e *emitter, a []ir.Value) (ir.Value, ir.Value) {
			s := e.add(a[0], a[1])
			return s, e.icmp(llvm.ICmpULT, s, a[0])
		}),
	}
}
