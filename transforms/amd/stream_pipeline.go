package amd

import (
	"flag"
	"fmt"
	"slices"

	"github.com/ttcompiler/tt/analysis/axisinfo"
	"github.com/ttcompiler/tt/dialects/amdgpu"
	"github.com/ttcompiler/tt/dialects/arith"
	"github.com/ttcompiler/tt/dialects/scf"
	"github.com/ttcompiler/tt/dialects/tt"
	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/passmgr"
	"github.com/ttcompiler/tt/transforms/pipeliner"
)

func init() {
	passmgr.Default.Register(&passmgr.Pass{
		Name:        "tritonamdgpu-pipeline",
		DisplayName: "TritonAMDGPUPipeline",
		Summary:     "pipeline",
		Anchor:      "builtin.module",
		Build: func(fs *flag.FlagSet) passmgr.RunFunc {
			var o StreamOptions
			fs.BoolVar(&o.UseAsyncCopy, "use_async_copy", false, "Use AsyncCopyGlobalToLocal to directly load to shared memory")
			fs.BoolVar(&o.UsePingpong, "use_pingpong", false, "Use schedules to enable block ping-pong")
			return func(op *ir.Operation, st *passmgr.State) error { return StreamPipeline(op, o, st.Emit) }
		},
	})
}

// StreamOptions are tritonamdgpu-pipeline's options.
type StreamOptions struct {
	// UseAsyncCopy loads pipelined tiles straight into LDS
	// (ttg.async_copy_global_to_local) instead of through registers.
	UseAsyncCopy bool
	// UsePingpong shapes the schedule for block ping-pong.
	UsePingpong bool
}

// StreamPipeline is Triton 3.6's tritonamdgpu-pipeline, the AMD stream
// pipeliner's second step, on the loops tritonamdgpu-schedule-loops
// scheduled. Lowering: each pipelined load whose users all read it as a
// dot operand gets an LDS buffer of one slot per stage it is kept
// (swizzled as the dot wants it), indexed by a counter carried by the
// loop; the load stays a register load stored to its slot
// (tt.load + ttg.local_store, the "stream" copy) or becomes an async copy
// with commit and wait, and its users read the slot (ttg.local_load).
// The ops get stages and clusters that overlap the next iterations'
// global loads and LDS stores with this iteration's LDS reads and dots.
// Expansion: the expander builds prologue, kernel and a peeled epilogue;
// in the epilogue a dot runs under an scf.if on the iteration existing
// (keeping its accumulator otherwise) and other ops are masked; the
// prologue's global loads are marked for reorder-instructions.
func StreamPipeline(module *ir.Operation, o StreamOptions, emit func(*ir.Diagnostic)) error {
	ai := axisinfo.Analyze(module, axisinfo.AMDVisitor)
	isa := amdgpu.ISAUnknown
	if arch, ok := amdgpu.ArchOfTarget(ttg.Target(module)); ok {
		isa = amdgpu.DeduceISAFamily(arch)
	}
	for _, loop := range opsNamed(module, "scf.for") {
		if err := lowerStreamLoop(loop, ai, isa, o); err != nil {
			return err
		}
	}
	for _, loop := range opsNamed(module, "scf.for") {
		s, err := pipeliner.DeserializeSchedule(loop, true)
		if err != nil {
			return err
		}
		if s == nil {
			continue
		}
		pipeliner.ExpandLoop(loop, s, pipeliner.ExpandOptions{
			Predicate:    streamPredication,
			PeelEpilogue: true,
			Annotate:     annotatePrologueLoads,
		}, emit)
	}
	if err := pipeliner.ResolveMasks(module); err != nil {
		return err
	}
	if o.UseAsyncCopy {
		pipeliner.CombineRedundantWaits(opsNamed(module, "ttg.async_wait"))
	}
	pipeliner.RemovePipeliningAttributes(module)
	return nil
}

