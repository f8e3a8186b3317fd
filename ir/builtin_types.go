package ir

import (
	"slices"
	"strings"
	"unsafe"
)

type builtinType struct{ TypeBase }

func (builtinType) Namespace() string { return "builtin" }

// Signedness of an integer type.
type Signedness uint8

const (
	Signless Signedness = iota
	Signed
	Unsigned
)

// IntegerType is iN, siN or uiN.
type IntegerType struct {
	builtinType
	Width      int
	Signedness Signedness
}

func (t *IntegerType) UniqueKey() any { return *t }

// IntegerTypeOf returns the signless integer type of the given width.
func IntegerTypeOf(ctx *Context, width int) *IntegerType {
	return ctx.cache.cachedInt(ctx, width)
}

// IntegerTypeSigned returns an integer type with explicit signedness.
func IntegerTypeSigned(ctx *Context, width int, s Signedness) *IntegerType {
	if s == Signless {
		return ctx.cache.cachedInt(ctx, width) // the parser's i32, i64...
	}
	return Unique(ctx, &IntegerType{Width: width, Signedness: s})
}

// I1 and friends are shorthands for common signless integer types.
func I1(ctx *Context) *IntegerType  { return IntegerTypeOf(ctx, 1) }
func I8(ctx *Context) *IntegerType  { return IntegerTypeOf(ctx, 8) }
func I16(ctx *Context) *IntegerType { return IntegerTypeOf(ctx, 16) }
func I32(ctx *Context) *IntegerType { return IntegerTypeOf(ctx, 32) }
func I64(ctx *Context) *IntegerType { return IntegerTypeOf(ctx, 64) }

// IndexType is `index`.
type IndexType struct{ builtinType }

func (t *IndexType) UniqueKey() any { return indexKey{} }

type indexKey struct{}

// Index returns the index type.
func Index(ctx *Context) *IndexType { return Unique(ctx, &IndexType{}) }

// NoneType is `none`.
type NoneType struct{ builtinType }

func (t *NoneType) UniqueKey() any { return noneKey{} }

type noneKey struct{}

// None returns the none type.
func None(ctx *Context) *NoneType { return Unique(ctx, &NoneType{}) }

// FloatKind enumerates the builtin floating-point formats.
type FloatKind uint8

const (
	F16 FloatKind = iota
	BF16
	F32
	F64
	F80
	F128
	TF32
	F8E5M2
	F8E4M3
	F8E4M3FN
	F8E5M2FNUZ
	F8E4M3FNUZ
	F8E4M3B11FNUZ
	F8E3M4
	F8E8M0FNU
	F4E2M1FN
	F6E2M3FN
	F6E3M2FN
)

var floatNames = [...]string{
	F16: "f16", BF16: "bf16", F32: "f32", F64: "f64", F80: "f80", F128: "f128",
	TF32: "tf32", F8E5M2: "f8E5M2", F8E4M3: "f8E4M3", F8E4M3FN: "f8E4M3FN",
	F8E5M2FNUZ: "f8E5M2FNUZ", F8E4M3FNUZ: "f8E4M3FNUZ",
	F8E4M3B11FNUZ: "f8E4M3B11FNUZ", F8E3M4: "f8E3M4", F8E8M0FNU: "f8E8M0FNU",
	F4E2M1FN: "f4E2M1FN", F6E2M3FN: "f6E2M3FN", F6E3M2FN: "f6E3M2FN",
}

var floatWidths = [...]int{
	F16: 16, BF16: 16, F32: 32, F64: 64, F80: 80, F128: 128, TF32: 19,
	F8E5M2: 8, F8E4M3: 8, F8E4M3FN: 8, F8E5M2FNUZ: 8, F8E4M3FNUZ: 8,
	F8E4M3B11FNUZ: 8, F8E3M4: 8, F8E8M0FNU: 8, F4E2M1FN: 4, F6E2M3FN: 6, F6E3M2FN: 6,
}

// mantissa bits including the implicit one (APFloat "precision").
var floatPrecisions = [...]int{
	F16: 11, BF16: 8, F32: 24, F64: 53, F80: 64, F128: 113, TF32: 11,
	F8E5M2: 3, F8E4M3: 4, F8E4M3FN: 4, F8E5M2FNUZ: 3, F8E4M3FNUZ: 4,
	F8E4M3B11FNUZ: 4, F8E3M4: 5, F8E8M0FNU: 1, F4E2M1FN: 2, F6E2M3FN: 4, F6E3M2FN: 3,
}

func (k FloatKind) String() string { return floatNames[k] }

// FloatKindByName maps a builtin float type keyword to its kind.
func FloatKindByName(name string) (FloatKind, bool) {
	for k, n := range floatNames {
		if n == name {
			return FloatKind(k), true
		}
	}
	return 0, false
}

