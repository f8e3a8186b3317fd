package ir

import (
	"hash/maphash"
	"math"
	"slices"
	"strings"
	"unsafe"
)

// Attribute is an immutable, uniqued compile-time value. Builtin attributes
// and locations are defined in this package; dialects define more by
// implementing DialectAttribute.
type Attribute interface {
	Keyed
	// Namespace is the owning dialect ("builtin" for builtin attributes).
	Namespace() string
	isAttr()
}

// AttrBase must be embedded by every attribute implementation; it closes
// the Attribute interface so that types and attributes cannot be confused.
type AttrBase struct{}

func (AttrBase) isAttr() {}

// DialectAttribute is an attribute of a non-builtin dialect, printed as
// `#namespace.mnemonic<params>`.
type DialectAttribute interface {
	Attribute
	Mnemonic() string
	PrintParams(p AsmPrinter)
}

// TypedAttribute is an attribute that carries a type (integers, floats,
// dense elements).
type TypedAttribute interface {
	Attribute
	Type() Type
}

// Aliased is implemented by types and attributes that the printer should
// define once at the top of the output (`#blocked = #ttg.blocked<...>`).
// AsmAlias returns the alias stem ("blocked"); the printer numbers
// duplicates (#blocked1, ...). An empty stem means no alias.
type Aliased interface {
	AsmAlias() string
}

// NamedAttr is one entry of an attribute dictionary.
type NamedAttr struct {
	Name  string
	Value Attribute
}

type builtinAttr struct{ AttrBase }

func (builtinAttr) Namespace() string { return "builtin" }

// IntegerAttr is an integer (or index, or i1 boolean) constant. Bits holds
// the value truncated to the type's width.
type IntegerAttr struct {
	builtinAttr
	Typ  Type
	Bits uint64
}

func (a *IntegerAttr) UniqueKey() any { return *a }

func (a *IntegerAttr) uniqueHash() uint64 { return MixHash(IdentityHash(a.Typ), a.Bits) }

func (a *IntegerAttr) uniqueEqual(o any) bool {
	b, ok := o.(*IntegerAttr)
	return ok && a.Typ == b.Typ && a.Bits == b.Bits
}
func (a *IntegerAttr) Type() Type { return a.Typ }

// Int returns the value sign-extended from the type's width (unsigned types
// are zero-extended).
func (a *IntegerAttr) Int() int64 {
	w := BitWidth(a.Typ)
	if it, ok := a.Typ.(*IntegerType); ok && it.Signedness == Unsigned {
		return int64(a.Bits)
	}
	return SignExtend(a.Bits, w)
}

// Uint returns the value zero-extended from the type's width.
func (a *IntegerAttr) Uint() uint64 { return a.Bits }

// Bool returns the value of an i1 attribute.
func (a *IntegerAttr) Bool() bool { return a.Bits != 0 }

// SignExtend sign-extends the low width bits of v.
func SignExtend(v uint64, width int) int64 {
	if width <= 0 || width >= 64 {
		return int64(v)
	}
	shift := 64 - width
	return int64(v<<shift) >> shift
}

// Truncate keeps the low width bits of v.
func Truncate(v uint64, width int) uint64 {
	if width <= 0 || width >= 64 {
		return v
	}
	return v & (1<<width - 1)
}

// IntegerAttrOf returns the integer attribute of type t (integer or index)
// holding v truncated to t's width.
func IntegerAttrOf(ctx *Context, t Type, v int64) *IntegerAttr {
	return ctx.cache.cachedIntAttr(ctx, t, Truncate(uint64(v), BitWidth(t)))
}

// BoolAttrOf returns `true` or `false` (an i1 integer attribute).
func BoolAttrOf(ctx *Context, b bool) *IntegerAttr {
	v := int64(0)
	if b {
		v = 1
	}
	return IntegerAttrOf(ctx, I1(ctx), v)
}

// I32Attr returns an i32 integer attribute.
func I32Attr(ctx *Context, v int64) *IntegerAttr { return IntegerAttrOf(ctx, I32(ctx), v) }

// I64Attr returns an i64 integer attribute.
func I64Attr(ctx *Context, v int64) *IntegerAttr { return IntegerAttrOf(ctx, I64(ctx), v) }

// FloatAttr is a floating-point constant. Value holds it exactly for every
// format up to f64 (NaN payloads are kept only as far as float64 keeps
// them).
type FloatAttr struct {
	builtinAttr
	Typ   Type
	Value float64
}

type floatAttrKey struct {
	t    Type
	bits uint64
}

func (a *FloatAttr) UniqueKey() any { return floatAttrKey{a.Typ, math.Float64bits(a.Value)} }
func (a *FloatAttr) Type() Type     { return a.Typ }

