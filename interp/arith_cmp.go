package interp

import (
	"github.com/ttcompiler/tt/dialects/arith"
	"github.com/ttcompiler/tt/ir"
)

func init() {
	elementwiseOp("arith.cmpi", buildCmpI)
	elementwiseOp("arith.cmpf", buildCmpF)
	elementwiseOp("arith.select", buildSelect)
	registerElementwise("arith.constant", buildConstant)
	registerElementwise("ub.poison", buildPoison)
}

func predicate(op *ir.Operation) (int64, error) {
	a, ok := op.Attr("predicate").(*ir.IntegerAttr)
	if !ok {
		return 0, ir.OpErrorf(op, "has no predicate")
	}
	return a.Int(), nil
}

func buildCmpI(c *compiler, op *ir.Operation) (func(*execCtx, *instr, []*Tensor, int, []int) (*Tensor, error), error) {
	p, err := predicate(op)
	if err != nil {
		return nil, err
	}
	oe, err := c.operandElem(op, 0)
	if err != nil {
		return nil, err
	}
	re, err := c.resultElem(op, 0)
	if err != nil {
		return nil, err
	}
	w := oe.Width
	var f func(a, b uint64) bool
	sx := func(v uint64) int64 { return int64(sext(v, w)) }
	switch arith.CmpIPredicate(p) {
	case arith.CmpIEQ:
		f = func(a, b uint64) bool { return a == b }
	case arith.CmpINE:
		f = func(a, b uint64) bool { return a != b }
	case arith.CmpISLT:
		f = func(a, b uint64) bool { return sx(a) < sx(b) }
	case arith.CmpISLE:
		f = func(a, b uint64) bool { return sx(a) <= sx(b) }
	case arith.CmpISGT:
		f = func(a, b uint64) bool { return sx(a) > sx(b) }
	case arith.CmpISGE:
		f = func(a, b uint64) bool { return sx(a) >= sx(b) }
	case arith.CmpIULT:
		f = func(a, b uint64) bool { return a < b }
	case arith.CmpIULE:
		f = func(a, b uint64) bool { return a <= b }
	case arith.CmpIUGT:
		f = func(a, b uint64) bool { return a > b }
	case arith.CmpIUGE:
		f = func(a, b uint64) bool { return a >= b }
	default:
		return nil, ir.OpErrorf(op, "unknown predicate %d", p)
	}
	return func(x *execCtx, in *instr, ts []*Tensor, n int, shape []int) (*Tensor, error) {
		r := newTensorN(re, shape, n)
		a, b := ts[0].Bits[:n], ts[1].Bits[:n]
		for i := range r.Bits {
			if f(a[i], b[i]) {
				r.Bits[i] = 1
			}
		}
		return r, nil
	}, nil
}

func buildCmpF(c *compiler, op *ir.Operation) (func(*execCtx, *instr, []*Tensor, int, []int) (*Tensor, error), error) {
	p, err := predicate(op)
	if err != nil {
		return nil, err
	}
	re, err := c.resultElem(op, 0)
	if err != nil {
		return nil, err
	}
	pred := arith.CmpFPredicate(p)
	if pred < arith.CmpFAlwaysFalse || pred > arith.CmpFAlwaysTrue {
		return nil, ir.OpErrorf(op, "unknown predicate %d", p)
	}
	return func(x *execCtx, in *instr, ts []*Tensor, n int, shape []int) (*Tensor, error) {
		r := newTensorN(re, shape, n)
		a, b := ts[0], ts[1]
		if a.Elem.Kind == KF32 && pred == arith.CmpFOLT {
			// The common mask comparison gets a direct loop.
			for i := range r.Bits {
				if a.F32[i] < b.F32[i] {
					r.Bits[i] = 1
				}
			}
			return r, nil
		}
		for i := range r.Bits {
			if arith.ApplyCmpF(pred, floatAt(a, i), floatAt(b, i)) {
				r.Bits[i] = 1
			}
		}
		return r, nil
	}, nil
}

func buildSelect(c *compiler, op *ir.Operation) (func(*execCtx, *instr, []*Tensor, int, []int) (*Tensor, error), error) {
	re, err := c.resultElem(op, 0)
	if err != nil {
		return nil, err
	}
	return func(x *execCtx, in *instr, ts []*Tensor, n int, shape []int) (*Tensor, error) {
		cond, a, b := ts[0], ts[1], ts[2]
		// A scalar condition may select between tensors: shape then comes
		// from the operands.
		if len(shape) < len(a.Shape) {
			shape = a.Shape
		}
		r := newTensorN(re, shape, n)
		for i := 0; i < n; i++ {
			if cond.Bits[i]&1 != 0 {
				copyElem(r, i, a, i)
			} else {
				copyElem(r, i, b, i)
			}
		}
		return r, nil
	}, nil
}

// buildConstant materialises the constant once; every execution hands out
// the same immutable tensor.
func buildConstant(c *compiler, op *ir.Operation) (runFn, error) {
	t, err := c.constTensor(op, op.Attr("value"), op.Result(0).Type())
	if err != nil {
		return nil, err
	}
	return func(x *execCtx, in *instr) error {
		x.set(in, 0, t)
		return nil
	}, nil
}

func buildPoison(c *compiler, op *ir.Operation) (runFn, error) {
	rt := op.Result(0).Type()
	e, err := c.elem(rt)
	if err != nil {
		return nil, err
	}
	t := newTensor(e, shapeOf(rt))
	return func(x *execCtx, in *instr) error {
		x.set(in, 0, t)
		return nil
	}, nil
}

// constTensor converts a constant attribute to a tensor of type t.
func (c *compiler) constTensor(op *ir.Operation, a ir.Attribute, t ir.Type) (*Tensor, error) {
	e, err := c.elem(t)
	if err != nil {
		return nil, err
	}
	shape := shapeOf(t)
	r := newTensor(e, shape)
	n := r.Len()
	switch a := a.(type) {
	case *ir.IntegerAttr:
		for i := 0; i < n; i++ {
			r.Bits[i] = trunc(a.Bits, e.Width)
		}
	case *ir.FloatAttr:
		for i := 0; i < n; i++ {
			setFloat(r, i, a.Value)
		}
	case *ir.DenseElementsAttr:
		for i := 0; i < n; i++ {
			if a.IsFloat() {
				setFloat(r, i, a.FloatAt(i))
			} else if e.isFloat() {
				r.setBits(i, a.Ints[i%len(a.Ints)])
			} else {
				r.Bits[i] = trunc(a.Ints[i%len(a.Ints)], e.Width)
			}
		}
	default:
		return nil, ir.OpErrorf(op, "constant value %s is not supported", attrString(a))
	}
	return r, nil
}
