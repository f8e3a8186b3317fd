package pipeliner

import (
	"slices"

	"sort"
	"strings"

	"github.com/ttcompiler/tt/dialects/scf"
	"github.com/ttcompiler/tt/dialects/tt"
	"github.com/ttcompiler/tt/ir"
)

// Two consumer warpgroups over the rows (Triton's data partition, as
// Triton's Hopper warp specialization does for a 128-row tile): the
// consumer's work, the loop nest and what follows it in the function, is
// run twice, on the default warps for rows [0, M/2) and on a second
// four-warp partition for rows [M/2, M). Each half keeps its own M/2 x N
// accumulator, which is why it pays: a 128x256 f32 accumulator on one
// warpgroup is 256 registers a thread, more than a thread has; halved it
// fits. The producer still copies whole tiles; each half reads its rows
// of the A tile (a memdesc_subslice of the slot) and all of B, and both
// arrive on a slot's empty barrier (count 2).
//
// Only what can be cut along the rows without changing its meaning is
// accepted: elementwise arithmetic and layout conversions of the
// accumulator, the wgmma chain, and tensor-descriptor stores whose
// descriptor is made in the kernel (a second descriptor of half the block
// is made beside it, and the second half's rows start M/2 further). Side
// effects other than those would run twice; anything else leaves the
// loop with one consumer warpgroup, which is correct for every shape.
type wsSplit struct {
	// rows is each half's row count (M/2).
	rows int64
	// sliced holds the original values whose dim 0 is cut in half.
	sliced map[ir.Value]bool
	// aAllocs are the local_allocs of loads read as a dot's A operand;
	// aLoads maps those loads to their make_tensor_descriptor: the
	// producer copies such a tile as two halves of rows, one ring each,
	// through a descriptor of half the block, so that each consumer's
	// wgmma reads a whole buffer of its own.
	aAllocs map[*ir.Operation]bool
	aLoads  map[*ir.Operation]*ir.Operation
	// stores maps each sliced descriptor store to its make_tensor_descriptor.
	stores map[*ir.Operation]*ir.Operation
	// tail is what follows the loop in the function, before its return.
	tail []*ir.Operation
}

// wsHalf is one consumer's part: its index and its store descriptors.
type wsHalf struct {
	split *wsSplit
	index int
	descs map[*ir.Operation]ir.Value // make_tensor_descriptor -> half descriptor
}

