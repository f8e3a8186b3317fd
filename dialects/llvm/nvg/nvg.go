// Package nvg defines the one op of Triton's NVGPU dialect (`nvg`) that
// Triton's LLVM-dialect dumps for NVIDIA GPUs still contain after
// convert-triton-gpu-to-llvm, so that those dumps parse and print back:
//
//	%c = nvg.cluster_id
//
// (the CTA's id within its cluster, an i32; Triton lowers it to
// %cluster_ctarank later).
package nvg

import (
	"github.com/ttcompiler/tt/dialects/llvm"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asmfmt"
)

// Dialect is the nvg dialect; it depends on llvm.
var Dialect = &ir.Dialect{Name: "nvg", Dependents: []*ir.Dialect{llvm.Dialect}}

// Load registers the nvg (and llvm) dialects in ctx.
func Load(ctx *ir.Context) { ctx.Load(Dialect) }

// ClusterIDOp is `nvg.cluster_id`, an i32 whose type the syntax omits.
var ClusterIDOp = Dialect.NewOp("cluster_id", ir.Pure)

func init() {
	asmfmt.Install(ClusterIDOp, asmfmt.Spec{
		Results: []asmfmt.Value{{Name: "result",
			Constraint: &asmfmt.Constraint{Summary: "32-bit signless integer", Check: func(t ir.Type) bool { return ir.IsInteger(t, 32) }},
			Infer:      func(ctx *ir.Context, _ func(string) ir.Type) ir.Type { return ir.I32(ctx) }}},
		Format: "attr-dict",
	})
}
