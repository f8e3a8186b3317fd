package ttgtogpu

import (
	"github.com/ttcompiler/tt/conversion"
	"github.com/ttcompiler/tt/dialects/llvm"
	"github.com/ttcompiler/tt/dialects/tt"
	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

// typeConverter converts TritonGPU types to per-thread types: a
// distributed tensor becomes its thread's registers (one value per
// register of the layout, 1:N), `!tt.ptr<T, AS>` becomes `!llvm.ptr<AS>`,
// an 8-bit float an i8, a shared-memory descriptor its base address, a
// tensor descriptor its tensor map's generic address, an async token
// nothing (tokens only order asynchronous copies, which the gpu ops order
// themselves). Other types are kept.
func (l *lowering) typeConverter() *conversion.TypeConverter {
	tc := conversion.NewTypeConverter()
	tc.AddConversion(func(t ir.Type) (ir.Type, bool) {
		switch t.(type) {
		case *ir.RankedTensorType, *tt.PointerType, *ttg.MemDescType, *tt.TensorDescType, *ttg.AsyncTokenType:
			return nil, false
		}
		return t, true
	})
	tc.AddConversion(func(t ir.Type) (ir.Type, bool) {
		switch t := t.(type) {
		case *tt.PointerType:
			if _, ok := t.Pointee.(*ir.RankedTensorType); ok {
				return nil, false // block pointers are rewritten before TTGIR lowering
			}
			return llvm.Ptr(l.ctx, t.AddrSpace), true
		case *ttg.MemDescType:
			return llvm.Ptr(l.ctx, llvm.SharedAddrSpace), true
		case *tt.TensorDescType:
			return llvm.Ptr(l.ctx, llvm.GenericAddrSpace), true // the tensor map's address (tensordesc.go)
		case *ir.FloatType:
			if t.Width() == 8 {
				// A scalar fp8 (a kernel parameter) lives in an i8 as a
				// tensor's elements do (scalarType).
				return ir.I8(l.ctx), true
			}
		}
		return nil, false
	})
	tc.AddConversionN(func(t ir.Type) ([]ir.Type, bool) {
		_, ok := t.(*ttg.AsyncTokenType)
		return nil, ok
	})
	tc.AddConversionN(func(t ir.Type) ([]ir.Type, bool) {
		rt, ok := t.(*ir.RankedTensorType)
		if !ok {
			return nil, false
		}
		r, err := l.layoutOf(rt)
		if err != nil {
			return nil, false
		}
		elem := l.scalarType(rt.Elem)
		if elem == nil {
			return nil, false
		}
		out := make([]ir.Type, r.numRegs)
		for i := range out {
			out[i] = elem
		}
		return out, true
	})
	return tc
}

// scalarType converts an element type (nil if it has no conversion).
func (l *lowering) scalarType(t ir.Type) ir.Type {
	switch t := t.(type) {
	case *tt.PointerType:
		if _, ok := t.Pointee.(*ir.RankedTensorType); ok {
			return nil
		}
		return llvm.Ptr(l.ctx, t.AddrSpace)
	case *tt.TensorDescType:
		// A descriptor is its tensor map's address, so that a choice
		// between descriptors (arith.select, which canonicalization makes
		// of an scf.if yielding one) is a select of addresses.
		return llvm.Ptr(l.ctx, llvm.GenericAddrSpace)
	case *ir.IntegerType:
		if t.Width > 64 {
			return nil // no register holds it (shuffles and memory words are at most 64 bits)
		}
		return t
	case *ir.FloatType:
		if t.Width() == 8 {
			return ir.I8(l.ctx) // fp8 values live in i8 registers (fp8.go)
		}
		if !isLLVMFloat(t) {
			return nil
		}
		return t
	case *ir.IndexType:
		return ir.I64(l.ctx)
	}
	return nil
}

// elemTypeOf returns the converted element type of a tensor or scalar
// type.
func (l *lowering) elemTypeOf(t ir.Type) ir.Type {
	if rt, ok := t.(*ir.RankedTensorType); ok {
		return l.scalarType(rt.Elem)
	}
	return l.scalarType(t)
}

// legality: everything must end up in the llvm and gpu dialects.
func (l *lowering) legality() *conversion.Target {
	t := conversion.NewTarget()
	t.AddLegalDialect("llvm", "gpu")
	t.AddLegalOp("builtin.module")
	t.AddIllegalDialect("tt", "ttg", "ttng", "amdg", "rocdl", "arith", "math", "cf", "scf", "func", "ub")
	// Warp specialization stays for convert-warp-specialize-to-llvm, on
	// converted values (warpspec.go).
	t.AddLegalOp("ttg.warp_specialize.partitions", "ttg.warp_return")
	converted := func(op *ir.Operation) bool { return l.converted[op] }
	t.AddDynamicallyLegalOp("ttg.warp_specialize", converted)
	t.AddDynamicallyLegalOp("ttg.warp_yield", converted)
	return t
}

func typeStr(t ir.Type) string { return asm.TypeString(t) }

// bitWidthOf is the width of a converted scalar type (pointers: 64).
func bitWidthOf(t ir.Type) int {
	if _, ok := t.(*llvm.PointerType); ok {
		return 64
	}
	return ir.BitWidth(t)
}

// isLLVMFloat reports whether LLVM has the float type.
func isLLVMFloat(t *ir.FloatType) bool {
	switch t.Kind {
	case ir.F16, ir.BF16, ir.F32, ir.F64:
		return true
	}
	return false
}
