package ttg_test

import "github.com/ttcompiler/tt/ir"

// loadExtra loads the dialects that land later (scf, cf, ttng, amdgpu).
func loadExtra(ctx *ir.Context) {}
