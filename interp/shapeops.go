package interp

import (
	"github.com/ttcompiler/tt/dialects/tt"
	"github.com/ttcompiler/tt/ir"
)

// Shape operations move elements; they never change element values.
// Reshape, expand_dims and ttg.convert_layout share the source's storage.

func init() {
	register("tt.get_program_id", buildProgramInfo(false))
	register("tt.get_num_programs", buildProgramInfo(true))
	register("tt.make_range", buildMakeRange)
	register("tt.splat", buildSplat)
	register("tt.unsplat", buildReshapeLike)
	register("tt.expand_dims", buildReshapeLike)
	register("tt.reshape", buildReshapeLike)
	register("ttg.convert_layout", buildReshapeLike)
	// AMD's register transpose changes only where elements live.
	register("amdg.in_thread_transpose", buildReshapeLike)
	register("tt.broadcast", buildBroadcast)
	register("tt.trans", buildTrans)
	register("tt.join", buildJoin)
	register("tt.split", buildSplit)
	register("tt.cat", buildCat)
	register("tt.gather", buildGather)
	register("tt.histogram", buildHistogram)
}

func buildProgramInfo(num bool) func(c *compiler, op *ir.Operation) (runFn, error) {
	return func(c *compiler, op *ir.Operation) (runFn, error) {
		e, err := intResult(c, op)
		if err != nil {
			return nil, err
		}
		axis := 0
		if a, ok := op.Attr("axis").(*ir.IntegerAttr); ok {
			axis = int(a.Int())
		}
		if axis < 0 || axis > 2 {
			return nil, ir.OpErrorf(op, "axis %d is not x, y or z", axis)
		}
		return func(x *execCtx, in *instr) error {
			v := x.pid[axis]
			if num {
				v = x.l.grid[axis]
			}
			x.set(in, 0, scalarBits(e, trunc(uint64(v), e.Width)))
			return nil
		}, nil
	}
}

func buildMakeRange(c *compiler, op *ir.Operation) (runFn, error) {
	e, err := intResult(c, op)
	if err != nil {
		return nil, err
	}
	mr := tt.MakeRangeOp{Operation: op}
	start, end := mr.Start(), mr.End()
	if end < start {
		return nil, ir.OpErrorf(op, "range end %d is below start %d", end, start)
	}
	t := newTensor(e, []int{int(end - start)})
	for i := range t.Bits {
		t.Bits[i] = trunc(uint64(start+int64(i)), e.Width)
	}
	return func(x *execCtx, in *instr) error {
		x.set(in, 0, t)
		return nil
	}, nil
}

func buildSplat(c *compiler, op *ir.Operation) (runFn, error) {
	shape := shapeOf(op.Result(0).Type())
	return func(x *execCtx, in *instr) error {
		s, err := x.tensor(in, 0)
		if err != nil {
			return err
		}
		r := newTensor(s.Elem, shape)
		switch s.Elem.Kind {
		case KF32:
			v := s.F32[0]
			for i := range r.F32 {
				r.F32[i] = v
			}
		case KF64:
			v := s.F64[0]
			for i := range r.F64 {
				r.F64[i] = v
			}
		default:
			v := s.Bits[0]
			for i := range r.Bits {
				r.Bits[i] = v
			}
		}
		x.set(in, 0, r)
		return nil
	}, nil
}

// buildReshapeLike handles ops that keep the row-major element order and
// only change the shape. tt.reshape's allow_reorder lets an implementation
// pick any order; keeping row-major order is one valid choice.
func buildReshapeLike(c *compiler, op *ir.Operation) (runFn, error) {
	shape := shapeOf(op.Result(0).Type())
	n := numel(shape)
	return func(x *execCtx, in *instr) error {
		s, err := x.tensor(in, 0)
		if err != nil {
			return err
		}
		if s.Len() != n {
			return x.fail(in.op, nil, "source has %d elements, result %d", s.Len(), n)
		}
		x.set(in, 0, s.withShape(shape))
		return nil
	}, nil
}

// strides returns row-major strides of shape.
func strides(shape []int) []int {
	st := make([]int, len(shape))
	acc := 1
	for d := len(shape) - 1; d >= 0; d-- {
		st[d] = acc
		acc *= shape[d]
	}
	return st
}

