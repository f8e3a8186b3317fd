package amd

import (
	"flag"

	"github.com/ttcompiler/tt/analysis/allocation"
	"github.com/ttcompiler/tt/analysis/slices"
	"github.com/ttcompiler/tt/dialects/arith"
	"github.com/ttcompiler/tt/dialects/gpu"
	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/passmgr"
)

func init() {
	passmgr.Default.Register(&passmgr.Pass{
		Name:        "tritonamdgpu-block-pingpong",
		DisplayName: "TritonAMDGPUBlockPingpong",
		Summary:     "Interleaving instructions from two warps on the same SIMD to better utilize matrix core",
		Anchor:      "builtin.module",
		Build: func(fs *flag.FlagSet) passmgr.RunFunc {
			n := fs.Int("num-stages", 2, "Number of Pipeline stages")
			return func(op *ir.Operation, st *passmgr.State) error { return BlockPingpong(op, *n, st.Emit) }
		},
	})
}

// Tile sizes (M*N*K*element bits) that pick the ping-pong variant.
const (
	minPingpongTile    = 262144   // 32x128x64 of 16 bits
	smallPingpongTile  = 16777216 // 128x128x64 of 16 bits
	mediumPingpongTile = 33554432 // two small tiles
	largePingpongTile  = 67108864 // 256x256x64 of 16 bits
)

// BlockPingpong is Triton 3.6's tritonamdgpu-block-pingpong: in a
// pipelined GEMM loop it groups the instructions into dot clusters and
// memory clusters, so that the two warps a SIMD runs alternate between
// them (one issues MFMAs while the other loads). s_setprio keeps a warp
// in its dot cluster, sched.barrier keeps the backend from moving
// instructions across cluster boundaries, and with 8 warps
// amdg.cond_barrier around the loop starts one half of the warps a
// cluster behind the other. The variants, by tile size and warps:
//   - 4 warps, tiles from 32x128x64 to 128x128x64 (16 bits): one cluster
//     of each kind per iteration, ping-ponging with another block's warp;
//   - 8 warps, two stages: the dot sliced in two (256x128x64) or four
//     (256x256x64 and more) along K, each slice a dot cluster between
//     memory clusters;
//   - 8 warps with async copies and more stages: one memory cluster with
//     the LDS reads, one with the rest;
//   - two chained dots in four stages: barriers at the boundaries of the
//     two compute and two memory clusters the pipeliner formed;
//   - a 256x256 fp8 scaled dot with async copies: the copies first.
//
// Loops that match none are left as they are.
func BlockPingpong(module *ir.Operation, numStages int, emit func(*ir.Diagnostic)) error {
	for _, fn := range module.Region(0).Front().Ops() {
		if fn.Name() != "tt.func" {
			continue
		}
		var loops []*ir.Operation
		ir.Walk(fn, ir.PostOrder, func(op *ir.Operation) ir.WalkResult {
			if op.Name() == "scf.for" {
				loops = append(loops, op)
			}
			return ir.Advance
		})
		for _, loop := range loops {
			nw, _ := ttg.LookupNumWarps(loop)
			p := &pingponger{loop: loop, numWarps: nw, numStages: numStages, emit: emit,
				b: ir.NewBuilder(loop.Context())}
			if err := p.run(); err != nil {
				return err
			}
		}
	}
	return nil
}

type pingponger struct {
	loop                                  *ir.Operation
	gLoads, lLoads, lStores               []*ir.Operation
	asyncCopies, asyncWaits, asyncCommits []*ir.Operation
	dots, scaledDots                      []*ir.Operation
	subviews, loadSlices                  [][]*ir.Operation
	dotSlices                             []*ir.Operation
	last                                  *ir.Operation
	kWidth, numWarps, numStages           int
	useAsyncCopy                          bool
	b                                     *ir.Builder
	emit                                  func(*ir.Diagnostic)
}

// --- moving ops ----------------------------------------------------------

func (p *pingponger) at(op *ir.Operation) { p.last = op }

func (p *pingponger) appendOp(op *ir.Operation) {
	op.MoveAfter(p.last)
	p.last = op
}

func (p *pingponger) prependOp(op *ir.Operation, moveBackwards bool) {
	op.MoveBefore(p.last)
	if moveBackwards {
		p.last = op
	}
}

