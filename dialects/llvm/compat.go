package llvm

import (
	"github.com/ttcompiler/tt/ir"
)

// IsCompatibleType reports whether t can be the type of an LLVM dialect
// value (MLIR's isCompatibleType): signless integers, the floats LLVM
// has, fixed vectors of those or of pointers, and the LLVM dialect types.
func IsCompatibleType(t ir.Type) bool {
	switch t := t.(type) {
	case *ir.IntegerType:
		return t.Signedness == ir.Signless
	case *ir.FloatType:
		return isLLVMFloat(t)
	case *ir.VectorType:
		return len(t.Dims) == 1 && isVectorElement(t.Elem)
	case *PointerType, *VoidType, *TokenType:
		return true
	case *ArrayType:
		return IsCompatibleType(t.Elem)
	case *StructType:
		for _, e := range t.Body {
			if !IsCompatibleType(e) {
				return false
			}
		}
		return true
	case *FuncType:
		return true
	}
	return false
}

// isLLVMFloat reports whether an IR float has an LLVM counterpart.
func isLLVMFloat(t *ir.FloatType) bool {
	switch t.Kind {
	case ir.F16, ir.BF16, ir.F32, ir.F64, ir.F80, ir.F128:
		return true
	}
	return false
}

func isVectorElement(t ir.Type) bool {
	switch t := t.(type) {
	case *ir.IntegerType:
		return t.Signedness == ir.Signless
	case *ir.FloatType:
		return isLLVMFloat(t)
	case *PointerType:
		return true
	}
	return false
}

// IsValidElementType reports whether t may be a struct field or array
// element.
func IsValidElementType(t ir.Type) bool {
	switch t.(type) {
	case *VoidType, *FuncType, *TokenType:
		return false
	}
	return IsCompatibleType(t)
}

// IsValidResultType reports whether t may be a function result.
func IsValidResultType(t ir.Type) bool {
	_, fn := t.(*FuncType)
	return !fn && IsCompatibleType(t)
}

// IsValidArgumentType reports whether t may be a function parameter.
func IsValidArgumentType(t ir.Type) bool {
	switch t.(type) {
	case *VoidType, *FuncType:
		return false
	}
	return IsCompatibleType(t)
}

// IsAggregate reports whether t is a struct or array.
func IsAggregate(t ir.Type) bool {
	switch t.(type) {
	case *StructType, *ArrayType:
		return true
	}
	return false
}

// ScalarOf returns the element type of a vector, or t itself.
func ScalarOf(t ir.Type) ir.Type {
	if v, ok := t.(*ir.VectorType); ok {
		return v.Elem
	}
	return t
}

// IsIntLike reports whether t is a signless integer or a vector of them.
func IsIntLike(t ir.Type) bool {
	it, ok := ScalarOf(t).(*ir.IntegerType)
	return ok && it.Signedness == ir.Signless && isScalarOrVector(t)
}

// IsFloatLike reports whether t is an LLVM float or a vector of them.
func IsFloatLike(t ir.Type) bool {
	ft, ok := ScalarOf(t).(*ir.FloatType)
	return ok && isLLVMFloat(ft) && isScalarOrVector(t)
}

// IsPtrLike reports whether t is a pointer or a vector of pointers.
func IsPtrLike(t ir.Type) bool {
	_, ok := ScalarOf(t).(*PointerType)
	return ok && isScalarOrVector(t)
}

func isScalarOrVector(t ir.Type) bool {
	v, ok := t.(*ir.VectorType)
	return !ok || len(v.Dims) == 1 && v.Scalable == nil
}

// sameShape reports whether a and b are both scalars or vectors of one
// length.
func sameShape(a, b ir.Type) bool {
	va, oka := a.(*ir.VectorType)
	vb, okb := b.(*ir.VectorType)
	if oka != okb {
		return false
	}
	return !oka || ir.EqualShape(va.Dims, vb.Dims)
}

// withElement returns t's shape (scalar or vector) with element e.
func withElement(ctx *ir.Context, t, e ir.Type) ir.Type {
	if v, ok := t.(*ir.VectorType); ok {
		return ir.Vector(ctx, v.Dims, e)
	}
	return e
}

// SizeInBits returns the size of a primitive type (integers, floats,
// pointers as 64 bits, vectors of those), or 0.
func SizeInBits(t ir.Type) int {
	switch t := t.(type) {
	case *ir.IntegerType:
		return t.Width
	case *ir.FloatType:
		return t.Width()
	case *PointerType:
		return 64
	case *ir.VectorType:
		if len(t.Dims) == 1 {
			return int(t.Dims[0]) * SizeInBits(t.Elem)
		}
	}
	return 0
}
