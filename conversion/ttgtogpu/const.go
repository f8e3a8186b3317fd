package ttgtogpu

import (
	"fmt"

	"github.com/ttcompiler/tt/conversion"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
	"github.com/ttcompiler/tt/numeric"
)

// lowerConstant: scalar constants become llvm.mlir.constant; a tensor
// constant gives each register the element it holds. Elements that differ
// between threads holding the same register are not supported (Triton
// does not lower them either).
func (l *lowering) lowerConstant(op *ir.Operation, e *emitter, rw *conversion.Rewriter) error {
	val := op.Attr("value")
	rt, isTensor := op.Result(0).Type().(*ir.RankedTensorType)
	if !isTensor {
		switch val.(type) {
		case *ir.IntegerAttr, *ir.FloatAttr:
			t := op.Result(0).Type()
			a, err := registerAttr(l.ctx, t, val)
			if err != nil {
				return ir.OpErrorf(op, "%v", err)
			}
			if isAnyFP8(t) {
				t = e.i8()
			}
			rw.ReplaceOp(op, []ir.Value{e.cAttr(t, a)})
			return nil
		}
		return ir.OpErrorf(op, "unsupported constant %s", asm.TypeString(op.Result(0).Type()))
	}
	dense, ok := val.(*ir.DenseElementsAttr)
	if !ok {
		return ir.OpErrorf(op, "unsupported tensor constant (expected dense elements)")
	}
	lay, err := l.opLayout(op, rt)
	if err != nil {
		return err
	}
	elem := l.scalarType(rt.Elem)
	vals := make([]ir.Value, lay.numRegs)
	if s := dense.SplatAttr(l.ctx); s != nil {
		a, err := registerAttr(l.ctx, rt.Elem, s)
		if err != nil {
			return ir.OpErrorf(op, "%v", err)
		}
		c := e.cAttr(elem, a)
		for i := range vals {
			vals[i] = c
		}
		rw.ReplaceOpN(op, [][]ir.Value{vals})
		return nil
	}
	// Non-splat: every thread (of every CTA of a cluster) holding
	// register r must see the same element value.
	nThreads := int64(1) << lay.numThreadBits()
	nCTAs := int64(1) << lay.cta.numBits()
	for r := range vals {
		first := flatten(lay.threadCoords(r, 0), rt.Dims)
		for c := int64(0); c < nCTAs; c++ {
			for t := int64(0); t < nThreads; t++ {
				i := flatten(lay.globalThreadCoords(r, t, c), rt.Dims)
				if !sameElement(dense, int(first), int(i)) {
					return ir.OpErrorf(op, "non-splat tensor constant whose elements differ between threads is not supported")
				}
			}
		}
		a, err := registerAttr(l.ctx, rt.Elem, elementAttr(l.ctx, dense, int(first)))
		if err != nil {
			return ir.OpErrorf(op, "%v", err)
		}
		vals[r] = e.cAttr(elem, a)
	}
	rw.ReplaceOpN(op, [][]ir.Value{vals})
	return nil
}

// registerAttr is the value of a constant element of type t in its
// register: itself, or for 8-bit floats (which live in i8 registers) the
// i8 holding its encoding.
func registerAttr(ctx *ir.Context, t ir.Type, a ir.Attribute) (ir.Attribute, error) {
	f, ok := a.(*ir.FloatAttr)
	if !ok || !isAnyFP8(t) {
		return a, nil
	}
	var format *numeric.Format
	switch {
	case isKind(t, ir.F8E4M3FN):
		format = numeric.F8E4M3FN
	case isKind(t, ir.F8E5M2):
		format = numeric.F8E5M2
	default:
		return nil, fmt.Errorf("constants of %s are not supported", asm.TypeString(t))
	}
	return ir.IntegerAttrOf(ctx, ir.I8(ctx), int64(int8(format.FromFloat64(f.Value, numeric.RNE)))), nil
}

func sameElement(d *ir.DenseElementsAttr, i, j int) bool {
	if d.IsFloat() {
		return d.FloatAt(i) == d.FloatAt(j)
	}
	return d.IntAt(i) == d.IntAt(j)
}

func elementAttr(ctx *ir.Context, d *ir.DenseElementsAttr, i int) ir.Attribute {
	elem := d.Typ.ElementType()
	if d.IsFloat() {
		return ir.FloatAttrOf(ctx, elem, d.FloatAt(i))
	}
	return ir.IntegerAttrOf(ctx, elem, d.IntAt(i))
}

// lowerPoison: ub.poison -> llvm.mlir.poison per register.
func (l *lowering) lowerPoison(op *ir.Operation, e *emitter, rw *conversion.Rewriter) error {
	t := op.Result(0).Type()
	types, ok := rw.TypeConverter().ConvertTypes(t)
	if !ok {
		return ir.OpErrorf(op, "cannot lower the type %s", asm.TypeString(t))
	}
	var vals []ir.Value
	cache := map[ir.Type]ir.Value{}
	for _, ct := range types {
		v, ok := cache[ct]
		if !ok {
			v = e.op1("llvm.mlir.poison", ct, nil)
			cache[ct] = v
		}
		vals = append(vals, v)
	}
	rw.ReplaceOpN(op, [][]ir.Value{vals})
	return nil
}
