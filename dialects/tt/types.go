package tt

import (
	"strconv"

	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

// DefaultAddrSpace is the global address space, elided when printing
// `!tt.ptr<T>`.
const DefaultAddrSpace = 1

// PointerType is `!tt.ptr<T>` or `!tt.ptr<T, addrspace>`. The pointee is a
// scalar type, or a ranked tensor for block pointers (`!tt.ptr<tensor<..>>`).
type PointerType struct {
	ir.TypeBase
	Pointee   ir.Type
	AddrSpace int
}

func (t *PointerType) UniqueKey() any    { return *t }
func (t *PointerType) Namespace() string { return "tt" }
func (t *PointerType) Mnemonic() string  { return "ptr" }

// PrintParams prints `<T>` or `<T, N>`.
func (t *PointerType) PrintParams(p ir.AsmPrinter) {
	p.WriteString("<")
	p.PrintType(t.Pointee)
	if t.AddrSpace != DefaultAddrSpace {
		p.WriteString(", " + strconv.Itoa(t.AddrSpace))
	}
	p.WriteString(">")
}

// Ptr returns `!tt.ptr<elem, addrSpace>`.
func Ptr(ctx *ir.Context, elem ir.Type, addrSpace int) *PointerType {
	return ir.Unique(ctx, &PointerType{Pointee: elem, AddrSpace: addrSpace})
}

// GlobalPtr returns `!tt.ptr<elem>` in the global address space.
func GlobalPtr(ctx *ir.Context, elem ir.Type) *PointerType { return Ptr(ctx, elem, DefaultAddrSpace) }

// TensorDescType is `!tt.tensordesc<tensor<...>>`, a portable handle on a
// TMA-style tensor descriptor whose block has type Block.
type TensorDescType struct {
	ir.TypeBase
	Block *ir.RankedTensorType
}

func (t *TensorDescType) UniqueKey() any    { return *t }
func (t *TensorDescType) Namespace() string { return "tt" }
func (t *TensorDescType) Mnemonic() string  { return "tensordesc" }

// SignlessBlock is the block type with a signless element type
// (Triton's getSignlessBlockType): the frontend keeps the signedness of
// integer elements in the descriptor (si8, ui32), while the tensors loaded
// and stored through it are signless.
func (t *TensorDescType) SignlessBlock(ctx *ir.Context) *ir.RankedTensorType {
	b := t.Block
	if it, ok := b.Elem.(*ir.IntegerType); ok && it.Signedness != ir.Signless {
		return ir.RankedTensor(ctx, b.Dims, ir.IntegerTypeOf(ctx, it.Width), b.Encoding)
	}
	return b
}

// PrintParams prints `<tensor<...>>`.
func (t *TensorDescType) PrintParams(p ir.AsmPrinter) {
	p.WriteString("<")
	p.PrintType(t.Block)
	p.WriteString(">")
}

// TensorDesc returns `!tt.tensordesc<block>`.
func TensorDesc(ctx *ir.Context, block *ir.RankedTensorType) *TensorDescType {
	return ir.Unique(ctx, &TensorDescType{Block: block})
}

func parseType(p ir.DialectParser, mnemonic string) (ir.Type, error) {
	switch mnemonic {
	case "ptr":
		return parsePtrParams(p)
	case "tensordesc":
		return parseTensorDescParams(p)
	}
	return nil, p.Errorf("unknown type '%s' in dialect 'tt'", mnemonic)
}

func parsePtrParams(p ir.DialectParser) (ir.Type, error) {
	loc := p.Loc()
	if err := p.ParseLess(); err != nil {
		return nil, err
	}
	pointee, err := p.ParseType()
	if err != nil {
		return nil, err
	}
	space := int64(DefaultAddrSpace)
	if p.ParseOptionalComma() {
		if space, err = parseAddrSpace(p); err != nil {
			return nil, err
		}
	}
	if err := p.ParseGreater(); err != nil {
		return nil, err
	}
	if !validPointee(pointee) {
		return nil, p.ErrorfAt(loc, "pointer types must point to integer or floating-point types")
	}
	return Ptr(p.Context(), pointee, int(space)), nil
}

// parseAddrSpace reads the address space of a pointer type: Triton 3.6's
// integer, or a later Triton's quoted name (`"global"`), which is converted
// to the integer 3.6 uses for it.
func parseAddrSpace(p ir.DialectParser) (int64, error) {
	if name, ok := p.ParseOptionalString(); ok {
		n, known := addrSpaceNames[name]
		if !known {
			return 0, p.Errorf("invalid pointer address space '%s'", name)
		}
		return n, nil
	}
	return p.ParseInteger()
}

// addrSpaceNames are the named address spaces of later Tritons
// (PtrAddrSpace) and the numbers they stand for, which are the numbers
// Triton 3.6 writes.
var addrSpaceNames = map[string]int64{"descriptor": 0, "global": 1, "constant": 4}

// validPointee reports whether a pointer may point to t. Triton 3.6 checks
// nothing; later Tritons require an integer or float. tt takes the later
// check without rejecting what 3.6 uses: pointers to pointers and block
// pointers (to ranked tensors) stay valid. What it rejects (index, vectors,
// none, other dialects' types) has no bit width, so no 3.6 load, store or
// lowering can use it.
func validPointee(t ir.Type) bool {
	switch t.(type) {
	case *ir.IntegerType, *ir.FloatType, *PointerType, *ir.RankedTensorType:
		return true
	}
	return false
}

// parseTensorDescParams reads Triton 3.6's `<tensor<16x16xf32[, #layout]>>`
// and a later Triton's `<16x16xf32[, #layout]>`, which denotes the same
// type and is converted to it.
func parseTensorDescParams(p ir.DialectParser) (ir.Type, error) {
	if err := p.ParseLess(); err != nil {
		return nil, err
	}
	loc := p.Loc()
	dims, err := p.ParseDimensionList(false, true)
	if err != nil {
		return nil, err
	}
	t, err := p.ParseType()
	if err != nil {
		return nil, err
	}
	var rt *ir.RankedTensorType
	if len(dims) > 0 {
		if _, nested := t.(*ir.RankedTensorType); nested {
			return nil, p.ErrorfAt(loc, "tensor descriptors must not wrap tensor types; use !tt.tensordesc<shape x element-type[, layout]> instead")
		}
		var layout ir.Attribute
		if p.ParseOptionalComma() {
			if layout, err = p.ParseAttribute(nil); err != nil {
				return nil, err
			}
		}
		rt = ir.RankedTensor(p.Context(), dims, t, layout)
	} else {
		var ok bool
		if rt, ok = t.(*ir.RankedTensorType); !ok {
			return nil, p.ErrorfAt(loc, "failed to parse TT_TensorDescType parameter 'blockType' which is to be a `RankedTensorType`")
		}
	}
	if err := p.ParseGreater(); err != nil {
		return nil, err
	}
	return TensorDesc(p.Context(), rt), nil
}

// ParsePtrType parses a pointer type in full (`!tt.ptr<f32>`) or stripped
// (`<f32>`) form, as custom op formats print it.
func ParsePtrType(p ir.DialectParser) (*PointerType, error) {
	loc := p.Loc()
	t, err := p.ParseCustomType(parsePtrParams)
	if err != nil {
		return nil, err
	}
	pt, ok := t.(*PointerType)
	if !ok {
		return nil, p.ErrorfAt(loc, "invalid kind of type specified: expected tt.ptr, but found '%s'", asm.TypeString(t))
	}
	return pt, nil
}

// ParseTensorDescType parses `!tt.tensordesc<...>` or `<...>`.
func ParseTensorDescType(p ir.DialectParser) (*TensorDescType, error) {
	loc := p.Loc()
	t, err := p.ParseCustomType(parseTensorDescParams)
	if err != nil {
		return nil, err
	}
	dt, ok := t.(*TensorDescType)
	if !ok {
		return nil, p.ErrorfAt(loc, "invalid kind of type specified: expected tt.tensordesc, but found '%s'", asm.TypeString(t))
	}
	return dt, nil
}

// ---- helpers ----

// PointeeType returns what a load through ptr yields: the pointee of a
// scalar pointer, a tensor of pointees for a tensor of pointers (same
// shape and encoding), the block tensor of a block pointer; nil otherwise.
func PointeeType(ctx *ir.Context, ptr ir.Type) ir.Type {
	switch t := ptr.(type) {
	case *PointerType:
		return t.Pointee
	case *ir.RankedTensorType:
		if pt, ok := t.Elem.(*PointerType); ok {
			return ir.RankedTensor(ctx, t.Dims, pt.Pointee, t.Encoding)
		}
	}
	return nil
}

// PointerTypeSameShape returns the pointer (or tensor of pointers) type
// addressing values of type t in address space 1.
func PointerTypeSameShape(ctx *ir.Context, t ir.Type) ir.Type {
	if rt, ok := t.(*ir.RankedTensorType); ok {
		return ir.RankedTensor(ctx, rt.Dims, GlobalPtr(ctx, rt.Elem), rt.Encoding)
	}
	return GlobalPtr(ctx, t)
}

// I1SameShape returns i1, or a tensor of i1 with t's shape and encoding.
func I1SameShape(ctx *ir.Context, t ir.Type) ir.Type {
	if rt, ok := t.(*ir.RankedTensorType); ok {
		return ir.RankedTensor(ctx, rt.Dims, ir.I1(ctx), rt.Encoding)
	}
	return ir.I1(ctx)
}

// IsTensorOfPtr reports whether t is a ranked tensor of !tt.ptr.
func IsTensorOfPtr(t ir.Type) bool {
	rt, ok := t.(*ir.RankedTensorType)
	if !ok {
		return false
	}
	_, isPtr := rt.Elem.(*PointerType)
	return isPtr
}

// IsTensorPointer reports whether t is a block pointer `!tt.ptr<tensor<..>>`.
func IsTensorPointer(t ir.Type) bool {
	pt, ok := t.(*PointerType)
	if !ok {
		return false
	}
	_, isTensor := pt.Pointee.(*ir.RankedTensorType)
	return isTensor
}

// IsPtrLike reports whether t is a pointer or a tensor of pointers.
func IsPtrLike(t ir.Type) bool {
	if _, ok := t.(*PointerType); ok {
		return true
	}
	return IsTensorOfPtr(t)
}

// ElementTypeOfPtr returns the pointee of a pointer or of the element of a
// tensor of pointers; nil otherwise.
func ElementTypeOfPtr(t ir.Type) ir.Type {
	if pt, ok := ir.ElementTypeOrSelf(t).(*PointerType); ok {
		return pt.Pointee
	}
	return nil
}

// AddrSpaceOf returns the address space of a pointer or tensor of
// pointers, or -1.
func AddrSpaceOf(t ir.Type) int {
	if pt, ok := ir.ElementTypeOrSelf(t).(*PointerType); ok {
		return pt.AddrSpace
	}
	return -1
}

// BlockTypeOfTensorPtr returns the tensor addressed by a block pointer.
func BlockTypeOfTensorPtr(t ir.Type) *ir.RankedTensorType {
	if pt, ok := t.(*PointerType); ok {
		rt, _ := pt.Pointee.(*ir.RankedTensorType)
		return rt
	}
	return nil
}

// WithElement returns t with its element type (or itself, for scalars)
// replaced by elem, keeping shape and encoding.
func WithElement(ctx *ir.Context, t, elem ir.Type) ir.Type {
	if rt, ok := t.(*ir.RankedTensorType); ok {
		return rt.CloneWith(ctx, elem)
	}
	return elem
}
