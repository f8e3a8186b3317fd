package triton

import (
	"fmt"
	"math/big"
	"strconv"
	"strings"

	"github.com/ttcompiler/tt/dialects/tt"
	"github.com/ttcompiler/tt/ir"
)

// Type is a Triton language type (triton.language's base_type): a dtype
// (scalar, pointer or block), a tuple of types, a tensor descriptor, or
// the type of a compile-time constant.
type Type interface {
	String() string
	// Mangle is the type's part of a specialized function's name.
	Mangle() string
	// flatten appends the IR types of a value of this type.
	flatten(ctx *ir.Context, out []ir.Type) []ir.Type
}

// DType is triton.language's dtype and its subclasses pointer_type and
// block_type. Scalars have a name; pointers an element and an address
// space; blocks an element and a shape.
type DType struct {
	name      string // scalar: int1 .. fp64, void
	elem      *DType // pointer pointee or block element
	shape     []int64
	ptr       bool
	constPtr  bool
	addrSpace int
}

var scalarNames = []string{
	"void", "int1", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
	"fp8e4b15", "fp8e4nv", "fp8e4b8", "fp8e5", "fp8e5b16", "fp16", "bf16", "fp32", "fp64",
}

var scalars = func() map[string]*DType {
	m := map[string]*DType{}
	for _, n := range scalarNames {
		m[n] = &DType{name: n}
	}
	return m
}()

// Scalar types of triton.language.
var (
	Void     = scalars["void"]
	Int1     = scalars["int1"]
	Int8     = scalars["int8"]
	Int16    = scalars["int16"]
	Int32    = scalars["int32"]
	Int64    = scalars["int64"]
	UInt8    = scalars["uint8"]
	UInt16   = scalars["uint16"]
	UInt32   = scalars["uint32"]
	UInt64   = scalars["uint64"]
	FP8E4B15 = scalars["fp8e4b15"]
	FP8E4NV  = scalars["fp8e4nv"]
	FP8E4B8  = scalars["fp8e4b8"]
	FP8E5    = scalars["fp8e5"]
	FP8E5B16 = scalars["fp8e5b16"]
	FP16     = scalars["fp16"]
	BF16     = scalars["bf16"]
	FP32     = scalars["fp32"]
	FP64     = scalars["fp64"]
)

// PointerTo returns the pointer type to elem.
func PointerTo(elem *DType, addrSpace int, isConst bool) *DType {
	return &DType{elem: elem, ptr: true, addrSpace: addrSpace, constPtr: isConst}
}

// BlockOf returns the block (tensor) type of elem with shape.
func BlockOf(elem *DType, shape []int64) *DType {
	if len(shape) == 0 {
		// block_type's constructor raises this; the code generator's
		// recover locates it at the node being compiled.
		panic(&pyError{"TypeError", "0d block_type is forbidden"})
	}
	// And validate_block_shape: every block type Triton builds, a
	// broadcast's or a reshape's as much as an arange's, is checked.
	n := int64(1)
	for i, d := range shape {
		if d <= 0 || d&(d-1) != 0 {
			panic(&pyError{"ValueError", fmt.Sprintf("Shape element %d must be a power of 2", i)})
		}
		if n *= d; n > maxTensorNumel {
			panic(&pyError{"ValueError", fmt.Sprintf("numel (%s) exceeds triton maximum tensor numel (%d)", numel(shape), maxTensorNumel)})
		}
	}
	return &DType{elem: elem, shape: append([]int64(nil), shape...)}
}

// numel is the product of a shape's extents, for messages (as Python's,
// it does not overflow: past int64 it says so).
func numel(shape []int64) string {
	n := big.NewInt(1)
	for _, d := range shape {
		n.Mul(n, big.NewInt(d))
	}
	return n.String()
}

func (t *DType) IsPtr() bool   { return t.ptr }
func (t *DType) IsBlock() bool { return t.shape != nil && !t.ptr }
func (t *DType) IsConst() bool { return t.ptr && t.constPtr }

// Scalar is the element type of a block, the type itself otherwise.
func (t *DType) Scalar() *DType {
	if t.IsBlock() {
		return t.elem
	}
	return t
}

// ElementTy is a pointer's pointee or a block's element.
func (t *DType) ElementTy() *DType { return t.elem }

// Shape is a block's shape (nil for scalars and pointers).
func (t *DType) Shape() []int64 {
	if t.IsBlock() {
		return t.shape
	}
	return nil
}

// Numel is the number of elements of a block (1 for a scalar).
func (t *DType) Numel() int64 {
	n := int64(1)
	for _, d := range t.Shape() {
		n *= d
	}
	return n
}

// WithElement returns a block of the same shape with element e, or e.
func (t *DType) WithElement(e *DType) *DType {
	if t.IsBlock() {
		return BlockOf(e, t.shape)
	}
	return e
}

