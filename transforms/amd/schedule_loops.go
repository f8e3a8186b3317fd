package amd

import (
	"flag"

	"github.com/ttcompiler/tt/analysis/axisinfo"
	"github.com/ttcompiler/tt/analysis/slices"
	"github.com/ttcompiler/tt/dialects/amdgpu"
	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/passmgr"
	"github.com/ttcompiler/tt/transforms/pipeliner"
)

func init() {
	passmgr.Default.Register(&passmgr.Pass{
		Name:        "tritonamdgpu-schedule-loops",
		DisplayName: "TritonAMDGPUScheduleLoops",
		Summary:     "Generate schedule for loops",
		Anchor:      "builtin.module",
		Build: func(fs *flag.FlagSet) passmgr.RunFunc {
			n := fs.Int("num_stages", 2, "Number of Pipeline stages")
			return func(op *ir.Operation, _ *passmgr.State) error { return ScheduleLoops(op, *n) }
		},
	})
}

// The stream pipeliner's symbolic clusters: ScheduleLoops places global
// loads in cluster 0 and their users in cluster 1; LowerLoops maps them to
// its real clusters.
const (
	symbolicGlobalLoadCluster = 0
	symbolicComputeCluster    = 1
)

// Stages of the chained-dot schedule (two dots, the first feeding the
// second, in four stages; with block ping-pong the two warp groups run
// the dots interleaved).
const (
	stageDot1        = 2
	stageDot2        = 3
	stageGlobalLoad1 = 0
	stageLocalWrite1 = 1
	stageLocalLoad1  = 1
	stageGlobalLoad2 = 1
	stageLocalWrite2 = 2
	stageLocalLoad2  = 3
)

// Clusters of the chained-dot schedule, in order.
const (
	clusterDot1 = iota
	clusterAfterDot1
	clusterAsyncWait2
	clusterLocalWrite1
	clusterLocalLoad2
	clusterGlobalLoad1
	clusterDot2
	clusterAfterDot2
	clusterAsyncWait1
	clusterLocalWrite2
	clusterLocalLoad1
	clusterGlobalLoad2
	clusterCount
)

// ScheduleLoops is Triton 3.6's tritonamdgpu-schedule-loops, the first
// step of the AMD stream pipeliner: for every loop of at least two stages
// (num_stages, or the loop's tt.num_stages) that the expander can handle,
// the global loads worth pipelining (feeding dots, directly or through
// other loads; 32 bits or more per thread except on CDNA4 and RDNA) are
// put in stage 0 and their final users in the last stage. A loop of
// exactly two dots, the first feeding the second, with four stages and no
// indirect loads gets the chained-dot schedule instead, which splits the
// ops between the dots so that each half overlaps the other dot.
func ScheduleLoops(module *ir.Operation, numStages int) error {
	var loops []*ir.Operation
	ir.WalkOps(module, func(op *ir.Operation) {
		if op.Name() == "scf.for" && pipeliner.NumStagesOrDefault(op, numStages) > 1 {
			loops = append(loops, op)
		}
	})
	ai := axisinfo.Analyze(module, axisinfo.AMDVisitor)
	isa := amdgpu.ISAUnknown
	if arch, ok := amdgpu.ArchOfTarget(ttg.Target(module)); ok {
		isa = amdgpu.DeduceISAFamily(arch)
	}
	for _, loop := range loops {
		if !pipeliner.SafeToPipeline(loop) {
			continue
		}
		scheduleStreamLoop(loop, pipeliner.NumStagesOrDefault(loop, numStages), ai, isa)
	}
	return nil
}

// streamLoad is a load to pipeline: how many loads it is removed from its
// final user, and that user.
type streamLoad struct {
	load *ir.Operation
	dist int
	use  *ir.Operation
}

// streamLoads lists the loop's loads worth pipelining.
func streamLoads(loop *ir.Operation, numStages int, ai *axisinfo.Module, isa amdgpu.ISAFamily) []streamLoad {
	withoutDot := loop.Attr("tt.num_stages") != nil
	filterSmall := isa != amdgpu.CDNA4 && !isa.IsRDNA()
	var out []streamLoad
	for _, l := range pipeliner.LoadsToIndirectionLevel(loop, withoutDot, ai, numStages, filterSmall) {
		out = append(out, streamLoad{l.Load, l.Level, l.FinalUser})
	}
	return out
}

