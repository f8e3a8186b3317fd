package ttir

import (
	"flag"

	"github.com/ttcompiler/tt/dialects/arith"
	"github.com/ttcompiler/tt/dialects/scf"
	"github.com/ttcompiler/tt/dialects/tt"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/passmgr"
)

func init() {
	passmgr.Default.Register(Passes()...)
	for _, p := range Pipelines() {
		passmgr.Default.RegisterPipeline(p)
	}
}

// simple wraps a pass without options.
func simple(run passmgr.RunFunc) func(*flag.FlagSet) passmgr.RunFunc {
	return func(*flag.FlagSet) passmgr.RunFunc { return run }
}

// Passes returns the passes of this package, with Triton's command-line
// names and the class names Triton's IR dumps show.
func Passes() []*passmgr.Pass {
	deps := []*ir.Dialect{arith.Dialect, scf.Dialect, tt.Dialect}
	return []*passmgr.Pass{
		{Name: "triton-combine", DisplayName: "TritonCombineOps", Anchor: "builtin.module", Dependent: deps,
			Summary: "combine ops", Build: simple(runCombine)},
		{Name: "triton-reorder-broadcast", DisplayName: "TritonReorderBroadcast", Anchor: "builtin.module", Dependent: deps,
			Summary: "Moves broadcast and splat after elementwise operations", Build: simple(runReorderBroadcast)},
		{Name: "triton-rewrite-tensor-pointer", DisplayName: "TritonRewriteTensorPointer", Anchor: "builtin.module", Dependent: deps,
			Summary: "Rewrite load/stores with tensor pointers into legacy load/stores", Build: simple(runRewriteTensorPointer)},
		{Name: "triton-rewrite-tensor-descriptor-to-pointer", DisplayName: "TritonRewriteTensorDescriptorToPointer", Anchor: "builtin.module", Dependent: deps,
			Summary: "Rewrite load/stores of tensor descriptors into pointer load/stores", Build: simple(runRewriteTensorDescriptorToPointer)},
		{Name: "triton-loop-unroll", DisplayName: "TritonLoopUnroll", Anchor: "builtin.module", Dependent: deps,
			Summary: "Loop unroller", Build: simple(runLoopUnroll)},
		{Name: "triton-licm", DisplayName: "TritonLoopInvariantCodeMotion", Anchor: "builtin.module", Dependent: deps,
			Summary: "MLIR's LICM plus hoist load ops out of loops with masks.", Build: simple(runLICM)},
		{Name: "triton-loop-aware-cse", DisplayName: "TritonLoopAwareCSE", Anchor: "builtin.module", Dependent: deps,
			Summary: "CSE within loop bodies", Build: simple(runLoopAwareCSE)},
		{Name: "triton-loop-split", DisplayName: "TritonLoopSplit", Anchor: "builtin.module", Dependent: deps,
			Summary: "Split loops at the iteration where an induction-variable comparison flips", Build: simple(runLoopSplit)},
		{Name: "triton-loop-unswitch", DisplayName: "TritonLoopUnswitch", Anchor: "builtin.module", Dependent: deps,
			Summary: "Move loop-invariant scf.if conditions out of loops", Build: buildLoopUnswitch},
		{Name: "triton-test-loop-peeling", DisplayName: "TestLoopPeelingPass", Anchor: "builtin.module", Dependent: deps,
			Summary: "test the loop peeling pass", Build: simple(runTestLoopPeeling)},
		{Name: "tritongpu-combine-tensor-select-and-if", DisplayName: "TritonGPUCombineTensorSelectAndIf", Anchor: "builtin.module", Dependent: deps,
			Summary: "Combine tensor select and if", Build: simple(runCombineTensorSelectAndIf)},
		persistentPass(),
		tmaLoadsPass(),
		specializeDotChainsPass(),
		hoistEpilogueLoadsPass(),
	}
}
