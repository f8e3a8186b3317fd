package sim

import (
	"fmt"

	"github.com/ttcompiler/tt/dialects/gpu"
	"github.com/ttcompiler/tt/dialects/memory"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/numeric"
)

// Predicated vector loads and stores, and atomics, on global or shared
// memory. A vector access is one access of its total size, which must be
// aligned to it (as PTX ld.v4 requires).

func init() {
	define(compileLoad, gpu.LoadOp)
	define(compileStore, gpu.StoreOp)
	define(compileAtomic, gpu.AtomicRMWOp, gpu.AtomicCASOp)
}

// memAccess is what a compiled load, store or atomic knows of its access.
type memAccess struct {
	shared bool
	// bytes is the size of one word; words the number of words.
	bytes, words int
	// pred is the predicate's slot (-1: none); values the slots of the
	// stored values or of the loads' `other` values (none: zeros).
	pred   int32
	values []int32
}

func compileLoad(c *compiler, in *instr) error {
	l := gpu.LoadView{Operation: in.op}
	m := &memAccess{shared: isShared(l.Ptr().Type()), bytes: bitWidth(in.op.Result(0).Type()) / 8, words: in.op.NumResults(), pred: -1}
	if l.Pred() != nil {
		m.pred = in.b
		if len(l.Others()) > 0 {
			m.values = in.args[2:]
		}
	}
	in.step = func(th *thread, in *instr) error {
		r := th.regs
		if m.pred >= 0 && r[m.pred]&1 == 0 {
			for i, d := range in.res {
				r[d] = 0
				if m.values != nil {
					r[d] = r[m.values[i]]
				}
			}
			return nil
		}
		return th.do(access{op: in.op, shared: m.shared, addr: r[in.a], n: m.bytes * m.words, kind: Read}, func(b []byte) {
			for i, d := range in.res {
				r[d] = word(b[i*m.bytes : (i+1)*m.bytes])
			}
		})
	}
	return nil
}

func compileStore(c *compiler, in *instr) error {
	s := gpu.StoreView{Operation: in.op}
	vals := s.Values()
	m := &memAccess{shared: isShared(s.Ptr().Type()), bytes: bitWidth(vals[0].Type()) / 8, words: len(vals), pred: -1}
	m.values = in.args[1:]
	if s.Pred() != nil {
		m.pred, m.values = in.b, in.args[2:]
	}
	in.step = func(th *thread, in *instr) error {
		r := th.regs
		if m.pred >= 0 && r[m.pred]&1 == 0 {
			return nil
		}
		return th.do(access{op: in.op, shared: m.shared, addr: r[in.a], n: m.bytes * m.words, kind: Write}, func(b []byte) {
			for i, v := range m.values {
				putWord(b[i*m.bytes:(i+1)*m.bytes], r[v])
			}
		})
	}
	return nil
}

// compileAtomic: gpu.atomic_rmw %ptr, %v[, %pred] and gpu.atomic_cas
// %ptr, %cmp, %new[, %pred]; the result is the old value (zero where the
// predicate is false).
func compileAtomic(c *compiler, in *instr) error {
	t := in.op.Result(0).Type()
	m := &memAccess{shared: isShared(in.op.Operand(0).Type()), bytes: bitWidth(t) / 8, words: 1, pred: -1}
	cas := in.op.Def() == gpu.AtomicCASOp
	nargs := 2
	if cas {
		nargs = 3
	}
	if len(in.args) > nargs {
		m.pred = in.args[nargs]
	}
	var update func(old, v uint64) uint64
	if cas {
		update = nil
	} else {
		kind, ok := in.op.Attr("kind").(*ir.IntegerAttr)
		if !ok {
			return fmt.Errorf("gpu.atomic_rmw without a kind")
		}
		var err error
		if update, err = rmwUpdate(memory.RMWOp(kind.Int()), t); err != nil {
			return err
		}
	}
	in.step = func(th *thread, in *instr) error {
		r := th.regs
		if m.pred >= 0 && r[m.pred]&1 == 0 {
			r[in.d] = 0
			return nil
		}
		return th.do(access{op: in.op, shared: m.shared, addr: r[in.a], n: m.bytes, kind: Atomic}, func(b []byte) {
			old := word(b)
			var nv uint64
			switch {
			case cas && old == r[in.b]:
				nv = r[in.c]
			case cas:
				nv = old
			default:
				nv = update(old, r[in.b])
			}
			putWord(b, nv)
			r[in.d] = old
		})
	}
	return nil
}

// rmwUpdate is the new memory value of an atomic_rmw of kind on type t.
func rmwUpdate(kind memory.RMWOp, t ir.Type) (func(old, v uint64) uint64, error) {
	w := bitWidth(t)
	switch kind {
	case memory.RMWAnd:
		return func(old, v uint64) uint64 { return old & v }, nil
	case memory.RMWOr:
		return func(old, v uint64) uint64 { return old | v }, nil
	case memory.RMWXor:
		return func(old, v uint64) uint64 { return old ^ v }, nil
	case memory.RMWAdd:
		return func(old, v uint64) uint64 { return numeric.AddI(old, v, w) }, nil
	case memory.RMWMax:
		return func(old, v uint64) uint64 { return numeric.MaxSI(old, v, w) }, nil
	case memory.RMWMin:
		return func(old, v uint64) uint64 { return numeric.MinSI(old, v, w) }, nil
	case memory.RMWUMax:
		return func(old, v uint64) uint64 { return numeric.MaxUI(old, v, w) }, nil
	case memory.RMWUMin:
		return func(old, v uint64) uint64 { return numeric.MinUI(old, v, w) }, nil
	case memory.RMWXchg:
		return func(old, v uint64) uint64 { return v }, nil
	case memory.RMWFAdd:
		return floatAdd(t)
	}
	return nil, fmt.Errorf("atomic kind %v is not simulated", kind)
}

// floatAdd adds floats of type t, or element-wise the halves of a packed
// vector<2xf16> or vector<2xbf16>.
func floatAdd(t ir.Type) (func(old, v uint64) uint64, error) {
	elem, n := t, 1
	if vt, ok := t.(*ir.VectorType); ok && len(vt.Dims) == 1 {
		elem, n = vt.Elem, int(vt.Dims[0])
	}
	if err := checkFloat(elem); err != nil {
		return nil, err
	}
	ew := bitWidth(elem)
	round := f32Result(elem)
	mask := numeric.Mask(ew)
	return func(old, v uint64) uint64 {
		var out uint64
		for i := 0; i < n; i++ {
			a, b := old>>(i*ew)&mask, v>>(i*ew)&mask
			out |= round(toF64(elem, a)+toF64(elem, b)) & mask << (i * ew)
		}
		return out
	}, nil
}