// moveUp moves op right after the last placed op: when that means moving
// it up, the ops it depends on between the two move with it; moving down
// is skipped when op has users before the place.
func (p *pingponger) moveUp(op *ir.Operation) {
	checked := p.last
	if checked.IsBeforeInBlock(op) {
		deps := slices.Backward(op, slices.Options{OmitBlockArguments: true, Filter: func(x *ir.Operation) bool {
			return x.Block() == checked.Block() && checked.IsBeforeInBlock(x)
		}})
		for _, d := range deps.List {
			p.appendOp(d)
		}
		p.appendOp(op)
		return
	}
	for _, r := range op.Results() {
		for _, u := range ir.Users(r) {
			if u != checked && u.Block() == checked.Block() && u.IsBeforeInBlock(checked) {
				return
			}
		}
	}
	p.appendOp(op)
}

// --- the ops it inserts ----------------------------------------------------

func (p *pingponger) i32Attr(name string, v int64) ir.NamedAttr {
	return ir.NamedAttr{Name: name, Value: ir.IntegerAttrOf(p.b.Ctx, ir.I32(p.b.Ctx), v)}
}

func (p *pingponger) schedBarrier(mask int64) *ir.Operation {
	p.b.SetInsertionPoint(p.loop)
	return p.b.CreateOp("rocdl.sched.barrier", p.loop.Loc(), nil, nil, p.i32Attr("mask", mask))
}

func (p *pingponger) schedGroupBarrier(mask, size, group int64) *ir.Operation {
	p.b.SetInsertionPoint(p.loop)
	return p.b.CreateOp("rocdl.sched.group.barrier", p.loop.Loc(), nil, nil,
		p.i32Attr("mask", mask), p.i32Attr("size", size), p.i32Attr("groupId", group))
}

func (p *pingponger) setPrio(prio int64) *ir.Operation {
	p.b.SetInsertionPoint(p.loop)
	return p.b.CreateOp("rocdl.s.setprio", p.loop.Loc(), nil, nil,
		ir.NamedAttr{Name: "priority", Value: ir.IntegerAttrOf(p.b.Ctx, ir.I16(p.b.Ctx), prio)})
}

func (p *pingponger) sBarrier() *ir.Operation {
	p.b.SetInsertionPoint(p.loop)
	return p.b.CreateOp("rocdl.s.barrier", p.loop.Loc(), nil, nil)
}

func (p *pingponger) gpuBarrier() *ir.Operation {
	p.b.SetInsertionPoint(p.loop)
	return gpu.NewBarrier(p.b, p.loop.Loc())
}

// dsWait is amdg.memory_counter_wait ds(0): the LDS reads are done.
func (p *pingponger) dsWait() *ir.Operation {
	p.b.SetInsertionPoint(p.loop)
	return p.b.CreateOp("amdg.memory_counter_wait", p.loop.Loc(), nil, nil, p.i32Attr("ds", 0))
}

// clusterBarrier ends a cluster: all warps meet (the half ahead waits at
// the next cluster's end) and nothing is scheduled across.
func (p *pingponger) appendClusterBarrier() {
	p.appendOp(p.gpuBarrier())
	p.appendOp(p.schedBarrier(0))
}

func (p *pingponger) prependClusterBarrier() {
	p.prependOp(p.gpuBarrier(), false)
	p.prependOp(p.schedBarrier(0), false)
}

func (p *pingponger) appendWithPrio(op *ir.Operation) {
	p.appendOp(p.setPrio(1))
	p.appendOp(op)
	p.appendOp(p.setPrio(0))
}

func (p *pingponger) remark(op *ir.Operation, msg string) {
	remark(p.emit, op.Loc(), "%s", msg)
}

// --- analysis --------------------------------------------------------------

// persistentGemm reports whether the loop looks like a persistent GEMM:
// one dot, each preceded by an scf.if on an equality, and one more if
// after it.
func (p *pingponger) persistentGemm() bool {
	if len(p.dots) != 1 {
		return false
	}
	seenIf, seenDot := false, false
	for _, op := range p.loop.Region(0).Front().Ops() {
		switch op.Name() {
		case "scf.if":
			if seenIf {
				return false
			}
			c := op.Operand(0).DefiningOp()
			if c == nil || c.Name() != "arith.cmpi" || arith.CmpIPredicate(cmpPredicate(c)) != arith.CmpIEQ {
				return false
			}
			seenIf = true
		case "tt.dot":
			if seenDot || !seenIf {
				return false
			}
			seenDot, seenIf = true, false
		}
	}
	return seenIf && seenDot
}

