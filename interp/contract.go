package interp

import (
	"math"

	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/numeric"
)

// Floating-point contraction. Triton compiles with fp fusion enabled by
// default, and LLVM's NVPTX backend then contracts a multiplication feeding
// an addition or subtraction in the same basic block into one fused
// multiply-add (DAGCombiner's visitFADDForFMACombine/visitFSUBForFMACombine;
// NVPTX enables aggressive fusion, so the product may have other uses).
// The interpreter does the same for f32 and f64, and for f16 and bf16 where
// the target has their fma (contractsHalf: NVIDIA, bf16 from sm_80 on), so
// that a*b+c rounds once as on the GPU:
//
//	addf(mulf(x, y), z) -> fma(x, y, z)     addf(z, mulf(x, y)) -> fma(x, y, z)
//	subf(mulf(x, y), z) -> fma(x, y, -z)    subf(z, mulf(x, y)) -> fma(-x, y, z)
//
// When both operands are products, the one with fewer uses is fused (the
// left one on a tie), as LLVM does. Before LLVM sees the code, Triton's
// TTGIR pipeline hoists loop-invariant pure operations out of loops
// (LICM), so a product and a sum in the same loop body end up in different
// blocks when only one of them is invariant; the interpreter fuses only
// when both or neither would be hoisted (measured on an H200:
// `acc + a*c` in a loop with a, c defined outside is not fused). Program
// options can turn contraction off (Triton's enable_fp_fusion=False).

// contractable returns the arith.mulf defining v if it can be fused into
// user (same block; the element type buildContracted checks).
func contractable(v ir.Value, user *ir.Operation) *ir.Operation {
	r, ok := v.(*ir.OpResult)
	if !ok {
		return nil
	}
	m := r.Owner()
	if m.Name() != "arith.mulf" || m.Block() != user.Block() {
		return nil
	}
	if loop := enclosingLoop(user); loop != nil {
		memo := map[*ir.Operation]bool{}
		if hoistable(m, loop, memo) != hoistable(user, loop, memo) {
			return nil
		}
	}
	return m
}

// enclosingLoop returns the loop whose body holds op directly.
func enclosingLoop(op *ir.Operation) *ir.Operation {
	p := op.ParentOp()
	if p != nil && (p.Name() == "scf.for" || p.Name() == "scf.while") {
		return p
	}
	return nil
}

// hoistable reports whether LICM would move op out of loop: a pure op
// whose operands are all defined outside the loop or by hoistable ops.
func hoistable(op, loop *ir.Operation, memo map[*ir.Operation]bool) bool {
	if v, ok := memo[op]; ok {
		return v
	}
	memo[op] = false // cycles (through block arguments) are not invariant
	ok := op.Has(ir.Pure) && op.NumRegions() == 0
	for i := 0; ok && i < op.NumOperands(); i++ {
		switch v := op.Operand(i).(type) {
		case *ir.OpResult:
			d := v.Owner()
			if loop.IsAncestorOf(d) {
				ok = hoistable(d, loop, memo)
			}
		case *ir.BlockArgument:
			if b := v.Owner(); b != nil && b.ParentOp() != nil && (b.ParentOp() == loop || loop.IsAncestorOf(b.ParentOp())) {
				ok = false
			}
		}
	}
	memo[op] = ok
	return ok
}

// buildContracted returns a fused runFn for an addf/subf, or nil when the
// op does not contract.
func buildContracted(c *compiler, op *ir.Operation, e *Elem) runFn {
	half := e.Kind == KSmall && contractsHalf(op, e.Fmt)
	if c.prog.opts.NoFPContraction || (e.Kind != KF32 && e.Kind != KF64 && !half) || op.NumOperands() != 2 {
		return nil
	}
	sub := op.Name() == "arith.subf"
	lhs, rhs := contractable(op.Operand(0), op), contractable(op.Operand(1), op)
	if lhs != nil && rhs != nil && ir.NumUses(rhs.Result(0)) < ir.NumUses(lhs.Result(0)) {
		lhs = nil
	}
	var mul *ir.Operation
	var other int // operand index of the addend
	negProduct, negAddend := false, false
	switch {
	case lhs != nil:
		mul, other = lhs, 1
		negAddend = sub
	case rhs != nil:
		mul, other = rhs, 0
		negProduct = sub
	default:
		return nil
	}
	xs, ys, zs := c.slot(mul.Operand(0)), c.slot(mul.Operand(1)), c.slot(op.Operand(other))
	return func(x *execCtx, in *instr) error {
		var ts [3]*Tensor
		for k, s := range [3]int{xs, ys, zs} {
			t, ok := x.vals[s].(*Tensor)
			if !ok {
				return x.fail(in.op, nil, "operand is %s, not a tensor", describe(x.vals[s]))
			}
			ts[k] = t
		}
		n := max(ts[0].Len(), ts[1].Len(), ts[2].Len())
		shape := ts[2].Shape
		for k := range ts {
			if ts[k].Len() != n {
				if ts[k].Len() != 1 {
					return x.fail(in.op, nil, "operands have %d and %d elements", n, ts[k].Len())
				}
				ts[k] = ts[k].broadcastTo(n)
			}
			if ts[k].Len() == n && len(ts[k].Shape) > len(shape) {
				shape = ts[k].Shape
			}
		}
		r := newTensorN(e, shape, n)
		a, b, z := ts[0], ts[1], ts[2]
		switch e.Kind {
		case KSmall:
			// FMAOdd's result rounded once to the format is the correctly
			// rounded fma (fma.rn.f16 / fma.rn.bf16).
			for i := range r.Bits {
				p, q := f32At(a, i), f32At(z, i)
				if negProduct {
					p = -p
				}
				if negAddend {
					q = -q
				}
				r.Bits[i] = uint64(e.Fmt.FromFloat64(numeric.FMAOdd(float64(p), float64(f32At(b, i)), float64(q)), numeric.RNE))
			}
		case KF32:
			for i := range r.F32 {
				p, q := a.F32[i], z.F32[i]
				if negProduct {
					p = -p
				}
				if negAddend {
					q = -q
				}
				r.F32[i] = numeric.FMA32(p, b.F32[i], q)
			}
		default:
			for i := range r.F64 {
				p, q := a.F64[i], z.F64[i]
				if negProduct {
					p = -p
				}
				if negAddend {
					q = -q
				}
				r.F64[i] = math.FMA(p, b.F64[i], q)
			}
		}
		x.set(in, 0, r)
		return nil
	}
}
