package ttir

import (
	"github.com/ttcompiler/tt/dialects/arith"
	"github.com/ttcompiler/tt/dialects/scf"
	"github.com/ttcompiler/tt/dialects/tt"
	"github.com/ttcompiler/tt/ir"
)

// The pieces a tile load is made of, read from its pointer arithmetic and
// masks for tt-tma-loads (tma_loads.go): a pointer block's base and its
// two axes' index * stride terms, an index shifted by the loop's induction
// variable, the bounds a mask puts on each axis, and how one axis maps onto
// a tensor map's coordinates and extent.

// blockTerm is one axis of a pointer block: index * stride.
type blockTerm struct {
	index   ir.Value // the 1-D index tensor
	stride  ir.Value // scalar stride, or nil with strideC
	strideC int64
}

// blockTerms decomposes a 2-D pointer tensor `splat(base) + sum of
// broadcast(expand_dims(index, axis) * stride)` into its base and one
// term an axis; nil base when it does not have that form.
func blockTerms(p ir.Value) (ir.Value, [2]blockTerm) {
	var terms [2]blockTerm
	var base ir.Value
	var offset func(v ir.Value) bool
	offset = func(v ir.Value) bool {
		d := v.DefiningOp()
		if d == nil {
			return false
		}
		switch d.Name() {
		case "tt.broadcast":
			return offset(d.Operand(0))
		case "arith.addi":
			return offset(d.Operand(0)) && offset(d.Operand(1))
		case "arith.muli":
			for i := range 2 {
				idx, ax, ok := expandedIndex(d.Operand(i))
				if !ok {
					continue
				}
				s, sc, ok := scalarOf(d.Operand(1 - i))
				if !ok || terms[ax].index != nil {
					return false
				}
				terms[ax] = blockTerm{index: idx, stride: s, strideC: sc}
				return true
			}
			return false
		case "tt.expand_dims":
			idx, ax, ok := expandedIndex(v)
			if !ok || terms[ax].index != nil {
				return false
			}
			terms[ax] = blockTerm{index: idx, strideC: 1}
			return true
		}
		return false
	}
	var pointer func(v ir.Value) bool
	pointer = func(v ir.Value) bool {
		d := v.DefiningOp()
		if d == nil {
			return false
		}
		switch d.Name() {
		case "tt.broadcast":
			return pointer(d.Operand(0))
		case "tt.splat":
			if base != nil {
				return false
			}
			base = d.Operand(0)
			return true
		case "tt.addptr":
			return pointer(d.Operand(0)) && offset(d.Operand(1))
		}
		return false
	}
	if !pointer(p) {
		return nil, terms
	}
	return base, terms
}

// expandedIndex matches `expand_dims(index, axis)` of a 1-D i32 index,
// broadcasts around it allowed; the axis of the 2-D tile it indexes.
func expandedIndex(v ir.Value) (ir.Value, int, bool) {
	d := v.DefiningOp()
	for d != nil && d.Name() == "tt.broadcast" {
		d = d.Operand(0).DefiningOp()
	}
	if d == nil || d.Name() != "tt.expand_dims" {
		return nil, 0, false
	}
	a, ok := d.Attr("axis").(*ir.IntegerAttr)
	if !ok || a.Int() < 0 || a.Int() > 1 {
		return nil, 0, false
	}
	t, ok := d.Operand(0).Type().(*ir.RankedTensorType)
	if !ok || len(t.Dims) != 1 || ir.BitWidth(t.Elem) != 32 {
		return nil, 0, false
	}
	// expand_dims(x, 1) makes a column: x indexes the rows (axis 0).
	return d.Operand(0), 1 - int(a.Int()), true
}

// scalarOf matches a splat of a scalar (returned) or a splat constant
// (its value).
func scalarOf(v ir.Value) (ir.Value, int64, bool) {
	if c, ok := arith.MatchConstantInt(v); ok {
		return nil, c, true
	}
	if d := v.DefiningOp(); d != nil && d.Name() == "tt.splat" {
		return d.Operand(0), 0, true
	}
	return nil, 0, false
}

// loopAdvance reads the pointer increment of an iteration: the axis it
// moves along (-1 if neither) and by how many elements (a constant).
func loopAdvance(inc ir.Value, stride ir.Value, strideC int64) (int, int64) {
	s, c, ok := scalarOf(inc)
	if !ok {
		return -1, 0
	}
	if s == nil {
		if stride == nil && strideC > 0 && c%strideC == 0 && c/strideC > 0 && strideC > 1 {
			return 0, c / strideC
		}
		if c > 0 {
			return 1, c
		}
		return -1, 0
	}
	// s = stride * k or k * stride: k rows an iteration.
	d := s.DefiningOp()
	if d == nil || d.Name() != "arith.muli" || stride == nil {
		return -1, 0
	}
	for i := range 2 {
		if d.Operand(i) == stride {
			if k, ok := arith.MatchConstantInt(d.Operand(1 - i)); ok && k > 0 {
				return 0, k
			}
		}
	}
	return -1, 0
}