// streamPredication runs a dot of the epilogue under an scf.if (its
// accumulator passed through otherwise), so that the backend can drop the
// select the peeled stage would need; other ops are masked.
func streamPredication(op *ir.Operation, pred ir.Value) *ir.Operation {
	if !isDotLike(op) {
		return pipeliner.WrapInMask(op, pred)
	}
	b := ir.NewBuilder(op.Context())
	b.SetInsertionPoint(op)
	t := op.Result(0).Type()
	acc := op.Operand(2)
	res := op.Result(0)
	ifOp := scf.NewIf(b, op.Loc(), pred, []ir.Type{t},
		func(*ir.Builder) []ir.Value { return []ir.Value{res} },
		func(*ir.Builder) []ir.Value { return []ir.Value{acc} })
	thenYield := ifOp.Region(0).Front().Terminator()
	thenYield.SetOperand(0, ifOp.Result(0))
	ir.ReplaceAllUsesWith(res, ifOp.Result(0))
	thenYield.SetOperand(0, res)
	op.MoveBefore(thenYield)
	return ifOp
}

// annotatePrologueLoads marks the prologue's global loads (masked or not)
// so that reorder-instructions moves them up.
func annotatePrologueLoads(op *ir.Operation, part pipeliner.PipelinerPart, _ int) {
	if part != pipeliner.Prologue {
		return
	}
	mark := func(l *ir.Operation) {
		l.SetAttr("amd.pipeliner_part", ir.StringAttrOf(l.Context(), "prologue"))
	}
	if op.Name() == "tt.load" {
		mark(op)
		return
	}
	if op.Name() == "ttg.mask" {
		for _, inner := range op.Region(0).Front().Ops() {
			if inner.Name() == "tt.load" {
				mark(inner)
				return
			}
		}
	}
}

// Single-dot schedule kinds, each with its stage and cluster.
const (
	schedGlobalLoad = iota
	schedLocalStore
	schedLocalLoad
	schedCompute
	schedAsyncWait
	schedSize
)

// streamInfo is a pipelined load with the LDS layout its users want (nil:
// the load stays in registers) and its distance to the final use.
type streamInfo struct {
	load   *ir.Operation
	shared ir.Attribute
	dist   int
	use    *ir.Operation
}

// streamCopy is what a pipelined load became.
type streamCopy struct {
	// stream copy: the load (a clone), the slot view and the LDS store.
	load, view, store *ir.Operation
	// async copy: copy, commit group and wait.
	copy, commit, wait *ir.Operation
	localLoad          *ir.Operation
}

func lowerStreamLoop(loop *ir.Operation, ai *axisinfo.Module, isa amdgpu.ISAFamily, o StreamOptions) error {
	s, err := pipeliner.DeserializeSchedule(loop, false)
	if err != nil || s == nil {
		return err
	}
	numStages := s.NumStages()
	waitAtTail := o.UsePingpong && numStages == 3 && o.UseAsyncCopy
	var infos []streamInfo
	for _, l := range streamLoads(loop, numStages, ai, isa) {
		infos = append(infos, streamInfo{l.load, sharedEncForDotUsers(l.load, ai, isa, o.UseAsyncCopy), l.dist, l.use})
	}
	var loads []streamLoad
	for _, in := range infos {
		loads = append(loads, streamLoad{in.load, in.dist, in.use})
	}
	if chainedDots(loop, numStages, loads) {
		loop = lowerChainedDots(loop, s, infos, ai, isa, o.UseAsyncCopy)
	} else {
		loop = lowerSingleDot(loop, s, infos, ai, isa, numStages, o.UseAsyncCopy, waitAtTail)
	}
	if loop != nil {
		s.Serialize(loop)
	}
	return nil
}