// FloatType is one of the builtin floating-point types.
type FloatType struct {
	builtinType
	Kind FloatKind
}

func (t *FloatType) UniqueKey() any { return *t }

// Width is the storage width in bits.
func (t *FloatType) Width() int { return floatWidths[t.Kind] }

// Precision is the number of significand bits including the implicit bit.
func (t *FloatType) Precision() int { return floatPrecisions[t.Kind] }

// Float returns the float type of the given kind.
func Float(ctx *Context, k FloatKind) *FloatType { return ctx.cache.cachedFloat(ctx, k) }

// F32Type and friends are shorthands for common float types.
func F16Type(ctx *Context) *FloatType  { return Float(ctx, F16) }
func BF16Type(ctx *Context) *FloatType { return Float(ctx, BF16) }
func F32Type(ctx *Context) *FloatType  { return Float(ctx, F32) }
func F64Type(ctx *Context) *FloatType  { return Float(ctx, F64) }

// RankedTensorType is `tensor<4x8xf32, #encoding>`.
type RankedTensorType struct {
	builtinType
	Dims     []int64
	Elem     Type
	Encoding Attribute // nil when absent
}

type shapedKey struct {
	kind  byte
	dims  string
	elem  Type
	enc   Attribute
	extra string
}

func dimsKey(dims []int64) string {
	if len(dims) == 0 {
		return ""
	}
	return strings.Clone(unsafe.String((*byte)(unsafe.Pointer(&dims[0])), len(dims)*8))
}

func (t *RankedTensorType) UniqueKey() any {
	return shapedKey{kind: 't', dims: dimsKey(t.Dims), elem: t.Elem, enc: t.Encoding}
}
func (t *RankedTensorType) ElementType() Type { return t.Elem }
func (t *RankedTensorType) Shape() []int64    { return t.Dims }
func (t *RankedTensorType) HasRank() bool     { return true }
func (t *RankedTensorType) Rank() int         { return len(t.Dims) }

// NumElements is the product of the (static) dimensions.
func (t *RankedTensorType) NumElements() int64 { return NumElements(t.Dims) }

func (t *RankedTensorType) uniqueHash() uint64 {
	return tensorHash(t.Dims, t.Elem, t.Encoding)
}

func (t *RankedTensorType) uniqueEqual(o any) bool {
	u, ok := o.(*RankedTensorType)
	return ok && u.is(t.Dims, t.Elem, t.Encoding)
}

// is reports whether t has the given shape, element type and encoding.
func (t *RankedTensorType) is(shape []int64, elem Type, encoding Attribute) bool {
	return t.Elem == elem && t.Encoding == encoding && slices.Equal(t.Dims, shape)
}

func tensorHash(shape []int64, elem Type, encoding Attribute) uint64 {
	return MixHash(hashInts(IdentityHash(elem), shape), IdentityHash(encoding))
}

// RankedTensor returns the tensor type with the given shape, element type
// and optional encoding (nil for none).
func RankedTensor(ctx *Context, shape []int64, elem Type, encoding Attribute) *RankedTensorType {
	// Passes and the lowering ask for types that exist already far more
	// often than for new ones: look the type up first, before copying the
	// shape and building the type.
	h := tensorHash(shape, elem, encoding)
	if t := lookupSelfHashed(ctx, h, func(o any) bool {
		u, ok := o.(*RankedTensorType)
		return ok && u.is(shape, elem, encoding)
	}); t != nil {
		return t.(*RankedTensorType)
	}
	return Unique(ctx, &RankedTensorType{Dims: append([]int64(nil), shape...), Elem: elem, Encoding: encoding})
}

// CloneWith returns the tensor type with another element type, same shape
// and encoding.
func (t *RankedTensorType) CloneWith(ctx *Context, elem Type) *RankedTensorType {
	return RankedTensor(ctx, t.Dims, elem, t.Encoding)
}

// UnrankedTensorType is `tensor<*xf32>`.
type UnrankedTensorType struct {
	builtinType
	Elem Type
}

func (t *UnrankedTensorType) UniqueKey() any    { return shapedKey{kind: 'u', elem: t.Elem} }
func (t *UnrankedTensorType) ElementType() Type { return t.Elem }
func (t *UnrankedTensorType) Shape() []int64    { return nil }
func (t *UnrankedTensorType) HasRank() bool     { return false }

// UnrankedTensor returns `tensor<*xelem>`.
func UnrankedTensor(ctx *Context, elem Type) *UnrankedTensorType {
	return Unique(ctx, &UnrankedTensorType{Elem: elem})
}

// VectorType is `vector<4x[8]xf32>`; Scalable marks scalable dimensions.
type VectorType struct {
	builtinType
	Dims     []int64
	Elem     Type
	Scalable []bool // nil or one entry per dimension
}

