package pipeliner

import (
	"flag"

	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/passmgr"
)

func init() {
	passmgr.Default.Register(&passmgr.Pass{
		Name:        "nvgpu-warp-specialization",
		DisplayName: "NVGPUWarpSpecialization",
		Summary:     "Automatic Warp specialization for NVIDIA GPU",
		Anchor:      "builtin.module",
		Build: func(fs *flag.FlagSet) passmgr.RunFunc {
			// The number of buffers between producer and consumer
			// partitions (the loops' stage count in make_ttgir).
			fs.Int("num-stages", 0, "number of buffers for warp specialization")
			fs.Bool("dump-intermediate-steps", false, "Dump intermediate steps")
			return func(op *ir.Operation, _ *passmgr.State) error { return WarpSpecialize(op) }
		},
	})
}

// WarpSpecialize is Hopper's automatic warp specialization
// (NVGPUWarpSpecialization) as far as tt implements it: functions without
// a loop marked tt.warp_specialize, with a warp count other than 4, or with
// a conditional that has an else branch are left alone, as Triton leaves
// them. Partitioning a loop into producer and consumer warp groups is not
// implemented: such a loop is reported with a located error.
func WarpSpecialize(module *ir.Operation) error {
	var err error
	ir.WalkOps(module, func(fn *ir.Operation) {
		if err != nil || fn.Name() != "tt.func" {
			return
		}
		var loops []*ir.Operation
		hasElse := false
		ir.WalkOps(fn, func(op *ir.Operation) {
			if op.Name() == "scf.for" && op.HasAttr(attrWarpSpecialize) {
				loops = append(loops, op)
			}
			if op.Name() == "scf.if" && op.NumRegions() > 1 && !op.Region(1).Empty() {
				hasElse = true
			}
		})
		if len(loops) == 0 {
			return
		}
		if n, ok := ttg.LookupNumWarps(fn); !ok || n != 4 || hasElse {
			return
		}
		err = ir.OpErrorf(loops[0], "automatic warp specialization (nvgpu-warp-specialization) of this loop is not supported yet")
	})
	return err
}
