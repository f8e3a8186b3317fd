package interp

import (
	"github.com/ttcompiler/tt/dialects/amdgpu"
	"github.com/ttcompiler/tt/dialects/memory"
	"github.com/ttcompiler/tt/ir"
)

// AMD buffer ops (amdg.buffer_load/store/atomic_rmw/atomic_cas) address a
// scalar base pointer plus i32 element offsets through a buffer resource
// whose range Triton sets to 0x7FFFFFFE bytes. Their semantics, as the
// hardware applies them: the byte offset offset*size is an unsigned 32-bit
// number (a negative offset is a huge one); an access reaching past the
// range reads 0 and writes nothing. A masked-off element of a load takes
// `other` (0 without it); a masked-off store or atomic does nothing (an
// atomic's result there is 0).

// bufferRange is the num_records field of Triton's buffer resources.
const bufferRange = 0x7FFFFFFE

func init() {
	register("amdg.buffer_load", buildBufferLoad)
	register("amdg.buffer_store", buildBufferStore)
	register("amdg.buffer_atomic_rmw", buildBufferAtomicRMW)
	register("amdg.buffer_atomic_cas", buildBufferAtomicCAS)
}

// bufferAddr returns the address of element i of a buffer access and
// whether it lies inside the buffer's range.
func bufferAddr(base, offsets *Tensor, i, size int) (uint64, bool) {
	byteOff := uint32(offsets.bitsAt(i)) * uint32(size)
	if uint64(byteOff)+uint64(size) > bufferRange {
		return 0, false
	}
	return base.Bits[0] + uint64(byteOff), true
}

// forBufferElems calls f, in element order, for each element of a buffer
// access that mask enables (all without a mask) and that lies inside the
// buffer's range, with the element's address.
func forBufferElems(base, offsets, mask *Tensor, size int, f func(i int, a uint64) error) error {
	for i := range offsets.Bits {
		if !maskAt(mask, i) {
			continue
		}
		a, ok := bufferAddr(base, offsets, i, size)
		if !ok {
			continue
		}
		if err := f(i, a); err != nil {
			return err
		}
	}
	return nil
}

// bufferOperands finds the operand positions of a buffer op's named
// operands (-1 when absent). A stride operand is a cache-swizzling hint
// (the byte distance between a block's rows) that leaves the addresses
// as they are, so it is not read.
func bufferOperands(c *compiler, op *ir.Operation, d namedOperands, names ...string) ([]int, error) {
	ks := make([]int, len(names))
	for j, n := range names {
		ks[j] = -1
		if vs := d.Operand(op, n); len(vs) == 1 {
			ks[j] = optionalOperand(c, op, vs[0])
		}
	}
	return ks, nil
}

// bufferOp builds the run function of a buffer op: run gets the op's
// operands named by names, in that order (nil where the op has none).
func bufferOp(c *compiler, op *ir.Operation, d namedOperands, names []string, run func(x *execCtx, in *instr, ts []*Tensor) error) (runFn, error) {
	ks, err := bufferOperands(c, op, d, names...)
	if err != nil {
		return nil, err
	}
	return func(x *execCtx, in *instr) error {
		ts, err := optionalTensors(x, in, ks...)
		if err != nil {
			return err
		}
		return run(x, in, ts)
	}, nil
}

// optionalTensors fetches the operands at ks (nil where k < 0).
func optionalTensors(x *execCtx, in *instr, ks ...int) ([]*Tensor, error) {
	ts := make([]*Tensor, len(ks))
	for j, k := range ks {
		if k < 0 {
			continue
		}
		t, err := x.tensor(in, k)
		if err != nil {
			return nil, err
		}
		ts[j] = t
	}
	return ts, nil
}