// indexMap returns, for each element of a tensor of shape dst, the flat
// index src(idx) of the element it takes.
func indexMap(dst []int, src func(idx []int) int) []int {
	n := numel(dst)
	out := make([]int, n)
	idx := make([]int, len(dst))
	for i := 0; i < n; i++ {
		out[i] = src(idx)
		for d := len(dst) - 1; d >= 0; d-- {
			idx[d]++
			if idx[d] < dst[d] {
				break
			}
			idx[d] = 0
		}
	}
	return out
}

func buildBroadcast(c *compiler, op *ir.Operation) (runFn, error) {
	dst := shapeOf(op.Result(0).Type())
	src := shapeOf(op.Operand(0).Type())
	if len(src) != len(dst) {
		return nil, ir.OpErrorf(op, "broadcast changes the rank")
	}
	st := strides(src)
	for d := range src {
		if src[d] == 1 && dst[d] != 1 {
			st[d] = 0
		} else if src[d] != dst[d] {
			return nil, ir.OpErrorf(op, "cannot broadcast dimension %d from %d to %d", d, src[d], dst[d])
		}
	}
	idx := indexMap(dst, func(ix []int) int {
		o := 0
		for d, v := range ix {
			o += v * st[d]
		}
		return o
	})
	return gatherRun(dst, idx), nil
}

// gatherRun returns a runFn producing t.gather(shape, idx) from operand 0.
func gatherRun(shape []int, idx []int) runFn {
	return func(x *execCtx, in *instr) error {
		s, err := x.tensor(in, 0)
		if err != nil {
			return err
		}
		x.set(in, 0, s.gather(shape, idx))
		return nil
	}
}

func buildTrans(c *compiler, op *ir.Operation) (runFn, error) {
	order := tt.TransOp{Operation: op}.Order()
	src := shapeOf(op.Operand(0).Type())
	if len(order) != len(src) {
		return nil, ir.OpErrorf(op, "order has %d entries for rank %d", len(order), len(src))
	}
	dst := make([]int, len(src))
	for i, o := range order {
		if o < 0 || int(o) >= len(src) {
			return nil, ir.OpErrorf(op, "order entry %d is out of range", o)
		}
		dst[i] = src[o]
	}
	st := strides(src)
	idx := indexMap(dst, func(ix []int) int {
		o := 0
		for d, v := range ix {
			o += v * st[order[d]]
		}
		return o
	})
	return gatherRun(dst, idx), nil
}

// tt.join stacks two tensors along a new minor dimension of size 2.
func buildJoin(c *compiler, op *ir.Operation) (runFn, error) {
	dst := shapeOf(op.Result(0).Type())
	return func(x *execCtx, in *instr) error {
		a, err := x.tensor(in, 0)
		if err != nil {
			return err
		}
		b, err := x.tensor(in, 1)
		if err != nil {
			return err
		}
		n := a.Len()
		r := newTensor(a.Elem, dst)
		for i := 0; i < n; i++ {
			copyElem(r, 2*i, a, i)
			copyElem(r, 2*i+1, b, i)
		}
		x.set(in, 0, r)
		return nil
	}, nil
}

// tt.split takes apart the minor dimension of size 2.
func buildSplit(c *compiler, op *ir.Operation) (runFn, error) {
	dst := shapeOf(op.Result(0).Type())
	return func(x *execCtx, in *instr) error {
		s, err := x.tensor(in, 0)
		if err != nil {
			return err
		}
		n := s.Len() / 2
		lo, hi := newTensor(s.Elem, dst), newTensor(s.Elem, dst)
		for i := 0; i < n; i++ {
			copyElem(lo, i, s, 2*i)
			copyElem(hi, i, s, 2*i+1)
		}
		x.set(in, 0, lo)
		x.set(in, 1, hi)
		return nil
	}, nil
}

