package pipeliner

import (
	"math"

	"github.com/ttcompiler/tt/ir"
)

// A coarse schedule (Triton's CoarseSchedule) gives each op of a loop body
// a stage and a cluster. Stages say in which iteration, counted from the
// first stage, the op runs; clusters order the ops of the pipelined body
// (all ops of the earlier cluster come first, whatever their stage).

// cluster is one position in the schedule's ordered cluster list; its id
// is always its index in the list.
type cluster struct{ id int }

// clusterList is the ordered list of clusters.
type clusterList struct{ list []*cluster }

func (l *clusterList) renumber() {
	for i, c := range l.list {
		c.id = i
	}
}

// newAtBack appends a cluster.
func (l *clusterList) newAtBack() *cluster {
	c := &cluster{id: len(l.list)}
	l.list = append(l.list, c)
	return c
}

// newAtFront prepends a cluster.
func (l *clusterList) newAtFront() *cluster {
	c := &cluster{}
	l.list = append([]*cluster{c}, l.list...)
	l.renumber()
	return c
}

// newBefore inserts a cluster right before c.
func (l *clusterList) newBefore(c *cluster) *cluster {
	n := &cluster{}
	i := c.id
	l.list = append(l.list[:i], append([]*cluster{n}, l.list[i:]...)...)
	l.renumber()
	return n
}

// isBefore reports whether a comes strictly before b.
func (l *clusterList) isBefore(a, b *cluster) bool { return a != b && a.id < b.id }

// placement is an op's stage and cluster.
type placement struct {
	stage   int
	cluster *cluster
}

// schedule is a coarse schedule of one loop.
type schedule struct {
	numStages int
	clusters  clusterList
	ops       map[*ir.Operation]placement
}

func newSchedule(numStages int) *schedule {
	return &schedule{numStages: numStages, ops: map[*ir.Operation]placement{}}
}

func (s *schedule) empty() bool { return len(s.ops) == 0 }

// insert places op, growing the number of stages if needed.
func (s *schedule) insert(op *ir.Operation, stage int, c *cluster) {
	if stage >= s.numStages {
		s.numStages = stage + 1
	}
	s.ops[op] = placement{stage, c}
}

// insertIfAbsent places op unless it already has a place.
func (s *schedule) insertIfAbsent(op *ir.Operation, stage int, c *cluster) bool {
	if _, ok := s.ops[op]; ok {
		return false
	}
	s.insert(op, stage, c)
	return true
}

// insertMinimum places op, or moves it to an earlier stage or cluster.
func (s *schedule) insertMinimum(op *ir.Operation, stage int, c *cluster) bool {
	p, ok := s.ops[op]
	if !ok {
		s.insert(op, stage, c)
		return true
	}
	if stage < p.stage {
		s.ops[op] = placement{stage, c}
		return true
	}
	if stage > p.stage {
		return false
	}
	if s.clusters.isBefore(c, p.cluster) {
		s.ops[op] = placement{p.stage, c}
		return true
	}
	return false
}

// has reports whether op is scheduled.
func (s *schedule) has(op *ir.Operation) bool { _, ok := s.ops[op]; return ok }

// at returns op's placement (the zero placement if it has none).
func (s *schedule) at(op *ir.Operation) placement { return s.ops[op] }

// erase removes op from the schedule.
func (s *schedule) erase(op *ir.Operation) { delete(s.ops, op) }

// insertDepsOfOp places the producers of op's operands that live in op's
// block at (stage, cluster), recursively; includeArg follows iter args to
// the yielded values, insertIfEarlier moves already placed producers to
// the given place when it is earlier.
func (s *schedule) insertDepsOfOp(op *ir.Operation, stage int, c *cluster, includeArg, insertIfEarlier bool) bool {
	try := func(o *ir.Operation) bool {
		if insertIfEarlier {
			return s.insertMinimum(o, stage, c)
		}
		return s.insertIfAbsent(o, stage, c)
	}
	inserted := false
	for _, v := range nestedOperands(op) {
		seen := map[ir.Value]bool{}
		for includeArg {
			arg, ok := v.(*ir.BlockArgument)
			if !ok || seen[v] {
				break
			}
			seen[v] = true
			if arg.Index() > 0 && arg.Owner() == op.Block() && isForBody(op.Block()) {
				v = op.Block().Last().Operand(arg.Index() - 1)
				continue
			}
			break
		}
		if def := v.DefiningOp(); def != nil && def.Block() == op.Block() {
			if try(def) {
				inserted = true
				s.insertDepsOfOp(def, stage, c, includeArg, insertIfEarlier)
			}
		}
	}
	return inserted
}

// isForBody reports whether b is the body of an scf.for, whose arguments
// after the induction variable are the iter args its yield feeds: the
// only block whose arguments insertDepsOfOp may follow (a function's
// arguments, say, are not iter args).
func isForBody(b *ir.Block) bool {
	p := b.ParentOp()
	return p != nil && p.Name() == "scf.for"
}

// shrinkToFit renumbers stages from zero.
func (s *schedule) shrinkToFit() {
	lo, hi := math.MaxInt, math.MinInt
	for _, p := range s.ops {
		lo, hi = min(lo, p.stage), max(hi, p.stage)
	}
	for op, p := range s.ops {
		s.ops[op] = placement{p.stage - lo, p.cluster}
	}
	s.numStages = hi - lo + 1
}