func cmpPredicate(op *ir.Operation) int64 {
	if a, ok := op.Attr("predicate").(*ir.IntegerAttr); ok {
		return a.Int()
	}
	return -1
}

// closestPred collects the ops named name first met on every path back
// from v through the block's ops (and from a loop argument through the
// loop's yield).
func closestPred(v ir.Value, name string, into map[*ir.Operation]bool) {
	visited := map[*ir.Operation]bool{}
	var walk func(v ir.Value)
	walk = func(v ir.Value) {
		if arg, ok := v.(*ir.BlockArgument); ok {
			blk := arg.Owner()
			y := blk.Terminator()
			if y == nil || y.Name() != "scf.yield" {
				return
			}
			n := arg.Index()
			if parent := blk.ParentOp(); parent != nil && parent.Name() == "scf.for" {
				if n < 1 {
					return
				}
				n--
			}
			if n < y.NumOperands() {
				walk(y.Operand(n))
			}
			return
		}
		d := v.DefiningOp()
		if d == nil || visited[d] {
			return
		}
		visited[d] = true
		if d.Name() == name {
			into[d] = true
			return
		}
		for _, o := range d.Operands() {
			walk(o)
		}
	}
	walk(v)
}

// dotMemoryOps finds the local loads feeding the dot, the local stores
// filling their buffers and the global loads feeding those stores.
func (p *pingponger) dotMemoryOps(dot *ir.Operation) (gl, ll, ls map[*ir.Operation]bool) {
	gl, ll, ls = map[*ir.Operation]bool{}, map[*ir.Operation]bool{}, map[*ir.Operation]bool{}
	closestPred(dot.Operand(0), "ttg.local_load", ll)
	closestPred(dot.Operand(1), "ttg.local_load", ll)
	views := map[*ir.Operation]bool{}
	for l := range ll {
		closestPred(l.Operand(0), "ttg.memdesc_index", views)
	}
	for v := range views {
		for _, u := range ir.Users(v.Result(0)) {
			if u.Name() == "ttg.local_store" {
				ls[u] = true
			}
		}
	}
	for s := range ls {
		closestPred(s.Operand(0), "tt.load", gl)
	}
	return gl, ll, ls
}

// partition moves the ops in keep to the front, stably, and returns the
// rest.
func partition(ops []*ir.Operation, keep map[*ir.Operation]bool) (in, out []*ir.Operation) {
	for _, op := range ops {
		if keep[op] {
			in = append(in, op)
		} else {
			out = append(out, op)
		}
	}
	return in, out
}

// nonDotMemoryImpact estimates how many of ops run per iteration: one
// each in the loop body, for ops in an scf.if the larger branch's count
// (the else branch's when the if is assumed not taken), one each
// elsewhere.
func (p *pingponger) nonDotMemoryImpact(ops []*ir.Operation, assumeNotTaken bool) int {
	seen := map[*ir.Operation]bool{}
	n := 0
	for _, op := range ops {
		parent := op.ParentOp()
		switch {
		case parent == nil:
		case parent == p.loop:
			n++
		case seen[parent]:
		default:
			seen[parent] = true
			if parent.Name() == "scf.if" {
				count := func(r int) int {
					if r >= parent.NumRegions() || parent.Region(r).Empty() {
						return 0
					}
					c := 0
					for _, x := range parent.Region(r).Front().Ops() {
						if x.Name() == op.Name() {
							c++
						}
					}
					return c
				}
				if assumeNotTaken {
					n += count(1)
				} else {
					n += max(count(0), count(1))
				}
			} else {
				n++
			}
		}
	}
	return n
}

// --- transformations -------------------------------------------------------

func (p *pingponger) transformOneCluster() {
	dot := p.dots[0]
	dotLoc := dot.Prev()
	if dotLoc == nil {
		return
	}
	preDot := p.schedBarrier(1)
	p.at(dotLoc)
	p.appendOp(preDot)

	p.at(p.lLoads[0])
	p.appendOp(p.setPrio(1))
	p.moveUp(p.gLoads[0])
	p.appendOp(p.schedBarrier(0))
	p.moveUp(p.lLoads[1])
	p.appendOp(p.setPrio(0))
	p.moveUp(p.gLoads[1])

	p.at(preDot)
	p.appendWithPrio(dot)
	p.remark(dot, "Performed one ping pong cluster transformation\n")
}

