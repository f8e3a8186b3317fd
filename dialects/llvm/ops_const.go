package llvm

import (
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asmfmt"
)

// Constants and addresses: llvm.mlir.constant, undef, poison, zero,
// addressof.

// ConstantOp is `llvm.mlir.constant(42 : i32) : i32`.
var ConstantOp = define("mlir.constant", ir.Pure|ir.ConstantLike, asmfmt.Spec{
	Results: []asmfmt.Value{val("res", cAny)},
	Attrs:   []asmfmt.Attr{{Name: "value", Kind: asmfmt.AnyAttr}},
	Format:  "`(` $value `)` attr-dict `:` type($res)",
	Verify: func(op *ir.Operation) error {
		if msg := verifyConstantValue(op.Attr("value"), op.Result(0).Type()); msg != "" {
			return ir.OpErrorf(op, "%s", msg)
		}
		return nil
	},
})

// ConstantInt returns the attribute of v when v is the result of an
// integer llvm.mlir.constant: its Bits as written, Int() sign-extended.
func ConstantInt(v ir.Value) (*ir.IntegerAttr, bool) {
	def := v.DefiningOp()
	if def == nil || def.Def() != ConstantOp {
		return nil, false
	}
	a, ok := def.Attr("value").(*ir.IntegerAttr)
	return a, ok
}

// verifyConstantValue returns why value cannot be a constant of type t, or
// "" (MLIR's ConstantOp::verify, for the kinds tt uses).
func verifyConstantValue(value ir.Attribute, t ir.Type) string {
	switch v := value.(type) {
	case *ir.IntegerAttr:
		if _, ok := t.(*ir.IntegerType); !ok {
			return "expected integer type"
		}
	case *ir.FloatAttr:
		ft, ok := t.(*ir.FloatType)
		if !ok {
			return "expected float type"
		}
		if at, ok := v.Typ.(*ir.FloatType); ok && at.Width() != ft.Width() {
			return "float attribute and result type must have the same bit width"
		}
	case *ir.DenseElementsAttr:
		vt, ok := t.(*ir.VectorType)
		if !ok {
			if _, arr := t.(*ArrayType); !arr {
				return "expected vector or array type"
			}
			return ""
		}
		if st, ok := v.Typ.(ir.ShapedType); ok && ir.NumElements(st.Shape()) != ir.NumElements(vt.Dims) {
			return "vector and dense attribute must have the same number of elements"
		}
	case *ir.StringAttr:
		at, ok := t.(*ArrayType)
		if !ok || !ir.IsInteger(at.Elem, 8) {
			return "expected array type of i8"
		}
		if at.Len != int64(len(v.Value)) {
			return "expected array type of length " + itoa(int64(len(v.Value)))
		}
	case *ir.ArrayAttr:
		st, ok := t.(*StructType)
		if !ok {
			if _, arr := t.(*ArrayType); arr {
				return ""
			}
			return "expected array attribute for a struct or array constant"
		}
		if len(st.Body) != len(v.Elems) {
			return "expected struct type with " + itoa(int64(len(v.Elems))) + " elements"
		}
	case nil:
		return "requires attribute 'value'"
	default:
		return "only supports integer, float, string or elements attributes"
	}
	return ""
}

func nullary(name string, traits ir.Traits, verify func(*ir.Operation) error) *ir.OpDef {
	return define(name, ir.Pure|ir.ConstantLike|traits, asmfmt.Spec{
		Results: []asmfmt.Value{val("res", cAny)},
		Format:  "attr-dict `:` type($res)",
		Verify:  verify,
	})
}

// UndefOp, PoisonOp and ZeroOp produce undef, poison and zero values.
var (
	UndefOp  = nullary("mlir.undef", 0, nil)
	PoisonOp = nullary("mlir.poison", 0, nil)
	ZeroOp   = nullary("mlir.zero", 0, func(op *ir.Operation) error {
		switch op.Result(0).Type().(type) {
		case *VoidType, *FuncType, *TokenType:
			return ir.OpErrorf(op, "invalid type for a zero value")
		}
		return nil
	})
)

// AddressOfOp is `llvm.mlir.addressof @g : !llvm.ptr<3>`.
var AddressOfOp = define("mlir.addressof", ir.Pure|ir.ConstantLike, asmfmt.Spec{
	Results: []asmfmt.Value{val("res", cPtr)},
	Attrs: []asmfmt.Attr{{Name: "global_name", Kind: asmfmt.AnyAttr, Check: func(a ir.Attribute) bool {
		s, ok := a.(*ir.SymbolRefAttr)
		return ok && len(s.Nested) == 0
	}, Summary: "flat symbol reference attribute"}},
	Format: "$global_name attr-dict `:` qualified(type($res))",
	Verify: verifyAddressOf,
})

// verifyAddressOf checks that the symbol is a global or a function and
// that the pointer's address space is the global's.
func verifyAddressOf(op *ir.Operation) error {
	ref, _ := op.Attr("global_name").(*ir.SymbolRefAttr)
	target := ir.LookupSymbol(op, ref)
	if target == nil {
		return ir.OpErrorf(op, "must reference a global defined by 'llvm.mlir.global' or 'llvm.func'")
	}
	pt := op.Result(0).Type().(*PointerType)
	switch target.Name() {
	case GlobalOp.Name:
		if as := int(enumOf(target, "addr_space", 0)); as != pt.AddrSpace {
			return ir.OpErrorf(op, "pointer address space must match address space of the referenced global")
		}
	case FuncOp.Name:
		if pt.AddrSpace != 0 {
			return ir.OpErrorf(op, "pointer address space must be 0 for a function")
		}
	default:
		return ir.OpErrorf(op, "must reference a global defined by 'llvm.mlir.global' or 'llvm.func'")
	}
	return nil
}

func itoa(v int64) string {
	if v == 0 {
		return "0"
	}
	neg := v < 0
	if neg {
		v = -v
	}
	var b [20]byte
	i := len(b)
	for v > 0 {
		i--
		b[i] = byte('0' + v%10)
		v /= 10
	}
	if neg {
		i--
		b[i] = '-'
	}
	return string(b[i:])
}
