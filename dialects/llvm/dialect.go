package llvm

import (
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asmfmt"
)

// Dialect is the `llvm` dialect.
var Dialect = &ir.Dialect{Name: "llvm"}

func init() {
	Dialect.ParseType = parseType
	Dialect.ParseAttribute = parseAttribute
	Dialect.MaterializeConstant = materializeConstant
}

// Load registers the llvm dialect in ctx.
func Load(ctx *ir.Context) { ctx.Load(Dialect) }

// define creates an op whose custom syntax, inherent attributes and ODS
// invariants come from an assembly-format spec. Default-valued flag
// attributes (fastmath, overflow) are stored on creation, as MLIR
// materializes default-valued properties.
func define(name string, traits ir.Traits, spec asmfmt.Spec) *ir.OpDef {
	def := Dialect.NewOp(name, traits)
	asmfmt.Install(def, spec)
	for _, a := range spec.Attrs {
		if a.Default != nil && (a.Name == FastmathFlagsAttrName || a.Name == OverflowFlagsAttrName) {
			def.DefaultAttrs = append(def.DefaultAttrs, ir.DefaultAttr{Name: a.Name, Value: a.Default})
		}
	}
	return def
}

// custom creates an op with hand-written syntax.
func custom(name string, traits ir.Traits, inherent []string,
	parse func(ir.OpParser, *ir.OperationState) error, print func(ir.OpPrinter, *ir.Operation),
	verify func(*ir.Operation) error) *ir.OpDef {
	def := Dialect.NewOp(name, traits)
	def.Inherent = inherent
	def.Parse = parse
	def.Print = print
	def.Verify = verify
	return def
}

// materializeConstant builds llvm.mlir.constant for integer, float and
// dense attributes of LLVM-compatible types.
func materializeConstant(b *ir.Builder, value ir.Attribute, typ ir.Type, loc ir.Location) *ir.Operation {
	if !IsCompatibleType(typ) {
		return nil
	}
	switch value.(type) {
	case *ir.IntegerAttr, *ir.FloatAttr, *ir.DenseElementsAttr:
		if verifyConstantValue(value, typ) != "" {
			return nil
		}
		return NewConstant(b, loc, typ, value)
	}
	return nil
}
