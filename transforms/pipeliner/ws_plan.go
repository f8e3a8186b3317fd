package pipeliner

import (
	"github.com/ttcompiler/tt/dialects/scf"
	"github.com/ttcompiler/tt/dialects/tt"
	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/ir"
)

// What Hopper's warp specialization (nvgpu-warp-specialization) splits a
// loop marked tt.warp_specialize into: a producer, which recomputes the
// coordinates of the loop's TMA loads (tt.descriptor_load) and issues the
// copies into a ring of shared-memory slots, and a consumer, which is the
// rest of the loop reading the slots instead of the loads' results. The
// plan is what the analysis found; it is built by ws_build.go.
type wsPlan struct {
	loop scf.ForOp
	// loads are the loop's tt.descriptor_load ops, in body order.
	loads []*ir.Operation
	// producer holds the body ops the producer recomputes: the backward
	// slice of the loads' operands inside the body (loads excluded).
	producer map[*ir.Operation]bool
	// iterNeeded[i] is set when the producer needs iteration argument i
	// (a coordinate carried from one iteration to the next).
	iterNeeded []bool
	// outside are the values defined outside the loop that the producer
	// reads (captured by the warp_specialize, or rematerialized when
	// they are constants), in first-use order.
	outside []ir.Value
}

// planWarpSpecialization checks that loop has the shape the pass builds
// (TMA loads directly in its body, feeding a warp_group_dot, coordinates
// the producer can recompute) and returns the plan, or a located error.
func planWarpSpecialization(loop *ir.Operation) (*wsPlan, error) {
	fo := scf.ForOp{Operation: loop}
	body := fo.Body()
	p := &wsPlan{loop: fo, producer: map[*ir.Operation]bool{}, iterNeeded: make([]bool, len(fo.RegionIterArgs()))}
	var err error
	hasDot := false
	ir.WalkOps(loop, func(op *ir.Operation) {
		if err != nil || op == loop {
			return
		}
		switch op.Name() {
		case "tt.descriptor_load":
			if op.Block() != body {
				err = ir.OpErrorf(op, "warp specialization: a TMA load inside a nested region of the tt.warp_specialize loop is not supported (only loads directly in the loop body are moved to the producer)")
				return
			}
			p.loads = append(p.loads, op)
		case "tt.descriptor_gather", "ttng.async_tma_copy_global_to_local", "ttg.async_copy_global_to_local":
			err = ir.OpErrorf(op, "warp specialization: %s in the tt.warp_specialize loop is not supported", op.Name())
		case "ttng.warp_group_dot":
			if a, ok := op.Attr("isAsync").(*ir.IntegerAttr); ok && a.Int() != 0 {
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
	if len(p.loads) == 0 {
		return nil, ir.OpErrorf(loop, "warp specialization of this loop needs tensor-descriptor (TMA) loads directly in its body; it has none")
	}
	if !hasDot {
		return nil, ir.OpErrorf(loop, "warp specialization of this loop needs a ttng.warp_group_dot fed by its loads; it has none")
	}
	for _, l := range p.loads {
		if err := checkWSLoad(l, body); err != nil {
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
// iteration (a slot is handed back at the end of the iteration's uses).
func checkWSLoad(l *ir.Operation, body *ir.Block) error {
	dt, ok := l.Operand(0).Type().(*tt.TensorDescType)
	rt, ok2 := l.Result(0).Type().(*ir.RankedTensorType)
	if !ok || !ok2 || dt.Block == nil {
		return ir.OpErrorf(l, "warp specialization: expected a tensor descriptor load of a tensor")
	}
	if _, ok := dt.Block.Encoding.(*ttg.NVMMASharedEncoding); !ok {
		return ir.OpErrorf(l, "warp specialization: the TMA load's descriptor must have an NVMMA shared layout (run triton-nvidia-optimize-descriptor-encoding first)")
	}
	if !equalDims(dt.Block.Dims, rt.Dims) || dt.Block.Elem != rt.Elem {
		return ir.OpErrorf(l, "warp specialization: a TMA load whose result is not its descriptor's block is not supported")
	}
	for _, u := range ir.Users(l.Result(0)) {
		if u == body.Terminator() {
			return ir.OpErrorf(l, "warp specialization: a TMA load whose result is carried to the next iteration is not supported")
		}
	}
	return nil
}

func equalDims(a, b []int64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// slice collects the producer's ops: everything in the body that the
// loads' operands depend on, through the loop-carried arguments too. The
// producer runs on other warps than the consumer, so what it recomputes
// must be free of side effects and of regions.
func (p *wsPlan) slice() error {
	body := p.loop.Body()
	seen := map[ir.Value]bool{}
	outside := map[ir.Value]bool{}
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
	push(p.loop.LowerBound(), p.loop.UpperBound(), p.loop.Step())
	for len(work) > 0 {
		v := work[0]
		work = work[1:]
		if ir.IsDefinedOutside(p.loop.Operation, v) {
			if !outside[v] {
				outside[v] = true
				p.outside = append(p.outside, v)
			}
			continue
		}
		if a, ok := v.(*ir.BlockArgument); ok {
			if a.Owner() != body {
				continue // defined in a nested region: cannot be, loads are direct children
			}
			if i := a.Index(); i > 0 {
				p.iterNeeded[i-1] = true
				push(p.loop.Inits()[i-1], p.loop.YieldedValues()[i-1])
			}
			continue
		}
		op := v.(*ir.OpResult).Owner()
		if op.Block() != body || p.producer[op] {
			continue
		}
		if op.NumRegions() > 0 || !ir.IsMemoryEffectFree(op) {
			return ir.OpErrorf(op, "warp specialization: a TMA load's operands depend on this op, which the producer warps cannot recompute (it has side effects or regions)")
		}
		p.producer[op] = true
		push(op.Operands()...)
	}
	for _, v := range p.outside {
		if _, ok := v.Type().(*ir.RankedTensorType); ok && !isConstantValue(v) {
			return ir.Errorf(p.loop.Loc(), "warp specialization: the producer would capture a tensor (%s); only scalars, descriptors and buffers can be passed to a ttg.warp_specialize partition", ir.NameHint(v))
		}
	}
	return nil
}

// isConstantValue reports whether v is an arith.constant's result (cloned
// into a partition rather than captured).
func isConstantValue(v ir.Value) bool {
	r, ok := v.(*ir.OpResult)
	return ok && r.Owner().Name() == "arith.constant"
}
