package interp

import (
	"github.com/ttcompiler/tt/dialects/tt"
	"github.com/ttcompiler/tt/ir"
)

// Reductions and scans run their combine region on element pairs in a
// fixed tree order:
//
//   - tt.reduce combines pairwise, in log2(n) levels: at distance s, the
//     element at k (a multiple of 2s) becomes combine(x[k], x[k+s]). The
//     lower index is always the first operand, so associative combiners
//     need not be commutative. A tree has O(log n) rounding error growth,
//     like the GPU's thread-then-warp tree, rather than the O(n) of a
//     sequential loop.
//   - tt.scan uses Hillis-Steele steps: at distance d, x[k] becomes
//     combine(x[k-d], x[k]) (reverse: combine(x[k+d], x[k])), again with
//     the earlier part of the sequence first.
//
// Each level runs the region once on vectors of all pairs when the region
// is made only of elementwise ops (the common case, with any number of
// operands, e.g. argmax's value/index pairs); otherwise once per pair with
// scalars. Both give identical results: the region is a pure function of
// each pair.

func init() {
	register("tt.reduce", buildReduce)
	register("tt.scan", buildScan)
	register("tt.map_elementwise", buildMapElementwise)
}

// level is one step of a tree: for every pair p, lhs[p] and rhs[p] are
// flat element indices; the result of the pair goes to dst[p].
type level struct{ lhs, rhs, dst []int }

// axisGeometry splits a shape around axis into outer, length, inner.
func axisGeometry(shape []int, axis int) (outer, n, inner int) {
	outer, inner = 1, 1
	for d := 0; d < axis; d++ {
		outer *= shape[d]
	}
	for d := axis + 1; d < len(shape); d++ {
		inner *= shape[d]
	}
	return outer, shape[axis], inner
}

func buildReduce(c *compiler, op *ir.Operation) (runFn, error) {
	axis := tt.ReduceOp{Operation: op}.Axis()
	shape := shapeOf(op.Operand(0).Type())
	if axis < 0 || axis >= len(shape) {
		return nil, ir.OpErrorf(op, "axis %d is out of range for rank %d", axis, len(shape))
	}
	outer, n, inner := axisGeometry(shape, axis)
	at := func(o, k, i int) int { return (o*n+k)*inner + i }
	var levels []level
	for s := 1; s < n; s *= 2 {
		var lv level
		for o := 0; o < outer; o++ {
			for k := 0; k+s < n; k += 2 * s {
				for i := 0; i < inner; i++ {
					lv.lhs = append(lv.lhs, at(o, k, i))
					lv.rhs = append(lv.rhs, at(o, k+s, i))
				}
			}
		}
		lv.dst = lv.lhs
		levels = append(levels, lv)
	}
	final := make([]int, 0, outer*inner)
	for o := 0; o < outer; o++ {
		for i := 0; i < inner; i++ {
			final = append(final, at(o, 0, i))
		}
	}
	outShape := make([]int, 0, len(shape)-1)
	outShape = append(append(outShape, shape[:axis]...), shape[axis+1:]...)
	fast := fastLevel(c, op)
	return func(x *execCtx, in *instr) error {
		cur, err := x.copies(in)
		if err != nil {
			return err
		}
		if err := x.runLevels(in, cur, levels, fast); err != nil {
			return err
		}
		for j, t := range cur {
			x.set(in, j, t.gather(outShape, final))
		}
		return nil
	}, nil
}

func buildScan(c *compiler, op *ir.Operation) (runFn, error) {
	so := tt.ScanOp{Operation: op}
	axis, reverse := so.Axis(), so.Reverse()
	shape := shapeOf(op.Operand(0).Type())
	if axis < 0 || axis >= len(shape) {
		return nil, ir.OpErrorf(op, "axis %d is out of range for rank %d", axis, len(shape))
	}
	outer, n, inner := axisGeometry(shape, axis)
	at := func(o, k, i int) int { return (o*n+k)*inner + i }
	var levels []level
	for d := 1; d < n; d *= 2 {
		var lv level
		for o := 0; o < outer; o++ {
			for k := 0; k < n-d; k++ {
				for i := 0; i < inner; i++ {
					if reverse {
						// x[k] = combine(x[k+d], x[k])
						lv.lhs = append(lv.lhs, at(o, k+d, i))
						lv.rhs = append(lv.rhs, at(o, k, i))
					} else {
						// x[k+d] = combine(x[k], x[k+d])
						lv.lhs = append(lv.lhs, at(o, k, i))
						lv.rhs = append(lv.rhs, at(o, k+d, i))
					}
				}
			}
		}
		lv.dst = lv.rhs
		if !reverse {
			// x[k+d] = combine(x[k], x[k+d]) reads x[k], which a pair
			// earlier in increasing order may have written: list the
			// pairs from the far end so an in-place sweep (fastLevel)
			// reads only the previous level's values. (A reverse level
			// writes x[k] after reading x[k+d] and is safe as built.)
			reversePairs(&lv)
		}
		levels = append(levels, lv)
	}
	fast := fastLevel(c, op)
	return func(x *execCtx, in *instr) error {
		cur, err := x.copies(in)
		if err != nil {
			return err
		}
		if err := x.runLevels(in, cur, levels, fast); err != nil {
			return err
		}
		for j, t := range cur {
			x.set(in, j, t)
		}
		return nil
	}, nil
}