// Equal is structural type equality.
func (t *DType) Equal(o *DType) bool {
	if t == o {
		return true
	}
	if t == nil || o == nil {
		return false
	}
	if t.ptr != o.ptr || t.name != o.name || t.IsBlock() != o.IsBlock() {
		return false
	}
	if t.ptr {
		return t.addrSpace == o.addrSpace && t.constPtr == o.constPtr && t.elem.Equal(o.elem)
	}
	if t.IsBlock() {
		if len(t.shape) != len(o.shape) {
			return false
		}
		for i := range t.shape {
			if t.shape[i] != o.shape[i] {
				return false
			}
		}
		return t.elem.Equal(o.elem)
	}
	return true
}

// Name is the dtype's name as Python prints it (str(dtype)).
func (t *DType) String() string {
	switch {
	case t.ptr && t.constPtr:
		return "const_pointer<" + t.elem.String() + ">"
	case t.ptr:
		return "pointer<" + t.elem.String() + ">"
	case t.IsBlock():
		return "<" + shapeString(t.shape) + ", " + t.elem.String() + ">"
	}
	return t.name
}

// Repr is repr(dtype): triton.language.float32 for scalars.
func (t *DType) Repr() string {
	if t.ptr || t.IsBlock() {
		return t.String()
	}
	n := t.name
	switch {
	case strings.HasPrefix(n, "fp"):
		n = "float" + n[2:]
	case strings.HasPrefix(n, "bf"):
		n = "bfloat" + n[2:]
	}
	return "triton.language." + n
}

func shapeString(shape []int64) string {
	parts := make([]string, len(shape))
	for i, d := range shape {
		parts[i] = strconv.FormatInt(d, 10)
	}
	if len(parts) == 1 {
		return "(" + parts[0] + ",)"
	}
	return "(" + strings.Join(parts, ", ") + ")"
}

func (t *DType) in(names ...string) bool {
	if t.ptr || t.IsBlock() {
		return false
	}
	for _, n := range names {
		if t.name == n {
			return true
		}
	}
	return false
}

func (t *DType) IsVoid() bool { return t.in("void") }
func (t *DType) IsFP8() bool {
	return t.in("fp8e4b15", "fp8e4nv", "fp8e4b8", "fp8e5", "fp8e5b16")
}
func (t *DType) IsFP8E4NV() bool  { return t.in("fp8e4nv") }
func (t *DType) IsFP8E4B15() bool { return t.in("fp8e4b15") }
func (t *DType) IsFP8E4B8() bool  { return t.in("fp8e4b8") }
func (t *DType) IsFP8E5B16() bool { return t.in("fp8e5b16") }
func (t *DType) IsFP16() bool     { return t.in("fp16") }
func (t *DType) IsBF16() bool     { return t.in("bf16") }
func (t *DType) IsFP32() bool     { return t.in("fp32") }
func (t *DType) IsFP64() bool     { return t.in("fp64") }
func (t *DType) IsBool() bool     { return t.in("int1") }
func (t *DType) IsFloating() bool {
	return t.IsFP8() || t.in("fp16", "bf16", "fp32", "fp64")
}
func (t *DType) IsStandardFloating() bool { return t.in("fp16", "bf16", "fp32", "fp64") }
func (t *DType) IsIntSigned() bool        { return t.in("int8", "int16", "int32", "int64") }
func (t *DType) IsIntUnsigned() bool {
	return t.in("int1", "uint8", "uint16", "uint32", "uint64")
}
func (t *DType) IsInt() bool { return t.IsIntSigned() || t.IsIntUnsigned() }

// PrimitiveBitwidth is the width of a scalar (64 for pointers).
func (t *DType) PrimitiveBitwidth() int {
	if t.ptr {
		return 64
	}
	switch t.name {
	case "int1":
		return 1
	case "int8", "uint8", "fp8e4b15", "fp8e4nv", "fp8e4b8", "fp8e5", "fp8e5b16":
		return 8
	case "int16", "uint16", "fp16", "bf16":
		return 16
	case "int32", "uint32", "fp32":
		return 32
	case "int64", "uint64", "fp64":
		return 64
	}
	return 0
}

// IntBitwidth is the width of an integer scalar.
func (t *DType) IntBitwidth() int { return t.PrimitiveBitwidth() }

// MantissaWidth is the explicit mantissa width of a float scalar.
func (t *DType) MantissaWidth() int {
	return map[string]int{"fp8e4b15": 3, "fp8e4nv": 3, "fp8e4b8": 3, "fp8e5": 2, "fp8e5b16": 2,
		"fp16": 10, "bf16": 7, "fp32": 23, "fp64": 52}[t.name]
}

