package interp

import "github.com/ttcompiler/tt/ir"

// ttg.warp_specialize runs, at the tile level, each partition region to
// completion in partition order (its arguments the captures), then the
// default region, whose ttg.warp_yield gives the results. Barrier waits
// do nothing in the interpreter, so this order is the one that makes a
// kernel's partitions producers of what its default region consumes (a
// loader partition filling shared buffers and arriving on an mbarrier
// the default warps wait on); a kernel whose partitions wait for the
// default region's work is not modelled.
func init() {
	register("ttg.warp_specialize", buildWarpSpecialize)
}

func buildWarpSpecialize(c *compiler, op *ir.Operation) (runFn, error) {
	return func(x *execCtx, in *instr) error {
		captures := make([]Value, len(in.in))
		for i, s := range in.in {
			captures[i] = x.vals[s]
		}
		if len(in.regions) > 1 && len(in.regions[1].blocks) > 0 && len(in.regions[1].blocks[0].body) > 0 {
			holder := in.regions[1].blocks[0].body[0]
			for _, r := range holder.regions {
				if _, err := x.runRegion(r, captures); err != nil {
					return err
				}
			}
		}
		return runFirstRegion(x, in)
	}, nil
}
