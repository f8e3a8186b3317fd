package nvptx

import (
	"fmt"
	"strings"

	"github.com/ttcompiler/tt/dialects/llvm"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

// Scalars live in one register each. Aggregates (LLVM structs and arrays,
// and vectors, which the emitter scalarizes) live in one register per
// scalar leaf; see value.

// scalarClass returns the register class of a scalar type. Shared-memory
// pointers are 32 bits wide, as in Triton's PTX (the shared window fits in
// 32 bits and ld/st.shared accept 32-bit addresses); every other pointer
// is 64 bits. 8-bit integers (and fp8 bytes) live in 16-bit registers,
// PTX's narrowest.
func scalarClass(t ir.Type) (regClass, bool) {
	switch t := t.(type) {
	case *ir.IntegerType:
		switch {
		case t.Width == 1:
			return classPred, true
		case t.Width <= 16:
			return classB16, true
		case t.Width == 32:
			return classB32, true
		case t.Width == 64:
			return classB64, true
		}
	case *ir.FloatType:
		switch t.Width() {
		case 8, 16:
			return classB16, true
		case 32:
			return classF32, true
		case 64:
			return classF64, true
		}
	case *llvm.PointerType:
		if t.AddrSpace == llvm.SharedAddrSpace {
			return classB32, true
		}
		return classB64, true
	}
	return 0, false
}

// isAggregate reports whether values of type t are split into parts.
func isAggregate(t ir.Type) bool {
	switch t.(type) {
	case *llvm.StructType, *llvm.ArrayType, *ir.VectorType:
		return true
	}
	return false
}

// leafTypes returns the scalar leaves of t in memory order.
func leafTypes(t ir.Type) ([]ir.Type, error) {
	switch t := t.(type) {
	case *llvm.StructType:
		var out []ir.Type
		for _, e := range t.Body {
			l, err := leafTypes(e)
			if err != nil {
				return nil, err
			}
			out = append(out, l...)
		}
		return out, nil
	case *llvm.ArrayType:
		l, err := leafTypes(t.Elem)
		if err != nil {
			return nil, err
		}
		var out []ir.Type
		for i := int64(0); i < t.Len; i++ {
			out = append(out, l...)
		}
		return out, nil
	case *ir.VectorType:
		if len(t.Dims) != 1 {
			return nil, fmt.Errorf("unsupported type %s: only 1-D vectors", asm.TypeString(t))
		}
		return leafTypes(&llvm.ArrayType{Elem: t.Elem, Len: t.Dims[0]})
	}
	if _, ok := scalarClass(t); !ok {
		return nil, fmt.Errorf("unsupported type %s", asm.TypeString(t))
	}
	return []ir.Type{t}, nil
}

// elementTypes returns the direct members of an aggregate: struct fields,
// or the element type repeated.
func elementTypes(t ir.Type) []ir.Type {
	switch t := t.(type) {
	case *llvm.StructType:
		return t.Body
	case *llvm.ArrayType:
		out := make([]ir.Type, t.Len)
		for i := range out {
			out[i] = t.Elem
		}
		return out
	case *ir.VectorType:
		out := make([]ir.Type, ir.NumElements(t.Dims))
		for i := range out {
			out[i] = t.Elem
		}
		return out
	}
	return nil
}

// bitWidth returns the size in bits of a scalar type as stored in memory
// (pointers of any address space are addresses of their register width).
func bitWidth(t ir.Type) int {
	switch t := t.(type) {
	case *ir.IntegerType:
		return t.Width
	case *ir.FloatType:
		return t.Width()
	case *llvm.PointerType:
		if t.AddrSpace == llvm.SharedAddrSpace {
			return 32
		}
		return 64
	}
	return 0
}

// sizeAlign gives byte sizes and alignments of types, with the data layout
// of Triton's NVPTX target: natural alignment for scalars, 8-byte
// pointers except 4-byte shared-memory ones (nvptx-short-ptr), structs
// padded to their alignment.
func sizeAlign(t ir.Type) (size, align int64, err error) {
	switch t := t.(type) {
	case *ir.IntegerType:
		b := int64((t.Width + 7) / 8)
		a := int64(1)
		for a < b {
			a *= 2
		}
		return a, a, nil
	case *ir.FloatType:
		b := int64(t.Width() / 8)
		return b, b, nil
	case *llvm.PointerType:
		b := int64(bitWidth(t) / 8)
		return b, b, nil
	case *llvm.ArrayType:
		s, a, err := sizeAlign(t.Elem)
		return s * t.Len, a, err
	case *ir.VectorType:
		s, a, err := sizeAlign(t.Elem)
		if err != nil {
			return 0, 0, err
		}
		total := s * ir.NumElements(t.Dims)
		// Vectors are aligned to their size rounded up to a power of two.
		va := int64(1)
		for va < total {
			va *= 2
		}
		if va < a {
			va = a
		}
		return total, va, nil
	case *llvm.StructType:
		var off, maxA int64 = 0, 1
		for _, e := range t.Body {
			s, a, err := sizeAlign(e)
			if err != nil {
				return 0, 0, err
			}
			if t.Packed {
				a = 1
			}
			off = (off + a - 1) / a * a
			off += s
			if a > maxA {
				maxA = a
			}
		}
		return (off + maxA - 1) / maxA * maxA, maxA, nil
	}
	return 0, 0, fmt.Errorf("type %s has no size", asm.TypeString(t))
}

// fieldOffset returns the byte offset of field i of a struct.
func fieldOffset(t *llvm.StructType, i int) (int64, error) {
	var off int64
	for j, e := range t.Body {
		s, a, err := sizeAlign(e)
		if err != nil {
			return 0, err
		}
		if t.Packed {
			a = 1
		}
		off = (off + a - 1) / a * a
		if j == i {
			return off, nil
		}
		off += s
	}
	return 0, fmt.Errorf("struct field %d out of range", i)
}

// Type-name helpers for instruction suffixes.

func isFloat(t ir.Type) bool {
	ft, ok := t.(*ir.FloatType)
	return ok && ft.Width() >= 16
}

// floatKind returns t's float format, or F80 (which PTX lacks) for
// non-floats, so that comparisons with the formats PTX has fail.
func floatKind(t ir.Type) ir.FloatKind {
	if ft, ok := t.(*ir.FloatType); ok {
		return ft.Kind
	}
	return ir.F80
}

// ftype is the PTX float type of t: f16, bf16, f32, f64 ("" otherwise).
func ftype(t ir.Type) string {
	switch floatKind(t) {
	case ir.F16:
		return "f16"
	case ir.BF16:
		return "bf16"
	case ir.F32:
		return "f32"
	case ir.F64:
		return "f64"
	}
	return ""
}

// regBits is the width of the register holding a scalar of type t.
func regBits(t ir.Type) int {
	c, _ := scalarClass(t)
	return classInfo[c].bits
}

// itype returns the PTX integer type of the register holding t: s16, u32,
// b64... (kind is 's', 'u' or 'b').
func itype(kind byte, t ir.Type) string {
	bits := regBits(t)
	// Most instructions name one: the usual ones are spelled out rather
	// than formatted each time.
	if i := strings.IndexByte("bsu", kind); i >= 0 {
		switch bits {
		case 16:
			return [...]string{"b16", "s16", "u16"}[i]
		case 32:
			return [...]string{"b32", "s32", "u32"}[i]
		case 64:
			return [...]string{"b64", "s64", "u64"}[i]
		}
	}
	return fmt.Sprintf("%c%d", kind, bits)
}
