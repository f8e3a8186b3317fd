package ttgir

import (
	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/ir"
)

// Backward rematerialization, the second phase of remove-layout-conversions
// (Triton's LayoutRematerialization): for a convert_layout whose source
// could be recomputed directly in the target layout (its backward slice
// only holds ops that can be recreated in another layout), recompute the
// slice in the target layout when that is cheaper than moving the data,
// and drop the conversion. Rematerialized values are remembered per
// (value, layout) so later conversions reuse them.

// valueSet is an insertion-ordered set of values (a SetVector).
type valueSet struct {
	list []ir.Value
	has  map[ir.ValueKey]bool
}

func newValueSet() *valueSet { return &valueSet{has: map[ir.ValueKey]bool{}} }

// contains reports whether v is in the set.
func (s *valueSet) contains(v ir.Value) bool { return s.has[ir.KeyOf(v)] }

func (s *valueSet) insert(v ir.Value) bool {
	k := ir.KeyOf(v)
	if s.has[k] {
		return false
	}
	s.has[k] = true
	s.list = append(s.list, v)
	return true
}

func (s *valueSet) remove(v ir.Value) {
	k := ir.KeyOf(v)
	if !s.has[k] {
		return
	}
	delete(s.has, k)
	for i, x := range s.list {
		if x == v {
			s.list = append(s.list[:i], s.list[i+1:]...)
			break
		}
	}
}

func (s *valueSet) clone() *valueSet {
	c := &valueSet{list: append([]ir.Value(nil), s.list...), has: make(map[ir.ValueKey]bool, len(s.has))}
	for k := range s.has {
		c.has[k] = true
	}
	return c
}

type layoutMap map[ir.ValueKey]ir.Attribute

func (m layoutMap) clone() layoutMap {
	c := make(layoutMap, len(m))
	for k, v := range m {
		c[k] = v
	}
	return c
}

type rematerializer struct {
	ctx *ir.Context
	fn  *ir.Operation
	// rematMapping maps (value, layout) to the value recomputed in that
	// layout; mappedValues records which layout each key value has.
	rematMapping map[valEnc]ir.Value
	mappedValues map[ir.ValueKey]ir.Attribute
	toDelete     []*ir.Operation
	deleted      map[*ir.Operation]bool
	dom          *ir.DominanceInfo
	// lastMMADot is, per block asked about, its last dot whose first
	// operand has an MMA-parented dot_op layout (nil: none). The
	// rematerializer neither creates, moves nor erases dots (erasures
	// wait for cleanup), so the answer stays true while it runs.
	lastMMADot map[*ir.Block]*ir.Operation
}

func newRematerializer(fn *ir.Operation) *rematerializer {
	return &rematerializer{ctx: fn.Context(), fn: fn, rematMapping: map[valEnc]ir.Value{},
		mappedValues: map[ir.ValueKey]ir.Attribute{}, deleted: map[*ir.Operation]bool{}, dom: ir.NewDominanceInfo(),
		lastMMADot: map[*ir.Block]*ir.Operation{}}
}

func (r *rematerializer) addRematValue(old ir.Value, enc ir.Attribute, nw ir.Value) {
	r.rematMapping[valEnc{ir.KeyOf(old), enc}] = nw
	r.mappedValues[ir.KeyOf(old)] = enc
}

func (r *rematerializer) rematValue(v ir.Value, enc ir.Attribute) ir.Value {
	return r.rematMapping[valEnc{ir.KeyOf(v), enc}]
}

func (r *rematerializer) markDeleted(op *ir.Operation) {
	if !r.deleted[op] {
		r.deleted[op] = true
		r.toDelete = append(r.toDelete, op)
	}
}

// cleanup erases the ops the rewrites left dead, last first.
func (r *rematerializer) cleanup() {
	for i := len(r.toDelete) - 1; i >= 0; i-- {
		op := r.toDelete[i]
		if op.Block() == nil {
			continue
		}
		op.DropAllReferences()
		op.Erase()
	}
	r.toDelete = nil
}

// convertOps lists the convert_layout ops of the function in post-order.
func (r *rematerializer) convertOps() []*ir.Operation {
	var out []*ir.Operation
	ir.Walk(r.fn, ir.PostOrder, func(op *ir.Operation) ir.WalkResult {
		if op.Name() == "ttg.convert_layout" {
			out = append(out, op)
		}
		return ir.Advance
	})
	return out
}

// keepForReuse records a conversion that survived as a rematerialization
// later slices may reuse.
func (r *rematerializer) keepForReuse(cvt *ir.Operation) {
	if !r.deleted[cvt] {
		r.addRematValue(cvt.Operand(0), encodingOf(cvt.Result(0)), cvt.Result(0))
	}
}

// backwardRematerializeAll tries every conversion of the function and
// reports whether one was removed.
func (r *rematerializer) backwardRematerializeAll() bool {
	changed := false
	for _, cvt := range r.convertOps() {
		r.backwardRematerialize(cvt)
		if r.deleted[cvt] {
			changed = true
		} else {
			r.keepForReuse(cvt)
		}
	}
	return changed
}

// convertSlice is Triton's getConvertBackwardSlice with reuse of existing
// rematerializations that dominate the use.
func (r *rematerializer) convertSlice(root *ir.OpOperand, enc ir.Attribute, slice *valueSet, layout layoutMap, stop func(*ir.Operation) bool) bool {
	existing := func(use *ir.OpOperand, enc ir.Attribute) ir.Value {
		v := r.rematValue(use.Get(), enc)
		if v == nil {
			return nil
		}
		if r.dom.ValueDominates(v, use.Owner()) {
			return v
		}
		return nil
	}
	return backwardConvertSlice(root, enc, slice, layout, stop, existing)
}

