package pipeliner

import (
	"github.com/ttcompiler/tt/dialects/tt"
	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/ir"
)

// The shared layouts the pipeliner gives the buffers of pipelined loads:
// the layout of the local_alloc the load feeds when there is one, the
// layout of the descriptor for TMA loads, the swizzle the dot operands
// read through (swizzled_shared for mma.sync), else no swizzle.

// memoryOrder is the dim order a value of type t is best laid out in
// shared memory with (Triton's getOrderForMemory).
func memoryOrder(t ir.Type) []int {
	switch t := t.(type) {
	case *ir.RankedTensorType:
		return ttg.OrderForMemory(t.Encoding, t.Dims)
	case *ttg.MemDescType:
		return ttg.Order(t.Encoding, t.Dims)
	}
	return nil
}

// dotUsersSharedEncoding returns the swizzled layout the users of val
// need when all of them are conversions (or shared-memory round trips) to
// one dot operand layout (Triton's getSharedEncIfAllUsersAreDotEnc).
// incompatible reports users needing different swizzles.
func dotUsersSharedEncoding(val ir.Value) (enc *ttg.SwizzledSharedEncoding, incompatible bool) {
	for _, user := range ir.Users(val) {
		var temp *ttg.SwizzledSharedEncoding
		if user.NumResults() != 1 {
			return nil, false
		}
		if md, ok := user.Result(0).Type().(*ttg.MemDescType); ok {
			temp, _ = md.Encoding.(*ttg.SwizzledSharedEncoding)
			if temp == nil {
				return nil, false
			}
			inner, innerIncompatible := dotUsersSharedEncoding(user.Result(0))
			if innerIncompatible {
				return nil, true
			}
			if inner == nil {
				return nil, false
			}
		} else {
			if user.Name() != "ttg.local_load" && user.Name() != "ttg.convert_layout" {
				return nil, false
			}
			dst, ok := user.Result(0).Type().(*ir.RankedTensorType)
			if !ok {
				return nil, false
			}
			srcShape, srcElem, srcEnc := shapeElemEncoding(val.Type())
			cga := ttg.CGAOf(dst.Encoding, len(dst.Dims))
			if _, isLinear := dst.Encoding.(*ttg.LinearEncoding); isLinear {
				cga = ttg.CGAOf(srcEnc, len(srcShape))
			}
			dot, isDot := dst.Encoding.(*ttg.DotOperandEncoding)
			if !isDot {
				// Triton also recognizes linear layouts shaped like an
				// mma operand microtile; such layouts do not reach the
				// pipeliner from tt's passes.
				return nil, false
			}
			temp = ttg.SwizzledForDotOperand(user.Context(), dot, srcShape,
				memoryOrder(val.Type()), cga, ir.BitWidth(srcElem), false)
		}
		if enc != nil && enc != temp {
			return nil, true
		}
		enc = temp
	}
	return enc, false
}

// shapeElemEncoding splits a tensor or memdesc type.
func shapeElemEncoding(t ir.Type) ([]int64, ir.Type, ir.Attribute) {
	switch t := t.(type) {
	case *ir.RankedTensorType:
		return t.Dims, t.Elem, t.Encoding
	case *ttg.MemDescType:
		return t.Dims, t.Elem, t.Encoding
	}
	return nil, nil, nil
}

// localAllocEncoding is the shared layout of the local_allocs using op's
// result (the first one's when they differ), or nil.
func localAllocEncoding(op *ir.Operation, remark func(string)) ir.Attribute {
	var enc ir.Attribute
	for _, user := range ir.Users(op.Result(0)) {
		if user.Name() != "ttg.local_alloc" {
			continue
		}
		e := user.Result(0).Type().(*ttg.MemDescType).Encoding
		if enc == nil {
			enc = e
		} else if e != enc && remark != nil {
			remark("Pipelining load with different use encodings. This will lead to layout conversions and performance degradation.")
		}
	}
	return enc
}

// isTMALoad reports whether op loads through a tensor descriptor.
func isTMALoad(op *ir.Operation) bool {
	return op.Name() == "tt.descriptor_load" || op.Name() == "tt.descriptor_gather"
}

// loadSharedEncoding picks the shared layout of the buffer a pipelined
// load goes through (Triton's getSharedEncoding).
func loadSharedEncoding(op *ir.Operation, remark func(string)) (ir.Attribute, error) {
	allocEnc := localAllocEncoding(op, remark)
	ty := op.Result(0).Type().(*ir.RankedTensorType)
	if isTMALoad(op) {
		desc := op.Operand(0).Type().(*tt.TensorDescType)
		return ttg.DescriptorSharedEncoding(desc, ty)
	}
	if allocEnc != nil {
		return allocEnc, nil
	}
	if enc, _ := dotUsersSharedEncoding(op.Result(0)); enc != nil {
		return enc, nil
	}
	return ttg.UnswizzledShared(op.Context(), ttg.Order(ty.Encoding, ty.Dims), ttg.CGAOf(ty.Encoding, len(ty.Dims))), nil
}
