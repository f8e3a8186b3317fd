package pipeliner

import (
	"github.com/ttcompiler/tt/analysis/axisinfo"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/passmgr"
)

// axisInfoOf returns a getter of module's axis analysis. Through the pass
// manager's cache (st not nil), tritongpu-assign-latencies computes it and
// tritongpu-pipeline's lowering reuses it: the passes between them write
// only the schedule's attributes, which the analysis does not read, and
// declare every analysis preserved. Each computation walks the whole
// module, the warp-specialized partitions of a kernel included, for the
// loops of its other branches (2.7 M instructions each on the 128x128
// matmul, whose TMA guard's else branch is pipelined).
func axisInfoOf(st *passmgr.State, module *ir.Operation) func() *axisinfo.Module {
	analyze := func(m *ir.Operation) *axisinfo.Module { return axisinfo.Analyze(m) }
	if st == nil {
		return func() *axisinfo.Module { return analyze(module) }
	}
	return func() *axisinfo.Module { return passmgr.GetAnalysis(st, module, analyze) }
}
