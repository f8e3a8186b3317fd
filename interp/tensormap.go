package interp

import (
	"github.com/ttcompiler/tt/dialects/tt"
	"github.com/ttcompiler/tt/ir"
)

// Device-side TMA descriptors, as TTGIR creates them for
// tt.make_tensor_descriptor on sm_90: ttg.global_scratch_alloc reserves
// memory, ttng.tensormap_create writes a descriptor into it, and
// ttng.reinterpret_tensor_descriptor turns the pointer into a
// !tt.tensordesc. The interpreter keeps the descriptor's fields (not the
// driver's 128-byte encoding) per program instance, keyed by the scratch
// address.

// progState is the state of one program instance across calls.
type progState struct {
	scratchNext int64
	tensorMaps  map[uint64]*tensorMap
}

// tensorMap is what ttng.tensormap_create records (dimension lists are
// innermost first, as in CUtensorMap; strides in bytes for dims 1..).
type tensorMap struct {
	base        uint64
	box, dims   []int64
	byteStrides []int64
	fillNaN     bool
}

// scratchID is the buffer id of per-program scratch memory: addresses in
// it name descriptors; loads and stores through them fail cleanly (no
// buffer has this id).
const scratchID = 1<<16 - 1

func init() {
	register("ttg.global_scratch_alloc", buildScratchAlloc)
	register("ttng.tensormap_create", buildTensorMapCreate)
	register("ttng.reinterpret_tensor_descriptor", buildReinterpretDesc)
}

func buildScratchAlloc(c *compiler, op *ir.Operation) (runFn, error) {
	e, err := c.resultElem(op, 0)
	if err != nil {
		return nil, err
	}
	n := int64(0)
	if a, ok := op.Attr("nbytes").(*ir.IntegerAttr); ok {
		n = a.Int()
	}
	return func(x *execCtx, in *instr) error {
		p := MakePointer(scratchID, x.ps.scratchNext)
		x.ps.scratchNext += max(n, 1)
		x.set(in, 0, scalarBits(e, uint64(p)))
		return nil
	}, nil
}

func buildTensorMapCreate(c *compiler, op *ir.Operation) (runFn, error) {
	seg, _ := op.Attr("operandSegmentSizes").(*ir.DenseArrayAttr)
	if seg == nil || len(seg.Ints) != 6 {
		return nil, ir.OpErrorf(op, "has no operand segment sizes")
	}
	rank := int(seg.Ints[2])
	boxAt, dimAt := 2, 2+rank
	strideAt := dimAt + rank
	fillNaN := false
	if a, ok := op.Attr("fill_mode").(*ir.IntegerAttr); ok && a.Int() == 1 {
		fillNaN = true
	}
	return func(x *execCtx, in *instr) error {
		desc, err := scalarOperand(x, in, 0)
		if err != nil {
			return err
		}
		base, err := scalarOperand(x, in, 1)
		if err != nil {
			return err
		}
		box, err := intOperands(x, in, boxAt, rank)
		if err != nil {
			return err
		}
		dims, err := intOperands(x, in, dimAt, rank)
		if err != nil {
			return err
		}
		st, err := intOperands(x, in, strideAt, rank-1)
		if err != nil {
			return err
		}
		if x.ps.tensorMaps == nil {
			x.ps.tensorMaps = map[uint64]*tensorMap{}
		}
		x.ps.tensorMaps[desc] = &tensorMap{base: base, box: box, dims: dims, byteStrides: st, fillNaN: fillNaN}
		return nil
	}, nil
}

func buildReinterpretDesc(c *compiler, op *ir.Operation) (runFn, error) {
	dt, ok := op.Result(0).Type().(*tt.TensorDescType)
	if !ok {
		return nil, ir.OpErrorf(op, "result is not a tensor descriptor")
	}
	e, err := c.elem(dt.Block.Elem)
	if err != nil {
		return nil, err
	}
	block := shapeOf(dt.Block)
	return func(x *execCtx, in *instr) error {
		p, err := scalarOperand(x, in, 0)
		if err != nil {
			return err
		}
		m := x.ps.tensorMaps[p]
		if m == nil {
			return x.fail(in.op, nil, "no ttng.tensormap_create wrote a descriptor at %#x in this program", p)
		}
		rank := len(m.dims)
		d := &TensorDesc{view: tiledView{base: m.base, elem: e, shape: make([]int64, rank), strides: make([]int64, rank)}, nanPad: m.fillNaN}
		size := int64(e.Size())
		for i := 0; i < rank; i++ {
			d.view.shape[rank-1-i] = m.dims[i]
			d.block = append([]int{int(m.box[i])}, d.block...)
		}
		d.view.strides[rank-1] = 1
		for i, b := range m.byteStrides {
			if b%size != 0 {
				return x.fail(in.op, nil, "stride of %d bytes is not a multiple of the %d-byte element", b, size)
			}
			d.view.strides[rank-2-i] = b / size
		}
		if numel(d.block) != numel(block) {
			return x.fail(in.op, nil, "descriptor box %v does not match the block type %v", d.block, block)
		}
		x.set(in, 0, d)
		return nil
	}, nil
}
