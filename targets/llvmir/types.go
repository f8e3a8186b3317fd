package llvmir

import (
	lltypes "github.com/llir/llvm/ir/types"

	"github.com/ttcompiler/tt/dialects/llvm"
	"github.com/ttcompiler/tt/ir"
)

// Types. LLVM 14 has typed pointers: every `!llvm.ptr<AS>` becomes
// `i8 addrspace(AS)*`, and memory accesses, GEPs and calls bitcast it to
// the pointer type they need. Floats without an LLVM 14 type (bf16, the
// fp8 formats) are carried in integers of their width: the IR only
// stores, moves and converts them (gpu.cvt), it does no arithmetic on
// them.

// typ maps an IR type to its LLVM type.
func (tr *translator) typ(t ir.Type) (lltypes.Type, bool) {
	if lt, ok := tr.types[t]; ok {
		return lt, true
	}
	lt, ok := tr.newType(t)
	if ok {
		tr.types[t] = lt
	}
	return lt, ok
}

func (tr *translator) newType(t ir.Type) (lltypes.Type, bool) {
	switch t := t.(type) {
	case *ir.IntegerType:
		return lltypes.NewInt(uint64(t.Width)), true
	case *ir.IndexType:
		return lltypes.I64, true
	case *ir.FloatType:
		switch t.Kind {
		case ir.F16:
			return lltypes.Half, true
		case ir.F32:
			return lltypes.Float, true
		case ir.F64:
			return lltypes.Double, true
		case ir.F128:
			return lltypes.FP128, true
		case ir.F80:
			return lltypes.X86_FP80, true
		}
		return lltypes.NewInt(uint64(t.Width())), true
	case *ir.VectorType:
		if len(t.Dims) != 1 {
			return nil, false
		}
		e, ok := tr.typ(t.Elem)
		if !ok {
			return nil, false
		}
		return lltypes.NewVector(uint64(t.Dims[0]), e), true
	case *llvm.PointerType:
		return tr.ptr(t.AddrSpace), true
	case *llvm.VoidType:
		return lltypes.Void, true
	case *llvm.TokenType:
		return lltypes.Token, true
	case *llvm.ArrayType:
		e, ok := tr.typ(t.Elem)
		if !ok {
			return nil, false
		}
		return lltypes.NewArray(uint64(t.Len), e), true
	case *llvm.StructType:
		var fields []lltypes.Type
		for _, f := range t.Body {
			lf, ok := tr.typ(f)
			if !ok {
				return nil, false
			}
			fields = append(fields, lf)
		}
		st := lltypes.NewStruct(fields...)
		st.Packed = t.Packed
		if t.Name != "" {
			st.Opaque = t.Opaque
			st.SetName(tr.uniqueTypeName(t.Name))
			tr.mod.TypeDefs = append(tr.mod.TypeDefs, st)
		}
		return st, true
	case *llvm.FuncType:
		ret, ok := tr.typ(t.Result)
		if !ok {
			return nil, false
		}
		var params []lltypes.Type
		for _, p := range t.Params {
			lp, ok := tr.typ(p)
			if !ok {
				return nil, false
			}
			params = append(params, lp)
		}
		ft := lltypes.NewFunc(ret, params...)
		ft.Variadic = t.VarArg
		return ft, true
	}
	return nil, false
}

func (tr *translator) uniqueTypeName(name string) string {
	n := name
	for i := 1; tr.typeNames[n]; i++ {
		n = name + "." + itoa(i)
	}
	tr.typeNames[n] = true
	return n
}

// ptr returns `i8 addrspace(as)*`.
func (tr *translator) ptr(as int) *lltypes.PointerType {
	if p, ok := tr.ptrs[as]; ok {
		return p
	}
	p := lltypes.NewPointer(lltypes.I8)
	p.AddrSpace = lltypes.AddrSpace(as)
	tr.ptrs[as] = p
	return p
}

// ptrTo returns `elem addrspace(as)*`.
func ptrTo(elem lltypes.Type, as lltypes.AddrSpace) *lltypes.PointerType {
	p := lltypes.NewPointer(elem)
	p.AddrSpace = as
	return p
}

// bits returns the size of an LLVM scalar or vector type in bits (0 for
// other types).
func bits(t lltypes.Type) int {
	switch t := t.(type) {
	case *lltypes.IntType:
		return int(t.BitSize)
	case *lltypes.FloatType:
		switch t.Kind {
		case lltypes.FloatKindHalf:
			return 16
		case lltypes.FloatKindFloat:
			return 32
		case lltypes.FloatKindDouble:
			return 64
		case lltypes.FloatKindFP128:
			return 128
		case lltypes.FloatKindX86_FP80:
			return 80
		}
	case *lltypes.VectorType:
		return int(t.Len) * bits(t.ElemType)
	case *lltypes.PointerType:
		return 64
	}
	return 0
}

// isStorageFloat reports whether an IR float type is carried as an
// integer (bf16, fp8, ...).
func isStorageFloat(t ir.Type) bool {
	ft, ok := t.(*ir.FloatType)
	if !ok {
		return false
	}
	switch ft.Kind {
	case ir.F16, ir.F32, ir.F64, ir.F80, ir.F128:
		return false
	}
	return true
}

func itoa(i int) string {
	if i < 0 {
		return "-" + itoa(-i)
	}
	if i < 10 {
		return string(rune('0' + i))
	}
	return itoa(i/10) + string(rune('0'+i%10))
}
