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
			numStages := fs.Int("num-stages", 0, "number of buffers for warp specialization")
			fs.Bool("dump-intermediate-steps", false, "Dump intermediate steps")
			return func(op *ir.Operation, _ *passmgr.State) error { return WarpSpecialize(op, *numStages) }
		},
	})
}

// WarpSpecialize is Hopper's automatic warp specialization
// (NVGPUWarpSpecialization) as tt builds it. Functions without a loop
// marked tt.warp_specialize, with a warp count other than 4, or with a
// conditional that has an else branch are left alone, as Triton leaves
// them. In the others each marked loop becomes a ttg.warp_specialize: a
// producer warpgroup issuing the loop's TMA loads into a ring of
// numStages shared-memory slots (a loop's tt.num_stages overrides it)
// guarded by full/empty mbarriers, and the loop's other work, the
// consumer, on the function's own warps (ws_plan.go, ws_build.go), its
// wgmma asynchronous where it can be (ws_async.go), cut over two consumer
// warpgroups of half the rows for a wide accumulator (ws_split.go). A
// marked loop of another shape is refused with a located error. As in
// Triton, the function's loops then get tt.num_stages = 0: the software
// pipeliner leaves them alone.
func WarpSpecialize(module *ir.Operation, numStages int) error {
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
		// Plan every loop before rewriting any, so that a refused loop
		// leaves the function as it was.
		plans := make([]*wsPlan, len(loops))
		for i, loop := range loops {
			if loop.ParentOfName("scf.for") != nil && loop.ParentOfName("scf.for").HasAttr(attrWarpSpecialize) {
				err = ir.OpErrorf(loop, "warp specialization of a tt.warp_specialize loop nested in another is not supported")
				return
			}
			if plans[i], err = planWarpSpecialization(loop); err != nil {
				return
			}
		}
		for _, p := range plans {
			n := numStagesOrDefault(p.root.Operation, numStages)
			if err = checkNumStages(p.root.Operation, attrNumStages, n); err != nil {
				return
			}
			if err = wsBuild(p, max(n, 1), planSplit(p)); err != nil {
				return
			}
		}
		ir.WalkOps(fn, func(op *ir.Operation) {
			if op.Name() == "scf.for" {
				setI32(op, attrNumStages, 0)
			}
		})
	})
	return err
}
