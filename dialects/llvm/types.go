package llvm

import (
	"strconv"

	"github.com/ttcompiler/tt/ir"
)

// The LLVM dialect's own types. Builtin integers, floats and vectors are
// used directly (MLIR's "LLVM-compatible" builtin types); these cover
// what the builtin dialect lacks. Nested LLVM types print without their
// `!llvm.` prefix (`!llvm.struct<(ptr<1>, i32)>`), as MLIR prints them.

type llvmType struct{ ir.TypeBase }

func (llvmType) Namespace() string { return "llvm" }

// PointerType is the opaque pointer `!llvm.ptr` / `!llvm.ptr<AS>`.
type PointerType struct {
	llvmType
	AddrSpace int
}

func (t *PointerType) UniqueKey() any   { return *t }
func (t *PointerType) Mnemonic() string { return "ptr" }

// PrintParams prints `<AS>` for a non-default address space.
func (t *PointerType) PrintParams(p ir.AsmPrinter) {
	if t.AddrSpace != 0 {
		p.WriteString("<" + strconv.Itoa(t.AddrSpace) + ">")
	}
}

// Ptr returns `!llvm.ptr<addrSpace>`.
func Ptr(ctx *ir.Context, addrSpace int) *PointerType {
	return ir.Unique(ctx, &PointerType{AddrSpace: addrSpace})
}

// Address spaces of the GPU targets (NVPTX and AMDGPU agree on these).
const (
	GenericAddrSpace  = 0
	GlobalAddrSpace   = 1
	SharedAddrSpace   = 3
	ConstantAddrSpace = 4
)

// VoidType is `!llvm.void`, the result type of functions (and inline asm)
// that return nothing.
type VoidType struct{ llvmType }

type voidKey struct{}

func (t *VoidType) UniqueKey() any            { return voidKey{} }
func (t *VoidType) Mnemonic() string          { return "void" }
func (t *VoidType) PrintParams(ir.AsmPrinter) {}

// Void returns `!llvm.void`.
func Void(ctx *ir.Context) *VoidType { return ir.Unique(ctx, &VoidType{}) }

// TokenType is `!llvm.token`.
type TokenType struct{ llvmType }

type tokenKey struct{}

func (t *TokenType) UniqueKey() any            { return tokenKey{} }
func (t *TokenType) Mnemonic() string          { return "token" }
func (t *TokenType) PrintParams(ir.AsmPrinter) {}

// Token returns `!llvm.token`.
func Token(ctx *ir.Context) *TokenType { return ir.Unique(ctx, &TokenType{}) }

// ArrayType is `!llvm.array<N x T>`.
type ArrayType struct {
	llvmType
	Elem ir.Type
	Len  int64
}

func (t *ArrayType) UniqueKey() any   { return *t }
func (t *ArrayType) Mnemonic() string { return "array" }

// PrintParams prints `<N x T>`.
func (t *ArrayType) PrintParams(p ir.AsmPrinter) {
	p.WriteString("<" + strconv.FormatInt(t.Len, 10) + " x ")
	printNested(p, t.Elem)
	p.WriteString(">")
}

// Array returns `!llvm.array<n x elem>`.
func Array(ctx *ir.Context, elem ir.Type, n int64) *ArrayType {
	return ir.Unique(ctx, &ArrayType{Elem: elem, Len: n})
}

// StructType is a literal struct `!llvm.struct<(T, U)>` (optionally
// `packed`), or an identified one `!llvm.struct<"name", (T, U)>` /
// `!llvm.struct<"name", opaque>`. Identified structs are immutable here:
// the name and body together identify the type, so recursive structs are
// not supported (the lowering never needs them).
type StructType struct {
	llvmType
	Name   string // "" for literal structs
	Body   []ir.Type
	Packed bool
	Opaque bool // identified struct without a body

	key *ir.TupleType // uniqued body, for UniqueKey
}

type structKey struct {
	name           string
	body           *ir.TupleType
	packed, opaque bool
}

func (t *StructType) UniqueKey() any {
	return structKey{t.Name, t.key, t.Packed, t.Opaque}
}
func (t *StructType) Mnemonic() string { return "struct" }

// PrintParams prints `<(T, U)>`, `<packed (T)>`, `<"name", (T)>` or
// `<"name", opaque>`.
func (t *StructType) PrintParams(p ir.AsmPrinter) {
	p.WriteString("<")
	if t.Name != "" {
		p.PrintString(t.Name)
		p.WriteString(", ")
		if t.Opaque {
			p.WriteString("opaque>")
			return
		}
	}
	if t.Packed {
		p.WriteString("packed ")
	}
	p.WriteString("(")
	for i, e := range t.Body {
		if i > 0 {
			p.WriteString(", ")
		}
		printNested(p, e)
	}
	p.WriteString(")>")
}

// Struct returns the literal struct type with the given fields.
func Struct(ctx *ir.Context, body []ir.Type, packed bool) *StructType {
	return newStruct(ctx, "", body, packed, false)
}

// IdentifiedStruct returns the named struct type with the given body; a
// nil body with opaque set gives `!llvm.struct<"name", opaque>`.
func IdentifiedStruct(ctx *ir.Context, name string, body []ir.Type, packed, opaque bool) *StructType {
	return newStruct(ctx, name, body, packed, opaque)
}

func newStruct(ctx *ir.Context, name string, body []ir.Type, packed, opaque bool) *StructType {
	body = append([]ir.Type(nil), body...)
	return ir.Unique(ctx, &StructType{Name: name, Body: body, Packed: packed, Opaque: opaque, key: ir.Tuple(ctx, body)})
}

// FuncType is `!llvm.func<R (A, B, ...)>`: one result (`void` for none)
// and an optional variadic tail.
type FuncType struct {
	llvmType
	Result ir.Type
	Params []ir.Type
	VarArg bool

	key *ir.TupleType
}

type funcKey struct {
	result ir.Type
	params *ir.TupleType
	vararg bool
}

func (t *FuncType) UniqueKey() any   { return funcKey{t.Result, t.key, t.VarArg} }
func (t *FuncType) Mnemonic() string { return "func" }

// PrintParams prints `<R (A, B)>`.
func (t *FuncType) PrintParams(p ir.AsmPrinter) {
	p.WriteString("<")
	printNested(p, t.Result)
	p.WriteString(" (")
	for i, e := range t.Params {
		if i > 0 {
			p.WriteString(", ")
		}
		printNested(p, e)
	}
	if t.VarArg {
		if len(t.Params) > 0 {
			p.WriteString(", ")
		}
		p.WriteString("...")
	}
	p.WriteString(")>")
}

// Func returns `!llvm.func<result (params)>`.
func Func(ctx *ir.Context, result ir.Type, params []ir.Type, varArg bool) *FuncType {
	params = append([]ir.Type(nil), params...)
	return ir.Unique(ctx, &FuncType{Result: result, Params: params, VarArg: varArg, key: ir.Tuple(ctx, params)})
}

// Results returns the MLIR-style result list: empty for void.
func (t *FuncType) Results() []ir.Type {
	if _, ok := t.Result.(*VoidType); ok {
		return nil
	}
	return []ir.Type{t.Result}
}

// printNested prints a type inside an LLVM type's parameters: LLVM types
// without their `!llvm.` prefix, other types as usual.
func printNested(p ir.AsmPrinter, t ir.Type) {
	if dt, ok := t.(ir.DialectType); ok && t.Namespace() == "llvm" {
		p.WriteString(dt.Mnemonic())
		dt.PrintParams(p)
		return
	}
	p.PrintType(t)
}
