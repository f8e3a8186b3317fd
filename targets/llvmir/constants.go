package llvmir

import (
	"fmt"
	"math"

	"github.com/llir/llvm/ir/constant"
	lltypes "github.com/llir/llvm/ir/types"

	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/numeric"
)

// constantOf converts an attribute to an LLVM constant of the IR type t
// (whose LLVM type is lt).
func (tr *translator) constantOf(a ir.Attribute, t ir.Type, lt lltypes.Type) (constant.Constant, error) {
	switch a := a.(type) {
	case *ir.IntegerAttr:
		it, ok := lt.(*lltypes.IntType)
		if !ok {
			return nil, fmt.Errorf("integer constant of non-integer type %s", lt)
		}
		if it.BitSize == 1 {
			return constant.NewBool(a.Bits&1 != 0), nil
		}
		return constant.NewInt(it, ir.SignExtend(a.Bits, int(min(it.BitSize, 64)))), nil
	case *ir.FloatAttr:
		return floatConstant(a.Value, t, lt)
	case *ir.DenseElementsAttr:
		return tr.denseConstant(a, t, lt)
	case *ir.StringAttr:
		at, ok := lt.(*lltypes.ArrayType)
		if !ok || int(at.Len) != len(a.Value) {
			return nil, fmt.Errorf("string constant of type %s", lt)
		}
		return constant.NewCharArrayFromString(a.Value), nil
	case *ir.ArrayAttr:
		return tr.aggregateConstant(a, t, lt)
	}
	return nil, fmt.Errorf("unsupported constant attribute %T", a)
}

// floatConstant converts a float value to a constant of the IR float type
// t: an LLVM float, or the bits of a storage-only format.
func floatConstant(v float64, t ir.Type, lt lltypes.Type) (constant.Constant, error) {
	switch lt := lt.(type) {
	case *lltypes.FloatType:
		c := constant.NewFloat(lt, v)
		if math.IsNaN(v) {
			c.NaN = true
		}
		return c, nil
	case *lltypes.IntType:
		ft, _ := t.(*ir.FloatType)
		if ft == nil {
			return nil, fmt.Errorf("float constant of type %s", lt)
		}
		var b uint64
		switch ft.Kind {
		case ir.BF16:
			b = uint64(numeric.BF16FromFloat64(v, numeric.RNE))
		case ir.F8E4M3FN:
			b = uint64(numeric.F8E4M3FNFromFloat32(float32(v), numeric.RNE))
		case ir.F8E5M2:
			b = uint64(numeric.F8E5M2FromFloat32(float32(v), numeric.RNE))
		default:
			return nil, fmt.Errorf("constants of type %s are not supported", ft.Kind)
		}
		return constant.NewInt(lt, int64(b)), nil
	}
	return nil, fmt.Errorf("float constant of type %s", lt)
}

func (tr *translator) denseConstant(a *ir.DenseElementsAttr, t ir.Type, lt lltypes.Type) (constant.Constant, error) {
	var n int
	var elem ir.Type
	var lelem lltypes.Type
	switch lt := lt.(type) {
	case *lltypes.VectorType:
		n, lelem = int(lt.Len), lt.ElemType
	case *lltypes.ArrayType:
		n, lelem = int(lt.Len), lt.ElemType
	default:
		return nil, fmt.Errorf("dense constant of type %s", lt)
	}
	elem = ir.ElementTypeOrSelf(t)
	elems := make([]constant.Constant, n)
	allZero := true
	for i := range elems {
		var c constant.Constant
		var err error
		if a.IsFloat() {
			v := a.FloatAt(i)
			allZero = allZero && v == 0 && !math.Signbit(v)
			c, err = floatConstant(v, elem, lelem)
		} else {
			v := a.IntAt(i)
			allZero = allZero && v == 0
			it, ok := lelem.(*lltypes.IntType)
			if !ok {
				return nil, fmt.Errorf("integer elements of type %s", lelem)
			}
			c = constant.NewInt(it, v)
			if it.BitSize == 1 {
				c = constant.NewBool(v&1 != 0)
			}
		}
		if err != nil {
			return nil, err
		}
		elems[i] = c
	}
	if allZero {
		return constant.NewZeroInitializer(lt), nil
	}
	if vt, ok := lt.(*lltypes.VectorType); ok {
		return constant.NewVector(vt, elems...), nil
	}
	return constant.NewArray(lt.(*lltypes.ArrayType), elems...), nil
}

func (tr *translator) aggregateConstant(a *ir.ArrayAttr, t ir.Type, lt lltypes.Type) (constant.Constant, error) {
	st, ok := lt.(*lltypes.StructType)
	if !ok || len(st.Fields) != len(a.Elems) {
		return nil, fmt.Errorf("array attribute constant of type %s", lt)
	}
	fields := make([]constant.Constant, len(a.Elems))
	for i, e := range a.Elems {
		var ft ir.Type
		if ta, ok := e.(ir.TypedAttribute); ok {
			ft = ta.Type()
		}
		c, err := tr.constantOf(e, ft, st.Fields[i])
		if err != nil {
			return nil, err
		}
		fields[i] = c
	}
	return constant.NewStruct(st, fields...), nil
}
