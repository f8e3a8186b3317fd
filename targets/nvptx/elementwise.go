package nvptx

import (
	"github.com/ttcompiler/tt/ir"
)

// elementwise runs emit once per scalar of op's result: once for a scalar
// result, per element for a vector (the emitter scalarizes vectors).
// Scalar operands of a vector op (a select's condition) are passed to every
// element.
func (f *fn) elementwise(op *ir.Operation, emit func(dst *value, xs []*value) error) error {
	xs, err := f.operands(op)
	if err != nil {
		return err
	}
	res, err := f.result(op, 0)
	if err != nil {
		return err
	}
	if res.parts == nil {
		return emit(res, xs)
	}
	for i, d := range res.parts {
		elems := f.opList(len(xs))
		for j, x := range xs {
			elems[j] = x
			if x.parts != nil {
				if i >= len(x.parts) {
					return ir.OpErrorf(op, "operand %d has %d elements, the result %d", j, len(x.parts), len(res.parts))
				}
				elems[j] = x.parts[i]
			}
		}
		if d.parts != nil {
			return ir.OpErrorf(op, "nested aggregates are not supported")
		}
		if err := emit(d, elems); err != nil {
			return err
		}
	}
	return nil
}
