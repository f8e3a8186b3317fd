package ir

// Type is an immutable, uniqued IR type. Builtin types are defined in this
// package; dialects define more by implementing DialectType.
type Type interface {
	Keyed
	// Namespace is the owning dialect ("builtin" for builtin types).
	Namespace() string
	isType()
}

// TypeBase must be embedded by every type implementation; it closes the
// Type interface so that types and attributes cannot be confused.
type TypeBase struct{}

func (TypeBase) isType() {}

// DialectType is a type of a non-builtin dialect, printed as
// `!namespace.mnemonic<params>`.
type DialectType interface {
	Type
	Mnemonic() string
	// PrintParams prints what follows the mnemonic (usually `<...>`); the
	// same text is the "stripped" form that custom op syntax uses.
	PrintParams(p AsmPrinter)
}

// ShapedType is implemented by tensor and vector types.
type ShapedType interface {
	Type
	ElementType() Type
	// Shape returns the dimensions; nil for unranked types.
	Shape() []int64
	HasRank() bool
}

// Dynamic marks a dynamic dimension (`?`) in a shape.
const Dynamic int64 = -1 << 63

// NumElements returns the product of a static shape's dimensions.
func NumElements(shape []int64) int64 {
	n := int64(1)
	for _, d := range shape {
		n *= d
	}
	return n
}

// ElementTypeOrSelf returns the element type of a shaped type, or t itself.
func ElementTypeOrSelf(t Type) Type {
	if s, ok := t.(ShapedType); ok {
		return s.ElementType()
	}
	return t
}

// ShapeOf returns the shape of a ranked shaped type, or nil for scalars.
func ShapeOf(t Type) []int64 {
	if s, ok := t.(ShapedType); ok {
		return s.Shape()
	}
	return nil
}

// EncodingOf returns the encoding of a ranked tensor type, or nil.
func EncodingOf(t Type) Attribute {
	if r, ok := t.(*RankedTensorType); ok {
		return r.Encoding
	}
	return nil
}
