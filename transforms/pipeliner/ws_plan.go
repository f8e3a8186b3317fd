package pipeliner

import (
	"slices"

	"github.com/ttcompiler/tt/analysis/axisinfo"
	"github.com/ttcompiler/tt/dialects/scf"
	"github.com/ttcompiler/tt/dialects/tt"
	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/dialects/ttng"
	"github.com/ttcompiler/tt/ir"
)

// What Hopper's warp specialization (nvgpu-warp-specialization) splits a
// loop marked tt.warp_specialize into: a producer, which recomputes the
// coordinates of the loop's TMA loads (tt.descriptor_load) and issues the
// copies into a ring of shared-memory slots, and a consumer, which is the
// rest of the loop reading the slots instead of the loads' results. The
// loads may sit in loops nested in the marked one (a persistent kernel's
// k-loop inside its tile loop): the producer then keeps that nest of
// loops, with only what the loads need. The plan is what the analysis
// found; ws_build.go builds it.
type wsPlan struct {
	root scf.ForOp
	// loads are the tt.descriptor_load ops of the nest, in program order.
	loads []*ir.Operation
	// nest holds the scf.for ops, root included, that contain loads.
	nest map[*ir.Operation]bool
	// producer holds the ops the producer recomputes: the backward slice
	// of the loads' operands and of the nest's loop bounds (loads and
	// nest loops excluded).
	producer map[*ir.Operation]bool
	// iterNeeded[loop][i] is set when the producer needs iteration
	// argument i of a nest loop (a coordinate carried across iterations).
	iterNeeded map[*ir.Operation][]bool
	// outside are the values defined outside the root that the producer
	// reads (captured by the warp_specialize, or rematerialized when they
	// are constants), in first-use order.
	outside []ir.Value
	// pointerLoads is set when the loads are tt.load ops of pointer
	// tensors (no TMA load in the nest): the producer then issues cp.async
	// copies with the function's own warps and layouts, and each of its
	// threads arrives on the full barrier once its copies have landed.
	pointerLoads bool
	// contiguity is each pointer load's copy vector, from axis info of
	// the function (the producer's captured pointers have none).
	contiguity map[*ir.Operation]int
	// remat are the pure ops outside the root that compute tensors the
	// producer reads (offsets, masks, pointer tensors hoisted out of the
	// loop): tensors cannot be captured, so the producer computes them
	// again, in program order.
	remat []*ir.Operation
	// tiles, when set, has two consumer warpgroups take turns over the
	// root's iterations (ws_tiles.go); with pairs, they work on pairs of
	// them at once instead, sharing B's tiles where they can
	// (ws_pairs.go).
	tiles *wsTiles
	pairs *wsPairs
}

// planWarpSpecialization checks that loop has the shape the pass builds
// (TMA loads in it or in scf.for loops nested in it, or with
// allowPointerLoads pointer loads into shared memory in its body, feeding
// a warp_group_dot, with coordinates the producer can recompute) and
// returns the plan, or a located error.
func planWarpSpecialization(loop *ir.Operation, ai *axisinfo.Module, allowPointerLoads bool) (*wsPlan, error) {
	p := &wsPlan{root: scf.ForOp{Operation: loop}, nest: map[*ir.Operation]bool{},
		producer: map[*ir.Operation]bool{}, iterNeeded: map[*ir.Operation][]bool{},
		contiguity: map[*ir.Operation]int{}}
	var pointerLoads []*ir.Operation // copyable tt.loads of the root's body
	var err error
	hasDot := false
	ir.WalkOps(loop, func(op *ir.Operation) {
		if err != nil || op == loop {
			return
		}
		switch op.Name() {
		case "tt.descriptor_load":
			for a := op.ParentOp(); a != loop.ParentOp(); a = a.ParentOp() {
				if a.Name() != "scf.for" {
					err = ir.OpErrorf(op, "warp specialization: a TMA load under %s in the tt.warp_specialize loop is not supported (only loads in nested scf.for loops are moved to the producer)", a.Name())
					return
				}
				p.nest[a] = true
			}
			p.loads = append(p.loads, op)
		case "tt.load":
			if vec, ok := copyablePointerLoad(op, ai); ok && op.ParentOp() == loop {
				pointerLoads = append(pointerLoads, op)
				p.contiguity[op] = vec
			}
		case "tt.descriptor_gather", "ttng.async_tma_copy_global_to_local", "ttg.async_copy_global_to_local":
			err = ir.OpErrorf(op, "warp specialization: %s in the tt.warp_specialize loop is not supported", op.Name())
		case "ttng.warp_group_dot":
			if ttng.IsAsyncWarpGroupDot(op) {
				err = ir.OpErrorf(op, "warp specialization: an asynchronous warp_group_dot in the tt.warp_specialize loop is not supported")
			}
			hasDot = true
		case "ttg.warp_specialize":
			err = ir.OpErrorf(op, "warp specialization: the tt.warp_specialize loop is already warp-specialized")
		}
	})
	if err != nil {
		return nil, err
	}
	if len(p.loads) == 0 && len(pointerLoads) > 0 && allowPointerLoads {
		p.loads, p.pointerLoads = pointerLoads, true
		p.nest[loop] = true
	}
	if len(p.loads) == 0 {
		return nil, ir.OpErrorf(loop, "warp specialization of this loop needs tensor-descriptor (TMA) loads in it; it has none")
	}
	if !hasDot {
		return nil, ir.OpErrorf(loop, "warp specialization of this loop needs a ttng.warp_group_dot fed by its loads; it has none")
	}
	for l := range p.nest {
		p.iterNeeded[l] = make([]bool, len(scf.ForOp{Operation: l}.RegionIterArgs()))
	}
	for _, l := range p.loads {
		if p.pointerLoads {
			continue // copyablePointerLoad checked them
		}
		if err := checkWSLoad(l); err != nil {
			return nil, err
		}
	}
	if err := p.slice(); err != nil {
		return nil, err
	}
	return p, nil
}