// localSlices splits the local_load defining v (operand opIdx of the dot)
// into n loads of K-slices of its buffer.
func (p *pingponger) localSlices(v ir.Value, dotEnc ir.Attribute, opIdx, n int, width int64) bool {
	ll := v.DefiningOp()
	if ll == nil || ll.Name() != "ttg.local_load" {
		return false
	}
	buf := ll.Operand(0)
	mt, ok := buf.Type().(*ttg.MemDescType)
	if !ok || len(mt.Dims) != 2 || width < 16 {
		return false
	}
	shape := append([]int64(nil), mt.Dims...)
	kIdx := 0
	if opIdx == 0 {
		kIdx = 1
	}
	shape[kIdx] = width
	enc := ttg.NewDotOperand(p.b.Ctx, opIdx, dotEnc, p.kWidth)
	var views, loads []*ir.Operation
	for i := 0; i < n; i++ {
		offs := []int64{0, 0}
		offs[kIdx] = int64(i) * width
		view, err := ttg.NewMemDescSubslice(p.b, v.Loc(), buf, offs, shape)
		if err != nil {
			return false
		}
		load := ttg.NewLocalLoad(p.b, v.Loc(), ir.RankedTensor(p.b.Ctx, shape, mt.Elem, enc), view.Result(0), nil)
		views = append(views, view)
		loads = append(loads, load)
	}
	p.subviews = append(p.subviews, views)
	p.loadSlices = append(p.loadSlices, loads)
	return true
}

// sliceDot splits the dot along K into n dots over slices of its LDS
// operands, chained through the accumulator.
func (p *pingponger) sliceDot(dot *ir.Operation, n int) bool {
	bT := dot.Operand(1).Type().(*ir.RankedTensorType)
	if bT.Dims[0]%int64(n) != 0 {
		return false
	}
	width := bT.Dims[0] / int64(n)
	p.b.SetInsertionPointAfter(p.gLoads[0])
	dotEnc := encodingOf(dot.Result(0))
	if !p.localSlices(dot.Operand(0), dotEnc, 0, n, width) || !p.localSlices(dot.Operand(1), dotEnc, 1, n, width) {
		return false
	}
	prev := dot
	for i := 0; i < n; i++ {
		m := ir.NewMapping()
		m.Map(dot.Operand(0), p.loadSlices[0][i].Result(0))
		m.Map(dot.Operand(1), p.loadSlices[1][i].Result(0))
		if i > 0 {
			m.Map(dot.Operand(2), prev.Result(0))
		}
		c := dot.Clone(m)
		p.b.Insert(c)
		prev = c
		p.dotSlices = append(p.dotSlices, c)
	}
	ir.ReplaceAllUsesWith(dot.Result(0), prev.Result(0))
	dot.Erase()
	for _, l := range p.lLoads {
		l.Erase()
	}
	return true
}

func (p *pingponger) appendSlicedLoadAB(i int) {
	p.appendOp(p.subviews[0][i])
	p.appendOp(p.loadSlices[0][i])
	p.appendOp(p.subviews[1][i])
	p.appendOp(p.loadSlices[1][i])
}

func (p *pingponger) transformFourClusters() bool {
	if !p.sliceDot(p.dots[0], 4) {
		return false
	}
	p.at(p.gLoads[1])
	p.appendSlicedLoadAB(0)
	p.appendClusterBarrier()
	p.appendWithPrio(p.dotSlices[0])
	p.appendClusterBarrier()

	p.appendOp(p.gLoads[1])
	p.appendSlicedLoadAB(1)
	p.appendClusterBarrier()
	p.appendWithPrio(p.dotSlices[1])
	p.appendClusterBarrier()

	p.appendSlicedLoadAB(2)
	p.appendSlicedLoadAB(3)
	p.appendClusterBarrier()
	p.appendWithPrio(p.dotSlices[2])
	p.appendClusterBarrier()

	p.moveUp(p.lStores[0])
	p.moveUp(p.lStores[1])
	p.appendClusterBarrier()
	p.appendWithPrio(p.dotSlices[3])

	p.at(p.last.Block().Terminator())
	p.prependClusterBarrier()
	p.remark(p.dotSlices[0], "Performed four ping pong cluster transformation\n")
	return true
}

