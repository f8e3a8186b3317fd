// Package all loads every dialect tt knows into a context.
package all

import (
	"github.com/ttcompiler/tt/dialects/amdgpu"
	"github.com/ttcompiler/tt/dialects/arith"
	"github.com/ttcompiler/tt/dialects/builtin"
	"github.com/ttcompiler/tt/dialects/cf"
	"github.com/ttcompiler/tt/dialects/func"
	"github.com/ttcompiler/tt/dialects/gpu"
	"github.com/ttcompiler/tt/dialects/llvm"
	"github.com/ttcompiler/tt/dialects/llvm/nvg"
	"github.com/ttcompiler/tt/dialects/llvm/rocdl"
	"github.com/ttcompiler/tt/dialects/math"
	"github.com/ttcompiler/tt/dialects/nvvm"
	"github.com/ttcompiler/tt/dialects/scf"
	"github.com/ttcompiler/tt/dialects/tt"
	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/dialects/ttng"
	"github.com/ttcompiler/tt/dialects/ub"
	"github.com/ttcompiler/tt/ir"
)

// Load registers all dialects in ctx.
func Load(ctx *ir.Context) {
	builtin.Load(ctx)
	arith.Load(ctx)
	math.Load(ctx)
	scf.Load(ctx)
	cf.Load(ctx)
	function.Load(ctx)
	ub.Load(ctx)
	tt.Load(ctx)
	ttg.Load(ctx)
	ttng.Load(ctx)
	amdgpu.Load(ctx)
	gpu.Load(ctx)
	llvm.Load(ctx)
	nvvm.Load(ctx)
	nvg.Load(ctx)
	rocdl.Load(ctx)
}

// NewContext returns a context with all dialects loaded.
func NewContext() *ir.Context {
	ctx := ir.NewContext()
	Load(ctx)
	return ctx
}
