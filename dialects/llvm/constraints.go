package llvm

import (
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asmfmt"
)

// ODS type constraints of LLVMOpBase.td, with the summaries MLIR's
// generated verifiers print.
var (
	cAny = &asmfmt.Constraint{Summary: "LLVM dialect-compatible type", Check: IsCompatibleType}
	cInt = &asmfmt.Constraint{Summary: "signless integer or LLVM dialect-compatible vector of signless integer", Check: IsIntLike}
	cFlt = &asmfmt.Constraint{Summary: "floating point LLVM type or LLVM dialect-compatible vector of floating point LLVM type", Check: IsFloatLike}
	cPtr = &asmfmt.Constraint{Summary: "LLVM pointer type", Check: func(t ir.Type) bool {
		_, ok := t.(*PointerType)
		return ok
	}}
	cPtrLike = &asmfmt.Constraint{Summary: "LLVM pointer type or LLVM dialect-compatible vector of LLVM pointer type", Check: IsPtrLike}
	cI1Like  = &asmfmt.Constraint{Summary: "1-bit signless integer or LLVM dialect-compatible vector of 1-bit signless integer", Check: func(t ir.Type) bool {
		return IsIntLike(t) && ir.IsInteger(ScalarOf(t), 1)
	}}
	cSignless = &asmfmt.Constraint{Summary: "signless integer", Check: func(t ir.Type) bool {
		it, ok := t.(*ir.IntegerType)
		return ok && it.Signedness == ir.Signless
	}}
	cI32 = &asmfmt.Constraint{Summary: "32-bit signless integer", Check: func(t ir.Type) bool { return ir.IsInteger(t, 32) }}
	cI16 = &asmfmt.Constraint{Summary: "16-bit signless integer", Check: func(t ir.Type) bool { return ir.IsInteger(t, 16) }}
	cI64 = &asmfmt.Constraint{Summary: "64-bit signless integer", Check: func(t ir.Type) bool { return ir.IsInteger(t, 64) }}
	cVec = &asmfmt.Constraint{Summary: "LLVM dialect-compatible vector type", Check: func(t ir.Type) bool {
		v, ok := t.(*ir.VectorType)
		return ok && IsCompatibleType(v)
	}}
	cNonAggregate = &asmfmt.Constraint{Summary: "LLVM-compatible non-aggregate type", Check: func(t ir.Type) bool {
		return IsCompatibleType(t) && !IsAggregate(t)
	}}
	cAggregate = &asmfmt.Constraint{Summary: "LLVM aggregate type", Check: IsAggregate}
	cLoadable  = &asmfmt.Constraint{Summary: "LLVM type with size", Check: isLoadable}
	cAtomicRMW = &asmfmt.Constraint{Summary: "floating point LLVM type or LLVM pointer type or signless integer or LLVM dialect-compatible fixed vector type", Check: func(t ir.Type) bool {
		switch t := t.(type) {
		case *ir.FloatType:
			return isLLVMFloat(t)
		case *PointerType:
			return true
		case *ir.IntegerType:
			return t.Signedness == ir.Signless
		case *ir.VectorType:
			return IsCompatibleType(t)
		}
		return false
	}}
	cCmpXchg = &asmfmt.Constraint{Summary: "signless integer or LLVM pointer type", Check: func(t ir.Type) bool {
		switch t := t.(type) {
		case *ir.IntegerType:
			return t.Signedness == ir.Signless
		case *PointerType:
			return true
		}
		return false
	}}
	cStruct = &asmfmt.Constraint{Summary: "LLVM structure type", Check: func(t ir.Type) bool {
		_, ok := t.(*StructType)
		return ok
	}}
)

// isLoadable is LLVM_LoadableType: a first-class type with a size.
func isLoadable(t ir.Type) bool {
	switch t.(type) {
	case *VoidType, *FuncType, *TokenType:
		return false
	}
	if s, ok := t.(*StructType); ok && s.Opaque {
		return false
	}
	return IsCompatibleType(t)
}

// ptrClass makes unqualified `type($x)` directives print pointers stripped.
var ptrClass = &asmfmt.Class{
	Is:    func(t ir.Type) bool { _, ok := t.(*PointerType); return ok },
	Parse: ParsePtrType,
}

// Value helpers for specs.
func val(name string, c *asmfmt.Constraint) asmfmt.Value {
	return asmfmt.Value{Name: name, Constraint: c}
}

// sameAs infers a value's type from the named one.
func sameAs(other string) func(*ir.Context, func(string) ir.Type) ir.Type {
	return func(_ *ir.Context, known func(string) ir.Type) ir.Type { return known(other) }
}

func fixed(f func(*ir.Context) ir.Type) func(*ir.Context, func(string) ir.Type) ir.Type {
	return func(ctx *ir.Context, _ func(string) ir.Type) ir.Type { return f(ctx) }
}

func noneType(ctx *ir.Context) ir.Type { return ir.None(ctx) }
func i1Type(ctx *ir.Context) ir.Type   { return ir.I1(ctx) }
func i16Type(ctx *ir.Context) ir.Type  { return ir.I16(ctx) }
func i32Type(ctx *ir.Context) ir.Type  { return ir.I32(ctx) }
func i64Type(ctx *ir.Context) ir.Type  { return ir.I64(ctx) }

// Attribute helpers for specs.
func unitAttr(name string) asmfmt.Attr {
	return asmfmt.Attr{Name: name, Kind: asmfmt.UnitAttr, Optional: true}
}

func enumAttr(name string, e *ir.EnumInfo, optional bool) asmfmt.Attr {
	return asmfmt.Attr{Name: name, Kind: asmfmt.EnumAttr, Enum: e, Optional: optional, Check: e.Valid,
		Summary: "llvm::" + e.Name + " enum attribute"}
}

// strAttr is StrAttr: parsed with a known (none) type, so that a
// following `:` is not read as the string's type.
func strAttr(name string, optional bool) asmfmt.Attr {
	return asmfmt.Attr{Name: name, Kind: asmfmt.TypedAttr, Type: noneType, Optional: optional, Check: func(a ir.Attribute) bool {
		_, ok := a.(*ir.StringAttr)
		return ok
	}, Summary: "string attribute"}
}

func i64Attr(name string, optional bool) asmfmt.Attr {
	return asmfmt.Attr{Name: name, Kind: asmfmt.TypedAttr, Type: i64Type, Optional: optional, Check: func(a ir.Attribute) bool {
		ia, ok := a.(*ir.IntegerAttr)
		return ok && ir.IsInteger(ia.Typ, 64)
	}, Summary: "64-bit signless integer attribute"}
}

func fastmathAttr() asmfmt.Attr {
	return asmfmt.Attr{Name: FastmathFlagsAttrName, Kind: asmfmt.AnyAttr, Check: func(a ir.Attribute) bool {
		_, ok := a.(*FastmathAttr)
		return ok
	}, Summary: "LLVM fastmath flags", Default: func(ctx *ir.Context) ir.Attribute { return Fastmath(ctx, FastmathNone) }}
}

func overflowAttr() asmfmt.Attr {
	return asmfmt.Attr{Name: OverflowFlagsAttrName, Kind: asmfmt.AnyAttr, Check: func(a ir.Attribute) bool {
		_, ok := a.(*OverflowAttr)
		return ok
	}, Summary: "LLVM integer overflow flags", Default: func(ctx *ir.Context) ir.Attribute { return Overflow(ctx, OverflowNone) }}
}

// Names of the flag properties.
const (
	FastmathFlagsAttrName = "fastmathFlags"
	OverflowFlagsAttrName = "overflowFlags"
)