// tt.cat concatenates along dimension 0. (Triton allows any element order
// for cat; concatenation is the order its interpreter uses.)
func buildCat(c *compiler, op *ir.Operation) (runFn, error) {
	dst := shapeOf(op.Result(0).Type())
	return func(x *execCtx, in *instr) error {
		a, err := x.tensor(in, 0)
		if err != nil {
			return err
		}
		b, err := x.tensor(in, 1)
		if err != nil {
			return err
		}
		r := newTensor(a.Elem, dst)
		na := a.Len()
		for i := 0; i < na; i++ {
			copyElem(r, i, a, i)
		}
		for i := 0; i < b.Len() && na+i < r.Len(); i++ {
			copyElem(r, na+i, b, i)
		}
		x.set(in, 0, r)
		return nil
	}, nil
}

// tt.gather: out[i...] = src[i with the axis coordinate replaced by
// indices[i...]]. An index outside the source is an error (the GPU's
// result is undefined).
func buildGather(c *compiler, op *ir.Operation) (runFn, error) {
	g := tt.GatherOp{Operation: op}
	axis := g.Axis()
	src := shapeOf(op.Operand(0).Type())
	dst := shapeOf(op.Result(0).Type())
	if axis < 0 || axis >= len(src) || len(dst) != len(src) {
		return nil, ir.OpErrorf(op, "bad gather axis %d", axis)
	}
	st := strides(src)
	return func(x *execCtx, in *instr) error {
		s, err := x.tensor(in, 0)
		if err != nil {
			return err
		}
		ix, err := x.tensor(in, 1)
		if err != nil {
			return err
		}
		w := ix.Elem.Width
		var bad error
		pos := 0
		idx := indexMap(dst, func(m []int) int {
			k := int64(sext(ix.Bits[pos], w))
			pos++
			if k < 0 || k >= int64(src[axis]) {
				if bad == nil {
					bad = x.fail(in.op, append([]int(nil), m...), "gather index %d is outside [0, %d)", k, src[axis])
				}
				return 0
			}
			o := 0
			for d, v := range m {
				if d == axis {
					v = int(k)
				} else if v >= src[d] {
					if bad == nil {
						bad = x.fail(in.op, append([]int(nil), m...), "index tensor is larger than the source in dimension %d", d)
					}
					return 0
				}
				o += v * st[d]
			}
			return o
		})
		if bad != nil {
			return bad
		}
		x.set(in, 0, s.gather(dst, idx))
		return nil
	}, nil
}

// tt.histogram counts values into bins of width 1 starting at 0, where
// the mask, if given, is true. Triton does not define what happens to
// values outside [0, bins); Triton 3.6 (a ballot per value bit, bins
// padded to at least the lanes of a warp: 32 on NVIDIA, 64 on gfx9 AMD)
// looks only at the low log2(max(bins, lanes)) bits of each value, so
// out-of-range values wrap into a bin (or into a padding bin, which is
// dropped) rather than being ignored. The interpreter does the same for
// the module's target (measured on an H200: values -4 and 35 land in
// bins 28 and 3 of 32). For a bin count that is not a power of two,
// out-of-range values are ignored.
func buildHistogram(c *compiler, op *ir.Operation) (runFn, error) {
	e, err := intResult(c, op)
	if err != nil {
		return nil, err
	}
	bins := shapeOf(op.Result(0).Type())
	if len(bins) != 1 {
		return nil, ir.OpErrorf(op, "histogram result must be 1-D")
	}
	lanes := warpLanes(op)
	return func(x *execCtx, in *instr) error {
		s, err := x.tensor(in, 0)
		if err != nil {
			return err
		}
		var mask *Tensor
		if len(in.in) > 1 {
			if mask, err = x.tensor(in, 1); err != nil {
				return err
			}
		}
		r := newTensor(e, bins)
		nb := uint64(bins[0])
		wrap := max(nb, lanes)
		if wrap&(wrap-1) != 0 {
			wrap = 0 // not a power of two: plain range check
		}
		for i, v := range s.Bits {
			if mask != nil && mask.Bits[i]&1 == 0 {
				continue
			}
			if wrap != 0 {
				v &= wrap - 1
			}
			if v < nb {
				r.Bits[v] = trunc(r.Bits[v]+1, e.Width)
			}
		}
		x.set(in, 0, r)
		return nil
	}, nil
}
