package ir

import (
	"math"
	"unsafe"
)

// DenseElementsAttr is `dense<...> : tensor<...>` or vector: every element
// of a statically shaped type, stored as integers (Ints: raw bits truncated
// to the element width) or floats (Floats). A splat stores one element.
type DenseElementsAttr struct {
	builtinAttr
	Typ    ShapedType
	Ints   []uint64
	Floats []float64
}

func (a *DenseElementsAttr) UniqueKey() any {
	if a.Floats != nil {
		return listKey{kind: 'E', t: a.Typ, list: dimsKey(*(*[]int64)(unsafe.Pointer(&a.Floats)))}
	}
	return listKey{kind: 'e', t: a.Typ, list: dimsKey(*(*[]int64)(unsafe.Pointer(&a.Ints)))}
}

// Type returns the shaped type of the attribute.
func (a *DenseElementsAttr) Type() Type { return a.Typ }

// IsSplat reports whether all elements are equal (stored once).
func (a *DenseElementsAttr) IsSplat() bool { return a.Len() == 1 }

// Len returns the number of stored elements (1 for splats).
func (a *DenseElementsAttr) Len() int {
	if a.Floats != nil {
		return len(a.Floats)
	}
	return len(a.Ints)
}

// IsFloat reports whether the elements are floats.
func (a *DenseElementsAttr) IsFloat() bool { return a.Floats != nil }

// IntAt returns element i (sign-extended; i is taken modulo the stored
// length, so splats answer for every index).
func (a *DenseElementsAttr) IntAt(i int) int64 {
	return SignExtend(a.Ints[i%len(a.Ints)], BitWidth(a.Typ.ElementType()))
}

// FloatAt returns float element i (modulo the stored length).
func (a *DenseElementsAttr) FloatAt(i int) float64 { return a.Floats[i%len(a.Floats)] }

// SplatAttr returns the splat value as a scalar attribute, or nil if the
// attribute is not a splat.
func (a *DenseElementsAttr) SplatAttr(ctx *Context) Attribute {
	if !a.IsSplat() {
		return nil
	}
	elem := a.Typ.ElementType()
	if a.Floats != nil {
		return FloatAttrOf(ctx, elem, a.Floats[0])
	}
	return Unique(ctx, &IntegerAttr{Typ: elem, Bits: a.Ints[0]})
}

// DenseIntElements builds an integer dense attribute; values are truncated
// to the element width and collapsed to a splat when all equal.
func DenseIntElements(ctx *Context, t ShapedType, vals []int64) *DenseElementsAttr {
	w := BitWidth(t.ElementType())
	bits := make([]uint64, len(vals))
	for i, v := range vals {
		bits[i] = Truncate(uint64(v), w)
	}
	return Unique(ctx, &DenseElementsAttr{Typ: t, Ints: collapseSplat(bits)})
}

// DenseFloatElements builds a float dense attribute (collapsed to a splat
// when all elements are bitwise equal).
func DenseFloatElements(ctx *Context, t ShapedType, vals []float64) *DenseElementsAttr {
	cp := append([]float64(nil), vals...)
	splat := len(cp) > 0
	for _, v := range cp[min(1, len(cp)):] {
		if math.Float64bits(v) != math.Float64bits(cp[0]) {
			splat = false
			break
		}
	}
	if splat {
		cp = cp[:1]
	}
	return Unique(ctx, &DenseElementsAttr{Typ: t, Floats: cp})
}

// DenseSplat builds a splat dense attribute from a scalar integer or float
// attribute.
func DenseSplat(ctx *Context, t ShapedType, scalar Attribute) *DenseElementsAttr {
	switch s := scalar.(type) {
	case *IntegerAttr:
		return Unique(ctx, &DenseElementsAttr{Typ: t, Ints: []uint64{s.Bits}})
	case *FloatAttr:
		return Unique(ctx, &DenseElementsAttr{Typ: t, Floats: []float64{s.Value}})
	}
	return nil
}

func collapseSplat(bits []uint64) []uint64 {
	for _, b := range bits[min(1, len(bits)):] {
		if b != bits[0] {
			return bits
		}
	}
	if len(bits) > 0 {
		return bits[:1]
	}
	return bits
}