// splitClusterBefore moves the ops of op's cluster that come before op in
// the body into a new cluster right before it, and returns op's cluster.
func (s *schedule) splitClusterBefore(op, loop *ir.Operation) *cluster {
	c := s.ops[op].cluster
	var nc *cluster
	for _, o := range bodyOps(loop) {
		if o == op {
			break
		}
		if p, ok := s.ops[o]; ok && p.cluster == c {
			if nc == nil {
				nc = s.clusters.newBefore(c)
			}
			s.ops[o] = placement{p.stage, nc}
		}
	}
	return c
}

// isOpBefore reports whether a comes before b in the pipelined body.
func (s *schedule) isOpBefore(a, b *ir.Operation) bool {
	pa, pb := s.ops[a], s.ops[b]
	if pa.stage != pb.stage {
		return pa.stage < pb.stage
	}
	if pa.cluster != pb.cluster {
		return s.clusters.isBefore(pa.cluster, pb.cluster)
	}
	return a.IsBeforeInBlock(b)
}

// isOpInEarlierCluster reports whether a's cluster comes before b's.
func (s *schedule) isOpInEarlierCluster(a, b *ir.Operation) bool {
	return s.clusters.isBefore(s.ops[a].cluster, s.ops[b].cluster)
}

// isOpInSameCluster reports whether a and b share a cluster.
func (s *schedule) isOpInSameCluster(a, b *ir.Operation) bool {
	return s.ops[a].cluster == s.ops[b].cluster
}

// scheduledOp is a body op with its placement.
type scheduledOp struct {
	op *ir.Operation
	placement
}

// opsInOrder lists the scheduled body ops by cluster, and by body order
// within a cluster.
func (s *schedule) opsInOrder(loop *ir.Operation) []scheduledOp {
	byCluster := make([][]scheduledOp, len(s.clusters.list))
	for _, op := range bodyOps(loop) {
		p, ok := s.ops[op]
		if !ok || p.cluster == nil || p.cluster.id >= len(byCluster) {
			continue
		}
		byCluster[p.cluster.id] = append(byCluster[p.cluster.id], scheduledOp{op, p})
	}
	var out []scheduledOp
	for _, ops := range byCluster {
		out = append(out, ops...)
	}
	return out
}

// serialize writes the schedule on the loop body and the loop.
func (s *schedule) serialize(loop *ir.Operation) {
	for _, so := range s.opsInOrder(loop) {
		setI32(so.op, attrStage, so.stage)
		setI32(so.op, attrCluster, so.cluster.id)
	}
	maxStage := s.numStages - 1
	if m, ok := intAttr(loop, attrScheduledMaxStage); ok && m > maxStage {
		maxStage = m
	}
	setI32(loop, attrScheduledMaxStage, maxStage)
}

// deserialize reads the schedule written on the loop; it returns nil when
// the loop has none, and an error when the schedule is out of range.
// Cluster ids are renumbered from the smallest.
func deserialize(loop *ir.Operation) (*schedule, error) {
	maxStage, ok := intAttr(loop, attrScheduledMaxStage)
	if !ok {
		return nil, nil
	}
	if maxStage < 0 || maxStage >= maxStages {
		return nil, ir.OpErrorf(loop, "tt.scheduled_max_stage = %d is out of range [0, %d)", maxStage, maxStages)
	}
	for _, op := range bodyOps(loop) {
		// Stages beyond tt.scheduled_max_stage extend the schedule.
		if st, ok := intAttr(op, attrStage); ok && (st < 0 || st >= maxStages) {
			return nil, ir.OpErrorf(op, "loop.stage = %d is out of range [0, %d)", st, maxStages)
		}
		if c, ok := intAttr(op, attrCluster); ok && (c < 0 || c >= 1<<16) {
			return nil, ir.OpErrorf(op, "loop.cluster = %d is out of range [0, %d)", c, 1<<16)
		}
	}
	s := newSchedule(maxStage + 1)
	lo, hi := -1, -1
	for _, op := range bodyOps(loop) {
		_, hasStage := intAttr(op, attrStage)
		c, hasCluster := intAttr(op, attrCluster)
		if !hasStage || !hasCluster {
			continue
		}
		if hi < 0 {
			lo, hi = c, c
			continue
		}
		lo, hi = min(lo, c), max(hi, c)
	}
	byID := map[int]*cluster{}
	for i := lo; i <= hi; i++ {
		byID[i] = s.clusters.newAtBack()
	}
	for _, op := range bodyOps(loop) {
		stage, ok := intAttr(op, attrStage)
		if !ok {
			continue
		}
		c, _ := intAttr(op, attrCluster)
		cl := byID[c]
		if cl == nil {
			// A stage without a (known) cluster: give it one so that
			// the op is not lost from the schedule.
			cl = s.clusters.newAtBack()
			byID[c] = cl
		}
		s.insert(op, stage, cl)
	}
	return s, nil
}

// scheduleDependencies places the producers of scheduled ops with them,
// stage by stage (moving already placed producers earlier when needed).
func (s *schedule) scheduleDependencies(loop *ir.Operation) {
	inOrder := s.opsInOrder(loop)
	for stage := 0; stage < s.numStages; stage++ {
		for _, so := range inOrder {
			if so.stage == stage {
				s.insertDepsOfOp(so.op, stage, so.cluster, false, true)
			}
		}
	}
}