// checkWSLoad: the load's data must be a tile of its descriptor's block
// (the slot has the descriptor's shape and layout) used within the
// iteration (a slot is handed back after the iteration's last use).
func checkWSLoad(l *ir.Operation) error {
	dt, ok := l.Operand(0).Type().(*tt.TensorDescType)
	rt, ok2 := l.Result(0).Type().(*ir.RankedTensorType)
	if !ok || !ok2 || dt.Block == nil {
		return ir.OpErrorf(l, "warp specialization: expected a tensor descriptor load of a tensor")
	}
	if _, ok := dt.Block.Encoding.(*ttg.NVMMASharedEncoding); !ok {
		return ir.OpErrorf(l, "warp specialization: the TMA load's descriptor must have an NVMMA shared layout (run triton-nvidia-optimize-descriptor-encoding first)")
	}
	if !slices.Equal(dt.Block.Dims, rt.Dims) || dt.Block.Elem != rt.Elem {
		return ir.OpErrorf(l, "warp specialization: a TMA load whose result is not its descriptor's block is not supported")
	}
	for _, u := range ir.Users(l.Result(0)) {
		if u == l.Block().Terminator() {
			return ir.OpErrorf(l, "warp specialization: a TMA load whose result is carried to the next iteration is not supported")
		}
	}
	return nil
}

// producerWarps is the producer partition's size for a function of
// numWarps warps: one warpgroup issuing TMA copies or cp.async copies
// (the function's pointer layouts taken to 4 warps, ws_relayout.go), or
// the function's warps where those layouts cannot be.
func (p *wsPlan) producerWarps(numWarps int) int {
	if p.pointerLoads && numWarps > wsProducerWarps && p.producerRelayout(numWarps) == nil {
		return numWarps
	}
	return wsProducerWarps
}

// copyablePointerLoad reports whether a tt.load of the root loop's body
// can move to a cp.async producer: a tensor whose every use is a
// ttg.local_alloc into one shared layout (a dot operand, which the slot
// replaces), copied as the software pipeliner would (at least 4 bytes a
// vector, cp.async's least). It returns the copy's vector.
func copyablePointerLoad(op *ir.Operation, ai *axisinfo.Module) (int, bool) {
	rt, ok := op.Result(0).Type().(*ir.RankedTensorType)
	if !ok || !tt.IsTensorOfPtr(op.Operand(0).Type()) || !ir.HasUses(op.Result(0)) {
		return 0, false
	}
	var enc ir.Attribute
	for _, u := range ir.Users(op.Result(0)) {
		if u.Name() != "ttg.local_alloc" || u.Block() != op.Block() {
			return 0, false
		}
		mt := u.Result(0).Type().(*ttg.MemDescType)
		if enc != nil && mt.Encoding != enc {
			return 0, false
		}
		enc = mt.Encoding
	}
	if n, err := ttg.CopyVecBytes(rt, enc); err != nil || n < 4 || !canBeConvertedToAsyncLoad(op, ai) {
		return 0, false
	}
	return asyncCopyContiguity(op, ai), true
}

