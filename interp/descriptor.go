package interp

import (
	"github.com/ttcompiler/tt/dialects/memory"
	"github.com/ttcompiler/tt/dialects/tt"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/numeric"
)

// TensorDesc is the value of tt.make_tensor_descriptor: a strided global
// tensor accessed in blocks, as TMA does. Accesses outside the tensor
// read the padding (zero, or NaN) and are dropped by stores and
// reductions.
type TensorDesc struct {
	view   tiledView
	block  []int
	nanPad bool
}

func (*TensorDesc) isValue() {}

func init() {
	register("tt.make_tensor_descriptor", buildMakeTensorDesc)
	register("tt.descriptor_load", buildDescLoad)
	register("tt.descriptor_store", buildDescStore(false))
	register("tt.descriptor_reduce", buildDescStore(true))
	register("tt.descriptor_gather", buildDescGather)
	register("tt.descriptor_scatter", buildDescScatter)
}

func allDims(int) bool { return true }

func buildMakeTensorDesc(c *compiler, op *ir.Operation) (runFn, error) {
	dt, ok := op.Result(0).Type().(*tt.TensorDescType)
	if !ok {
		return nil, ir.OpErrorf(op, "result is not a tensor descriptor")
	}
	e, err := c.elem(dt.Block.Elem)
	if err != nil {
		return nil, err
	}
	rank := (op.NumOperands() - 1) / 2
	if op.NumOperands() != 1+2*rank || rank == 0 {
		return nil, ir.OpErrorf(op, "expects a base, then as many strides as shape values")
	}
	nanPad := false
	if a, ok := op.Attr("padding").(*ir.IntegerAttr); ok && tt.PaddingOption(a.Int()) == tt.PadNaN {
		nanPad = true
	}
	block := shapeOf(dt.Block)
	// A descriptor may have a lower-rank block than the tensor: the block
	// covers the innermost dimensions, outer ones have extent 1.
	for len(block) < rank {
		block = append([]int{1}, block...)
	}
	return func(x *execCtx, in *instr) error {
		base, err := scalarOperand(x, in, 0)
		if err != nil {
			return err
		}
		shape, err := intOperands(x, in, 1, rank)
		if err != nil {
			return err
		}
		st, err := intOperands(x, in, 1+rank, rank)
		if err != nil {
			return err
		}
		x.set(in, 0, &TensorDesc{view: tiledView{base: base, elem: e, shape: shape, strides: st}, block: block, nanPad: nanPad})
		return nil
	}, nil
}

func (x *execCtx) desc(in *instr) (*TensorDesc, error) {
	d, ok := x.vals[in.in[0]].(*TensorDesc)
	if !ok {
		return nil, x.fail(in.op, nil, "operand is %s, not a tensor descriptor", describe(x.vals[in.in[0]]))
	}
	return d, nil
}

func buildDescLoad(c *compiler, op *ir.Operation) (runFn, error) {
	out := shapeOf(op.Result(0).Type())
	return func(x *execCtx, in *instr) error {
		d, err := x.desc(in)
		if err != nil {
			return err
		}
		origin, err := intOperands(x, in, 1, len(in.in)-1)
		if err != nil {
			return err
		}
		if len(origin) != len(d.block) {
			return x.fail(in.op, nil, "%d indices for a rank-%d descriptor", len(origin), len(d.block))
		}
		r, err := x.tileLoad(in.op, &d.view, origin, d.block, allDims, d.nanPad, out)
		if err != nil {
			return err
		}
		x.set(in, 0, r)
		return nil
	}, nil
}

// unsignedDescBlock reports whether the descriptor (operand 0) of a
// reduction has an unsigned integer block type.
func unsignedDescBlock(op *ir.Operation) bool {
	d, ok := op.Operand(0).Type().(*tt.TensorDescType)
	if !ok {
		return false
	}
	it, ok := d.Block.Elem.(*ir.IntegerType)
	return ok && it.Signedness == ir.Unsigned
}