// rematerializableSlice is convertSlice restricted to slices whose ops can
// all be recomputed; it extends slice and layout in place.
func (r *rematerializer) rematerializableSlice(root *ir.OpOperand, enc ir.Attribute, slice *valueSet, layout layoutMap, stop func(*ir.Operation) bool) bool {
	if !r.convertSlice(root, enc, slice, layout, stop) || len(slice.list) == 0 {
		return false
	}
	for _, v := range slice.list {
		if d := v.DefiningOp(); d != nil && !canBeRemat(d) {
			return false
		}
	}
	return true
}

func (r *rematerializer) backwardRematerialize(cvt *ir.Operation) {
	target := encodingOf(cvt.Result(0))
	if _, isDot := target.(*ttg.DotOperandEncoding); isDot {
		return
	}
	if v := r.rematValue(cvt.Operand(0), target); v != nil && r.dom.ValueDominates(v, cvt) {
		ir.ReplaceAllUsesWith(cvt.Result(0), v)
		r.markDeleted(cvt)
		return
	}
	slice, layout := newValueSet(), layoutMap{}
	if !r.rematerializableSlice(cvt.OpOperand(0), target, slice, layout, nil) {
		return
	}
	if !r.rematIsCheaper(cvt, slice) {
		return
	}
	r.rewriteSlice(slice, layout, cvt, ir.NewMapping())
}

// rematIsCheaper compares the cost of the conversion (a round trip through
// shared memory, at least a warp's worth of 32-bit elements) with the cost
// of recomputing the ops of the slice that have other users (ops used only
// inside the slice move rather than duplicate), in milli-SM-cycles.
func (r *rematerializer) rematIsCheaper(cvt *ir.Operation, slice *valueSet) bool {
	sliceOps := newOpSet()
	for _, v := range slice.list {
		if d := v.DefiningOp(); d != nil {
			sliceOps.insert(d)
		}
	}
	single := map[*ir.Operation]bool{}
	var singleUse func(op *ir.Operation) bool
	singleUse = func(op *ir.Operation) bool {
		if s, ok := single[op]; ok {
			return s
		}
		s := true
	results:
		for _, res := range op.Results() {
			for _, u := range ir.Users(res) {
				if u == cvt {
					continue
				}
				if !sliceOps.has[u] || !singleUse(u) {
					s = false
					break results
				}
			}
		}
		single[op] = s
		return s
	}
	convertCost := 32 * byteCount(cvt.Operand(0), 32, 32)
	var rematCost int64
	for _, op := range sliceOps.list {
		switch {
		case singleUse(op):
		case op.Name() == "arith.constant":
		case op.Name() == "tt.load" || op.Name() == "ttg.local_load":
			// Optimistically assume the repeated load hits L1.
			for _, res := range op.Results() {
				rematCost += 8 * byteCount(res, 0, 0)
			}
		case ir.DialectNamespace(op.Name()) == "arith" || ir.DialectNamespace(op.Name()) == "math":
			var mul int64 = 1
			if isExpensiveMathOp(op) {
				mul = 8
			}
			for _, res := range op.Results() {
				rematCost += mul * byteCount(res, 0, 0)
			}
		case op.Name() == "tt.reduce":
			if !reduceIsAssociative(op) {
				// Never duplicate a reduction whose result depends on the
				// order it combines in.
				return false
			}
			src := op.Operand(0).Type().(*ir.RankedTensorType)
			axis := reduceAxis(op)
			rematCost += int64(lanesAlong(src, axis)) + 8*int64(warpsAlong(src, axis))
		}
	}
	return rematCost <= convertCost
}

// isExpensiveMathOp: multi-instruction or low-throughput (SFU) ops.
func isExpensiveMathOp(op *ir.Operation) bool {
	switch op.Name() {
	case "arith.divf", "math.erfc", "math.sinh", "math.cosh", "math.tanh", "math.asinh", "math.acosh",
		"math.atanh", "math.ctpop", "math.ctlz", "math.cttz", "math.exp", "math.exp2", "math.expm1",
		"math.log", "math.log2", "math.log10", "math.log1p", "math.sin", "math.cos", "math.tan",
		"math.asin", "math.acos", "math.atan", "math.atan2", "math.powf", "math.sqrt", "math.rsqrt",
		"math.erf", "math.cbrt":
		return true
	}
	return false
}

// byteCount is the size of v's tensor in bytes, with at least minElems
// elements of at least minBits bits.
func byteCount(v ir.Value, minElems, minBits int64) int64 {
	var n, bits int64
	if t, ok := v.Type().(*ir.RankedTensorType); ok {
		n = t.NumElements()
		if ir.IsIntOrIndex(t.Elem) || ir.IsFloat(t.Elem) {
			bits = int64(ir.BitWidth(t.Elem))
		}
	}
	n = max(n, minElems)
	bits = max(bits, minBits)
	return (n * bits) >> 3
}

// reduceIsAssociative: integer reductions, tiny ones, and float ones
// without additions or multiplications give the same result in any order.
func reduceIsAssociative(op *ir.Operation) bool {
	src := op.Operand(0).Type().(*ir.RankedTensorType)
	if !ir.IsFloat(src.Elem) {
		return true
	}
	if src.Dims[reduceAxis(op)] <= 2 {
		return true
	}
	assoc := true
	ir.WalkNested(op, func(n *ir.Operation) {
		if n.Name() == "arith.addf" || n.Name() == "arith.mulf" {
			assoc = false
		}
	})
	return assoc
}
