package interp

import (
	"github.com/ttcompiler/tt/dialects/tt"
	"github.com/ttcompiler/tt/ir"
)

func init() {
	elementwiseOp("tt.addptr", buildAddPtr)
	register("tt.load", buildLoad)
	register("tt.store", buildStore)
}

// tt.addptr advances pointers by offset * sizeof(pointee) bytes; the
// offset is sign-extended, the address arithmetic wraps at 64 bits.
func buildAddPtr(c *compiler, op *ir.Operation) (func(*execCtx, *instr, []*Tensor, int, []int) (*Tensor, error), error) {
	pe, err := c.resultElem(op, 0)
	if err != nil {
		return nil, err
	}
	if pe.Kind != KPtr {
		return nil, ir.OpErrorf(op, "tt.addptr on block pointers is not supported")
	}
	oe, err := c.operandElem(op, 1)
	if err != nil {
		return nil, err
	}
	size, w := uint64(pe.Pointee.Size()), oe.Width
	return func(x *execCtx, in *instr, ts []*Tensor, n int, shape []int) (*Tensor, error) {
		r := newTensorN(pe, shape, n)
		p, o := ts[0].Bits[:n], ts[1].Bits[:n]
		if w == 32 {
			for i := range r.Bits {
				r.Bits[i] = p[i] + uint64(int64(int32(uint32(o[i]))))*size
			}
			return r, nil
		}
		for i := range r.Bits {
			r.Bits[i] = p[i] + sext(o[i], w)*size
		}
		return r, nil
	}, nil
}

// maskAt reports whether element i of an optional mask is on.
func maskAt(m *Tensor, i int) bool {
	return m == nil || m.Bits[i]&1 != 0
}

// optionalTensor returns operand v of the instruction if the op has it.
func optionalOperand(c *compiler, op *ir.Operation, v ir.Value) int {
	if v == nil {
		return -1
	}
	for k := 0; k < op.NumOperands(); k++ {
		if op.Operand(k) == v {
			return k
		}
	}
	return -1
}

func buildLoad(c *compiler, op *ir.Operation) (runFn, error) {
	lo := tt.LoadOp{Operation: op}
	if tt.IsTensorPointer(lo.Ptr().Type()) {
		return buildBlockLoad(c, op)
	}
	e, err := c.resultElem(op, 0)
	if err != nil {
		return nil, err
	}
	maskK, otherK := optionalOperand(c, op, lo.Mask()), optionalOperand(c, op, lo.Other())
	shape := shapeOf(op.Result(0).Type())
	size := e.Size()
	return func(x *execCtx, in *instr) error {
		p, err := x.tensor(in, 0)
		if err != nil {
			return err
		}
		var mask, other *Tensor
		if maskK >= 0 {
			if mask, err = x.tensor(in, maskK); err != nil {
				return err
			}
		}
		if otherK >= 0 {
			if other, err = x.tensor(in, otherK); err != nil {
				return err
			}
		}
		r := newTensor(e, shape)
		bufs := x.l.bufs
		for i, a := range p.Bits {
			if !maskAt(mask, i) {
				if other != nil {
					copyElem(r, i, other, i)
				}
				continue
			}
			b, err := resolve(bufs, a, size)
			if err != nil {
				return x.failAt(in.op, i, shape, "load: %v", err)
			}
			readElem(r, i, b)
		}
		x.set(in, 0, r)
		return nil
	}, nil
}

func buildStore(c *compiler, op *ir.Operation) (runFn, error) {
	so := tt.StoreOp{Operation: op}
	if tt.IsTensorPointer(so.Ptr().Type()) {
		return buildBlockStore(c, op)
	}
	maskK := optionalOperand(c, op, so.Mask())
	shape := shapeOf(op.Operand(0).Type())
	return func(x *execCtx, in *instr) error {
		p, err := x.tensor(in, 0)
		if err != nil {
			return err
		}
		v, err := x.tensor(in, 1)
		if err != nil {
			return err
		}
		var mask *Tensor
		if maskK >= 0 {
			if mask, err = x.tensor(in, maskK); err != nil {
				return err
			}
		}
		size := v.Elem.Size()
		bufs := x.l.bufs
		for i, a := range p.Bits {
			if !maskAt(mask, i) {
				continue
			}
			b, err := resolve(bufs, a, size)
			if err != nil {
				return x.failAt(in.op, i, shape, "store: %v", err)
			}
			writeElem(b, v, i)
		}
		return nil
	}, nil
}
