package arith

import (
	"github.com/ttcompiler/tt/dialects/ub"
	"github.com/ttcompiler/tt/ir"
)

// Dialect is the arith dialect. Its folders may produce #ub.poison, so
// loading it loads ub too.
var Dialect = &ir.Dialect{Name: "arith", Dependents: []*ir.Dialect{ub.Dialect}}

// Load registers the arith (and ub) dialects in ctx.
func Load(ctx *ir.Context) {
	GuardPrinters(Dialect)
	GuardPrinters(ub.Dialect)
	ctx.Load(Dialect)
}

func init() {
	Dialect.ParseAttribute = parseAttribute
	Dialect.MaterializeConstant = materializeConstant
}

func parseAttribute(p ir.DialectParser, mnemonic string, _ ir.Type) (ir.Attribute, error) {
	switch mnemonic {
	case "fastmath":
		return parseFastMathBody(p)
	case "overflow":
		return parseOverflowBody(p)
	}
	return nil, p.Errorf("unknown attribute `%s` in dialect `arith`", mnemonic)
}

// materializeConstant builds arith.constant for integer, float and dense
// values of the requested type, and ub.poison for poison.
func materializeConstant(b *ir.Builder, value ir.Attribute, typ ir.Type, loc ir.Location) *ir.Operation {
	if p, ok := value.(*ub.PoisonAttr); ok {
		return ub.NewPoison(b, loc, typ, p)
	}
	if !IsBuildableWith(value, typ) {
		return nil
	}
	return NewConstant(b, loc, value)
}
