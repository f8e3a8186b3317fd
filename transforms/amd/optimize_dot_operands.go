package amd

import (
	"flag"

	"github.com/ttcompiler/tt/analysis/slices"
	"github.com/ttcompiler/tt/dialects/amdgpu"
	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/passmgr"
)

func init() {
	passmgr.Default.Register(&passmgr.Pass{
		Name:        "tritonamdgpu-optimize-dot-operands",
		DisplayName: "TritonAMDGPUOptimizeDotOperands",
		Summary:     "Optimize shared memory use for dot operands",
		Anchor:      "builtin.module",
		Build: func(fs *flag.FlagSet) passmgr.RunFunc {
			arch := fs.String("arch-generation-name", "", "GFX generation name of target device.")
			return func(op *ir.Operation, _ *passmgr.State) error { return OptimizeDotOperands(op, *arch) }
		},
	})
}

// OptimizeDotOperands is Triton 3.6's tritonamdgpu-optimize-dot-operands:
// the canonicalization of ttg.convert_layout, and on gfx950 the scale of
// an in-loop amdg.scaled_upcast_fp4/fp8 staged through an unswizzled LDS
// buffer right after its single load, so that the stream pipeliner
// multi-buffers it like a dot operand.
func OptimizeDotOperands(module *ir.Operation, arch string) error {
	isa := amdgpu.DeduceISAFamily(arch)
	patterns := append([]ir.RewritePattern{
		ir.NewPattern("AllocSharedMemForUpcastedScales", "amdg.scaled_upcast_fp8", 1, func(op *ir.Operation, rw ir.Rewriter) bool {
			return allocSharedMemForScales(op, rw, isa)
		}),
		ir.NewPattern("AllocSharedMemForUpcastedScales", "amdg.scaled_upcast_fp4", 1, func(op *ir.Operation, rw ir.Rewriter) bool {
			return allocSharedMemForScales(op, rw, isa)
		}),
	}, ttg.ConvertLayoutPatterns...)
	return applyGreedily(module, patterns)
}

func allocSharedMemForScales(op *ir.Operation, rw ir.Rewriter, isa amdgpu.ISAFamily) bool {
	if isa != amdgpu.CDNA4 || enclosingFor(op) == nil {
		return false
	}
	var load *ir.Operation
	loads := 0
	for _, o := range slices.BackwardOfValue(op.Operand(1), slices.Options{OmitBlockArguments: true}).List {
		switch o.Name() {
		case "tt.load":
			load, loads = o, loads+1
		case "ttg.local_load":
			return false
		}
	}
	if load == nil || loads != 1 {
		return false
	}
	srcT, ok := load.Result(0).Type().(*ir.RankedTensorType)
	if !ok {
		return false
	}
	ctx := op.Context()
	enc := ttg.NewSwizzledShared(ctx, 1, 1, 1, ttg.OrderForMemory(srcT.Encoding, srcT.Dims), cgaOf(srcT))
	b := rw.B()
	defer b.Restore()()
	b.SetInsertionPointAfter(load)
	alloc := ttg.NewLocalAlloc(b, load.Loc(), ttg.SharedMemDesc(ctx, srcT.Dims, srcT.Elem, enc, false), load.Result(0))
	local := ttg.NewLocalLoad(b, load.Loc(), srcT, alloc.Result(0), nil)
	rw.ReplaceUsesIf(load.Result(0), local.Result(0), func(u *ir.OpOperand) bool { return u.Owner() != alloc })
	return true
}

// enclosingFor is the innermost scf.for around op, or nil.
func enclosingFor(op *ir.Operation) *ir.Operation {
	for p := op.ParentOp(); p != nil; p = p.ParentOp() {
		if p.Name() == "scf.for" {
			return p
		}
	}
	return nil
}