// kindRank orders bool < integer < floating for the scalar-tensor rule.
func (t *DType) kindRank() int {
	switch {
	case t.IsBool():
		return 0
	case t.IsInt():
		return 1
	}
	return 2
}

// IntMax and IntMin are the bounds of an integer scalar type.
func (t *DType) IntMax() (v uint64, negative bool) {
	w := t.IntBitwidth()
	if t.IsIntSigned() {
		return 1<<(w-1) - 1, false
	}
	if w == 64 {
		return ^uint64(0), false
	}
	return 1<<w - 1, false
}

// Mangle is dtype.mangle(): i32, u1, fp32, Pfp32, fp32S64_64S.
func (t *DType) Mangle() string {
	switch {
	case t.ptr:
		return "P" + t.elem.Mangle()
	case t.IsBlock():
		parts := make([]string, len(t.shape))
		for i, d := range t.shape {
			parts[i] = strconv.FormatInt(d, 10)
		}
		return t.elem.Mangle() + "S" + strings.Join(parts, "_") + "S"
	case t.IsIntSigned():
		return "i" + strconv.Itoa(t.IntBitwidth())
	case t.IsIntUnsigned():
		return "u" + strconv.Itoa(t.IntBitwidth())
	case t.IsVoid():
		return "V"
	}
	return t.name
}

// IR returns the MLIR type of the dtype.
func (t *DType) IR(ctx *ir.Context) ir.Type {
	switch {
	case t.ptr:
		return tt.Ptr(ctx, t.elem.IR(ctx), t.addrSpace)
	case t.IsBlock():
		return ir.RankedTensor(ctx, t.shape, t.elem.IR(ctx), nil)
	}
	switch t.name {
	case "void":
		return ir.None(ctx)
	case "int1":
		return ir.I1(ctx)
	case "int8", "uint8", "fp8e4b15": // fp8e4b15 has no MLIR type: Triton stores it as i8
		return ir.I8(ctx)
	case "int16", "uint16":
		return ir.I16(ctx)
	case "int32", "uint32":
		return ir.I32(ctx)
	case "int64", "uint64":
		return ir.I64(ctx)
	case "fp8e5":
		return ir.Float(ctx, ir.F8E5M2)
	case "fp8e5b16":
		return ir.Float(ctx, ir.F8E5M2FNUZ)
	case "fp8e4nv":
		return ir.Float(ctx, ir.F8E4M3FN)
	case "fp8e4b8":
		return ir.Float(ctx, ir.F8E4M3FNUZ)
	case "fp16":
		return ir.F16Type(ctx)
	case "bf16":
		return ir.BF16Type(ctx)
	case "fp32":
		return ir.F32Type(ctx)
	case "fp64":
		return ir.F64Type(ctx)
	}
	panic("unknown dtype " + t.name)
}

func (t *DType) flatten(ctx *ir.Context, out []ir.Type) []ir.Type { return append(out, t.IR(ctx)) }

// IntDType is get_int_dtype(bitwidth, signed).
func IntDType(bits int, signed bool) (*DType, error) {
	if bits == 1 {
		return Int1, nil
	}
	prefix := "uint"
	if signed {
		prefix = "int"
	}
	if t, ok := scalars[prefix+strconv.Itoa(bits)]; ok {
		return t, nil
	}
	return nil, fmt.Errorf("Unsupported bitwidth %d and signedness %v", bits, signed)
}

// TupleType is language.tuple_type.
type TupleType struct {
	Types  []Type
	Fields []string
}

func (t *TupleType) String() string {
	parts := make([]string, len(t.Types))
	for i, x := range t.Types {
		f := ""
		if i < len(t.Fields) {
			f = t.Fields[i]
		}
		parts[i] = f + ":" + x.String()
	}
	return "[" + strings.Join(parts, ",") + "]"
}

func (t *TupleType) Mangle() string {
	parts := make([]string, len(t.Types))
	for i, x := range t.Types {
		parts[i] = x.Mangle()
	}
	return "T" + strings.Join(parts, "_") + "T"
}

func (t *TupleType) flatten(ctx *ir.Context, out []ir.Type) []ir.Type {
	for _, x := range t.Types {
		out = x.flatten(ctx, out)
	}
	return out
}

// ConstexprType is the type of a compile-time constant (flattens to no
// IR value).
type ConstexprType struct{ Value Object }

func (t *ConstexprType) String() string { return "constexpr_type[" + str(t.Value) + "]" }
func (t *ConstexprType) Mangle() string { return t.String() }
func (t *ConstexprType) flatten(_ *ir.Context, out []ir.Type) []ir.Type {
	return out
}

// DescType is a tensor descriptor's type: tensor_descriptor_base_type
// when Shape and Strides are nil, tensor_descriptor_type (carrying the
// global shape and strides as extra values) otherwise.
type DescType struct {
	Block          *DType
	Shape, Strides *TupleType
}