func (p *pingponger) transformTwoClusters() bool {
	if !p.sliceDot(p.dots[0], 2) {
		return false
	}
	p.at(p.gLoads[1])
	p.appendSlicedLoadAB(0)
	p.appendOp(p.schedBarrier(0))
	p.appendOp(p.gLoads[0])
	p.appendOp(p.schedBarrier(0))
	p.appendSlicedLoadAB(1)
	p.appendOp(p.schedBarrier(0))
	p.appendOp(p.gLoads[1])
	// s_barrier rather than a full barrier: the cluster cannot also hold
	// the wait for its LDS reads.
	p.appendOp(p.sBarrier())
	p.appendOp(p.schedBarrier(0))

	p.appendWithPrio(p.dotSlices[0])
	p.appendClusterBarrier()

	p.moveUp(p.lStores[0])
	p.moveUp(p.lStores[1])
	p.appendClusterBarrier()
	p.appendWithPrio(p.dotSlices[1])

	p.at(p.last.Block().Terminator())
	p.prependClusterBarrier()
	p.remark(p.dotSlices[0], "Performed two ping pong cluster transformation\n")
	return true
}

func (p *pingponger) transformTwoClusterWithAsyncAndAll() bool {
	if len(p.asyncCopies) == 0 || len(p.asyncWaits) == 0 {
		return false
	}
	p.at(p.asyncWaits[0])
	for _, c := range p.asyncCommits {
		p.moveUp(c)
	}
	for _, g := range p.gLoads {
		p.moveUp(g)
	}
	p.appendOp(p.schedBarrier(0))
	p.appendOp(p.sBarrier())
	p.appendOp(p.schedBarrier(0))
	// The lowering splits the scaled dot's MFMAs in two groups.
	p.scaledDots[0].SetAttr("pingpong_2step", ir.Unit(p.b.Ctx))
	return true
}

func (p *pingponger) transformChainedDots() bool {
	nextMemory := func(op *ir.Operation) *ir.Operation {
		for op != nil && op.Name() != "ttg.async_wait" && op.Name() != "ttg.local_store" {
			op = op.Next()
		}
		return op
	}
	mem := [2]*ir.Operation{nextMemory(p.dots[0]), nextMemory(p.dots[1])}
	if mem[0] == nil || mem[1] == nil || mem[0] == mem[1] {
		return false
	}
	// Compute cluster 1.
	p.at(p.dots[0])
	p.prependOp(p.sBarrier(), false)
	p.prependOp(p.schedBarrier(0), false)
	// Memory clusters run at the higher priority (their address updates
	// co-issue with the other warp's MFMAs) and start with a barrier; the
	// barrier that follows an async wait is membar's.
	memoryCluster := func(start *ir.Operation) {
		p.at(start)
		p.prependOp(p.schedBarrier(0), false)
		if start.Name() == "ttg.async_wait" {
			p.appendOp(p.schedBarrier(0))
		} else {
			p.prependOp(p.gpuBarrier(), false)
		}
		p.prependOp(p.setPrio(1), false)
	}
	memoryCluster(mem[0])
	// Compute cluster 2: back to low priority, LDS reads done, barrier.
	p.at(p.dots[1])
	p.prependOp(p.schedBarrier(0), false)
	p.prependOp(p.setPrio(0), false)
	p.prependOp(p.dsWait(), false)
	p.prependOp(p.sBarrier(), false)
	p.prependOp(p.schedBarrier(0), false)
	memoryCluster(mem[1])
	// The loop ends in the memory cluster: its scalar instructions stay
	// out of the compute cluster.
	p.at(p.last.Block().Terminator())
	p.prependOp(p.schedBarrier(0), false)
	p.prependOp(p.setPrio(0), false)
	p.prependOp(p.dsWait(), false)
	return true
}

// exchangeAcrossWarps returns the first op of loop whose lowering passes
// data between warps through a shared-memory scratch buffer (a layout
// conversion, a reduction or scan across warps; the barrier analysis puts
// CTA barriers around it), or nil. On 8 warps the ping-pong starts one
// half of the warps a cluster behind the other (asymmetricSync), so the
// halves would reach such an exchange's barriers a cluster apart: in the
// 4-stage attention the accumulator's rows cross from the first dot's
// layout (warps [8, 1]) to the second's ([4, 2]), and the simulator saw
// warp 4 read them before warp 0 had written them.
// Triton 3.6 transforms that loop anyway (its chained-dot transform checks
// no warp count); tt leaves such loops without the ping-pong.
func exchangeAcrossWarps(loop *ir.Operation) *ir.Operation {
	var found *ir.Operation
	ir.WalkOps(loop, func(op *ir.Operation) {
		if found != nil || op == loop {
			return
		}
		switch op.Name() {
		case "ttg.convert_layout", "tt.reduce", "tt.scan", "tt.gather", "tt.histogram":
			if n, ok := allocation.ScratchBytes(op); !ok || n > 0 {
				found = op
			}
		}
	})
	return found
}

