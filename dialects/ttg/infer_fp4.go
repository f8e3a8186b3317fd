package ttg

import (
	"fmt"

	"github.com/ttcompiler/tt/ir"
)

// InferFp4ToFpEncoding infers the result encoding of ttg.fp4_to_fp from the
// source encoding (fwd) or the source encoding from the result's (!fwd);
// shape is the result shape (Triton's inferFp4ToFpOpEncoding).
func InferFp4ToFpEncoding(ctx *ir.Context, shape []int64, axis int, enc ir.Attribute, fwd bool) (ir.Attribute, error) {
	order := Order(enc, shape)
	if axis < len(order) && order[axis] == 0 {
		switch e := enc.(type) {
		case *DotOperandEncoding:
			k := e.KWidth
			if fwd {
				k *= 2
			} else if k > 1 {
				k /= 2
			} else {
				return nil, fmt.Errorf("Fp4ToFpOp requires at least 2 elements per thread in the axis dimension")
			}
			return NewDotOperand(ctx, e.OpIdx, e.Parent, k), nil
		case *BlockedEncoding:
			spt := clone(e.SizePerThread)
			if fwd {
				spt[axis] *= 2
			} else if spt[axis] > 1 {
				spt[axis] /= 2
			} else {
				return nil, fmt.Errorf("Fp4ToFpOp requires at least 2 elements per thread in the axis dimension")
			}
			return NewBlocked(ctx, spt, e.ThreadsPerWarp, e.WarpsPerCTA, e.Order, e.CGALayout), nil
		}
	}
	ll, err := ToLinearLayout(enc, shape)
	if err != nil {
		return nil, err
	}
	out, err := joinOnAxis(ll, fwd, axis)
	if err != nil {
		return nil, err
	}
	return NewLinearFromLL(ctx, out), nil
}
