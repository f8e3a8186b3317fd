package pipeliner

import (
	"github.com/ttcompiler/tt/analysis/axisinfo"
	"github.com/ttcompiler/tt/ir"
)

// The pieces of the pipeliner other pipeliners build on (the AMD stream
// pipeliner of transforms/amd, as Triton's AMD backend builds on its
// shared Pipeliner library): coarse schedules, the expander, masks, load
// selection and the buffer helpers.

// Schedule is a coarse schedule of one loop (Triton's CoarseSchedule).
type Schedule struct{ s *schedule }

// Cluster is a position in a schedule's cluster order.
type Cluster struct{ c *cluster }

// NewSchedule returns an empty schedule of numStages stages.
func NewSchedule(numStages int) *Schedule { return &Schedule{newSchedule(numStages)} }

// DeserializeSchedule reads the schedule written on loop (nil if there is
// none). With normalize, cluster ids are renumbered from the smallest;
// without, clusters 0..max id keep their ids.
func DeserializeSchedule(loop *ir.Operation, normalize bool) (*Schedule, error) {
	s, err := deserialize(loop)
	if err != nil || s == nil {
		return nil, err
	}
	if !normalize {
		lo := -1
		for _, op := range bodyOps(loop) {
			if c, ok := intAttr(op, attrCluster); ok && (lo < 0 || c < lo) {
				lo = c
			}
		}
		// Keep the ids: clusters below the smallest used one come first.
		for i := 0; i < lo; i++ {
			s.clusters.newAtFront()
		}
	}
	return &Schedule{s}, nil
}

// NumStages is the number of stages.
func (s *Schedule) NumStages() int { return s.s.numStages }

// Empty reports whether no op is scheduled.
func (s *Schedule) Empty() bool { return s.s.empty() }

// Insert places op at (stage, c).
func (s *Schedule) Insert(op *ir.Operation, stage int, c Cluster) { s.s.insert(op, stage, c.c) }

// InsertIfAbsent places op unless it has a place.
func (s *Schedule) InsertIfAbsent(op *ir.Operation, stage int, c Cluster) bool {
	return s.s.insertIfAbsent(op, stage, c.c)
}

// Has reports whether op is scheduled.
func (s *Schedule) Has(op *ir.Operation) bool { return s.s.has(op) }

// At is op's stage and cluster.
func (s *Schedule) At(op *ir.Operation) (int, Cluster) {
	p := s.s.at(op)
	return p.stage, Cluster{p.cluster}
}

// Erase unschedules op.
func (s *Schedule) Erase(op *ir.Operation) { s.s.erase(op) }

// NewClusterAtBack appends a cluster.
func (s *Schedule) NewClusterAtBack() Cluster { return Cluster{s.s.clusters.newAtBack()} }

// Clusters lists the clusters in order.
func (s *Schedule) Clusters() []Cluster {
	out := make([]Cluster, len(s.s.clusters.list))
	for i, c := range s.s.clusters.list {
		out[i] = Cluster{c}
	}
	return out
}

// ResetClusters drops every cluster (the ops keep their old ones until
// they are placed again).
func (s *Schedule) ResetClusters() { s.s.clusters = clusterList{} }

// ID is the cluster's position.
func (c Cluster) ID() int {
	if c.c == nil {
		return -1
	}
	return c.c.id
}

// OpsInOrder lists the scheduled body ops of loop, by cluster and then
// body order, with their stages (Triton's createFinalSchedule).
func (s *Schedule) OpsInOrder(loop *ir.Operation) []*ir.Operation {
	var out []*ir.Operation
	for _, so := range s.s.opsInOrder(loop) {
		out = append(out, so.op)
	}
	return out
}

// Placement is an op's stage and cluster.
type Placement struct {
	Stage   int
	Cluster Cluster
}

// Placements is every scheduled op with its place.
func (s *Schedule) Placements() map[*ir.Operation]Placement {
	out := map[*ir.Operation]Placement{}
	for op, p := range s.s.ops {
		out[op] = Placement{p.stage, Cluster{p.cluster}}
	}
	return out
}

// Serialize writes the schedule on loop.
func (s *Schedule) Serialize(loop *ir.Operation) { s.s.serialize(loop) }

// ScheduleDependencies places the producers of scheduled ops with them.
func (s *Schedule) ScheduleDependencies(loop *ir.Operation) { s.s.scheduleDependencies(loop) }

// ScheduleDistanceOneDependencies places the producers of loop-carried
// values one stage after their users.
func (s *Schedule) ScheduleDistanceOneDependencies(loop *ir.Operation) {
	scheduleDistanceOneDependencies(loop, s.s)
}

// ScheduleRemainingToLastStage puts the other ops in the last stage.
func (s *Schedule) ScheduleRemainingToLastStage(loop *ir.Operation, c Cluster) {
	scheduleRemainingToLastStage(loop, s.s, c.c)
}

