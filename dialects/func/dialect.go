package function

import "github.com/ttcompiler/tt/ir"

// Dialect is the func dialect.
var Dialect = &ir.Dialect{Name: "func"}

// Load registers the func dialect in ctx.
func Load(ctx *ir.Context) { ctx.Load(Dialect) }
