package ttgtogpu

import (
	"github.com/ttcompiler/tt/dialects/llvm"
	"github.com/ttcompiler/tt/ir"
)

// threadCoord returns the per-thread part of coordinate d of layout l
// (computed once per function, in the prologue).
func (e *emitter) threadCoord(l *regLayout, d int) ir.Value {
	col := make([]int32, len(l.tidBases))
	for i, b := range l.tidBases {
		col[i] = b[d]
	}
	return e.fs.threadPart(e.l, col)
}

// coord returns coordinate d of the element register reg holds: the
// thread part combined with the register's constant. When the constant's
// bits cannot collide with the thread part's, the combination is a
// disjoint OR (an addition); otherwise it is the XOR the layout defines.
func (e *emitter) coord(l *regLayout, reg, d int) ir.Value {
	tp := e.threadCoord(l, d)
	c := int64(l.regs[reg][d])
	if c == 0 {
		return tp
	}
	if c&int64(l.threadMask(d)) == 0 {
		return e.orDisjoint(tp, e.i32c(c))
	}
	return e.xor(tp, e.i32c(c))
}

// coords returns all coordinates of register reg.
func (e *emitter) coords(l *regLayout, reg int) []ir.Value {
	out := make([]ir.Value, l.rank())
	for d := range out {
		out[d] = e.coord(l, reg, d)
	}
	return out
}

// linearIndex returns the row-major linear index of coordinates in a
// tensor of the given shape (all sizes powers of two, so the index is the
// concatenation of the coordinates' bits).
func (e *emitter) linearIndex(cs []ir.Value, shape []int64) ir.Value {
	var acc ir.Value
	stride := int64(1)
	for d := len(shape) - 1; d >= 0; d-- {
		t := e.mulC(cs[d], stride)
		if acc == nil {
			acc = t
		} else {
			acc = e.orDisjoint(acc, t)
		}
		stride *= shape[d]
	}
	if acc == nil {
		return e.i32c(0)
	}
	return acc
}

// ownerPredicate returns the predicate that is true in the threads that
// hold the canonical copy of their data (no free lane or warp bit set),
// or nil when every thread does.
func (e *emitter) ownerPredicate(l *regLayout) ir.Value {
	if l.freeTid == 0 {
		return nil
	}
	return e.fs.once(e.l, "owner:"+itoa(l.freeTid), func(pe *emitter) ir.Value {
		return pe.icmpC(llvm.ICmpEQ, pe.andC(pe.fs.threadID(pe.l), l.freeTid), 0)
	})
}

func itoa(v int64) string {
	if v == 0 {
		return "0"
	}
	neg := v < 0
	if neg {
		v = -v
	}
	var b [20]byte
	i := len(b)
	for v > 0 {
		i--
		b[i] = byte('0' + v%10)
		v /= 10
	}
	if neg {
		i--
		b[i] = '-'
	}
	return string(b[i:])
}
