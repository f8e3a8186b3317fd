package math

import (
	"github.com/ttcompiler/tt/dialects/arith"
	"github.com/ttcompiler/tt/ir"
)

// Dialect is the math dialect. Its folders produce arith constants.
var Dialect = &ir.Dialect{Name: "math", Dependents: []*ir.Dialect{arith.Dialect}}

// Load registers the math (and arith) dialects in ctx.
func Load(ctx *ir.Context) {
	arith.GuardPrinters(Dialect)
	ctx.Load(Dialect)
}

func init() {
	Dialect.MaterializeConstant = func(b *ir.Builder, value ir.Attribute, typ ir.Type, loc ir.Location) *ir.Operation {
		return arith.Dialect.MaterializeConstant(b, value, typ, loc)
	}
}
