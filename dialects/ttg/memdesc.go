package ttg

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/ttcompiler/tt/ir"
)

// MemDescType is `!ttg.memdesc<SHAPExELEM, #encoding, #memspace[,
// mutable][, ALLOCSHAPE]>`: a descriptor of a buffer in shared (or tensor)
// memory. AllocShape, printed only when it differs from the shape, is the
// shape of the underlying allocation a view was taken from.
type MemDescType struct {
	ir.TypeBase
	Dims        []int64
	Elem        ir.Type
	Encoding    ir.Attribute
	MemorySpace ir.Attribute
	Mutable     bool
	AllocShape  []int64
}

type memdescKey struct {
	dims, alloc string
	elem        ir.Type
	enc, space  ir.Attribute
	mutable     bool
}

// MemDesc returns the memory descriptor type; a nil allocShape means the
// shape itself.
func MemDesc(ctx *ir.Context, shape []int64, elem ir.Type, encoding, memorySpace ir.Attribute, mutable bool, allocShape []int64) *MemDescType {
	if allocShape == nil {
		allocShape = shape
	}
	return ir.Unique(ctx, &MemDescType{Dims: clone(shape), Elem: elem, Encoding: encoding, MemorySpace: memorySpace,
		Mutable: mutable, AllocShape: clone(allocShape)})
}

// SharedMemDesc is MemDesc in `#ttg.shared_memory`.
func SharedMemDesc(ctx *ir.Context, shape []int64, elem ir.Type, encoding ir.Attribute, mutable bool) *MemDescType {
	return MemDesc(ctx, shape, elem, encoding, SharedMemory(ctx), mutable, nil)
}

func (t *MemDescType) UniqueKey() any {
	return memdescKey{dims: newKey().int64s(t.Dims).String(), alloc: newKey().int64s(t.AllocShape).String(), elem: t.Elem, enc: t.Encoding, space: t.MemorySpace, mutable: t.Mutable}
}
func (t *MemDescType) Namespace() string    { return "ttg" }
func (t *MemDescType) Mnemonic() string     { return "memdesc" }
func (t *MemDescType) ElementType() ir.Type { return t.Elem }
func (t *MemDescType) Shape() []int64       { return t.Dims }
func (t *MemDescType) HasRank() bool        { return true }
func (t *MemDescType) Rank() int            { return len(t.Dims) }

// IsSubview reports whether the type views part of a larger allocation.
func (t *MemDescType) IsSubview() bool { return !equalInt64s(t.Dims, t.AllocShape) }

// WithShape returns the type with another shape (and that shape as the
// allocation shape).
func (t *MemDescType) WithShape(ctx *ir.Context, shape []int64) *MemDescType {
	return MemDesc(ctx, shape, t.Elem, t.Encoding, t.MemorySpace, t.Mutable, nil)
}

func (t *MemDescType) PrintParams(p ir.AsmPrinter) {
	var b strings.Builder
	b.WriteByte('<')
	for _, d := range t.Dims {
		b.WriteString(strconv.FormatInt(d, 10))
		b.WriteByte('x')
	}
	p.WriteString(b.String())
	p.PrintType(t.Elem)
	if t.Encoding != nil {
		p.WriteString(", ")
		p.PrintAttribute(t.Encoding)
	}
	if t.MemorySpace != nil {
		p.WriteString(", ")
		p.PrintAttribute(t.MemorySpace)
	}
	if t.Mutable {
		p.WriteString(", mutable")
	}
	if !equalInt64s(t.Dims, t.AllocShape) {
		parts := make([]string, len(t.AllocShape))
		for i, d := range t.AllocShape {
			parts[i] = strconv.FormatInt(d, 10)
		}
		p.WriteString(", " + strings.Join(parts, "x"))
	}
	p.WriteString(">")
}