// copies returns private copies of the instruction's tensor operands.
func (x *execCtx) copies(in *instr) ([]*Tensor, error) {
	cur := make([]*Tensor, len(in.in))
	for j := range in.in {
		t, err := x.tensor(in, j)
		if err != nil {
			return nil, err
		}
		cur[j] = t.clone()
	}
	return cur, nil
}

// runLevels applies the combine region level by level, in place (with
// fast, the single combiner's in-place loop, when there is one).
func (x *execCtx) runLevels(in *instr, cur []*Tensor, levels []level, fast levelFn) error {
	if fast != nil && len(cur) == 1 {
		for _, lv := range levels {
			fast(cur[0], lv)
		}
		return nil
	}
	m := len(cur)
	args := make([]*Tensor, 2*m)
	for _, lv := range levels {
		p := len(lv.lhs)
		for j, t := range cur {
			args[j] = t.gather([]int{p}, lv.lhs)
			args[m+j] = t.gather([]int{p}, lv.rhs)
		}
		res, err := x.combine(in, in.regions[0], args, p)
		if err != nil {
			return err
		}
		if len(res) != m {
			return x.fail(in.op, nil, "combine region returns %d values for %d operands", len(res), m)
		}
		for j, t := range cur {
			if res[j].Elem.Kind != t.Elem.Kind {
				return x.fail(in.op, nil, "combine region returns %s for a %s operand", res[j].Elem, t.Elem)
			}
			t.scatterFrom(res[j], lv.dst)
		}
	}
	return nil
}

// combine runs region on p lanes of arguments (each args[k] holds p
// elements) and returns its results as p-element tensors.
func (x *execCtx) combine(in *instr, r *cregion, args []*Tensor, p int) ([]*Tensor, error) {
	if r.vector {
		vals := make([]Value, len(args))
		for k, a := range args {
			vals[k] = a
		}
		out, err := x.runRegion(r, vals)
		if err != nil {
			return nil, err
		}
		res := make([]*Tensor, len(out))
		for k, v := range out {
			t, ok := v.(*Tensor)
			if !ok {
				return nil, x.fail(in.op, nil, "combine region returns %s", describe(v))
			}
			res[k] = t.broadcastTo(p)
		}
		return res, nil
	}
	var res []*Tensor
	vals := make([]Value, len(args))
	one := make([]int, 1)
	for lane := 0; lane < p; lane++ {
		one[0] = lane
		for k, a := range args {
			vals[k] = a.gather(nil, one)
		}
		out, err := x.runRegion(r, vals)
		if err != nil {
			return nil, err
		}
		if res == nil {
			res = make([]*Tensor, len(out))
			for k, v := range out {
				t, ok := v.(*Tensor)
				if !ok {
					return nil, x.fail(in.op, nil, "combine region returns %s", describe(v))
				}
				res[k] = newTensorN(t.Elem, []int{p}, p)
			}
		}
		for k, v := range out {
			t, ok := v.(*Tensor)
			if !ok || t.Elem.Kind != res[k].Elem.Kind {
				return nil, x.fail(in.op, nil, "combine region returns inconsistent values")
			}
			copyElem(res[k], lane, t, 0)
		}
	}
	return res, nil
}

// tt.map_elementwise applies its region to groups of pack consecutive
// elements of every operand.
func buildMapElementwise(c *compiler, op *ir.Operation) (runFn, error) {
	pack := 1
	if a, ok := op.Attr("pack").(*ir.IntegerAttr); ok {
		pack = int(a.Int())
	}
	shape := shapeOf(op.Result(0).Type())
	n := numel(shape)
	if pack < 1 || n%pack != 0 {
		return nil, ir.OpErrorf(op, "pack %d does not divide %d elements", pack, n)
	}
	groups := n / pack
	// slot j of a group: elements j, j+pack, ... (one per group)
	idx := make([][]int, pack)
	for j := range idx {
		for g := 0; g < groups; g++ {
			idx[j] = append(idx[j], g*pack+j)
		}
	}
	return func(x *execCtx, in *instr) error {
		var args []*Tensor
		for k := range in.in {
			t, err := x.tensor(in, k)
			if err != nil {
				return err
			}
			for j := 0; j < pack; j++ {
				args = append(args, t.gather([]int{groups}, idx[j]))
			}
		}
		res, err := x.combine(in, in.regions[0], args, groups)
		if err != nil {
			return err
		}
		if len(res) != len(in.out)*pack {
			return x.fail(in.op, nil, "region returns %d values, expected %d", len(res), len(in.out)*pack)
		}
		for k := range in.out {
			r := newTensor(res[k*pack].Elem, shape)
			for j := 0; j < pack; j++ {
				r.scatterFrom(res[k*pack+j], idx[j])
			}
			x.set(in, k, r)
		}
		return nil
	}, nil
}

func reversePairs(lv *level) {
	for i, j := 0, len(lv.lhs)-1; i < j; i, j = i+1, j-1 {
		lv.lhs[i], lv.lhs[j] = lv.lhs[j], lv.lhs[i]
		lv.rhs[i], lv.rhs[j] = lv.rhs[j], lv.rhs[i]
	}
}