// planSplit decides whether the plan's consumer is cut in two and checks
// that it can be; it returns nil to keep one consumer.
func planSplit(p *wsPlan) *wsSplit {
	root := p.root.Operation
	fn := root.ParentOp()
	if fn == nil || fn.Name() != "tt.func" {
		return nil
	}
	ret := root.Block().Terminator()
	if ret == nil || ret.Name() != "tt.return" || ret.NumOperands() != 0 {
		return nil
	}
	s := &wsSplit{sliced: map[ir.Value]bool{}, aAllocs: map[*ir.Operation]bool{}, aLoads: map[*ir.Operation]*ir.Operation{}, stores: map[*ir.Operation]*ir.Operation{}}
	for op := root.Next(); op != ret; op = op.Next() {
		s.tail = append(s.tail, op)
	}
	inTail := map[*ir.Operation]bool{}
	for _, op := range s.tail {
		inTail[op] = true
	}
	// inConsumer: an op of the root's nest or of the tail.
	inConsumer := func(op *ir.Operation) bool {
		return root.IsAncestorOf(op) || inTail[op] || (op.ParentOp() != nil && inTailNested(op, inTail))
	}

	var dots []*ir.Operation
	ir.WalkOps(root, func(op *ir.Operation) {
		if op.Name() == "ttng.warp_group_dot" {
			dots = append(dots, op)
		}
	})
	var m int64
	for _, d := range dots {
		rt, ok := d.Result(0).Type().(*ir.RankedTensorType)
		if !ok || len(rt.Dims) != 2 {
			return nil
		}
		if m == 0 {
			m = rt.Dims[0]
		}
		// Split where one warpgroup's accumulator would pass 128
		// registers a thread: Triton's 128x256 case.
		if rt.Dims[0] != 128 || m != 128 || rt.Dims[0]*rt.Dims[1]/128 <= 128 {
			return nil
		}
	}
	s.rows = m / 2

	// The slice: the accumulators and everything computed from them,
	// forward to the stores and backward to the constants they start from.
	var work []ir.Value
	ok := true
	add := func(v ir.Value) {
		if !s.sliced[v] {
			s.sliced[v] = true
			work = append(work, v)
		}
	}
	for _, d := range dots {
		add(d.Result(0))
		add(d.Operand(2))
		a, isAlloc := d.Operand(0).(*ir.OpResult)
		if !isAlloc || a.Owner().Name() != "ttg.local_alloc" || a.Owner().NumOperands() != 1 {
			return nil
		}
		load, isLoad := a.Owner().Operand(0).(*ir.OpResult)
		if !isLoad || load.Owner().Name() != "tt.descriptor_load" || ir.NumUses(load) != 1 {
			return nil
		}
		for _, u := range ir.Uses(a) {
			if u.Owner().Name() != "ttng.warp_group_dot" || u.Index() != 0 {
				return nil
			}
		}
		mk, isMk := load.Owner().Operand(0).(*ir.OpResult)
		if !isMk || mk.Owner().Name() != "tt.make_tensor_descriptor" || mk.Owner().Block() != root.Block() {
			return nil
		}
		if rt := load.Type().(*ir.RankedTensorType); len(rt.Dims) != 2 || rt.Dims[0] != m {
			return nil
		}
		s.aAllocs[a.Owner()] = true
		s.aLoads[load.Owner()] = mk.Owner()
	}
	for len(work) > 0 && ok {
		v := work[len(work)-1]
		work = work[:len(work)-1]
		rt, isT := v.Type().(*ir.RankedTensorType)
		if !isT || len(rt.Dims) == 0 || rt.Dims[0] != m {
			return nil
		}
		// Backward: where v comes from.
		switch d := v.(type) {
		case *ir.BlockArgument:
			loop := d.Owner().ParentOp()
			if !p.nest[loop] || d.Index() == 0 {
				return nil
			}
			f := scf.ForOp{Operation: loop}
			add(f.Inits()[d.Index()-1])
			add(f.YieldedValues()[d.Index()-1])
		case *ir.OpResult:
			def := d.Owner()
			switch {
			case def.Name() == "arith.constant":
				if _, isDense := def.Attr("value").(*ir.DenseElementsAttr); !isDense || !def.Attr("value").(*ir.DenseElementsAttr).IsSplat() {
					return nil
				}
			case def.Name() == "ttng.warp_group_dot":
			case p.nest[def]:
				f := scf.ForOp{Operation: def}
				add(f.YieldedValues()[d.Index()])
				add(f.RegionIterArgs()[d.Index()])
			case rowwise(def) && inConsumer(def):
				for _, o := range def.Operands() {
					if _, isT := o.Type().(*ir.RankedTensorType); isT {
						add(o)
					}
				}
			default:
				return nil
			}
		}
		// Forward: who reads v.
		for _, u := range ir.Uses(v) {
			user := u.Owner()
			if !inConsumer(user) {
				return nil
			}
			switch {
			case user.Name() == "scf.yield" && p.nest[user.ParentOp()]:
				f := scf.ForOp{Operation: user.ParentOp()}
				add(f.RegionIterArgs()[u.Index()])
				add(user.ParentOp().Result(u.Index()))
			case p.nest[user] && u.Index() >= 3:
				// An init: the loop's argument and result.
				add(scf.ForOp{Operation: user}.RegionIterArgs()[u.Index()-3])
				add(user.Result(u.Index() - 3))
			case user.Name() == "ttng.warp_group_dot":
				if u.Index() != 2 {
					return nil
				}
			case user.Name() == "tt.descriptor_store":
				mk, isMk := user.Operand(0).(*ir.OpResult)
				if u.Index() != 1 || user.NumOperands() < 3 || !isMk || mk.Owner().Name() != "tt.make_tensor_descriptor" || mk.Owner().Block() != root.Block() || inTail[mk.Owner()] {
					return nil
				}
				s.stores[user] = mk.Owner()
			case rowwise(user):
				for _, r := range user.Results() {
					add(r)
				}
				for _, o := range user.Operands() {
					if _, isT := o.Type().(*ir.RankedTensorType); isT {
						add(o)
					}
				}
			default:
				return nil
			}
		}
	}
	// What runs twice must be free of side effects, but for the loads
	// (the producer's), their allocs, the dots and the sliced stores.
	clean := true
	check := func(op *ir.Operation) {
		switch {
		case p.nest[op], op.Name() == "scf.yield", op.Name() == "tt.descriptor_load", op.Name() == "ttng.warp_group_dot":
		case op.Name() == "ttg.local_alloc" && op.NumOperands() == 1:
		case s.stores[op] != nil:
		case op.NumRegions() > 0 || !ir.IsMemoryEffectFree(op):
			clean = false
		}
	}
	ir.WalkOps(root, func(op *ir.Operation) {
		if op != root {
			check(op)
		}
	})
	for _, op := range s.tail {
		check(op)
	}
	if !clean {
		return nil
	}
	return s
}

// inTailNested reports whether op is nested in an op of the tail.
func inTailNested(op *ir.Operation, inTail map[*ir.Operation]bool) bool {
	for a := op.ParentOp(); a != nil; a = a.ParentOp() {
		if inTail[a] {
			return true
		}
	}
	return false
}

// rowwise reports whether op computes each row of its results from the
// same row of its operands alone (elementwise arithmetic and layout or
// precision conversions), so that it can run on half the rows.
func rowwise(op *ir.Operation) bool {
	if op.NumRegions() > 0 || op.NumResults() != 1 || !ir.IsMemoryEffectFree(op) {
		return false
	}
	name := op.Name()
	switch {
	case name == "ttg.convert_layout", name == "tt.fp_to_fp", name == "tt.clampf", name == "tt.precise_divf", name == "tt.precise_sqrt":
	case strings.HasPrefix(name, "arith.") && name != "arith.constant", strings.HasPrefix(name, "math."):
	default:
		return false
	}
	rt, ok := op.Result(0).Type().(*ir.RankedTensorType)
	if !ok {
		return false
	}
	for _, o := range op.Operands() {
		ot, ok := o.Type().(*ir.RankedTensorType)
		if !ok || !slices.Equal(ot.Dims, rt.Dims) {
			return false
		}
	}
	return true
}