// sharedEncForDotUsers is the LDS layout for a load whose every user
// reads it as a dot operand (through a conversion or a local_load), or
// stores it to LDS in a layout that is itself only read that way; swizzled
// layouts of users that differ only in their vector width merge into the
// widest. nil when some user reads the value otherwise.
func sharedEncForDotUsers(load *ir.Operation, ai *axisinfo.Module, isa amdgpu.ISAFamily, useAsyncCopy bool) ir.Attribute {
	v := load.Result(0)
	var encs []ir.Attribute
	for _, user := range ir.Users(v) {
		if user.NumResults() != 1 {
			return nil
		}
		res := user.Result(0)
		if mt, ok := res.Type().(*ttg.MemDescType); ok {
			if user.Name() != "ttg.local_alloc" && sharedEncForDotUsers(user, ai, isa, useAsyncCopy) == nil {
				return nil
			}
			encs = append(encs, mt.Encoding)
			continue
		}
		if user.Name() != "ttg.convert_layout" && !ir.Is[ttg.LocalLoadLike](user) {
			return nil
		}
		srcT, ok := v.Type().(*ir.RankedTensorType)
		if !ok {
			return nil
		}
		order := ttg.OrderForMemory(srcT.Encoding, srcT.Dims)
		if len(order) == 3 {
			// The batch dim becomes the slowest.
			var o []int
			for _, d := range order {
				if d != 0 {
					o = append(o, d)
				}
			}
			order = append(o, 0)
		}
		switch enc := encodingOf(res).(type) {
		case *ttg.DotOperandEncoding:
			encs = append(encs, ttg.SwizzledForDotOperand(load.Context(), enc, srcT.Dims, order, cgaOf(srcT), ir.BitWidth(srcT.Elem), false))
		case *ttg.LinearEncoding:
			// A linear layout (scaled-dot operands, or one transposed on
			// the way) takes the layout of the MFMA dot it reaches, with
			// the vector width of the dot's operand. Triton passes the
			// load's own order here, not the batch-last one.
			if mfma, opIdx, vec := mfmaUserOf(res); mfma != nil {
				memOrder := ttg.OrderForMemory(srcT.Encoding, srcT.Dims)
				encs = append(encs, ttg.MfmaSharedForOperand(load.Context(), mfma, cgaOf(srcT), opIdx, srcT.Dims, memOrder, vec, ir.BitWidth(srcT.Elem), false))
			}
		}
	}
	if len(encs) == 0 || encs[0] == nil {
		return nil
	}
	best := encs[0]
	for _, e := range encs[1:] {
		a, ok1 := e.(*ttg.SwizzledSharedEncoding)
		b, ok2 := best.(*ttg.SwizzledSharedEncoding)
		if !ok1 || !ok2 || a.PerPhase != b.PerPhase || a.MaxPhase != b.MaxPhase || !slices.Equal(a.Order, b.Order) || fmt.Sprint(a.CGALayout) != fmt.Sprint(b.CGALayout) {
			return nil
		}
		if a.Vec > b.Vec {
			best = e
		}
	}
	return best
}

// mfmaUserOf follows v through single-use, single-result ops of its block
// to a dot-like op and returns the dot's MFMA layout, the operand index v
// reaches it at and the operand's contiguous elements per thread; nil when
// the chain ends elsewhere.
func mfmaUserOf(v ir.Value) (*ttg.AMDMfmaEncoding, int, int) {
	for {
		if !ir.HasOneUse(v) {
			return nil, 0, 0
		}
		use := v.FirstUse()
		user := use.Owner()
		if user.NumResults() != 1 || user.Block() != v.ParentBlock() {
			return nil, 0, 0
		}
		if isDotLike(user) {
			t, ok := v.Type().(*ir.RankedTensorType)
			if !ok {
				return nil, 0, 0
			}
			ll, err := ttg.ToLinearLayout(t.Encoding, t.Dims)
			if err != nil {
				return nil, 0, 0
			}
			mfma, _ := encodingOf(user.Result(0)).(*ttg.AMDMfmaEncoding)
			return mfma, use.Index(), ll.NumConsecutiveInOut()
		}
		v = user.Result(0)
	}
}

// canUseAsyncCopy reports whether a pipelined load may be a direct-to-LDS
// copy: more than one buffer (a single one would need another barrier
// after the reads), on CDNA3/4 a supported load width for the register to
// LDS mapping, and 32 contiguous bits or more per thread.
func canUseAsyncCopy(numBuffers int, load *ir.Operation, shared ir.Attribute, ai *axisinfo.Module, isa amdgpu.ISAFamily) bool {
	if numBuffers <= 1 {
		return false
	}
	if shared != nil && (isa == amdgpu.CDNA3 || isa == amdgpu.CDNA4) {
		srcT := load.Operand(0).Type().(*ir.RankedTensorType)
		reg, err := ttg.ToLinearLayout(srcT.Encoding, srcT.Dims)
		if err != nil {
			return false
		}
		lds, err := ttg.ToLinearLayout(shared, srcT.Dims)
		if p, ok := shared.(*ttg.PaddedSharedEncoding); ok {
			lds, err = p.LinearComponent()
		}
		if err != nil {
			return false
		}
		toLDS, err := reg.InvertAndCompose(lds)
		if err != nil {
			return false
		}
		vec := toLDS.NumConsecutiveInOut()
		if p, ok := shared.(*ttg.PaddedSharedEncoding); ok {
			for _, iv := range p.Intervals {
				vec = min(vec, iv)
			}
		}
		if isa.FitDirectToLDSVec(vec, pointeeBits(srcT)) == 0 {
			return false
		}
	}
	return pipeliner.CanBeConvertedToAsyncLoad(load, ai)
}

