package interp

import (
	"math"

	"github.com/ttcompiler/tt/dialects/tt"
	"github.com/ttcompiler/tt/ir"
)

var nan64 = math.NaN()

// BlockPtr is the value of tt.make_tensor_ptr: a block of a strided global
// tensor, at offsets that tt.advance moves.
type BlockPtr struct {
	view    tiledView
	offsets []int64 // i32 offsets, sign-extended
	block   []int
}

func (*BlockPtr) isValue() {}

func init() {
	register("tt.make_tensor_ptr", buildMakeTensorPtr)
	register("tt.advance", buildAdvance)
}

// intOperands reads a list of integer scalar operands, sign-extended.
func intOperands(x *execCtx, in *instr, from, n int) ([]int64, error) {
	out := make([]int64, n)
	for i := range out {
		v, err := scalarInt(x, in, from+i)
		if err != nil {
			return nil, err
		}
		out[i] = v
	}
	return out, nil
}

func buildMakeTensorPtr(c *compiler, op *ir.Operation) (runFn, error) {
	block := tt.BlockTypeOfTensorPtr(op.Result(0).Type())
	if block == nil {
		return nil, ir.OpErrorf(op, "result is not a block pointer")
	}
	e, err := c.elem(block.Elem)
	if err != nil {
		return nil, err
	}
	rank := len(block.Dims)
	if op.NumOperands() != 1+3*rank {
		return nil, ir.OpErrorf(op, "expects %d operands for a rank-%d block", 1+3*rank, rank)
	}
	bshape := shapeOf(block)
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
		off, err := intOperands(x, in, 1+2*rank, rank)
		if err != nil {
			return err
		}
		x.set(in, 0, &BlockPtr{view: tiledView{base: base, elem: e, shape: shape, strides: st}, offsets: off, block: bshape})
		return nil
	}, nil
}

func buildAdvance(c *compiler, op *ir.Operation) (runFn, error) {
	return func(x *execCtx, in *instr) error {
		bp, ok := x.vals[in.in[0]].(*BlockPtr)
		if !ok {
			return x.fail(in.op, nil, "operand is %s, not a block pointer", describe(x.vals[in.in[0]]))
		}
		d, err := intOperands(x, in, 1, len(in.in)-1)
		if err != nil {
			return err
		}
		if len(d) != len(bp.offsets) {
			return x.fail(in.op, nil, "advance by %d offsets a rank-%d block", len(d), len(bp.offsets))
		}
		nb := *bp
		nb.offsets = make([]int64, len(d))
		for i := range d {
			nb.offsets[i] = int64(int32(bp.offsets[i] + d[i])) // i32 arithmetic
		}
		x.set(in, 0, &nb)
		return nil
	}, nil
}

// checkedDims turns a boundaryCheck list into a predicate.
func checkedDims(dims []int64) func(int) bool {
	set := map[int]bool{}
	for _, d := range dims {
		set[int(d)] = true
	}
	return func(d int) bool { return set[d] }
}

func buildBlockLoad(c *compiler, op *ir.Operation) (runFn, error) {
	lo := tt.LoadOp{Operation: op}
	checked := checkedDims(lo.BoundaryCheck())
	pad, _ := lo.Padding()
	out := shapeOf(op.Result(0).Type())
	return func(x *execCtx, in *instr) error {
		bp, ok := x.vals[in.in[0]].(*BlockPtr)
		if !ok {
			return x.fail(in.op, nil, "operand is %s, not a block pointer", describe(x.vals[in.in[0]]))
		}
		r, err := x.tileLoad(in.op, &bp.view, bp.offsets, bp.block, checked, pad == tt.PadNaN, out)
		if err != nil {
			return err
		}
		x.set(in, 0, r)
		return nil
	}, nil
}

func buildBlockStore(c *compiler, op *ir.Operation) (runFn, error) {
	checked := checkedDims(tt.LoadOp{Operation: op}.BoundaryCheck())
	return func(x *execCtx, in *instr) error {
		bp, ok := x.vals[in.in[0]].(*BlockPtr)
		if !ok {
			return x.fail(in.op, nil, "operand is %s, not a block pointer", describe(x.vals[in.in[0]]))
		}
		v, err := x.tensor(in, 1)
		if err != nil {
			return err
		}
		return x.tileStore(in.op, &bp.view, bp.offsets, bp.block, checked, v, nil)
	}, nil
}