// FloatAttrOf returns the float attribute of type t holding v. The caller
// must have rounded v to t's format.
func FloatAttrOf(ctx *Context, t Type, v float64) *FloatAttr {
	return Unique(ctx, &FloatAttr{Typ: t, Value: v})
}

// StringAttr is a string constant; Typ is nil unless a type was given.
type StringAttr struct {
	builtinAttr
	Value string
	Typ   Type
}

func (a *StringAttr) UniqueKey() any { return *a }

func (a *StringAttr) uniqueHash() uint64 {
	return MixHash(maphash.String(identitySeed, a.Value), IdentityHash(a.Typ))
}

func (a *StringAttr) uniqueEqual(o any) bool {
	b, ok := o.(*StringAttr)
	return ok && a.Value == b.Value && a.Typ == b.Typ
}

// Type returns the attribute's type, or nil.
func (a *StringAttr) Type() Type { return a.Typ }

// StringAttrOf returns the untyped string attribute.
func StringAttrOf(ctx *Context, s string) *StringAttr { return Unique(ctx, &StringAttr{Value: s}) }

// UnitAttr is the valueless attribute, `unit`.
type UnitAttr struct{ builtinAttr }

type unitKey struct{}

func (a *UnitAttr) UniqueKey() any { return unitKey{} }

// Unit returns the unit attribute.
func Unit(ctx *Context) *UnitAttr { return Unique(ctx, &UnitAttr{}) }

// ArrayAttr is `[a, b, c]`.
type ArrayAttr struct {
	builtinAttr
	Elems []Attribute
}

type listKey struct {
	kind byte
	t    Type
	list string
}

func attrsKey(as []Attribute) string {
	if len(as) == 0 {
		return ""
	}
	return strings.Clone(unsafe.String((*byte)(unsafe.Pointer(&as[0])), len(as)*int(unsafe.Sizeof(as[0]))))
}

func (a *ArrayAttr) UniqueKey() any { return listKey{kind: 'a', list: attrsKey(a.Elems)} }

// ArrayAttrOf returns the array attribute of the given elements.
func ArrayAttrOf(ctx *Context, elems []Attribute) *ArrayAttr {
	return Unique(ctx, &ArrayAttr{Elems: append([]Attribute(nil), elems...)})
}

// DenseArrayAttr is `array<i32: 1, 2>`: a flat array of integers (Ints,
// sign-extended) or floats (Floats) of element type Elem.
type DenseArrayAttr struct {
	builtinAttr
	Elem   Type
	Ints   []int64
	Floats []float64
}

func (a *DenseArrayAttr) UniqueKey() any {
	if a.Floats != nil {
		return listKey{kind: 'F', t: a.Elem, list: dimsKey(*(*[]int64)(unsafe.Pointer(&a.Floats)))}
	}
	return listKey{kind: 'I', t: a.Elem, list: dimsKey(a.Ints)}
}

// uniqueHash and uniqueEqual follow UniqueKey: the floats by their bits
// when Floats is set, the ints otherwise.
func (a *DenseArrayAttr) uniqueHash() uint64 {
	if a.Floats != nil {
		return hashInts(MixHash(IdentityHash(a.Elem), 'F'), a.floatBits())
	}
	return hashInts(IdentityHash(a.Elem), a.Ints)
}

func (a *DenseArrayAttr) uniqueEqual(o any) bool {
	b, ok := o.(*DenseArrayAttr)
	if !ok || a.Elem != b.Elem || (a.Floats != nil) != (b.Floats != nil) {
		return false
	}
	if a.Floats != nil {
		return slices.Equal(a.floatBits(), b.floatBits())
	}
	return slices.Equal(a.Ints, b.Ints)
}

// floatBits views Floats as their bits.
func (a *DenseArrayAttr) floatBits() []int64 {
	return *(*[]int64)(unsafe.Pointer(&a.Floats))
}

// Len returns the number of elements.
func (a *DenseArrayAttr) Len() int {
	if IsFloat(a.Elem) {
		return len(a.Floats)
	}
	return len(a.Ints)
}

// DenseI32Array returns `array<i32: ...>`.
func DenseI32Array(ctx *Context, vals []int64) *DenseArrayAttr {
	return DenseIntArray(ctx, I32(ctx), vals)
}

// DenseI64Array returns `array<i64: ...>`.
func DenseI64Array(ctx *Context, vals []int64) *DenseArrayAttr {
	return DenseIntArray(ctx, I64(ctx), vals)
}

// DenseIntArray returns a dense array of integers of type elem.
func DenseIntArray(ctx *Context, elem Type, vals []int64) *DenseArrayAttr {
	if len(vals) == 1 {
		return ctx.cache.cachedIntArray1(ctx, elem, vals[0])
	}
	return denseIntArray(ctx, elem, vals)
}

