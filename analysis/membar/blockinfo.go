package membar

import (
	"maps"

	"github.com/ttcompiler/tt/analysis/allocation"
	"github.com/ttcompiler/tt/ir"
)

// Filter reports whether a barrier between op before and op after, which
// access overlapping shared memory, can be skipped (Triton's
// MembarFilterFn).
type Filter func(before, after *ir.Operation) bool

// opSet is a set of ops, in the order they were added. An interval is
// accessed by a few ops between two barriers, and a map per interval was
// a third of what the barrier analyses allocated: the ops are a list,
// looked up by scanning it, with an index once it is long.
type opSet struct {
	list  []*ir.Operation
	index map[*ir.Operation]struct{}
}

// opSetIndexed is the length from which an opSet keeps an index.
const opSetIndexed = 16

func (s *opSet) has(op *ir.Operation) bool {
	if s.index != nil {
		_, ok := s.index[op]
		return ok
	}
	for _, x := range s.list {
		if x == op {
			return true
		}
	}
	return false
}

// add adds op to s and reports whether s changed.
func (s *opSet) add(op *ir.Operation) bool {
	if s.has(op) {
		return false
	}
	s.list = append(s.list, op)
	if s.index != nil {
		s.index[op] = struct{}{}
	} else if len(s.list) > opSetIndexed {
		s.index = make(map[*ir.Operation]struct{}, len(s.list))
		for _, x := range s.list {
			s.index[x] = struct{}{}
		}
	}
	return true
}

// intervalOps lists the accessed byte intervals, each once, with the ops
// that accessed them. The accesses made between two barriers touch a few
// intervals, and every visit of a block clones and joins two of these: a
// list scanned for an interval allocates less than a map and costs no
// hashing.
type intervalOps []intervalAccess

type intervalAccess struct {
	iv  allocation.Interval
	ops opSet
}

// find returns the ops that accessed i, or nil.
func (m intervalOps) find(i allocation.Interval) *opSet {
	for k := range m {
		if m[k].iv == i {
			return &m[k].ops
		}
	}
	return nil
}

func (m *intervalOps) add(i allocation.Interval, op *ir.Operation) {
	s := m.find(i)
	if s == nil {
		*m = append(*m, intervalAccess{iv: i})
		s = &(*m)[len(*m)-1].ops
	}
	s.add(op)
}

func (m *intervalOps) join(o intervalOps) {
	if len(*m) == 0 {
		// Joining into nothing copies o (as clone does, sized exactly).
		*m = o.clone()
		return
	}
	for _, a := range o {
		for _, op := range a.ops.list {
			m.add(a.iv, op)
		}
	}
}

// clone copies m. The copied op lists share one array, each capped at
// its length so that adding to one copies it.
func (m intervalOps) clone() intervalOps {
	if len(m) == 0 {
		return nil
	}
	c, _ := m.copyTo(make(intervalOps, 0, len(m)), make([]*ir.Operation, 0, m.numOps()))
	return c
}

// copyTo appends the intervals of m to c and their op lists to ops, each
// list capped at its length, and returns both.
func (m intervalOps) copyTo(c intervalOps, ops []*ir.Operation) (intervalOps, []*ir.Operation) {
	for _, a := range m {
		start := len(ops)
		ops = append(ops, a.ops.list...)
		c = append(c, intervalAccess{iv: a.iv, ops: opSet{list: ops[start:len(ops):len(ops)], index: maps.Clone(a.ops.index)}})
	}
	return c, ops
}

// numOps is the length of m's op lists together.
func (m intervalOps) numOps() int {
	n := 0
	for _, a := range m {
		n += len(a.ops.list)
	}
	return n
}

func (m intervalOps) equal(o intervalOps) bool {
	if len(m) != len(o) {
		return false
	}
	for _, a := range m {
		other := o.find(a.iv)
		if other == nil || len(other.list) != len(a.ops.list) {
			return false
		}
		for _, op := range a.ops.list {
			if !other.has(op) {
				return false
			}
		}
	}
	return true
}

