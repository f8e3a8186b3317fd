package pipeliner

import (
	"flag"

	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/passmgr"
)

func init() {
	passmgr.Default.Register(&passmgr.Pass{
		Name:        "tritongpu-schedule-loops",
		DisplayName: "TritonGPUScheduleLoops",
		Summary:     "software pipeline loop scheduling",
		Anchor:      "builtin.module",
		Build: func(*flag.FlagSet) passmgr.RunFunc {
			return func(op *ir.Operation, st *passmgr.State) error {
				if err := ScheduleLoops(op); err != nil {
					return err
				}
				// Only the schedule's attributes changed (axis.go).
				st.PreserveAll()
				return nil
			}
		},
	})
}

// ScheduleLoops turns the latencies on the ops of module's loops into a
// coarse schedule written on the loop bodies (loop.stage, loop.cluster,
// tt.scheduled_max_stage), consuming the tt.latency attributes (Triton's
// TritonGPUScheduleLoops).
func ScheduleLoops(module *ir.Operation) error {
	lat, err := deserializeLatencies(module)
	if err != nil {
		return err
	}
	for _, loop := range loopsPostOrder(module) {
		if err := scheduleLoop(loop, lat); err != nil {
			return err
		}
	}
	return nil
}

// hasGPUBarriers reports whether the loop contains a gpu.barrier.
func hasGPUBarriers(loop *ir.Operation) bool {
	return ir.Walk(loop, ir.PreOrder, func(op *ir.Operation) ir.WalkResult {
		if op.Name() == "gpu.barrier" {
			return ir.Interrupt
		}
		return ir.Advance
	})
}

// safeToPipeline reports whether the expander can handle the loop.
func safeToPipeline(loop *ir.Operation) bool {
	return !loopHasDistGreaterThanOne(loop) && !isOuterLoop(loop) && !hasGPUBarriers(loop)
}

// scheduleLoop schedules one loop: the ops with latencies first, then the
// conditionals at the ends of the body, the producers of scheduled ops,
// the values carried to the next iteration, and the rest in the last
// stage.
func scheduleLoop(loop *ir.Operation, lat map[*ir.Operation]int) error {
	s := initialSchedule(loop, lat)
	if s.empty() {
		return nil
	}
	if s.numStages > maxStages {
		return ir.OpErrorf(loop, "the latencies of this loop need %d stages: software pipelining supports at most %d", s.numStages, maxStages)
	}
	afterPrologue := schedulePrologueAndEpilogue(loop, s)
	s.scheduleDependencies(loop)
	scheduleDistanceOneDependencies(loop, s)
	scheduleRemainingToLastStage(loop, s, afterPrologue)
	s.serialize(loop)
	return nil
}

// initialSchedule places the ops with latencies (or keeps the schedule a
// warp-specialized loop was partitioned with).
func initialSchedule(loop *ir.Operation, lat map[*ir.Operation]int) *schedule {
	if !safeToPipeline(loop) {
		return newSchedule(0)
	}
	for _, op := range bodyOps(loop) {
		if _, ok := lat[op]; ok {
			return scheduleKeyOps(loop, lat)
		}
	}
	if !loop.HasAttr(attrWarpSpecialize) {
		return newSchedule(0)
	}
	s, err := deserialize(loop)
	if s == nil || err != nil {
		// An out-of-range schedule is reported when the loop is lowered.
		return newSchedule(0)
	}
	// A loop partitioned out of a warp-specialized loop may see only part
	// of the original stages: keep the schedule only if its latency ops
	// are in different stages.
	stages := map[int]bool{}
	for _, op := range bodyOps(loop) {
		if _, l := lat[op]; (l || isLatencyOp(op)) && s.has(op) {
			stages[s.at(op).stage] = true
		}
	}
	if len(stages) <= 1 {
		n := newSchedule(1)
		c := n.clusters.newAtFront()
		for _, op := range bodyOps(loop) {
			n.insert(op, 0, c)
		}
		return n
	}
	s.shrinkToFit()
	return s
}

// isLatencyOp reports whether op is an asynchronous memory op or MMA,
// whose stage decides how a partitioned loop is pipelined.
func isLatencyOp(op *ir.Operation) bool {
	switch op.Name() {
	case "tt.load", "tt.descriptor_load", "tt.descriptor_gather", "ttg.local_store", "ttg.local_load",
		"ttng.tmem_load", "ttng.tmem_store", "ttg.async_copy_global_to_local", "ttng.async_tma_copy_global_to_local",
		"ttng.async_tma_gather", "ttng.wait_barrier", "ttng.arrive_barrier":
		return true
	}
	return isMMAv5(op)
}

