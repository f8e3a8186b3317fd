package interp

import (
	"github.com/ttcompiler/tt/ir"
)

// operands returns the tensor operands of an elementwise instruction and
// the common element count and shape. Inside a vectorized combine region a
// one-element operand (a constant, or a value from outside the region)
// stands for every lane and is broadcast.
func operands(x *execCtx, in *instr) ([]*Tensor, int, []int, error) {
	ts := make([]*Tensor, len(in.in))
	n := 1
	for k := range in.in {
		t, err := x.tensor(in, k)
		if err != nil {
			return nil, 0, nil, err
		}
		ts[k] = t
		n = max(n, t.Len())
	}
	var shape []int
	found := false
	for k, t := range ts {
		switch l := t.Len(); {
		case l == n:
			if !found {
				shape, found = t.Shape, true
			}
		case l == 1:
			ts[k] = t.broadcastTo(n)
		default:
			return nil, 0, nil, x.fail(in.op, nil, "operands have %d and %d elements", n, l)
		}
	}
	return ts, n, shape, nil
}

// elementwiseOp builds an elementwise op from a function of its operand
// tensors that returns the result (allocated with the given shape and
// count).
func elementwiseOp(name string, fn func(c *compiler, op *ir.Operation) (func(x *execCtx, in *instr, ts []*Tensor, n int, shape []int) (*Tensor, error), error)) {
	registerElementwise(name, func(c *compiler, op *ir.Operation) (runFn, error) {
		f, err := fn(c, op)
		if err != nil {
			return nil, err
		}
		return func(x *execCtx, in *instr) error {
			ts, n, shape, err := operands(x, in)
			if err != nil {
				return err
			}
			r, err := f(x, in, ts, n, shape)
			if err != nil {
				return err
			}
			x.set(in, 0, r)
			return nil
		}, nil
	})
}

// resultElem returns the element type of result k.
func (c *compiler) resultElem(op *ir.Operation, k int) (*Elem, error) {
	if k >= op.NumResults() {
		return nil, ir.OpErrorf(op, "expected at least %d results", k+1)
	}
	return c.elem(op.Result(k).Type())
}

// operandElem returns the element type of operand k.
func (c *compiler) operandElem(op *ir.Operation, k int) (*Elem, error) {
	if k >= op.NumOperands() {
		return nil, ir.OpErrorf(op, "expected at least %d operands", k+1)
	}
	return c.elem(op.Operand(k).Type())
}