func buildBufferLoad(c *compiler, op *ir.Operation) (runFn, error) {
	e, err := c.resultElem(op, 0)
	if err != nil {
		return nil, err
	}
	shape := shapeOf(op.Result(0).Type())
	size := e.Size()
	return bufferOp(c, op, amdgpu.BufferLoad, []string{"ptr", "offsets", "mask", "other"}, func(x *execCtx, in *instr, ts []*Tensor) error {
		base, offsets, mask, other := ts[0], ts[1], ts[2], ts[3]
		r := newTensor(e, shape)
		if other != nil {
			for i := range offsets.Bits {
				if !maskAt(mask, i) {
					copyElem(r, i, other, i)
				}
			}
		}
		err := forBufferElems(base, offsets, mask, size, func(i int, a uint64) error {
			b, err := resolve(x.l.bufs, a, size)
			if err != nil {
				return x.failAt(in.op, i, shape, "buffer_load: %v", err)
			}
			readElem(r, i, b)
			return nil
		})
		x.set(in, 0, r)
		return err
	})
}

func buildBufferStore(c *compiler, op *ir.Operation) (runFn, error) {
	shape := shapeOf(op.Operand(0).Type())
	return bufferOp(c, op, amdgpu.BufferStore, []string{"value", "ptr", "offsets", "mask"}, func(x *execCtx, in *instr, ts []*Tensor) error {
		v, base, offsets, mask := ts[0], ts[1], ts[2], ts[3]
		size := v.Elem.Size()
		return forBufferElems(base, offsets, mask, size, func(i int, a uint64) error {
			b, err := resolve(x.l.bufs, a, size)
			if err != nil {
				return x.failAt(in.op, i, shape, "buffer_store: %v", err)
			}
			writeElem(b, v, i)
			return nil
		})
	})
}

func buildBufferAtomicRMW(c *compiler, op *ir.Operation) (runFn, error) {
	e, err := c.resultElem(op, 0)
	if err != nil {
		return nil, err
	}
	kind, _ := op.Attr("atomic_rmw_op").(*ir.IntegerAttr)
	if kind == nil {
		return nil, ir.OpErrorf(op, "missing atomic_rmw_op")
	}
	f, err := rmwFor(op, memory.RMWOp(kind.Int()), e)
	if err != nil {
		return nil, err
	}
	shape := shapeOf(op.Result(0).Type())
	size := e.Size()
	return bufferOp(c, op, amdgpu.BufferAtomicRMW, []string{"ptr", "offsets", "value", "mask"}, func(x *execCtx, in *instr, ts []*Tensor) error {
		base, offsets, v, mask := ts[0], ts[1], ts[2], ts[3]
		r := newTensor(e, shape)
		err := forBufferElems(base, offsets, mask, size, func(i int, a uint64) error {
			old, err := x.atomic(a, e, func(old uint64) (uint64, bool) { return f(old, v.bitsAt(i)), true })
			if err != nil {
				return x.failAt(in.op, i, shape, "buffer_atomic_rmw: %v", err)
			}
			r.setBits(i, old)
			return nil
		})
		x.set(in, 0, r)
		return err
	})
}

func buildBufferAtomicCAS(c *compiler, op *ir.Operation) (runFn, error) {
	e, err := c.resultElem(op, 0)
	if err != nil {
		return nil, err
	}
	shape := shapeOf(op.Result(0).Type())
	size := e.Size()
	return bufferOp(c, op, amdgpu.BufferAtomicCAS, []string{"ptr", "offsets", "cmp", "val"}, func(x *execCtx, in *instr, ts []*Tensor) error {
		base, offsets, cmp, v := ts[0], ts[1], ts[2], ts[3]
		r := newTensor(e, shape)
		err := forBufferElems(base, offsets, nil, size, func(i int, a uint64) error {
			want, nv := cmp.bitsAt(i), v.bitsAt(i)
			old, err := x.atomic(a, e, func(old uint64) (uint64, bool) { return nv, old == want })
			if err != nil {
				return x.failAt(in.op, i, shape, "buffer_atomic_cas: %v", err)
			}
			r.setBits(i, old)
			return nil
		})
		x.set(in, 0, r)
		return err
	})
}

// namedOperands reads an op's operands by their ODS names (ttg.Op).
type namedOperands interface {
	Operand(op *ir.Operation, name string) []ir.Value
}