func (p *pingponger) transformTwoClusterWithLocalLoadAndAll() bool {
	var gRhs *ir.Operation
	switch {
	case p.useAsyncCopy:
		gRhs = p.asyncCopies[1]
	case len(p.gLoads) > 1:
		gRhs = p.gLoads[1]
	default:
		return false
	}
	p.b.SetInsertionPointAfter(gRhs)
	p.at(gRhs)
	wait := p.asyncWaits[0]
	if len(p.asyncWaits) > 1 {
		var tokens []ir.Value
		for _, w := range p.asyncWaits {
			tokens = append(tokens, w.Operands()...)
		}
		wait = ttg.NewAsyncWait(p.b, p.loop.Loc(), 0, tokens...)
		for _, w := range p.asyncWaits {
			ir.ReplaceAllUsesWith(w.Result(0), wait.Result(0))
			w.Erase()
		}
	}
	p.moveUp(p.lLoads[0])
	p.moveUp(p.lLoads[1])
	p.appendOp(p.schedBarrier(0))
	p.appendOp(p.asyncCopies[0])
	p.appendOp(p.asyncCommits[0])
	p.appendOp(p.schedBarrier(0))
	p.appendOp(wait)
	p.appendOp(p.schedBarrier(0))
	// Three SALU instructions per MFMA.
	for i := 0; i < 5; i++ {
		if i%2 == 0 {
			p.appendOp(p.schedGroupBarrier(8, 1, 0))
		} else {
			p.appendOp(p.schedGroupBarrier(4, 3, 0))
		}
	}
	p.appendOp(p.asyncCopies[1])
	p.appendOp(p.asyncCommits[1])
	p.appendOp(p.dots[0])
	p.appendOp(p.schedBarrier(0))
	p.appendOp(p.sBarrier())
	p.appendOp(p.schedBarrier(0))
	return true
}

// asymmetricSync makes the two halves of the warps run a cluster apart:
// the upper half waits at a barrier before the loop, the lower half at
// one after it.
func (p *pingponger) asymmetricSync() {
	loc := p.loop.Loc()
	p.b.SetInsertionPoint(p.loop)
	gpu.NewBarrier(p.b, loc)
	i32 := ir.I32(p.b.Ctx)
	tid := p.b.CreateOp("rocdl.workitem.id.x", loc, nil, []ir.Type{i32}).Result(0)
	zero := arith.ConstantInt(p.b, loc, 0, i32)
	half := arith.ConstantInt(p.b, loc, 256, i32)
	warp := arith.NewBinary(p.b, "arith.divsi", loc, tid, half).Result(0)
	low := arith.NewCmpI(p.b, loc, arith.CmpIEQ, warp, zero).Result(0)
	high := arith.NewCmpI(p.b, loc, arith.CmpINE, warp, zero).Result(0)
	p.b.CreateOp("amdg.cond_barrier", loc, []ir.Value{high}, nil)
	p.b.SetInsertionPointAfter(p.loop)
	p.b.CreateOp("amdg.cond_barrier", loc, []ir.Value{low}, nil)
}