// blockInfo is the set of shared-memory accesses made since the last
// barrier: the intervals read and written, with the ops that did.
type blockInfo struct {
	reads, writes intervalOps
	// ops is the array copyOf packed the op lists into, kept for the
	// next copy into b.
	ops []*ir.Operation
}

func newBlockInfo() *blockInfo { return &blockInfo{} }

// copyOf makes b a copy of o, in b's own lists and arrays where they are
// long enough: a blockInfo that no state refers to any more (run recycles
// them) then takes a copy without allocating.
func (b *blockInfo) copyOf(o *blockInfo) {
	if n := o.reads.numOps() + o.writes.numOps(); cap(b.ops) < n {
		b.ops = make([]*ir.Operation, 0, n)
	}
	ops := b.ops[:0]
	b.reads, ops = o.reads.copyTo(b.reads[:0], ops)
	b.writes, _ = o.writes.copyTo(b.writes[:0], ops)
}

// join adds o's accesses to b.
func (b *blockInfo) join(o *blockInfo) {
	if o == nil {
		return
	}
	b.reads.join(o.reads)
	b.writes.join(o.writes)
}

// sync forgets every access: a barrier was executed. The lists are
// emptied in place: no two blockInfos share them (clone and join copy).
func (b *blockInfo) sync() {
	b.reads, b.writes = b.reads[:0], b.writes[:0]
}

func (b *blockInfo) empty() bool { return len(b.reads) == 0 && len(b.writes) == 0 }

func (b *blockInfo) equal(o *blockInfo) bool {
	return b.reads.equal(o.reads) && b.writes.equal(o.writes)
}

// conflicts reports whether the accesses of next, made after b's, race
// with them: a read after a write (RAW), a write after a read (WAR) or a
// write after a write (WAW) of overlapping intervals, unless the filter
// excuses every such pair.
func (b *blockInfo) conflicts(next *blockInfo, filter Filter) bool {
	return overlap(b.writes, next.reads, filter) ||
		overlap(b.reads, next.writes, filter) ||
		overlap(b.writes, next.writes, filter)
}

// opAccesses is what one op other than a call accesses: the intervals it
// reads and writes. The transfer functions run for every op on every
// visit of its block, and building a blockInfo for each (two maps and a
// set of ops per interval) was most of what the analyses allocated; the
// lists are reused from op to op.
type opAccesses struct {
	op            *ir.Operation
	reads, writes []allocation.Interval
}

// reset empties a for op's accesses.
func (a *opAccesses) reset(op *ir.Operation) {
	a.op, a.reads, a.writes = op, a.reads[:0], a.writes[:0]
}

func (a *opAccesses) empty() bool { return len(a.reads) == 0 && len(a.writes) == 0 }

// conflictsOp is conflicts with next given as one op's accesses.
func (b *blockInfo) conflictsOp(next *opAccesses, filter Filter) bool {
	return overlapOp(b.writes, next.reads, next.op, filter) ||
		overlapOp(b.reads, next.writes, next.op, filter) ||
		overlapOp(b.writes, next.writes, next.op, filter)
}

// joinOp adds one op's accesses to b.
func (b *blockInfo) joinOp(a *opAccesses) {
	for _, iv := range a.reads {
		b.reads.add(iv, a.op)
	}
	for _, iv := range a.writes {
		b.writes.add(iv, a.op)
	}
}

// overlapOp is overlap with after the intervals op accesses.
func overlapOp(before intervalOps, after []allocation.Interval, op *ir.Operation, filter Filter) bool {
	if len(after) == 0 {
		return false
	}
	for _, b := range before {
		for _, ai := range after {
			if !b.iv.Intersects(ai) {
				continue
			}
			for _, x := range b.ops.list {
				if filter == nil || !filter(x, op) {
					return true
				}
			}
		}
	}
	return false
}

func overlap(before, after intervalOps, filter Filter) bool {
	for _, b := range before {
		for _, a := range after {
			if !b.iv.Intersects(a.iv) {
				continue
			}
			for _, x := range b.ops.list {
				for _, y := range a.ops.list {
					if filter == nil || !filter(x, y) {
						return true
					}
				}
			}
		}
	}
	return false
}