// maskBounds collects the per-axis bounds of a mask that is a conjunction
// of compares `expand_dims(index, axis) [+ splat(shift)] < splat(bound)`
// (broadcasts allowed): bounds[axis] = the compare.
func maskBounds(mask ir.Value, bounds *[2]ir.Value) bool {
	d := mask.DefiningOp()
	if d == nil {
		return false
	}
	switch d.Name() {
	case "tt.broadcast":
		return maskBounds(d.Operand(0), bounds)
	case "arith.andi":
		return maskBounds(d.Operand(0), bounds) && maskBounds(d.Operand(1), bounds)
	case "arith.cmpi":
		if arith.CmpIPredicateOf(d) != arith.CmpISLT {
			return false
		}
		_, ax, _, ok := shiftedIndex(d.Operand(0))
		if !ok || bounds[ax] != nil {
			return false
		}
		if s, _, ok := scalarOf(d.Operand(1)); !ok || s == nil {
			return false
		}
		bounds[ax] = d.Result(0)
		return true
	}
	return false
}

// shiftedIndex matches `expand_dims(index, axis)` or that plus a splat
// scalar (the shift), broadcasts allowed.
func shiftedIndex(v ir.Value) (index ir.Value, axis int, shift ir.Value, ok bool) {
	if idx, ax, ok := expandedIndex(v); ok {
		return idx, ax, nil, true
	}
	d := v.DefiningOp()
	for d != nil && d.Name() == "tt.broadcast" {
		d = d.Operand(0).DefiningOp()
	}
	if d == nil || d.Name() != "arith.addi" {
		return nil, 0, nil, false
	}
	for i := range 2 {
		idx, ax, ok := expandedIndex(d.Operand(i))
		if !ok {
			continue
		}
		if s, _, ok := scalarOf(d.Operand(1 - i)); ok && s != nil {
			return idx, ax, s, true
		}
	}
	return nil, 0, nil, false
}

// boundOf splits a mask compare into its index, its shift (nil if none)
// and its scalar bound.
func boundOf(cmp ir.Value) (index, shift, bound ir.Value) {
	d := cmp.DefiningOp()
	idx, _, sh, _ := shiftedIndex(d.Operand(0))
	s, _, _ := scalarOf(d.Operand(1))
	return idx, sh, s
}

// scaledIV matches the loop's induction variable times a constant (or
// alone, times 1).
func scaledIV(v ir.Value, iv ir.Value) (int64, bool) {
	if v == iv {
		return 1, true
	}
	mul := v.DefiningOp()
	if mul == nil || mul.Name() != "arith.muli" {
		return 0, false
	}
	for i := range 2 {
		if mul.Operand(i) == iv {
			if c, ok := arith.MatchConstantInt(mul.Operand(1 - i)); ok {
				return c, true
			}
		}
	}
	return 0, false
}

// makeRange0 reports whether v is `tt.make_range {start = 0}`.
func makeRange0(v ir.Value) bool {
	d := v.DefiningOp()
	return d != nil && d.Name() == "tt.make_range" && (tt.MakeRangeOp{Operation: d}).Start() == 0
}

// offsetIndex matches `splat(o) + arange(0, n)` (either order; o
// returned) or `arange(0, n)` (o nil).
func offsetIndex(v ir.Value) (ir.Value, bool) {
	if makeRange0(v) {
		return nil, true
	}
	d := v.DefiningOp()
	if d == nil || d.Name() != "arith.addi" {
		return nil, false
	}
	for i := range 2 {
		if makeRange0(d.Operand(i)) {
			if s, _, ok := scalarOf(d.Operand(1 - i)); ok && s != nil {
				return s, true
			}
		}
	}
	return nil, false
}