// createStreamOps adds the slot counter to the loop (incremented modulo
// numBuffers at the top of the body) and turns each load with an LDS
// layout into a stream or async copy into its multi-buffered allocation.
// It returns the rebuilt loop.
func createStreamOps(loop *ir.Operation, infos []streamInfo, numBuffers int, useAsyncCopy bool, ai *axisinfo.Module, isa amdgpu.ISAFamily) (*ir.Operation, map[*ir.Operation]*streamCopy) {
	ctx := loop.Context()
	loc := loop.Loc()
	b := ir.NewBuilder(ctx)
	b.SetInsertionPoint(loop)
	i32 := ir.I32(ctx)
	minusOne := arith.ConstantInt(b, loc, -1, i32)
	zero := arith.ConstantInt(b, loc, 0, i32)
	one := arith.ConstantInt(b, loc, 1, i32)
	nbuf := arith.ConstantInt(b, loc, int64(numBuffers), i32)
	loop = pipeliner.AddIterArgs(loop, []ir.Value{minusOne})
	body := loop.Region(0).Front()
	idx := ir.Value(body.Argument(body.NumArguments() - 1))
	b.SetInsertionPointToStart(body)
	idx = b.CreateOp("arith.addi", loc, []ir.Value{idx, one}, []ir.Type{i32}).Result(0)
	cnd := arith.NewCmpI(b, loc, arith.CmpISLT, idx, nbuf).Result(0)
	idx = arith.NewSelect(b, loc, cnd, idx, zero).Result(0)
	pipeliner.AppendYield(loop, idx)

	out := map[*ir.Operation]*streamCopy{}
	for _, in := range infos {
		if in.shared == nil || in.load.Name() != "tt.load" {
			continue
		}
		rt := in.load.Result(0).Type().(*ir.RankedTensorType)
		alloc := pipeliner.AllocBuffers(loop, rt.Dims, rt.Elem, in.shared, numBuffers, in.load.Loc())
		if useAsyncCopy && canUseAsyncCopy(numBuffers, in.load, in.shared, ai, isa) {
			vec := ai.Contiguity(in.load.Operand(0))
			if m := (tt.LoadOp{Operation: in.load}).Mask(); m != nil {
				vec = min(vec, ai.MaskAlignment(m))
			}
			out[in.load] = createAsyncStreamCopy(in.load, alloc, idx, vec)
		} else {
			out[in.load] = createStreamCopy(in.load, alloc, idx)
		}
	}
	return loop, out
}

func createStreamCopy(load *ir.Operation, alloc, idx ir.Value) *streamCopy {
	b := ir.NewBuilder(load.Context())
	b.SetInsertionPoint(load)
	view := pipeliner.BufferView(b, alloc, idx)
	newLoad := load.Clone(nil)
	b.Insert(newLoad)
	store := ttg.NewLocalStore(b, load.Loc(), newLoad.Result(0), view)
	ll := pipeliner.ReplaceUsesWithLocalLoad(b, load.Result(0), view, nil)
	return &streamCopy{load: newLoad, view: view.DefiningOp(), store: store, localLoad: ll}
}

func createAsyncStreamCopy(load *ir.Operation, alloc, idx ir.Value, contiguity int) *streamCopy {
	ctx := load.Context()
	b := ir.NewBuilder(ctx)
	b.SetInsertionPoint(load)
	view := pipeliner.BufferView(b, alloc, idx)
	lo := tt.LoadOp{Operation: load}
	cp := ttg.NewAsyncCopyGlobalToLocal(b, load.Loc(), lo.Ptr(), view, lo.Mask(), lo.Other())
	pipeliner.CopyLoadAttrs(cp, load, contiguity)
	commit := ttg.NewAsyncCommitGroup(b, load.Loc(), cp.Result(0))
	wait := ttg.NewAsyncWait(b, load.Loc(), 0, commit.Result(0))
	ll := pipeliner.ReplaceUsesWithLocalLoad(b, load.Result(0), view, wait.Result(0))
	return &streamCopy{copy: cp, commit: commit, wait: wait, localLoad: ll}
}