// sharedEncodingOf is the shared layout a pointer load's local_allocs
// give its data: the encoding of its slots.
func sharedEncodingOf(load *ir.Operation) ir.Attribute {
	return ir.Users(load.Result(0))[0].Result(0).Type().(*ttg.MemDescType).Encoding
}

// slice collects the producer's ops: everything in the nest that the
// loads' operands and the nest's loop bounds depend on, through the
// loop-carried arguments too. The producer runs on other warps than the
// consumer, so what it recomputes must be free of side effects and of
// regions.
func (p *wsPlan) slice() error {
	root := p.root.Operation
	seen := map[ir.Value]bool{}
	outside := map[ir.Value]bool{}
	remat := map[*ir.Operation]bool{}
	var work []ir.Value
	push := func(vs ...ir.Value) {
		for _, v := range vs {
			if !seen[v] {
				seen[v] = true
				work = append(work, v)
			}
		}
	}
	for _, l := range p.loads {
		push(l.Operands()...)
	}
	// The nest's loops in the IR's order, not the set's: the order of
	// what the producer reads from outside is the order of the
	// warp_specialize's captures, which must not change from one run to
	// the next.
	ir.WalkOps(root, func(l *ir.Operation) {
		if p.nest[l] {
			f := scf.ForOp{Operation: l}
			push(f.LowerBound(), f.UpperBound(), f.Step())
		}
	})
	for len(work) > 0 {
		v := work[0]
		work = work[1:]
		if ir.IsDefinedOutside(root, v) {
			if r, ok := v.(*ir.OpResult); ok && isRematerializable(r) {
				// A tensor computed before the loop: the producer
				// computes it again from what it is made of.
				if op := r.Owner(); !remat[op] {
					remat[op] = true
					push(op.Operands()...)
				}
				continue
			}
			if !outside[v] {
				outside[v] = true
				p.outside = append(p.outside, v)
			}
			continue
		}
		if a, ok := v.(*ir.BlockArgument); ok {
			owner := a.Owner().ParentOp()
			if !p.nest[owner] {
				return ir.Errorf(a.Loc(), "warp specialization: a TMA load's operands depend on an argument of %s, which the producer does not keep", owner.Name())
			}
			if i := a.Index(); i > 0 {
				f := scf.ForOp{Operation: owner}
				p.iterNeeded[owner][i-1] = true
				push(f.Inits()[i-1], f.YieldedValues()[i-1])
			}
			continue
		}
		op := v.(*ir.OpResult).Owner()
		if p.producer[op] {
			continue
		}
		if op.NumRegions() > 0 || !ir.IsMemoryEffectFree(op) {
			return ir.OpErrorf(op, "warp specialization: a TMA load's operands depend on this op, which the producer warps cannot recompute (it has side effects or regions)")
		}
		p.producer[op] = true
		push(op.Operands()...)
	}
	if len(remat) > 0 && !p.pointerLoads {
		// A TMA producer is one warpgroup, whatever the function's warp
		// count: tensors of the function's layouts have no place there.
		return ir.Errorf(p.root.Loc(), "warp specialization: the producer would compute tensors defined before the loop; only scalars, descriptors and buffers can be passed to a TMA producer")
	}
	if len(remat) > 0 {
		ir.WalkOps(root.ParentOp(), func(op *ir.Operation) {
			if remat[op] {
				p.remat = append(p.remat, op)
			}
		})
	}
	for _, v := range p.outside {
		if _, ok := v.Type().(*ir.RankedTensorType); ok && !isConstantValue(v) {
			return ir.Errorf(p.root.Loc(), "warp specialization: the producer would capture a tensor (%s); only scalars, descriptors and buffers can be passed to a ttg.warp_specialize partition", ir.NameHint(v))
		}
	}
	return nil
}

// isRematerializable reports whether a tensor defined outside the root
// can be computed again in the producer: a result of an op without side
// effects or regions (constants are cloned as before).
func isRematerializable(r *ir.OpResult) bool {
	if _, ok := r.Type().(*ir.RankedTensorType); !ok || isConstantValue(r) {
		return false
	}
	op := r.Owner()
	return op.NumRegions() == 0 && ir.IsMemoryEffectFree(op)
}

// isConstantValue reports whether v is an arith.constant's result (cloned
// into a partition rather than captured).
func isConstantValue(v ir.Value) bool {
	r, ok := v.(*ir.OpResult)
	return ok && r.Owner().Name() == "arith.constant"
}
