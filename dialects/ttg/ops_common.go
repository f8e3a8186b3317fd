package ttg

import (
	"github.com/ttcompiler/tt/dialects/tt"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asmfmt"
)

// Building blocks for the op definitions of ttg, ttng and amdgpu: ODS type
// constraints, type classes, inference rules and enum adapters.

// MemDescClass is the TTG_MemDescType class: unqualified type directives
// print it as `<...>`.
var MemDescClass = &asmfmt.Class{
	Is:    func(t ir.Type) bool { _, ok := t.(*MemDescType); return ok },
	Parse: parseMemDescBody,
}

// PtrClass is the TT_PtrType class.
var PtrClass = &asmfmt.Class{
	Is: func(t ir.Type) bool { _, ok := t.(*tt.PointerType); return ok },
	Parse: func(p ir.DialectParser) (ir.Type, error) {
		return tt.ParsePtrType(p)
	},
}

// Constraints used by the op definitions.
var (
	AnyC    = &asmfmt.Constraint{Summary: "any type", Check: func(ir.Type) bool { return true }}
	TensorC = &asmfmt.Constraint{Summary: "ranked tensor of floating-point or integer or ptr values",
		Check: func(t ir.Type) bool { _, ok := t.(*ir.RankedTensorType); return ok }}
	MemDescC = &asmfmt.Constraint{Summary: "memory descriptor type (`::mlir::triton::gpu::MemDescType`) in Triton IR type system",
		Check: func(t ir.Type) bool { _, ok := t.(*MemDescType); return ok }}
	TokenC = &asmfmt.Constraint{Summary: "async token type",
		Check: func(t ir.Type) bool { _, ok := t.(*AsyncTokenType); return ok }}
	I32C       = &asmfmt.Constraint{Summary: "32-bit signless integer", Check: func(t ir.Type) bool { return isSignless(t, 32) }}
	I64C       = &asmfmt.Constraint{Summary: "64-bit signless integer", Check: func(t ir.Type) bool { return isSignless(t, 64) }}
	I1C        = &asmfmt.Constraint{Summary: "1-bit signless integer", Check: func(t ir.Type) bool { return isSignless(t, 1) }}
	PtrTensorC = &asmfmt.Constraint{Summary: "ranked tensor of ptr values", Check: tt.IsTensorOfPtr}
	PtrC       = &asmfmt.Constraint{Summary: "ptr", Check: func(t ir.Type) bool { _, ok := t.(*tt.PointerType); return ok }}
	I1TensorC  = &asmfmt.Constraint{Summary: "tensor of 1-bit signless integer values",
		Check: func(t ir.Type) bool {
			rt, ok := t.(*ir.RankedTensorType)
			return ok && isSignless(rt.Elem, 1)
		}}
	TensorOrMemDescC = &asmfmt.Constraint{Summary: "ranked tensor or memory descriptor",
		Check: func(t ir.Type) bool {
			switch t.(type) {
			case *ir.RankedTensorType, *MemDescType:
				return true
			}
			return false
		}}
	IntOrIndexC = &asmfmt.Constraint{Summary: "signless integer or index", Check: func(t ir.Type) bool {
		if _, ok := t.(*ir.IndexType); ok {
			return true
		}
		it, ok := t.(*ir.IntegerType)
		return ok && it.Signedness == ir.Signless
	}}
)

func isSignless(t ir.Type, w int) bool {
	it, ok := t.(*ir.IntegerType)
	return ok && it.Width == w && it.Signedness == ir.Signless
}

// Fixed infers a buildable type.
func Fixed(f func(*ir.Context) ir.Type) func(*ir.Context, func(string) ir.Type) ir.Type {
	return func(ctx *ir.Context, _ func(string) ir.Type) ir.Type { return f(ctx) }
}

// SameAs infers the type of another operand or result (AllTypesMatch).
func SameAs(name string) func(*ir.Context, func(string) ir.Type) ir.Type {
	return func(_ *ir.Context, known func(string) ir.Type) ir.Type { return known(name) }
}

// Derived infers a type from another one (TypesMatchWith).
func Derived(name string, f func(*ir.Context, ir.Type) ir.Type) func(*ir.Context, func(string) ir.Type) ir.Type {
	return func(ctx *ir.Context, known func(string) ir.Type) ir.Type {
		if t := known(name); t != nil {
			return f(ctx, t)
		}
		return nil
	}
}