func (t *DescType) String() string { return "tensor_descriptor<" + t.Block.String() + ">" }
func (t *DescType) Mangle() string { return "TD" + t.Block.Mangle() }
func (t *DescType) flatten(ctx *ir.Context, out []ir.Type) []ir.Type {
	out = append(out, descIR(ctx, t.Block))
	if t.Shape != nil {
		out = t.Shape.flatten(ctx, out)
		out = t.Strides.flatten(ctx, out)
	}
	return out
}

// descIR is TensorDescType::get(block, isSigned): an integer block
// carries its signedness in the element type (si32, ui8).
func descIR(ctx *ir.Context, block *DType) ir.Type {
	el := block.elem.IR(ctx)
	if block.elem.IsInt() {
		sem := ir.Unsigned
		if block.elem.IsIntSigned() {
			sem = ir.Signed
		}
		el = ir.IntegerTypeSigned(ctx, block.elem.IntBitwidth(), sem)
	}
	return tt.TensorDesc(ctx, ir.RankedTensor(ctx, block.shape, el, nil))
}

func typesEqual(a, b Type) bool {
	switch x := a.(type) {
	case *DType:
		y, ok := b.(*DType)
		return ok && x.Equal(y)
	case *TupleType:
		y, ok := b.(*TupleType)
		if !ok || len(x.Types) != len(y.Types) {
			return false
		}
		for i := range x.Types {
			if !typesEqual(x.Types[i], y.Types[i]) {
				return false
			}
		}
		return true
	case *DescType:
		y, ok := b.(*DescType)
		if !ok || !x.Block.Equal(y.Block) || (x.Shape == nil) != (y.Shape == nil) {
			return false
		}
		return x.Shape == nil || typesEqual(x.Shape, y.Shape) && typesEqual(x.Strides, y.Strides)
	case *ConstexprType:
		y, ok := b.(*ConstexprType)
		return ok && objectsEqual(x.Value, y.Value)
	}
	return false
}

// ParseTypeString is language.str_to_ty for one signature entry: *fp32,
// *kfp16 (const), i32, u1, fp32, tensordesc<fp16[64, 64]>.
func ParseTypeString(s string) (Type, error) {
	s = strings.TrimSpace(s)
	if strings.HasPrefix(s, "*") {
		s = s[1:]
		isConst := false
		if strings.HasPrefix(s, "k") {
			s, isConst = s[1:], true
		}
		el, err := ParseTypeString(s)
		if err != nil {
			return nil, err
		}
		d, ok := el.(*DType)
		if !ok {
			return nil, fmt.Errorf("pointer to %s is not supported", s)
		}
		return PointerTo(d, 1, isConst), nil
	}
	if strings.HasPrefix(s, "tensordesc") {
		inner := strings.TrimSuffix(strings.TrimPrefix(s, "tensordesc<"), ">")
		dt, rest, ok := strings.Cut(inner, "[")
		if !ok || !strings.HasSuffix(s, ">") {
			return nil, fmt.Errorf("malformed tensor descriptor type %q (want tensordesc<fp16[64, 64]>)", s)
		}
		dims, _, _ := strings.Cut(rest, "]")
		el, err := ParseTypeString(dt)
		if err != nil {
			return nil, err
		}
		var shape []int64
		for _, d := range strings.Split(dims, ",") {
			v, err := strconv.ParseInt(strings.TrimSpace(d), 10, 64)
			if err != nil || v <= 0 {
				return nil, fmt.Errorf("bad block dimension %q in %q", d, s)
			}
			shape = append(shape, v)
		}
		n := len(shape)
		shapeTy := &TupleType{Types: repeatType(Int32, n)}
		strideTy := &TupleType{Types: repeatType(Int64, n)}
		return &DescType{Block: BlockOf(el.(*DType), shape), Shape: shapeTy, Strides: strideTy}, nil
	}
	names := map[string]*DType{
		"fp8e4nv": FP8E4NV, "fp8e4b8": FP8E4B8, "fp8e5": FP8E5, "fp8e5b16": FP8E5B16, "fp8e4b15": FP8E4B15,
		"fp16": FP16, "bf16": BF16, "fp32": FP32, "fp64": FP64,
		"i1": Int1, "i8": Int8, "i16": Int16, "i32": Int32, "i64": Int64,
		"u1": Int1, "u8": UInt8, "u16": UInt16, "u32": UInt32, "u64": UInt64, "B": Int1,
	}
	if t, ok := names[s]; ok {
		return t, nil
	}
	return nil, fmt.Errorf("unknown type %q in the signature (want *fp32, i32, u64, fp16, tensordesc<fp16[64, 64]>, ...)", s)
}

func repeatType(t Type, n int) []Type {
	out := make([]Type, n)
	for i := range out {
		out[i] = t
	}
	return out
}