// halfType is t with dim 0 cut to rows.
func halfType(ctx *ir.Context, t ir.Type, rows int64) ir.Type {
	rt := t.(*ir.RankedTensorType)
	dims := append([]int64{rows}, rt.Dims[1:]...)
	return ir.RankedTensor(ctx, dims, rt.Elem, rt.Encoding)
}

// halfDescriptors makes, beside each make_tensor_descriptor of a store or
// an A load, one of half its block's rows.
// The new descriptors are returned in program order too.
func (s *wsSplit) halfDescriptors() (map[*ir.Operation]ir.Value, []ir.Value) {
	out := map[*ir.Operation]ir.Value{}
	var mks []*ir.Operation
	seen := map[*ir.Operation]bool{}
	for _, m := range []map[*ir.Operation]*ir.Operation{s.stores, s.aLoads} {
		for _, mk := range m {
			if !seen[mk] {
				seen[mk] = true
				mks = append(mks, mk)
			}
		}
	}
	sort.Slice(mks, func(i, j int) bool { return mks[i].IsBeforeInBlock(mks[j]) })
	var order []ir.Value
	for _, mk := range mks {
		dt := mk.Result(0).Type().(*tt.TensorDescType)
		half := halfType(mk.Context(), dt.Block, s.rows).(*ir.RankedTensorType)
		b := ir.NewBuilder(mk.Context())
		b.SetInsertionPointAfter(mk)
		c := b.Insert(mk.Clone(ir.NewMapping()))
		c.Result(0).SetType(tt.TensorDesc(mk.Context(), half))
		out[mk] = c.Result(0)
		order = append(order, c.Result(0))
	}
	return out, order
}

// cloneOp clones op into the consumer of half h (nil: the whole rows),
// giving the sliced values their halved types; a sliced store writes
// through the half descriptor, M/2 rows further for the second half.
func cloneConsumerOp(b *ir.Builder, op *ir.Operation, m *ir.Mapping, h *wsHalf) *ir.Operation {
	if h == nil {
		return b.Insert(op.Clone(m))
	}
	s := h.split
	if op.Name() == "arith.constant" && s.sliced[op.Result(0)] {
		t := halfType(op.Context(), op.Result(0).Type(), s.rows).(*ir.RankedTensorType)
		v := op.Attr("value").(*ir.DenseElementsAttr).SplatAttr(op.Context())
		c := b.Insert(op.Clone(m))
		c.SetAttr("value", ir.DenseSplat(op.Context(), t, v))
		c.Result(0).SetType(t)
		m.Map(op.Result(0), c.Result(0))
		return c
	}
	c := b.Insert(op.Clone(m))
	for i, r := range op.Results() {
		if s.sliced[r] {
			c.Result(i).SetType(halfType(op.Context(), r.Type(), s.rows))
		}
	}
	if mk := s.stores[op]; mk != nil {
		c.SetOperand(0, m.Lookup(h.descs[mk]))
		if h.index > 0 {
			b.SetInsertionPoint(c)
			// Operands: the descriptor, the data, then the coordinates.
			row := binary(b, "arith.addi", op.Loc(), c.Operand(2), constI32(b, op.Loc(), int(s.rows)*h.index))
			c.SetOperand(2, row)
			b.SetInsertionPointAfter(c)
		}
	}
	return c
}

// consumerCaptures lists the values the second half's partition reads
// from outside the loop and its tail (it is isolated from above), or
// reports false when one of them is a tensor that is not a constant.
func (s *wsSplit) consumerCaptures(root *ir.Operation) ([]ir.Value, bool) {
	inTail := map[*ir.Operation]bool{}
	for _, op := range s.tail {
		inTail[op] = true
	}
	inside := func(op *ir.Operation) bool {
		return op != nil && (root.IsAncestorOf(op) || inTail[op] || inTailNested(op, inTail))
	}
	seen := map[ir.Value]bool{}
	var out []ir.Value
	ok := true
	visit := func(op *ir.Operation) {
		for i, v := range op.Operands() {
			if i == 0 && s.stores[op] != nil {
				continue // the store goes through the half descriptor
			}
			var at *ir.Operation
			switch d := v.(type) {
			case *ir.OpResult:
				at = d.Owner()
			case *ir.BlockArgument:
				at = d.Owner().ParentOp()
				if at != nil && at.Name() == "tt.func" {
					at = nil
				}
			}
			if inside(at) || seen[v] {
				continue
			}
			seen[v] = true
			if _, isT := v.Type().(*ir.RankedTensorType); isT && !isConstantValue(v) {
				ok = false
			}
			out = append(out, v)
		}
	}
	ir.WalkOps(root, visit)
	for _, op := range s.tail {
		ir.WalkOps(op, visit)
	}
	return out, ok
}
