package nvptx

import (
	"fmt"

	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

// constantOf returns the value of a constant-like op (llvm.mlir.constant,
// undef, poison, zero; also arith.constant, which some tests and partial
// lowerings leave behind). ok is false for other ops.
func (f *fn) constantOf(op *ir.Operation) (*value, bool, error) {
	t := op.Result(0).Type()
	switch op.Name() {
	case "llvm.mlir.undef", "llvm.mlir.poison":
		v, err := undefValue(t)
		if err != nil {
			return nil, true, ir.OpErrorf(op, "%v", err)
		}
		return v, true, nil
	case "llvm.mlir.zero":
		v, err := zeroValue(t)
		if err != nil {
			return nil, true, ir.OpErrorf(op, "%v", err)
		}
		return v, true, nil
	case "llvm.mlir.constant", "arith.constant":
		v, err := attrValue(op.Attr("value"), t)
		if err != nil {
			return nil, true, ir.OpErrorf(op, "%v", err)
		}
		return v, true, nil
	}
	return nil, false, nil
}

func zeroValue(t ir.Type) (*value, error) {
	v, err := undefValue(t)
	if err != nil {
		return nil, err
	}
	for _, l := range v.leaves() {
		l.konst.undef = false
	}
	return v, nil
}

// attrValue turns a constant attribute into a value of type t: scalars,
// and dense elements for vector and array constants.
func attrValue(a ir.Attribute, t ir.Type) (*value, error) {
	d, dense := a.(*ir.DenseElementsAttr)
	elemBits := func(i int, et ir.Type) (uint64, error) {
		if d.IsFloat() {
			return floatBits(d.FloatAt(i), et)
		}
		return uint64(d.IntAt(i)), nil
	}
	if dense && isAggregate(t) {
		v := &value{typ: t}
		for i, et := range elementTypes(t) {
			if isAggregate(et) {
				return nil, fmt.Errorf("unsupported constant of nested type %s", asm.TypeString(t))
			}
			bits, err := elemBits(i, et)
			if err != nil {
				return nil, err
			}
			v.parts = append(v.parts, constValue(et, bits))
		}
		return v, nil
	}
	if _, ok := scalarClass(t); !ok {
		return nil, fmt.Errorf("unsupported constant type %s", asm.TypeString(t))
	}
	if dense {
		if !d.IsSplat() {
			return nil, fmt.Errorf("a dense constant of scalar type %s must be a splat", asm.TypeString(t))
		}
		bits, err := elemBits(0, t)
		if err != nil {
			return nil, err
		}
		return constValue(t, bits), nil
	}
	bits, err := attrBits(a, t)
	if err != nil {
		return nil, err
	}
	return constValue(t, bits), nil
}

// emitConstant has nothing to print: constants become immediates at their
// uses (or a mov there where an immediate is not allowed).
func (f *fn) emitConstant(op *ir.Operation) error {
	for i := 0; i < op.NumResults(); i++ {
		v, ok, err := f.constantOf(op)
		if err != nil {
			return err
		}
		if !ok {
			return ir.OpErrorf(op, "not a constant")
		}
		if old, exists := f.vals.lookup(op.Result(i)); exists && old.konst == nil {
			f.copyInto(old, v)
			continue
		}
		f.vals.set(op.Result(i), v)
	}
	return nil
}
