package ttg_test

import (
	"github.com/ttcompiler/tt/dialects/amdgpu"
	"github.com/ttcompiler/tt/dialects/cf"
	"github.com/ttcompiler/tt/dialects/scf"
	"github.com/ttcompiler/tt/dialects/ttng"
	"github.com/ttcompiler/tt/ir"
)

// loadExtra loads the control-flow dialects and the dialects built on ttg.
func loadExtra(ctx *ir.Context) {
	scf.Load(ctx)
	cf.Load(ctx)
	ttng.Load(ctx)
	amdgpu.Load(ctx)
}