func (p *pingponger) run() error {
	if p.numStages <= 1 {
		return nil
	}
	ir.Walk(p.loop, ir.PostOrder, func(op *ir.Operation) ir.WalkResult {
		switch op.Name() {
		case "tt.load":
			p.gLoads = append(p.gLoads, op)
		case "ttg.async_copy_global_to_local":
			p.asyncCopies = append(p.asyncCopies, op)
		case "ttg.local_load":
			// Only software-pipelined reads: from a loop-carried buffer.
			if arg, ok := op.Operand(0).(*ir.BlockArgument); ok && arg.Owner() == p.loop.Region(0).Front() && arg.Index() > 0 {
				p.lLoads = append(p.lLoads, op)
			}
		case "ttg.local_store":
			p.lStores = append(p.lStores, op)
		case "tt.dot":
			p.dots = append(p.dots, op)
		case "tt.dot_scaled":
			p.scaledDots = append(p.scaledDots, op)
		case "ttg.async_commit_group":
			p.asyncCommits = append(p.asyncCommits, op)
		case "ttg.async_wait":
			p.asyncWaits = append(p.asyncWaits, op)
		}
		return ir.Advance
	})
	nDots := len(p.dots) + len(p.scaledDots)
	if nDots < 1 || nDots > 2 {
		return nil
	}
	if p.numWarps > 4 {
		if x := exchangeAcrossWarps(p.loop); x != nil {
			p.remark(x, "ping pong not performed: this op passes data between warps through shared memory, whose barriers the two halves of the warps would reach a cluster apart\n")
			return nil
		}
	}
	if nDots == 2 {
		if p.numStages == 4 && len(p.dots) == 2 && p.transformChainedDots() {
			p.asymmetricSync()
		}
		return nil
	}
	p.useAsyncCopy = len(p.asyncCopies) > 0
	gloads := len(p.gLoads)
	if p.useAsyncCopy {
		gloads = len(p.asyncCopies)
	}
	if gloads < 2 || len(p.lLoads) < 2 {
		return nil
	}
	if len(p.scaledDots) == 1 {
		sd := p.scaledDots[0]
		st := sd.Result(0).Type().(*ir.RankedTensorType)
		aT := sd.Operand(0).Type().(*ir.RankedTensorType)
		if p.numWarps == 8 && p.numStages == 2 && p.useAsyncCopy &&
			st.Dims[0] == 256 && st.Dims[1] == 256 && ir.BitWidth(aT.Elem) == 8 {
			if p.transformTwoClusterWithAsyncAndAll() {
				p.asymmetricSync()
			}
		}
		return nil
	}
	dot := p.dots[0]
	assumeNotTaken := p.persistentGemm()
	dt := dot.Result(0).Type().(*ir.RankedTensorType)
	aT := dot.Operand(0).Type().(*ir.RankedTensorType)
	elemBits := int64(ir.BitWidth(aT.Elem))
	tile := dt.Dims[0] * dt.Dims[1] * aT.Dims[1] * elemBits
	dotEnc, ok := aT.Encoding.(*ttg.DotOperandEncoding)
	if !ok {
		return nil
	}
	mfma, ok := dotEnc.Parent.(*ttg.AMDMfmaEncoding)
	if !ok {
		// Only MFMA dots ping-pong (Triton asserts it).
		return nil
	}
	p.kWidth = dotEnc.KWidth
	if p.useAsyncCopy {
		if p.numWarps != 8 {
			return nil
		}
		if p.numStages > 2 && dt.Dims[0] > 64 && dt.Dims[1] > 64 && (elemBits == 16 || elemBits == 8) {
			if len(p.asyncCopies) >= 2 && len(p.asyncCommits) >= 2 && len(p.asyncWaits) >= 1 &&
				p.transformTwoClusterWithLocalLoadAndAll() {
				p.asymmetricSync()
			}
			return nil
		}
	}
	gl, ll, ls := p.dotMemoryOps(dot)
	var restG, restL, restS []*ir.Operation
	p.gLoads, restG = partition(p.gLoads, gl)
	p.lLoads, restL = partition(p.lLoads, ll)
	p.lStores, restS = partition(p.lStores, ls)
	if p.nonDotMemoryImpact(restG, assumeNotTaken) != 0 || p.nonDotMemoryImpact(restL, assumeNotTaken) != 0 ||
		p.nonDotMemoryImpact(restS, assumeNotTaken) != 0 {
		return nil
	}
	if len(p.gLoads) != 2 || len(p.lLoads) != 2 {
		return nil
	}
	switch {
	case p.numWarps == 4:
		// Ping-pong with a warp of another block: no sync needed.
		if tile <= smallPingpongTile && tile >= minPingpongTile {
			p.transformOneCluster()
		}
		return nil
	case p.numWarps == 8 && p.numStages == 2:
		if len(p.lStores) != 2 {
			return nil
		}
		switch {
		case tile == mediumPingpongTile:
			if !p.transformTwoClusters() {
				return nil
			}
		case tile >= largePingpongTile:
			// mfma 16x16 with kWidth 8 on large tiles spills registers.
			if mfma.InstrShape[0] == 16 && mfma.InstrShape[1] == 16 && p.kWidth == 8 {
				return nil
			}
			if !p.transformFourClusters() {
				return nil
			}
		default:
			return nil
		}
		p.asymmetricSync()
	}
	return nil
}
