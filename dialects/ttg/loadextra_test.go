package ttg_test

import (
	"github.com/ttcompiler/tt/dialects/amdgpu"
	"github.com/ttcompiler/tt/dialects/ttng"
	"github.com/ttcompiler/tt/ir"
)

// loadExtra loads the dialects built on ttg (and, as they land, scf and cf).
func loadExtra(ctx *ir.Context) {
	ttng.Load(ctx)
	amdgpu.Load(ctx)
}
