package pipeliner

import (
	"github.com/ttcompiler/tt/dialects/tt"
	"github.com/ttcompiler/tt/ir"
)

// The attributes through which the pipelining passes talk to each other
// and to the user, named as Triton names them.
const (
	// attrNumStages on a loop overrides the pass's num-stages option.
	attrNumStages = "tt.num_stages"
	// attrLatency is the number of iterations an op's result takes to be
	// ready (assign-latencies' output, schedule-loops' input).
	attrLatency = "tt.latency"
	// attrSelfLatency is the number of iterations an MMAv5 op may overlap
	// with its own next instance.
	attrSelfLatency = "tt.self_latency"
	// attrDisallowAccMultiBuffer forbids multi-buffering MMA accumulators.
	attrDisallowAccMultiBuffer = "tt.disallow_acc_multi_buffer"
	// attrWarpSpecialize marks a loop the user wants warp-specialized.
	attrWarpSpecialize = tt.AttrWarpSpecialize
	// attrStage and attrCluster place an op of a scheduled loop body.
	attrStage   = "loop.stage"
	attrCluster = "loop.cluster"
	// attrScheduledMaxStage is the last stage of a scheduled loop.
	attrScheduledMaxStage = "tt.scheduled_max_stage"
)

// maxStages bounds the stages of a pipelined loop. Each stage holds one
// buffer of every value crossing it and the expander copies the body once
// per stage and iteration of the prologue, so absurd stage counts (which
// no kernel fits in shared memory) are refused rather than expanded.
const maxStages = 128

// checkNumStages rejects a stage count beyond maxStages, located at op.
func checkNumStages(op *ir.Operation, what string, n int) error {
	if n > maxStages {
		return ir.OpErrorf(op, "%s = %d: software pipelining supports at most %d stages", what, n, maxStages)
	}
	return nil
}

// intAttr reads an integer attribute of op.
func intAttr(op *ir.Operation, name string) (int, bool) {
	a, ok := op.Attr(name).(*ir.IntegerAttr)
	if !ok {
		return 0, false
	}
	return int(a.Int()), true
}

// setI32 sets an i32 attribute on op.
func setI32(op *ir.Operation, name string, v int) {
	op.SetAttr(name, ir.I32Attr(op.Context(), int64(v)))
}

// numStagesOrDefault is the loop's tt.num_stages if it has one, else def.
func numStagesOrDefault(loop *ir.Operation, def int) int {
	if n, ok := intAttr(loop, attrNumStages); ok {
		return n
	}
	return def
}

// serializeLatencies writes each op's latency as tt.latency.
func serializeLatencies(lat map[*ir.Operation]int, name string) {
	for op, l := range lat {
		setI32(op, name, l)
	}
}

// deserializeLatencies collects and removes the tt.latency attributes of
// the ops nested in root; latencies must lie in [0, maxStages).
func deserializeLatencies(root *ir.Operation) (map[*ir.Operation]int, error) {
	lat := map[*ir.Operation]int{}
	var err error
	ir.WalkOps(root, func(op *ir.Operation) {
		l, ok := intAttr(op, attrLatency)
		if !ok || err != nil {
			return
		}
		if l < 0 || l >= maxStages {
			err = ir.OpErrorf(op, "tt.latency = %d is out of range [0, %d)", l, maxStages)
			return
		}
		lat[op] = l
		op.RemoveAttr(attrLatency)
	})
	return lat, err
}

// removePipeliningAttributes drops the schedule from every op under root.
func removePipeliningAttributes(root *ir.Operation) {
	ir.WalkOps(root, func(op *ir.Operation) {
		op.RemoveAttr(attrStage)
		op.RemoveAttr(attrCluster)
		op.RemoveAttr(attrScheduledMaxStage)
	})
}
