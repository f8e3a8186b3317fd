package ir

import "sync/atomic"

// OpMarks keeps one 32-bit number per op in the op itself, for an
// algorithm that would otherwise keep a map keyed by op (the greedy
// driver's worklist positions): setting and reading a mark touches only
// the op, and nothing is hashed, grown or cleared.
//
// An op holds the mark of one OpMarks at a time: each OpMarks has a token
// of its own, and Set refuses an op that holds a mark of another (the
// caller then keeps that op's number elsewhere). A holder that drops its
// marks (Clear) before it is done leaves the ops free for the next; one
// that does not (a panic) leaves its marks behind, which only makes later
// holders fall back for those ops. Holders must not set marks on the same
// op from two goroutines at once; passes running in parallel work on
// disjoint ops.
//
// The mark lives in the space Operation already takes in its allocation
// size class, so it costs no memory.
type OpMarks struct{ token uint64 }

// opMarkTokens hands out tokens; 0 means no mark. Tokens are 32 bits: a
// process would have to start 2^32 holders while a mark left behind by a
// panic lives for one to be reused.
var opMarkTokens atomic.Uint32

// NewOpMarks returns a holder with a token no other live holder has.
func NewOpMarks() OpMarks {
	t := opMarkTokens.Add(1)
	if t == 0 {
		t = opMarkTokens.Add(1)
	}
	return OpMarks{token: uint64(t) << 32}
}

// Get returns op's mark, if m set one.
func (m OpMarks) Get(op *Operation) (uint32, bool) {
	if op.mark&^0xffffffff == m.token {
		return uint32(op.mark), true
	}
	return 0, false
}

// Set gives op the mark v and reports whether it could: false when op
// holds the mark of another holder.
func (m OpMarks) Set(op *Operation, v uint32) bool {
	if op.mark != 0 && op.mark&^0xffffffff != m.token {
		return false
	}
	op.mark = m.token | uint64(v)
	return true
}

// Clear drops op's mark if m set it.
func (m OpMarks) Clear(op *Operation) {
	if op.mark&^0xffffffff == m.token {
		op.mark = 0
	}
}

// OpNumbers numbers ops for an algorithm that keeps what it knows per op
// in slices indexed by the number: an op's number is its mark (OpMarks),
// or, for an op that holds another holder's mark, kept in a map. Clear
// drops an op's mark once the algorithm is done with it.
type OpNumbers struct {
	marks OpMarks
	other map[*Operation]int
}

// NewOpNumbers returns a holder that numbers no op yet.
func NewOpNumbers() *OpNumbers { return &OpNumbers{marks: NewOpMarks()} }

// Set gives op the number i (at most 2^32-1).
func (n *OpNumbers) Set(op *Operation, i int) {
	if !n.marks.Set(op, uint32(i)) {
		if n.other == nil {
			n.other = map[*Operation]int{}
		}
		n.other[op] = i
	}
}

// Get returns op's number and whether it has one.
func (n *OpNumbers) Get(op *Operation) (int, bool) {
	if i, ok := n.marks.Get(op); ok {
		return int(i), true
	}
	i, ok := n.other[op]
	return i, ok
}

// Clear drops op's mark, if n set one.
func (n *OpNumbers) Clear(op *Operation) { n.marks.Clear(op) }