// scheduleLocalLoad places a local_load, and a conversion that is its
// only user (to fold later), at (stage, c).
func scheduleLocalLoad(s *pipeliner.Schedule, ll *ir.Operation, stage int, c pipeliner.Cluster) {
	s.Insert(ll, stage, c)
	if ir.HasOneUse(ll.Result(0)) {
		if cvt := ll.Result(0).FirstUse().Owner(); cvt.Name() == "ttg.convert_layout" {
			s.Insert(cvt, stage, c)
		}
	}
}

// lowerSingleDot is the single-dot schedule: global loads at stage 0,
// LDS stores maxDist stages later, LDS reads and the dot in the last
// stage, with clusters ordered so that consecutive stages overlap. It
// returns the rebuilt loop, nil when the stages do not fit.
func lowerSingleDot(loop *ir.Operation, s *pipeliner.Schedule, infos []streamInfo, ai *axisinfo.Module, isa amdgpu.ISAFamily, numStages int, useAsyncCopy, waitAtTail bool) *ir.Operation {
	maxDist := 0
	for _, in := range infos {
		maxDist = max(maxDist, in.dist)
	}
	last := numStages - 1
	var stages [schedSize]int
	stages[schedGlobalLoad] = 0
	stages[schedLocalStore] = maxDist
	stages[schedLocalLoad] = last
	stages[schedCompute] = last
	stages[schedAsyncWait] = last
	// Triton 3.6 asks whether the global load and the LDS store share a
	// stage before it moves the store maxDist stages later, so it always
	// takes the paired clusters; tt does the same.
	paired := true
	if waitAtTail {
		stages[schedAsyncWait] = max(0, stages[schedLocalLoad]-1)
	}
	if stages[schedLocalStore] >= numStages || stages[schedLocalStore] > stages[schedLocalLoad] {
		return nil
	}
	numBuffers := max(1, stages[schedLocalLoad]-stages[schedLocalStore])
	if useAsyncCopy {
		numBuffers++
	}
	asyncWaitCluster := 0
	if waitAtTail {
		asyncWaitCluster = 4
	}
	globalLoadCluster, localStoreCluster := 1, 3
	if !paired {
		globalLoadCluster, localStoreCluster = 3, 2
	}
	localLoadCluster := globalLoadCluster
	if stages[schedLocalLoad] == stages[schedLocalStore] {
		localLoadCluster = max(3, localStoreCluster+1)
	} else if numBuffers == 1 && localLoadCluster >= localStoreCluster {
		localLoadCluster = localStoreCluster - 1
	}
	computeCluster := 2
	if stages[schedLocalLoad] == stages[schedCompute] {
		computeCluster = localLoadCluster
	}
	// The symbolic clusters of schedule-loops map to the real ones.
	old := s.Placements()
	s.ResetClusters()
	var cv [schedSize]pipeliner.Cluster
	for i := range cv {
		cv[i] = s.NewClusterAtBack()
	}
	var clusters [schedSize]pipeliner.Cluster
	clusters[schedGlobalLoad] = cv[globalLoadCluster]
	clusters[schedLocalStore] = cv[localStoreCluster]
	clusters[schedLocalLoad] = cv[localLoadCluster]
	clusters[schedCompute] = cv[computeCluster]
	clusters[schedAsyncWait] = cv[asyncWaitCluster]
	for op, p := range old {
		c := clusters[schedCompute]
		if p.Cluster.ID() == symbolicGlobalLoadCluster {
			c = clusters[schedGlobalLoad]
		}
		s.Insert(op, p.Stage, c)
	}

	loop, copies := createStreamOps(loop, infos, numBuffers, useAsyncCopy, ai, isa)
	for _, in := range infos {
		cp, ok := copies[in.load]
		if !ok {
			continue
		}
		loadStage, loadCluster := s.At(in.load)
		if cp.copy != nil {
			s.Insert(cp.copy, loadStage, loadCluster)
			s.Insert(cp.commit, loadStage, loadCluster)
			if loadStage != stages[schedLocalLoad] {
				s.Insert(cp.wait, stages[schedAsyncWait], clusters[schedAsyncWait])
			}
		} else {
			s.Insert(cp.load, loadStage, loadCluster)
			s.Insert(cp.view, stages[schedLocalStore], clusters[schedLocalStore])
			s.Insert(cp.store, stages[schedLocalStore], clusters[schedLocalStore])
		}
		if cp.localLoad != nil && stages[schedLocalLoad] != stages[schedCompute] {
			scheduleLocalLoad(s, cp.localLoad, stages[schedLocalLoad], clusters[schedLocalLoad])
		}
	}
	s.ScheduleDependencies(loop)
	s.ScheduleDistanceOneDependencies(loop)
	s.ScheduleRemainingToLastStage(loop, clusters[schedCompute])
	return loop
}