// Verify checks MemDescType::verify.
func (t *MemDescType) Verify() error {
	shape, alloc := t.Dims, t.AllocShape
	if len(shape) == 0 {
		return fmt.Errorf("rank 0 memdesc is not allowed")
	}
	for _, d := range shape[1:] {
		if d <= 0 || d&(d-1) != 0 {
			return fmt.Errorf("shape must have power-of-2 and non-zero dimensions; got %s", joinInts(shape))
		}
	}
	if len(alloc) < len(shape) {
		return fmt.Errorf("alloc shape must have at least as many dimensions as shape")
	}
	tail := alloc[len(alloc)-len(shape):]
	for i := range shape {
		if shape[i] > tail[i] {
			return fmt.Errorf("shape must be less than or equal to allocShape. shape = %s, allocShape = %s", joinInts(shape), joinInts(alloc))
		}
	}
	switch enc := t.Encoding.(type) {
	case MemDescEncoding:
		if err := enc.VerifyMemDesc(shape, t.Elem, t.MemorySpace, alloc); err != nil {
			return err
		}
	case SharedLayout:
		if _, ok := t.MemorySpace.(*SharedMemorySpace); !ok {
			return fmt.Errorf("memorySpace must be SharedMemorySpace for shared encoding. Got %s", attrText(t.MemorySpace))
		}
		rank := enc.Rank()
		if rank != len(shape) && rank != len(shape)-1 {
			return fmt.Errorf("rank must be equal to or one less than the shape size. Got %d and %d", rank, len(shape))
		}
	default:
		return fmt.Errorf("%s is not a valid encoding", attrText(t.Encoding))
	}
	if enc, ok := t.Encoding.(*PaddedSharedEncoding); ok && enc.llErr == nil {
		rank := enc.Rank()
		expected := alloc
		if rank == len(alloc)-1 {
			expected = alloc[1:]
		}
		outs := enc.ll.OutDims()
		for d := 0; d < rank && d < len(expected) && d < len(outs); d++ {
			if int64(outs[d].Size) != expected[d] {
				return fmt.Errorf("Mismatch in expected shape for dimension %d. Expected: %d, got: %d", d, expected[d], outs[d].Size)
			}
		}
	}
	return nil
}

// parseMemDescBody parses the stripped form `<...>` of a memdesc type.
func parseMemDescBody(p ir.DialectParser) (ir.Type, error) {
	loc := p.Loc()
	if err := p.ParseLess(); err != nil {
		return nil, err
	}
	dims, err := p.ParseDimensionList(false, true)
	if err != nil {
		return nil, err
	}
	elem, err := p.ParseType()
	if err != nil {
		return nil, err
	}
	if err := p.ParseComma(); err != nil {
		return nil, err
	}
	enc, err := p.ParseAttribute(nil)
	if err != nil {
		return nil, err
	}
	if err := p.ParseComma(); err != nil {
		return nil, err
	}
	space, err := p.ParseAttribute(nil)
	if err != nil {
		return nil, err
	}
	mutable := false
	var alloc []int64
	if p.ParseOptionalComma() {
		if _, ok := p.ParseOptionalKeyword("mutable"); ok {
			mutable = true
			if p.ParseOptionalComma() {
				if alloc, err = p.ParseDimensionList(false, false); err != nil {
					return nil, err
				}
			}
		} else if alloc, err = p.ParseDimensionList(false, false); err != nil {
			return nil, err
		}
	}
	if err := p.ParseGreater(); err != nil {
		return nil, err
	}
	if len(alloc) == 0 {
		alloc = dims
	}
	t := MemDesc(p.Context(), dims, elem, enc, space, mutable, alloc)
	if err := t.Verify(); err != nil {
		return nil, p.ErrorfAt(loc, "%s", err.Error())
	}
	return t, nil
}

// AsyncTokenType is `!ttg.async.token`, the result of async copies and
// commit groups that later waits consume.
type AsyncTokenType struct{ ir.TypeBase }

type asyncTokenKey struct{}

// AsyncToken returns `!ttg.async.token`.
func AsyncToken(ctx *ir.Context) *AsyncTokenType { return ir.Unique(ctx, &AsyncTokenType{}) }

func (t *AsyncTokenType) UniqueKey() any              { return asyncTokenKey{} }
func (t *AsyncTokenType) Namespace() string           { return "ttg" }
func (t *AsyncTokenType) Mnemonic() string            { return "async.token" }
func (t *AsyncTokenType) PrintParams(p ir.AsmPrinter) {}

func equalInt64s(a, b []int64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
