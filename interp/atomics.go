package interp

import (
	"github.com/ttcompiler/tt/dialects/memory"
	"github.com/ttcompiler/tt/dialects/tt"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/numeric"
)

// Atomics are performed element by element in row-major order, each under
// the memory's lock for its address, so concurrent program instances see
// every read-modify-write as indivisible. fadd rounds like the GPU's
// atom.add (round to nearest even, no flush of subnormals).

func init() {
	register("tt.atomic_rmw", buildAtomicRMW)
	register("tt.atomic_cas", buildAtomicCAS)
}

// rmwFn computes the new value of an element from the old and the operand
// (bit patterns of the element type).
type rmwFn func(old, val uint64) uint64

func rmwFor(op *ir.Operation, kind memory.RMWOp, e *Elem) (rmwFn, error) {
	w := e.Width
	switch kind {
	case memory.RMWAnd:
		return func(o, v uint64) uint64 { return o & v }, nil
	case memory.RMWOr:
		return func(o, v uint64) uint64 { return o | v }, nil
	case memory.RMWXor:
		return func(o, v uint64) uint64 { return o ^ v }, nil
	case memory.RMWXchg:
		return func(o, v uint64) uint64 { return v }, nil
	case memory.RMWAdd:
		if e.Kind == KInt {
			return func(o, v uint64) uint64 { return numeric.AddI(o, v, w) }, nil
		}
	case memory.RMWFAdd:
	case memory.RMWMax, memory.RMWMin:
		if e.Kind == KInt {
			if kind == memory.RMWMax {
				return func(o, v uint64) uint64 { return numeric.MaxSI(o, v, w) }, nil
			}
			return func(o, v uint64) uint64 { return numeric.MinSI(o, v, w) }, nil
		}
	case memory.RMWUMax:
		return func(o, v uint64) uint64 { return numeric.MaxUI(o, v, w) }, nil
	case memory.RMWUMin:
		return func(o, v uint64) uint64 { return numeric.MinUI(o, v, w) }, nil
	default:
		return nil, ir.OpErrorf(op, "unknown atomic_rmw kind %d", kind)
	}
	// Float add, max and min.
	if !e.isFloat() {
		return nil, ir.OpErrorf(op, "atomic %s needs a float element, got %s", kind, e)
	}
	name := map[memory.RMWOp]string{memory.RMWAdd: "arith.addf", memory.RMWFAdd: "arith.addf", memory.RMWMax: "arith.maxnumf", memory.RMWMin: "arith.minnumf"}[kind]
	fns := floatBinary[name]
	return func(o, v uint64) uint64 {
		a, b := newTensor(e, nil), newTensor(e, nil)
		a.setBits(0, o)
		b.setBits(0, v)
		return applyFloat2(e, nil, 1, a, b, fns).bitsAt(0)
	}, nil
}

func buildAtomicRMW(c *compiler, op *ir.Operation) (runFn, error) {
	a := tt.AtomicRMWOp{Operation: op}
	e, err := c.resultElem(op, 0)
	if err != nil {
		return nil, err
	}
	f, err := rmwFor(op, a.Kind(), e)
	if err != nil {
		return nil, err
	}
	maskK := optionalOperand(c, op, a.Mask())
	shape := shapeOf(op.Result(0).Type())
	return func(x *execCtx, in *instr) error {
		p, err := x.tensor(in, 0)
		if err != nil {
			return err
		}
		v, err := x.tensor(in, 1)
		if err != nil {
			return err
		}
		var mask *Tensor
		if maskK >= 0 {
			if mask, err = x.tensor(in, maskK); err != nil {
				return err
			}
		}
		r := newTensor(e, shape)
		for i, addr := range p.Bits {
			if !maskAt(mask, i) {
				continue
			}
			old, err := x.atomic(addr, e, func(old uint64) (uint64, bool) { return f(old, v.bitsAt(i)), true })
			if err != nil {
				return x.failAt(in.op, i, shape, "atomic_rmw: %v", err)
			}
			r.setBits(i, old)
		}
		x.set(in, 0, r)
		return nil
	}, nil
}

func buildAtomicCAS(c *compiler, op *ir.Operation) (runFn, error) {
	e, err := c.resultElem(op, 0)
	if err != nil {
		return nil, err
	}
	shape := shapeOf(op.Result(0).Type())
	return func(x *execCtx, in *instr) error {
		p, err := x.tensor(in, 0)
		if err != nil {
			return err
		}
		cmp, err := x.tensor(in, 1)
		if err != nil {
			return err
		}
		v, err := x.tensor(in, 2)
		if err != nil {
			return err
		}
		r := newTensor(e, shape)
		for i, addr := range p.Bits {
			want, nv := cmp.bitsAt(i), v.bitsAt(i)
			old, err := x.atomic(addr, e, func(old uint64) (uint64, bool) { return nv, old == want })
			if err != nil {
				return x.failAt(in.op, i, shape, "atomic_cas: %v", err)
			}
			r.setBits(i, old)
		}
		x.set(in, 0, r)
		return nil
	}, nil
}

// atomic reads the element at addr, and writes update(old) if update says
// so, under the address's lock; it returns the old bits.
func (x *execCtx) atomic(addr uint64, e *Elem, update func(old uint64) (uint64, bool)) (uint64, error) {
	size := e.Size()
	b, err := resolve(x.l.bufs, addr, size)
	if err != nil {
		return 0, err
	}
	if _, off := Pointer(addr).Split(); off%int64(size) != 0 {
		return 0, errorf("misaligned %d-byte atomic at byte offset %d", size, off)
	}
	mu := x.l.mem.lockFor(addr)
	mu.Lock()
	defer mu.Unlock()
	old := readBits(e, b)
	if nv, ok := update(old); ok {
		writeBits(b, nv)
	}
	return old, nil
}
