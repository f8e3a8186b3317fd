package ttgtogpu

import "github.com/ttcompiler/tt/ir"

// sinkBarriers moves every gpu.barrier of blocks down its block, past the ops
// that touch no memory (arithmetic, shuffles, ballots), to just before the
// next memory access, branch or barrier. The barrier analysis puts a
// barrier in front of the TTGIR op whose accesses conflict with earlier
// ones, but that op's lowering usually starts in registers (a reduction's
// in-thread and in-warp steps); sunk, the barrier lets every warp do that
// work while slower warps still arrive. Memory is ordered exactly as
// before: no access crosses a barrier.
func sinkBarriers(blocks []*ir.Block) {
	for _, b := range blocks {
		var barriers []*ir.Operation
		for op := b.First(); op != nil; op = op.Next() {
			if op.Name() == "gpu.barrier" {
				barriers = append(barriers, op)
			}
		}
		for _, bar := range barriers {
			next := bar.Next()
			for next != nil && !next.Has(ir.Terminator) && next.Name() != "gpu.barrier" && ir.IsMemoryEffectFree(next) {
				next = next.Next()
			}
			if next != bar.Next() && next != nil {
				bar.MoveBefore(next)
			}
		}
	}
}
