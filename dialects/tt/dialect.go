package tt

import (
	"github.com/ttcompiler/tt/ir"
)

// Dialect is Triton's `tt` dialect as of Triton 3.6.
var Dialect = &ir.Dialect{Name: "tt"}

func init() {
	Dialect.ParseType = parseType
	Dialect.ParseAttribute = parseAttribute
	Dialect.MaterializeConstant = materializeConstant
	Dialect.VerifyAttribute = verifyDiscardableAttr
}

// Load registers the tt dialect in ctx.
func Load(ctx *ir.Context) { ctx.Load(Dialect) }

// materializeConstant builds an `arith.constant`, as Triton's dialect does.
// It creates the op by name so that tt does not depend on the arith
// package; the arith dialect must be loaded for the result to verify.
func materializeConstant(b *ir.Builder, value ir.Attribute, typ ir.Type, loc ir.Location) *ir.Operation {
	ta, ok := value.(ir.TypedAttribute)
	if !ok || ta.Type() != typ {
		return nil
	}
	switch value.(type) {
	case *ir.IntegerAttr, *ir.FloatAttr, *ir.DenseElementsAttr:
	default:
		return nil
	}
	st := ir.NewState(b.Ctx, "arith.constant", loc)
	st.Types = []ir.Type{typ}
	st.AddAttr("value", value)
	return b.Create(st)
}
