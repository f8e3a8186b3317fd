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

// globalCoord is coord's coordinate d in the whole tensor: with clusters
// of CTAs, the CTA's share's offset (from its rank) is added. Coordinates
// that become values (tt.make_range, histogram bins, printed indices)
// take this; those that address the CTA's own shared memory take coord.
func (e *emitter) globalCoord(l *regLayout, reg, d int) ir.Value {
	c := e.coord(l, reg, d)
	if l.cta.mask(d) == 0 {
		return c
	}
	// The CTA bits are above the per-CTA coordinate's.
	return e.orDisjoint(c, e.fs.ctaPart(e.l, l.cta.column(d)))
}

// globalCoords returns all of globalCoord's coordinates of register reg.
func (e *emitter) globalCoords(l *regLayout, reg int) []ir.Value {
	out := make([]ir.Value, l.rank())
	for d := range out {
		out[d] = e.globalCoord(l, reg, d)
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
// or nil when every thread does. Writes to global memory take
// globalOwnerPredicate.
func (e *emitter) ownerPredicate(l *regLayout) ir.Value { return e.owner(l.freeTid, 0) }

// globalOwnerPredicate is ownerPredicate for writes to global memory
// (stores, atomics): of the CTAs of a cluster that hold the same data,
// only the one with the free rank bits clear writes. Writes to a CTA's
// own shared memory take ownerPredicate: every CTA fills its buffers.
func (e *emitter) globalOwnerPredicate(l *regLayout) ir.Value {
	return e.owner(l.freeTid, l.cta.free())
}

// clusterLeader is the predicate of the one thread that performs a
// program's scalar side effects: thread 0 of the cluster's CTA of rank 0.
func (e *emitter) clusterLeader() ir.Value {
	return e.owner(int64(e.l.numThreads()-1), int64(1)<<e.l.ctaBits-1)
}

// owner is the prologue's predicate that the thread id has the bits of
// tidMask clear and the CTA's rank those of ctaMask, in one comparison
// ((tid & tidMask | rank & ctaMask) == 0); nil when both masks are 0.
func (e *emitter) owner(tidMask, ctaMask int64) ir.Value {
	switch {
	case ctaMask == 0 && tidMask == 0:
		return nil
	case ctaMask == 0 && tidMask == int64(e.l.numThreads()-1):
		return e.threadZero()
	case ctaMask == 0:
		return e.fs.once(e.l, "owner:"+itoa(tidMask), func(pe *emitter) ir.Value {
			return pe.icmpC(llvm.ICmpEQ, pe.andC(pe.fs.threadID(pe.l), tidMask), 0)
		})
	}
	return e.fs.once(e.l, "owner:"+itoa(tidMask)+":"+itoa(ctaMask), func(pe *emitter) ir.Value {
		bits := pe.andC(pe.fs.clusterRank(pe.l), ctaMask)
		if tidMask != 0 {
			bits = pe.or(pe.andC(pe.fs.threadID(pe.l), tidMask), bits)
		}
		return pe.icmpC(llvm.ICmpEQ, bits, 0)
	})
}

// ctaOwner is the predicate that the CTA's rank has the bits of mask
// clear (nil when mask is 0).
func (e *emitter) ctaOwner(mask int64) ir.Value { return e.owner(0, mask) }

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