// scheduleKeyOps gives every op downstream of a latency op the stage
// (max distance - its distance to the end of the iteration), where an
// op's distance is the largest sum of latencies on a def-use path from it.
func scheduleKeyOps(loop *ir.Operation, lat map[*ir.Operation]int) *schedule {
	term := yieldOp(loop)
	var latOps []*ir.Operation
	for _, op := range bodyOps(loop) {
		if _, ok := lat[op]; ok {
			latOps = append(latOps, op)
		}
	}
	if len(latOps) == 0 {
		return newSchedule(0)
	}
	distance := map[*ir.Operation]int{}
	var distOrder []*ir.Operation
	var compute func(op *ir.Operation) int
	compute = func(op *ir.Operation) int {
		if d, ok := distance[op]; ok {
			return d
		}
		maxDist := -1
		for _, r := range op.Results() {
			for _, u := range ir.Users(r) {
				in := body(loop).FindAncestorOp(u)
				if in == nil || in == term {
					continue
				}
				maxDist = max(maxDist, compute(in))
			}
		}
		d := lat[op] + max(maxDist, 0)
		distance[op] = d
		distOrder = append(distOrder, op)
		return d
	}
	maxDistance := 0
	for _, op := range latOps {
		maxDistance = max(maxDistance, compute(op))
	}
	stageOf := map[*ir.Operation]int{}
	var stageOrder []*ir.Operation
	maxStage := 0
	for _, op := range distOrder {
		if d := distance[op]; d >= 0 {
			stageOf[op] = maxDistance - d
			stageOrder = append(stageOrder, op)
			maxStage = max(maxStage, stageOf[op])
		}
	}
	s := newSchedule(maxStage + 1)
	clusters := make([]*cluster, maxStage+1)
	for i := range clusters {
		clusters[i] = s.clusters.newAtBack()
	}
	// Higher stages get earlier clusters, which keeps the body roughly in
	// reverse program order.
	for _, op := range stageOrder {
		s.insert(op, stageOf[op], clusters[maxStage-stageOf[op]])
	}
	// Conditionals in the forward slice of the latency ops go to an
	// epilogue cluster at the end of the body, unless something already
	// scheduled depends on them.
	epilogue := s.clusters.newAtBack()
	for _, op := range stageOrder {
		if op.Name() != "scf.if" {
			continue
		}
		if _, ok := lat[op]; ok {
			continue
		}
		conflict := false
		for _, x := range forwardSlice(op).list {
			if _, ok := stageOf[x]; ok {
				conflict = true
				break
			}
		}
		if !conflict {
			s.insert(op, stageOf[op], epilogue)
		}
	}
	return s
}

// schedulePrologueAndEpilogue puts the conditionals the scheduled ops
// depend on in a new first cluster (at the stage of their first user), and
// the other conditionals of the body in a new last cluster of the last
// stage. It returns the cluster following the prologue.
func schedulePrologueAndEpilogue(loop *ir.Operation, s *schedule) *cluster {
	afterPrologue := s.clusters.list[0]
	ifStage := map[*ir.Operation]int{}
	var ifOrder []*ir.Operation
	inOrder := s.opsInOrder(loop)
	for stage := 0; stage < s.numStages; stage++ {
		for _, so := range inOrder {
			if so.stage != stage {
				continue
			}
			for _, op := range backwardSlice(so.op, backwardSliceOptions{omitBlockArguments: true}).list {
				if op.Name() != "scf.if" {
					continue
				}
				if _, ok := ifStage[op]; !ok {
					ifStage[op] = stage
					ifOrder = append(ifOrder, op)
				}
			}
		}
	}
	if len(ifOrder) > 0 {
		prologue := s.clusters.newAtFront()
		for _, op := range ifOrder {
			s.insertIfAbsent(op, ifStage[op], prologue)
		}
	}
	epilogue := s.clusters.newAtBack()
	for _, op := range bodyOps(loop) {
		if op.Name() != "scf.if" {
			continue
		}
		if _, ok := ifStage[op]; !ok {
			s.insertIfAbsent(op, s.numStages-1, epilogue)
		}
	}
	return afterPrologue
}

// scheduleDistanceOneDependencies places the producers of values carried
// to the next iteration one stage after their user, in a cluster before
// it (loads go with their user).
func scheduleDistanceOneDependencies(loop *ir.Operation, s *schedule) {
	numStages := s.numStages
	dist1 := map[*cluster]*cluster{}
	for _, op := range bodyOps(loop) {
		p, ok := s.ops[op]
		if !ok || p.stage == numStages-1 {
			continue
		}
		for _, v := range nestedOperands(op) {
			arg, ok := v.(*ir.BlockArgument)
			if !ok || arg.Index() == 0 || arg.Owner() != op.Block() {
				continue
			}
			def := op.Block().Last().Operand(arg.Index() - 1).DefiningOp()
			if def == nil || def.Block() != op.Block() || s.has(def) {
				// A value yielded from outside the body is the same every
				// iteration: nothing of the loop to schedule.
				continue
			}
			if def.Name() == "tt.load" {
				s.insertIfAbsent(def, p.stage, p.cluster)
				s.insertDepsOfOp(def, p.stage, p.cluster, true, true)
				continue
			}
			c, ok := dist1[p.cluster]
			if !ok {
				c = s.clusters.newBefore(p.cluster)
				dist1[p.cluster] = c
			}
			s.insertIfAbsent(def, p.stage+1, c)
			s.insertDepsOfOp(def, p.stage+1, c, true, true)
		}
	}
}

// scheduleRemainingToLastStage puts the unscheduled ops in the last stage,
// in the cluster after the prologue or, for users of last-stage ops, in
// their producer's cluster if that comes later.
func scheduleRemainingToLastStage(loop *ir.Operation, s *schedule, afterPrologue *cluster) {
	numStages := s.numStages
	opCluster := map[*ir.Operation]*cluster{}
	var pending []*ir.Operation
	for _, op := range bodyOps(loop) {
		if !s.has(op) {
			opCluster[op] = afterPrologue
			pending = append(pending, op)
		}
	}
	var queue []*ir.Operation
	for _, so := range s.opsInOrder(loop) {
		if so.stage == numStages-1 {
			queue = append(queue, so.op)
		}
	}
	for len(queue) > 0 {
		op := queue[len(queue)-1]
		queue = queue[:len(queue)-1]
		for _, r := range op.Results() {
			for _, user := range ir.Users(r) {
				uc, ok := opCluster[user]
				if !ok {
					continue
				}
				oc := opCluster[op]
				if p, ok := s.ops[op]; ok {
					oc = p.cluster
				}
				if uc.id < oc.id {
					opCluster[user] = oc
					queue = append(queue, user)
				}
			}
		}
	}
	for _, op := range pending {
		s.insert(op, numStages-1, opCluster[op])
	}
}
