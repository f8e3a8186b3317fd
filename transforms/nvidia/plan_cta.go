package nvidia

import (
	"flag"

	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/passmgr"
)

func init() {
	passmgr.Default.Register(&passmgr.Pass{
		Name:        "triton-nvidia-gpu-plan-cta",
		DisplayName: "TritonGPUPlanCTAPass",
		Summary:     "plan CTA",
		Anchor:      "builtin.module",
		Build: func(*flag.FlagSet) passmgr.RunFunc {
			return func(op *ir.Operation, _ *passmgr.State) error { return PlanCTA(op) }
		},
	})
}

// PlanCTA is Triton 3.6's triton-nvidia-gpu-plan-cta. With one CTA per
// cluster (num-ctas = 1, what Triton's NVIDIA backend compiles by default)
// there is nothing to plan and 3.6 leaves the module untouched; tt does
// the same. Splitting dots, reductions and stores across the CTAs of a
// larger cluster is not implemented: such a module is refused, naming the
// setting, rather than compiled with layouts 3.6 would not choose.
func PlanCTA(module *ir.Operation) error {
	if n := ttg.NumCTAs(module); n != 1 {
		return ir.Errorf(module.Loc(), "triton-nvidia-gpu-plan-cta: tt plans CTA layouts only for one CTA per cluster, the module has %s = %d", ttg.AttrNumCTAs, n)
	}
	return nil
}