func scheduleStreamLoop(loop *ir.Operation, numStages int, ai *axisinfo.Module, isa amdgpu.ISAFamily) {
	loads := streamLoads(loop, numStages, ai, isa)
	if len(loads) == 0 {
		return
	}
	var s *pipeliner.Schedule
	if chainedDots(loop, numStages, loads) {
		s = chainedDotSchedule(loop, numStages, loads)
	} else {
		s = singleDotSchedule(numStages, loads)
	}
	if s == nil || s.Empty() {
		return
	}
	s.Serialize(loop)
}

// chainedDots reports whether the loop fits the chained-dot schedule:
// four stages, two dots with the first feeding the second, and no
// indirect loads.
func chainedDots(loop *ir.Operation, numStages int, loads []streamLoad) bool {
	if numStages != 4 {
		return false
	}
	dots := bodyOpsNamed(loop, "tt.dot")
	if len(dots) != 2 {
		return false
	}
	if !slices.ForwardOfValue(dots[0].Result(0), slices.Options{}).Contains(dots[1]) {
		return false
	}
	for _, l := range loads {
		if l.dist != 0 {
			return false
		}
	}
	return true
}

// bodyOpsNamed lists the loop body's top-level ops with the given name.
func bodyOpsNamed(loop *ir.Operation, name string) []*ir.Operation {
	var out []*ir.Operation
	for _, op := range loop.Region(0).Front().Ops() {
		if op.Name() == name {
			out = append(out, op)
		}
	}
	return out
}

// singleDotSchedule puts the final users in the last stage and each load
// in a stage that spreads chains of dependent loads over the stages.
func singleDotSchedule(numStages int, loads []streamLoad) *pipeliner.Schedule {
	s := pipeliner.NewSchedule(numStages)
	loadCluster := s.NewClusterAtBack()
	computeCluster := s.NewClusterAtBack()
	maxDist := 0
	for _, l := range loads {
		maxDist = max(maxDist, l.dist)
	}
	between := (numStages - 2 + maxDist) / (maxDist + 1)
	for _, l := range loads {
		if l.use.Name() != "tt.load" {
			s.Insert(l.use, numStages-1, computeCluster)
		}
	}
	for _, l := range loads {
		s.Insert(l.load, (maxDist-l.dist)*between, loadCluster)
	}
	return s
}

// chainedDotSchedule places the dots one stage apart, the loads of each a
// stage ahead of it, and splits the ops between the dots where a value
// has more than one user.
func chainedDotSchedule(loop *ir.Operation, numStages int, loads []streamLoad) *pipeliner.Schedule {
	s := pipeliner.NewSchedule(numStages)
	cl := make([]pipeliner.Cluster, clusterCount)
	for i := range cl {
		cl[i] = s.NewClusterAtBack()
	}
	dots := bodyOpsNamed(loop, "tt.dot")
	s.Insert(dots[0], stageDot1, cl[clusterDot1])
	s.Insert(dots[1], stageDot2, cl[clusterDot2])
	for _, l := range loads {
		switch l.use {
		case dots[0]:
			s.Insert(l.load, stageGlobalLoad1, cl[clusterGlobalLoad1])
		case dots[1]:
			s.Insert(l.load, stageGlobalLoad2, cl[clusterGlobalLoad2])
		}
	}
	dot0Slice := slices.ForwardOfValue(dots[0].Result(0), slices.Options{})
	for _, operand := range dots[1].Operands() {
		def := operand.DefiningOp()
		if def == nil || !dot0Slice.Contains(def) {
			continue
		}
		queue := []ir.Value{operand}
		for len(queue) > 0 {
			v := queue[len(queue)-1]
			queue = queue[:len(queue)-1]
			d := v.DefiningOp()
			if d == nil || !dot0Slice.Contains(d) || s.Has(d) {
				continue
			}
			if numUsers(d) > 1 {
				s.Insert(d, stageDot1, cl[clusterAfterDot2])
				s.InsertIfAbsent(def, stageDot2, cl[clusterAfterDot1])
				continue
			}
			queue = append(queue, d.Operands()...)
		}
	}
	yield := loop.Region(0).Front().Last()
	for _, v := range yield.Operands() {
		if d := v.DefiningOp(); d != nil && dot0Slice.Contains(d) {
			s.InsertIfAbsent(d, stageDot2, cl[clusterAfterDot1])
		}
	}
	return s
}

// numUsers counts the users of all of op's results.
func numUsers(op *ir.Operation) int {
	n := 0
	for _, r := range op.Results() {
		n += ir.NumUses(r)
	}
	return n
}