// axisMapping maps one axis of the tile onto the tensor map (the pass's
// doc lists the three forms), or reports that it does not qualify.
func axisMapping(index, bound ir.Value, advancing bool, adv, step int64, f scf.ForOp, anchor *ir.Operation) (tmaAxis, bool) {
	if advancing && bound == nil {
		// Unmasked: the loop's trips bound the tile, which starts at
		// iv*c with c*step the increment (the loop's lower bound is 0);
		// the trips must be the same for every tile.
		if !makeRange0(index) || adv%step != 0 {
			return tmaAxis{}, false
		}
		tripsOps, ok := LoopInvariantSlice(anchor, f.UpperBound())
		if !ok {
			return tmaAxis{}, false
		}
		return tmaAxis{scale: adv / step, size: tensorShape(index.Type())[0], trips: f.UpperBound(), tripsOps: tripsOps}, true
	}
	if advancing {
		// arange(0, n) < E - iv*c, or arange(0, n) + iv*c < E, with
		// c*step the increment: the tile starts at iv*c.
		if !makeRange0(index) {
			return tmaAxis{}, false
		}
		bidx, shift, x := boundOf(bound)
		if bidx != index {
			return tmaAxis{}, false
		}
		iv := f.InductionVar()
		coord, extent := shift, x
		if shift == nil {
			sub := x.DefiningOp()
			if sub == nil || sub.Name() != "arith.subi" {
				return tmaAxis{}, false
			}
			coord, extent = sub.Operand(1), sub.Operand(0)
		}
		c, ok := scaledIV(coord, iv)
		if !ok || c*step != adv || !definedBefore(extent, anchor) {
			return tmaAxis{}, false
		}
		return tmaAxis{coord: coord, extent: extent}, true
	}
	outside := func(v ir.Value) bool { return v == nil || ir.IsDefinedOutside(f.Operation, v) }
	if bound != nil {
		// o + arange(0, n) < E.
		bidx, shift, e := boundOf(bound)
		if bidx != index || shift != nil {
			return tmaAxis{}, false
		}
		o, ok := offsetIndex(index)
		if !ok || !outside(o) || !definedBefore(e, anchor) {
			return tmaAxis{}, false
		}
		return tmaAxis{coord: o, extent: e}, true
	}
	// (o + arange(0, n)) % E, unmasked.
	d := index.DefiningOp()
	if d == nil || d.Name() != "arith.remsi" {
		return tmaAxis{}, false
	}
	o, ok := offsetIndex(d.Operand(0))
	e, _, ok2 := scalarOf(d.Operand(1))
	if !ok || !ok2 || e == nil || !outside(o) || !definedBefore(e, anchor) {
		return tmaAxis{}, false
	}
	return tmaAxis{coord: o, extent: e, wrapped: d.Operand(0)}, true
}

// axisUnobserved proves, for a wrapped axis ax of loaded, that the rows
// (columns) where TMA reads zeros and the load read wrapped data never
// reach memory: the loaded tile is one tt.dot's A (B) operand, and
// everything the dot's result flows into ends in stores masked on that
// axis by the index before the wrap. It walks the values whose elements
// along ax depend on the wrapped elements of loaded.
func axisUnobserved(loaded ir.Value, ax int, a tmaAxis) bool {
	uses := ir.Uses(loaded)
	if len(uses) != 1 || uses[0].Owner().Name() != "tt.dot" || uses[0].Index() != ax {
		return false
	}
	seen := map[ir.Value]bool{}
	work := []ir.Value{uses[0].Owner().Result(0)}
	for len(work) > 0 {
		v := work[len(work)-1]
		work = work[:len(work)-1]
		if seen[v] {
			continue
		}
		seen[v] = true
		for _, u := range ir.Uses(v) {
			user, idx := u.Owner(), u.Index()
			switch {
			case user.Name() == "tt.dot" && (idx == 2 || idx == ax):
				work = append(work, user.Result(0))
			case user.Name() == "scf.yield":
				p := user.ParentOp()
				switch p.Name() {
				case "scf.for":
					work = append(work, p.Result(idx), (scf.ForOp{Operation: p}).RegionIterArgs()[idx])
				case "scf.if":
					work = append(work, p.Result(idx))
				default:
					return false
				}
			case user.Name() == "tt.store" && idx == 1:
				if !storeMasksAxis(user, ax, a) {
					return false
				}
			case user.Has(ir.Elementwise) && user.NumResults() == 1 && sameShape(user.Result(0).Type(), v.Type()):
				work = append(work, user.Result(0))
			default:
				return false
			}
		}
	}
	return true
}

// sameShape reports whether two ranked tensor types have one shape.
func sameShape(a, b ir.Type) bool {
	x, ok1 := a.(*ir.RankedTensorType)
	y, ok2 := b.(*ir.RankedTensorType)
	return ok1 && ok2 && equalInts(x.Dims, y.Dims)
}

// storeMasksAxis reports whether store's mask bounds axis ax by the
// wrapped axis's index before the wrap, against its extent.
func storeMasksAxis(store *ir.Operation, ax int, a tmaAxis) bool {
	if store.NumOperands() < 3 {
		return false
	}
	var bounds [2]ir.Value
	if !storeMaskBounds(store.Operand(2), &bounds) || bounds[ax] == nil {
		return false
	}
	idx, shift, e := boundOf(bounds[ax])
	return idx == a.wrapped && shift == nil && e == a.extent
}

// storeMaskBounds is maskBounds for a store's mask, whose other
// conjuncts (bounds the wrapped axes do not need) are allowed: any
// conjunct it does not recognize is skipped.
func storeMaskBounds(mask ir.Value, bounds *[2]ir.Value) bool {
	d := mask.DefiningOp()
	if d == nil {
		return false
	}
	switch d.Name() {
	case "tt.broadcast":
		return storeMaskBounds(d.Operand(0), bounds)
	case "arith.andi":
		l := storeMaskBounds(d.Operand(0), bounds)
		r := storeMaskBounds(d.Operand(1), bounds)
		return l || r
	}
	var one [2]ir.Value
	if !maskBounds(mask, &one) {
		return false
	}
	for ax, b := range one {
		if b != nil && bounds[ax] == nil {
			bounds[ax] = b
		}
	}
	return true
}