// ExpandOptions configure ExpandLoop.
type ExpandOptions struct {
	// Predicate makes op (already inserted) run only when pred holds and
	// returns what replaces it; nil wraps it in a ttg.mask.
	Predicate func(op *ir.Operation, pred ir.Value) *ir.Operation
	// PeelEpilogue runs the last iterations' remaining stages after the
	// kernel loop instead of predicating the kernel.
	PeelEpilogue bool
	// Annotate sees every op the expansion creates.
	Annotate func(op *ir.Operation, part PipelinerPart, iteration int)
}

// ExpandLoop expands loop by the schedule s into prologue, kernel (and
// epilogue); it returns the kernel loop, or nil when the loop is left as
// it is. emit receives the expander's diagnostics.
func ExpandLoop(loop *ir.Operation, s *Schedule, o ExpandOptions, emit func(*ir.Diagnostic)) *ir.Operation {
	var sched []stagedOp
	for _, so := range s.s.opsInOrder(loop) {
		sched = append(sched, stagedOp{so.op, so.stage})
	}
	opts := expanderOptions{predicate: o.Predicate, peelEpilogue: o.PeelEpilogue, annotate: o.Annotate}
	if opts.predicate == nil {
		opts.predicate = wrapInMask
	}
	return pipelineLoop(loop, sched, opts, emitter(emit))
}

// WrapInMask moves op into a ttg.mask region guarded by pred.
func WrapInMask(op *ir.Operation, pred ir.Value) *ir.Operation { return wrapInMask(op, pred) }

// ResolveMasks replaces the ttg.mask regions of module by predicated ops.
func ResolveMasks(module *ir.Operation) error { return resolveMasks(module) }

// LoadLevel is a load to pipeline, its indirection level and final user.
type LoadLevel struct {
	Load      *ir.Operation
	Level     int
	FinalUser *ir.Operation
}

// LoadsToIndirectionLevel lists the loads of loop worth pipelining
// (Triton's loadOpsToIndirectionLevel).
func LoadsToIndirectionLevel(loop *ir.Operation, pipelineWithoutDot bool, ai *axisinfo.Module, numStages int, filterSmall bool) []LoadLevel {
	var out []LoadLevel
	for _, l := range loadsToIndirectionLevel(loop, pipelineWithoutDot, ai, numStages, filterSmall) {
		out = append(out, LoadLevel{l.op, l.level, l.finalUser})
	}
	return out
}

// CanBeConvertedToAsyncLoad reports a tt.load moving at least 32
// contiguous bits per thread.
func CanBeConvertedToAsyncLoad(load *ir.Operation, ai *axisinfo.Module) bool {
	return canBeConvertedToAsyncLoad(load, ai)
}

// SafeToPipeline reports whether the expander can handle loop.
func SafeToPipeline(loop *ir.Operation) bool { return safeToPipeline(loop) }

// NumStagesOrDefault is the loop's tt.num_stages, or def.
func NumStagesOrDefault(loop *ir.Operation, def int) int { return numStagesOrDefault(loop, def) }

// AllocBuffers allocates depth slots of shape before at, freed after it.
func AllocBuffers(at *ir.Operation, shape []int64, elem ir.Type, enc ir.Attribute, depth int, loc ir.Location) ir.Value {
	return allocBuffers(at, shape, elem, enc, depth, loc)
}

// BufferView is slot idx of a multi-buffered allocation.
func BufferView(b *ir.Builder, alloc, idx ir.Value) ir.Value { return bufferView(b, alloc, idx) }

// ReplaceUsesWithLocalLoad makes the users of old read it from buf
// (after token, if set); it returns the local_load it made, or nil.
func ReplaceUsesWithLocalLoad(b *ir.Builder, old, buf, token ir.Value) *ir.Operation {
	return replaceUsesWithLocalLoad(b, old, buf, token)
}

// AddIterArgs rebuilds loop carrying extra values too; the caller extends
// the yield with AppendYield.
func AddIterArgs(loop *ir.Operation, extra []ir.Value) *ir.Operation {
	return replaceLoopWithNewSignature(loop, extra)
}

// AppendYield adds values to the loop's yield.
func AppendYield(loop *ir.Operation, vals ...ir.Value) { appendYield(loop, vals...) }

// CombineRedundantWaits merges runs of async waits.
func CombineRedundantWaits(waits []*ir.Operation) { combineRedundantWaits(waits) }

// RemovePipeliningAttributes drops the schedule attributes under root.
func RemovePipeliningAttributes(root *ir.Operation) { removePipeliningAttributes(root) }

// CopyLoadAttrs gives an async copy the cache, eviction and volatility of
// the load it replaces, and its contiguity.
func CopyLoadAttrs(cp, load *ir.Operation, contiguity int) { copyLoadAttrs(cp, load, contiguity) }
