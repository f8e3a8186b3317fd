// Package all loads every dialect tt knows into a context.
package all

import (
	"github.com/ttcompiler/tt/dialects/builtin"
	"github.com/ttcompiler/tt/ir"
)

// Load registers all dialects in ctx.
func Load(ctx *ir.Context) {
	builtin.Load(ctx)
}

// NewContext returns a context with all dialects loaded.
func NewContext() *ir.Context {
	ctx := ir.NewContext()
	Load(ctx)
	return ctx
}