// lowerChainedDots is the chained-dot schedule's lowering: one buffer per
// load (two with async copies), LDS stores and reads placed around the dot
// they feed; the loads so replaced are erased.
func lowerChainedDots(loop *ir.Operation, s *pipeliner.Schedule, infos []streamInfo, ai *axisinfo.Module, isa amdgpu.ISAFamily, useAsyncCopy bool) *ir.Operation {
	existing := len(s.Clusters())
	for i := existing; i < clusterCount; i++ {
		s.NewClusterAtBack()
	}
	cl := s.Clusters()[:clusterCount]
	numBuffers := 1
	if useAsyncCopy {
		numBuffers = 2
	}
	loop, copies := createStreamOps(loop, infos, numBuffers, useAsyncCopy, ai, isa)
	for _, in := range infos {
		cp, ok := copies[in.load]
		if !ok {
			continue
		}
		loadStage, loadCluster := s.At(in.load)
		first := loadStage == stageGlobalLoad1
		if cp.copy != nil {
			s.Insert(cp.copy, loadStage, loadCluster)
			s.Insert(cp.commit, loadStage, loadCluster)
			if first {
				s.Insert(cp.wait, stageLocalLoad1, cl[clusterAsyncWait1])
				if cp.localLoad != nil {
					scheduleLocalLoad(s, cp.localLoad, stageLocalLoad1, cl[clusterLocalLoad1])
				}
			} else {
				s.Insert(cp.wait, stageLocalLoad2, cl[clusterAsyncWait2])
				if cp.localLoad != nil {
					scheduleLocalLoad(s, cp.localLoad, stageLocalLoad2, cl[clusterLocalLoad2])
				}
			}
			continue
		}
		s.Insert(cp.load, loadStage, loadCluster)
		if first {
			s.Insert(cp.view, stageLocalWrite1, cl[clusterLocalWrite1])
			s.Insert(cp.store, stageLocalWrite1, cl[clusterLocalWrite1])
			if cp.localLoad != nil {
				s.Insert(cp.localLoad, stageLocalLoad1, cl[clusterLocalLoad1])
			}
		} else {
			s.Insert(cp.view, stageLocalWrite2, cl[clusterLocalWrite2])
			s.Insert(cp.store, stageLocalWrite2, cl[clusterLocalWrite2])
			if cp.localLoad != nil {
				s.Insert(cp.localLoad, stageLocalLoad2, cl[clusterLocalLoad2])
			}
		}
		if cp.localLoad != nil && ir.HasUses(cp.localLoad.Result(0)) {
			if cvt := cp.localLoad.Result(0).FirstUse().Owner(); cvt.Name() == "ttg.convert_layout" {
				st, c := s.At(cp.localLoad)
				s.Insert(cvt, st, c)
			}
		}
	}
	// The loads that went through LDS are replaced; one without an LDS
	// layout (a user that is no dot operand, as a tt.trans) stays a global
	// load, as in the single-dot schedule.
	for _, in := range infos {
		if _, ok := copies[in.load]; !ok {
			continue
		}
		s.Erase(in.load)
		in.load.Erase()
	}
	s.ScheduleDependencies(loop)
	s.ScheduleDistanceOneDependencies(loop)
	s.ScheduleRemainingToLastStage(loop, cl[clusterCount-1])
	return loop
}