// Buildable types.
func I32(ctx *ir.Context) ir.Type       { return ir.I32(ctx) }
func I64(ctx *ir.Context) ir.Type       { return ir.I64(ctx) }
func I1(ctx *ir.Context) ir.Type        { return ir.I1(ctx) }
func TokenType(ctx *ir.Context) ir.Type { return AsyncToken(ctx) }
func BoolDefault(v bool) func(*ir.Context) ir.Attribute {
	return func(ctx *ir.Context) ir.Attribute { return ir.BoolAttrOf(ctx, v) }
}
func I32Default(v int64) func(*ir.Context) ir.Attribute {
	return func(ctx *ir.Context) ir.Attribute { return ir.I32Attr(ctx, v) }
}

// Attribute specs.
func I32Attr(name string) asmfmt.Attr {
	return asmfmt.Attr{Name: name, Kind: asmfmt.TypedAttr, Type: I32, Check: isI32Attr, Summary: "32-bit signless integer attribute"}
}
func I64Attr(name string) asmfmt.Attr {
	return asmfmt.Attr{Name: name, Kind: asmfmt.TypedAttr, Type: I64, Check: isI64Attr, Summary: "64-bit signless integer attribute"}
}
func BoolAttr(name string) asmfmt.Attr {
	return asmfmt.Attr{Name: name, Kind: asmfmt.TypedAttr, Type: I1, Check: isBoolAttr, Summary: "bool attribute"}
}
func I32ArrayAttr(name string) asmfmt.Attr {
	return asmfmt.Attr{Name: name, Kind: asmfmt.ArrayAttr, Type: I32, Check: isI32Array, Summary: "i32 dense array attribute"}
}
func OptionalAttr(a asmfmt.Attr) asmfmt.Attr { a.Optional = true; return a }
func DefaultAttr(a asmfmt.Attr, d func(*ir.Context) ir.Attribute) asmfmt.Attr {
	a.Default = d
	return a
}

func isI32Attr(a ir.Attribute) bool {
	ia, ok := a.(*ir.IntegerAttr)
	return ok && isSignless(ia.Typ, 32)
}
func isI64Attr(a ir.Attribute) bool {
	ia, ok := a.(*ir.IntegerAttr)
	return ok && isSignless(ia.Typ, 64)
}
func isBoolAttr(a ir.Attribute) bool {
	ia, ok := a.(*ir.IntegerAttr)
	return ok && isSignless(ia.Typ, 1)
}
func isI32Array(a ir.Attribute) bool {
	da, ok := a.(*ir.DenseArrayAttr)
	return ok && isSignless(da.Elem, 32)
}

// EnumAttrSpec is an I32EnumAttr attribute spec.
func EnumAttrSpec(name string, info *ir.EnumInfo) asmfmt.Attr {
	return asmfmt.Attr{Name: name, Kind: asmfmt.EnumAttr, Enum: info, Check: info.Valid,
		Summary: "allowed 32-bit signless integer cases"}
}

// Op bundles an op definition with its compiled format, so that typed
// accessors can find operand groups by name.
type Op struct {
	Def    *ir.OpDef
	Format *asmfmt.Format
}

// Operand returns the values of the named operand group of op.
func (o Op) Operand(op *ir.Operation, name string) []ir.Value { return o.Format.Operand(op, name) }

// one returns the single value of a group, or nil.
func one(vs []ir.Value) ir.Value {
	if len(vs) == 1 {
		return vs[0]
	}
	return nil
}

// Define creates the op dialect.name with the given traits and spec, and
// makes its verifier run the layout checks every TTG op has
// (VerifyTensorLayoutsTrait) before the spec's own verifier.
func Define(d *ir.Dialect, name string, traits ir.Traits, spec asmfmt.Spec) Op {
	def := d.NewOp(name, traits)
	own := spec.Verify
	spec.Verify = func(op *ir.Operation) error {
		if err := VerifyTensorLayouts(op); err != nil {
			return err
		}
		if own != nil {
			return own(op)
		}
		return nil
	}
	return Op{Def: def, Format: asmfmt.Install(def, spec)}
}

// sharedOrdering is the effects of the ops that order shared memory
// without naming a buffer (barriers, waits).
var sharedOrdering = []ir.Effect{{Kind: ir.Read, Resource: SharedMemoryResource}, {Kind: ir.Write, Resource: SharedMemoryResource}}

func sharedOrderingEffects(_ *ir.Operation, buf []ir.Effect) []ir.Effect {
	return append(buf, sharedOrdering...)
}

// Resources of memory effects.
const (
	SharedMemoryResource = "shared"
	GlobalMemoryResource = "global"
)