func (t *VectorType) UniqueKey() any {
	var sc strings.Builder
	for _, s := range t.Scalable {
		if s {
			sc.WriteByte('1')
		} else {
			sc.WriteByte('0')
		}
	}
	return shapedKey{kind: 'v', dims: dimsKey(t.Dims), elem: t.Elem, extra: sc.String()}
}

func (t *VectorType) uniqueHash() uint64 {
	h := hashInts(IdentityHash(t.Elem), t.Dims)
	for _, s := range t.Scalable {
		var bit uint64
		if s {
			bit = 1
		}
		h = MixHash(h, bit)
	}
	return h
}

func (t *VectorType) uniqueEqual(o any) bool {
	u, ok := o.(*VectorType)
	return ok && t.Elem == u.Elem && slices.Equal(t.Dims, u.Dims) && slices.Equal(t.Scalable, u.Scalable)
}
func (t *VectorType) ElementType() Type { return t.Elem }
func (t *VectorType) Shape() []int64    { return t.Dims }
func (t *VectorType) HasRank() bool     { return true }

// Vector returns the vector type with the given shape and element type.
func Vector(ctx *Context, shape []int64, elem Type) *VectorType {
	return Unique(ctx, &VectorType{Dims: append([]int64(nil), shape...), Elem: elem})
}

// VectorScalable returns a vector type with scalable dimensions.
func VectorScalable(ctx *Context, shape []int64, elem Type, scalable []bool) *VectorType {
	any := false
	for _, s := range scalable {
		any = any || s
	}
	if !any {
		scalable = nil
	}
	return Unique(ctx, &VectorType{Dims: append([]int64(nil), shape...), Elem: elem, Scalable: append([]bool(nil), scalable...)})
}

// FunctionType is `(inputs) -> results`.
type FunctionType struct {
	builtinType
	Inputs  []Type
	Results []Type
}

type typeListKey struct {
	kind byte
	list string
}

func typesKey(ts []Type) string {
	if len(ts) == 0 {
		return ""
	}
	// Types are uniqued, so their interface words identify them.
	return strings.Clone(unsafe.String((*byte)(unsafe.Pointer(&ts[0])), len(ts)*int(unsafe.Sizeof(ts[0]))))
}

func (t *FunctionType) UniqueKey() any {
	return typeListKey{kind: 'f', list: typesKey(t.Inputs) + "->" + typesKey(t.Results)}
}

// Function returns the function type with the given inputs and results.
func Function(ctx *Context, inputs, results []Type) *FunctionType {
	return Unique(ctx, &FunctionType{Inputs: append([]Type(nil), inputs...), Results: append([]Type(nil), results...)})
}

// TupleType is `tuple<T1, T2>`.
type TupleType struct {
	builtinType
	Types []Type
}

func (t *TupleType) UniqueKey() any { return typeListKey{kind: 'T', list: typesKey(t.Types)} }

// Tuple returns the tuple type of the given element types.
func Tuple(ctx *Context, types []Type) *TupleType {
	return Unique(ctx, &TupleType{Types: append([]Type(nil), types...)})
}

// ComplexType is `complex<f32>`.
type ComplexType struct {
	builtinType
	Elem Type
}

func (t *ComplexType) UniqueKey() any { return shapedKey{kind: 'c', elem: t.Elem} }

// Complex returns `complex<elem>`.
func Complex(ctx *Context, elem Type) *ComplexType { return Unique(ctx, &ComplexType{Elem: elem}) }

// OpaqueType is a type of an unregistered dialect, kept as text:
// `!dialect.body` or `!dialect<"body">`.
type OpaqueType struct {
	TypeBase
	Dialect string
	Body    string
}

func (t *OpaqueType) Namespace() string { return t.Dialect }
func (t *OpaqueType) UniqueKey() any    { return *t }

// Opaque returns the opaque type with the given dialect and body text.
func Opaque(ctx *Context, dialect, body string) *OpaqueType {
	return Unique(ctx, &OpaqueType{Dialect: dialect, Body: body})
}

// IsInteger reports whether t is an integer type of the given width (any
// width if width is 0).
func IsInteger(t Type, width int) bool {
	it, ok := t.(*IntegerType)
	return ok && (width == 0 || it.Width == width)
}

// IsFloat reports whether t is a builtin float type.
func IsFloat(t Type) bool {
	_, ok := t.(*FloatType)
	return ok
}

// IsIntOrIndex reports whether t is an integer or index type.
func IsIntOrIndex(t Type) bool {
	switch t.(type) {
	case *IntegerType, *IndexType:
		return true
	}
	return false
}

// BitWidth returns the width of integer and float types, 64 for index, and
// 0 for everything else.
func BitWidth(t Type) int {
	switch t := t.(type) {
	case *IntegerType:
		return t.Width
	case *FloatType:
		return t.Width()
	case *IndexType:
		return 64
	}
	return 0
}