func denseIntArray(ctx *Context, elem Type, vals []int64) *DenseArrayAttr {
	w := BitWidth(elem)
	cp := make([]int64, len(vals))
	for i, v := range vals {
		cp[i] = SignExtend(uint64(v), w)
		if w == 1 {
			cp[i] = v & 1
		}
	}
	return Unique(ctx, &DenseArrayAttr{Elem: elem, Ints: cp})
}

// DenseFloatArray returns a dense array of floats of type elem.
func DenseFloatArray(ctx *Context, elem Type, vals []float64) *DenseArrayAttr {
	cp := append(make([]float64, 0, len(vals)), vals...)
	return Unique(ctx, &DenseArrayAttr{Elem: elem, Floats: cp})
}

// DictionaryAttr is `{a = 1 : i32, b}`, entries sorted by name.
type DictionaryAttr struct {
	builtinAttr
	Entries []NamedAttr
}

func (a *DictionaryAttr) UniqueKey() any {
	var b strings.Builder
	vals := make([]Attribute, len(a.Entries))
	for i, e := range a.Entries {
		b.WriteString(e.Name)
		b.WriteByte(0)
		vals[i] = e.Value
	}
	return listKey{kind: 'd', list: b.String() + "\x01" + attrsKey(vals)}
}

// Get returns the value of the named entry, or nil.
func (a *DictionaryAttr) Get(name string) Attribute {
	for _, e := range a.Entries {
		if e.Name == name {
			return e.Value
		}
	}
	return nil
}

// DictionaryAttrOf returns the dictionary of the given entries (sorted; a
// later duplicate name replaces an earlier one).
func DictionaryAttrOf(ctx *Context, entries []NamedAttr) *DictionaryAttr {
	return Unique(ctx, &DictionaryAttr{Entries: SortNamedAttrs(entries)})
}

// SortNamedAttrs returns a sorted copy of entries without duplicate names
// (the last occurrence of a name wins).
func SortNamedAttrs(entries []NamedAttr) []NamedAttr {
	return sortNamedAttrsInPlace(append([]NamedAttr(nil), entries...))
}

// sortNamedAttrsInPlace is SortNamedAttrs on a list the caller owns.
func sortNamedAttrsInPlace(cp []NamedAttr) []NamedAttr {
	sorted := true
	for i := 1; i < len(cp); i++ {
		if cp[i-1].Name >= cp[i].Name {
			sorted = false
			break
		}
	}
	if sorted {
		return cp // the usual case: already sorted, no duplicates
	}
	slices.SortStableFunc(cp, func(a, b NamedAttr) int { return strings.Compare(a.Name, b.Name) })
	out := cp[:0]
	for _, e := range cp {
		if len(out) > 0 && out[len(out)-1].Name == e.Name {
			out[len(out)-1] = e
			continue
		}
		out = append(out, e)
	}
	return out
}

// TypeAttr wraps a type as an attribute.
type TypeAttr struct {
	builtinAttr
	Value Type
}

func (a *TypeAttr) UniqueKey() any { return *a }

// TypeAttrOf returns the attribute wrapping t.
func TypeAttrOf(ctx *Context, t Type) *TypeAttr { return ctx.cache.cachedTypeAttr(ctx, t) }

// SymbolRefAttr is `@root` or `@root::@nested::@leaf`.
type SymbolRefAttr struct {
	builtinAttr
	Root   string
	Nested []string
}

func (a *SymbolRefAttr) UniqueKey() any {
	return listKey{kind: 's', list: a.Root + "\x00" + strings.Join(a.Nested, "\x00")}
}

// Leaf returns the last name of the reference.
func (a *SymbolRefAttr) Leaf() string {
	if len(a.Nested) > 0 {
		return a.Nested[len(a.Nested)-1]
	}
	return a.Root
}

// FlatSymbolRef returns `@name`.
func FlatSymbolRef(ctx *Context, name string) *SymbolRefAttr {
	return Unique(ctx, &SymbolRefAttr{Root: name})
}

// SymbolRef returns `@root::@nested...`.
func SymbolRef(ctx *Context, root string, nested []string) *SymbolRefAttr {
	return Unique(ctx, &SymbolRefAttr{Root: root, Nested: append([]string(nil), nested...)})
}

// OpaqueAttr is an attribute of an unregistered dialect kept as text.
type OpaqueAttr struct {
	AttrBase
	Dialect string
	Body    string
	Typ     Type
}

func (a *OpaqueAttr) Namespace() string { return a.Dialect }
func (a *OpaqueAttr) UniqueKey() any    { return *a }

// OpaqueAttrOf returns the opaque attribute with the given dialect and body.
func OpaqueAttrOf(ctx *Context, dialect, body string, t Type) *OpaqueAttr {
	return Unique(ctx, &OpaqueAttr{Dialect: dialect, Body: body, Typ: t})
}
