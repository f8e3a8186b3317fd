package pipeliner

import (
	"flag"

	"github.com/ttcompiler/tt/analysis/axisinfo"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/passmgr"
)

func init() {
	passmgr.Default.Register(&passmgr.Pass{
		Name:        "tritongpu-assign-latencies",
		DisplayName: "TritonGPUAssignLatencies",
		Summary:     "assign latencies to interesting ops ahead of pipelining",
		Anchor:      "builtin.module",
		Build: func(fs *flag.FlagSet) passmgr.RunFunc {
			numStages := fs.Int("num-stages", 3, "number of pipeline stages")
			return func(op *ir.Operation, st *passmgr.State) error {
				if err := AssignLatencies(op, *numStages, axisInfoOf(st, op)); err != nil {
					return err
				}
				// Only tt.latency attributes changed: the axis analysis
				// it may have computed stays valid (axis.go).
				st.PreserveAll()
				return nil
			}
		},
	})
}

// AssignLatencies gives the loads feeding dots in the innermost loops of
// module a latency (tt.latency) that spreads them over numStages stages
// (a loop's tt.num_stages overrides it), and the MMAv5 dots that can
// overlap with themselves a self latency (Triton's
// TritonGPUAssignLatencies). Loops that already carry latencies keep them;
// loops of fewer than two stages, outer loops and loops carrying values
// over more than one iteration get none. axis gives the module's axis
// analysis, asked for only when a loop needs latencies.
func AssignLatencies(module *ir.Operation, defaultNumStages int, axis func() *axisinfo.Module) error {
	var loops []*ir.Operation
	for _, loop := range loopsPostOrder(module) {
		if !loopHasDistGreaterThanOne(loop) && !isOuterLoop(loop) && numStagesOrDefault(loop, defaultNumStages) > 1 {
			what := "num-stages"
			if loop.HasAttr(attrNumStages) {
				what = attrNumStages
			}
			if err := checkNumStages(loop, what, numStagesOrDefault(loop, defaultNumStages)); err != nil {
				return err
			}
			loops = append(loops, loop)
		}
	}
	if len(loops) == 0 {
		return nil
	}
	var ai *axisinfo.Module
	lat := map[*ir.Operation]int{}
	for _, loop := range loops {
		if hasLatencies(loop) {
			for _, op := range bodyOps(loop) {
				if l, ok := intAttr(op, attrLatency); ok {
					lat[op] = l
				}
			}
			continue
		}
		if ai == nil {
			ai = axis()
		}
		assignLoadLatencies(loop, numStagesOrDefault(loop, defaultNumStages), ai, lat)
		assignMMALatencies(loop, lat)
	}
	serializeLatencies(lat, attrLatency)
	return nil
}

// hasLatencies reports whether an op of the loop body has a latency.
func hasLatencies(loop *ir.Operation) bool {
	for _, op := range bodyOps(loop) {
		if op.HasAttr(attrLatency) {
			return true
		}
	}
	return false
}

// assignLoadLatencies splits the stages evenly between the indirection
// levels of the loop's pipelined loads.
func assignLoadLatencies(loop *ir.Operation, numStages int, ai *axisinfo.Module, lat map[*ir.Operation]int) {
	pipelineWithoutDot := loop.HasAttr(attrNumStages)
	loads := loadsToIndirectionLevel(loop, pipelineWithoutDot, ai, numStages, true)
	if len(loads) == 0 {
		return
	}
	maxLevel := 0
	for _, l := range loads {
		maxLevel = max(maxLevel, l.level)
	}
	latency := (numStages - 1) / (maxLevel + 1)
	for _, l := range loads {
		lat[l.op] = latency
	}
}

// assignMMALatencies lets MMAv5 dots whose operands are pipelined run
// asynchronously: they overlap with their next instance (self latency 1)
// and, when the accumulator allows it, their users move a stage later.
func assignMMALatencies(loop *ir.Operation, lat map[*ir.Operation]int) {
	selfLat := map[*ir.Operation]int{}
	isLoadPipelined := func(op *ir.Operation) bool { l, ok := lat[op]; return ok && l > 0 }
	for _, op := range bodyOps(loop) {
		if !isMMAv5(op) {
			continue
		}
		if hasSyncDots(loop) {
			// With a synchronous dot in the loop, peeling the last
			// iteration beats a masked iteration for one wait.
			continue
		}
		info := analyzeMMAOperands(op, loop, isLoadPipelined)
		if !info.pipelineable && !(info.determined && !hasLoadsAfterMMA(op, loop)) {
			continue
		}
		selfLat[op] = 1
		if !requiresAccMultiBuffering(op, loop) ||
			(accMultibufferingPossible(op, loop) && !loop.HasAttr(attrDisallowAccMultiBuffer)) {
			lat[op] = 1
		}
		if isWarpSpecialized(loop) {
			// The MMA runs in its own partition: its latency is the
			// number of accumulator buffers, one more than in a plain
			// pipelined loop, unless the loop read-modify-writes it.
			if hasAccReadModifyWrite(op, loop) {
				delete(lat, op)
			} else {
				lat[op]++
			}
		}
	}
	serializeLatencies(selfLat, attrSelfLatency)
}

// hasSyncDots reports whether the loop has a tt.dot.
func hasSyncDots(loop *ir.Operation) bool {
	for _, op := range bodyOps(loop) {
		if op.Name() == "tt.dot" {
			return true
		}
	}
	return false
}

// isWarpSpecialized reports whether the loop or an enclosing loop asks for
// warp specialization.
func isWarpSpecialized(loop *ir.Operation) bool {
	for l := loop; l != nil; l = l.ParentOfName("scf.for") {
		if l.HasAttr(attrWarpSpecialize) {
			return true
		}
	}
	return false
}