// descReduceFn is the combine of tt.descriptor_reduce (TMA's
// cp.reduce.async.bulk): integer min/max are unsigned on a ui32/ui64
// block and signed otherwise; inc/dec wrap as
// CUDA's atomicInc/atomicDec do.
func descReduceFn(op *ir.Operation, e *Elem) (rmwFn, error) {
	kind := tt.ReduceAdd
	if a, ok := op.Attr("kind").(*ir.IntegerAttr); ok {
		kind = tt.DescriptorReduceKind(a.Int())
	}
	w := e.Width
	switch kind {
	case tt.ReduceAdd:
		if e.isFloat() {
			return rmwFor(op, memory.RMWFAdd, e)
		}
		return rmwFor(op, memory.RMWAdd, e)
	case tt.ReduceMin, tt.ReduceMax:
		// The tensor map is unsigned for a ui32/ui64 block (Triton's
		// getTMAElementType), and TMA compares as the map says.
		rmw := map[bool]memory.RMWOp{false: memory.RMWMin, true: memory.RMWMax}[kind == tt.ReduceMax]
		if unsignedDescBlock(op) && !e.isFloat() {
			rmw = map[bool]memory.RMWOp{false: memory.RMWUMin, true: memory.RMWUMax}[kind == tt.ReduceMax]
		}
		return rmwFor(op, rmw, e)
	case tt.ReduceAnd:
		return rmwFor(op, memory.RMWAnd, e)
	case tt.ReduceOr:
		return rmwFor(op, memory.RMWOr, e)
	case tt.ReduceXor:
		return rmwFor(op, memory.RMWXor, e)
	case tt.ReduceInc:
		return func(o, v uint64) uint64 {
			if o >= v {
				return 0
			}
			return numeric.AddI(o, 1, w)
		}, nil
	case tt.ReduceDec:
		return func(o, v uint64) uint64 {
			if o == 0 || o > v {
				return v
			}
			return o - 1
		}, nil
	}
	return nil, ir.OpErrorf(op, "unknown reduce kind %d", kind)
}

func buildDescStore(reduce bool) func(c *compiler, op *ir.Operation) (runFn, error) {
	return func(c *compiler, op *ir.Operation) (runFn, error) {
		var rmw rmwFn
		if reduce {
			e, err := c.operandElem(op, 1)
			if err != nil {
				return nil, err
			}
			if rmw, err = descReduceFn(op, e); err != nil {
				return nil, err
			}
		}
		return func(x *execCtx, in *instr) error {
			d, err := x.desc(in)
			if err != nil {
				return err
			}
			src, err := x.tensor(in, 1)
			if err != nil {
				return err
			}
			origin, err := intOperands(x, in, 2, len(in.in)-2)
			if err != nil {
				return err
			}
			if len(origin) != len(d.block) {
				return x.fail(in.op, nil, "%d indices for a rank-%d descriptor", len(origin), len(d.block))
			}
			return x.tileStore(in.op, &d.view, origin, d.block, allDims, src, rmw)
		}, nil
	}
}

// tt.descriptor_gather reads rows x_offsets[i] (columns y_offset ...) of a
// 2-D descriptor into row i of the result.
func buildDescGather(c *compiler, op *ir.Operation) (runFn, error) {
	out := shapeOf(op.Result(0).Type())
	if len(out) != 2 {
		return nil, ir.OpErrorf(op, "result must be 2-D")
	}
	return func(x *execCtx, in *instr) error {
		d, err := x.desc(in)
		if err != nil {
			return err
		}
		rows, err := x.tensor(in, 1)
		if err != nil {
			return err
		}
		y, err := scalarInt(x, in, 2)
		if err != nil {
			return err
		}
		r := newTensor(d.view.elem, out)
		for i := 0; i < out[0]; i++ {
			row, err := x.tileLoad(in.op, &d.view, []int64{int64(int32(rows.Bits[i])), y}, []int{1, out[1]}, allDims, d.nanPad, []int{out[1]})
			if err != nil {
				return err
			}
			for j := 0; j < out[1]; j++ {
				copyElem(r, i*out[1]+j, row, j)
			}
		}
		x.set(in, 0, r)
		return nil
	}, nil
}

func buildDescScatter(c *compiler, op *ir.Operation) (runFn, error) {
	return func(x *execCtx, in *instr) error {
		d, err := x.desc(in)
		if err != nil {
			return err
		}
		rows, err := x.tensor(in, 1)
		if err != nil {
			return err
		}
		y, err := scalarInt(x, in, 2)
		if err != nil {
			return err
		}
		src, err := x.tensor(in, 3)
		if err != nil {
			return err
		}
		if len(src.Shape) != 2 {
			return x.fail(in.op, nil, "source must be 2-D")
		}
		w := src.Shape[1]
		for i := 0; i < src.Shape[0]; i++ {
			row := src.gather([]int{w}, seq(i*w, w))
			if err := x.tileStore(in.op, &d.view, []int64{int64(int32(rows.Bits[i])), y}, []int{1, w}, allDims, row, nil); err != nil {
				return err
			}
		}
		return nil
	}, nil
}

// seq returns [from, from+n).
func seq(from, n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = from + i
	}
	return out
}
