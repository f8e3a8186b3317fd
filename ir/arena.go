package ir

import "sync"

// opArena allocates the operations of a context, and their attribute
// arrays, from chunks: lowering creates thousands of ops, and one
// allocation from the runtime cost about 300 instructions per op (size
// class lookup, heap bits, zeroing), several times the rest of Create.
// A chunk stays alive while any op carved from it does, so erased ops
// hold their neighbours' memory until all of them are unreachable: a
// compilation's IR lives about as long as its context anyway.
type opArena struct {
	mu    sync.Mutex
	ops0  []Operation
	ops1  []operation1
	ops2  []operation2
	ops3  []operation3
	ops4  []operation4
	attrs []NamedAttr
}

// Chunk sizes, in elements: a few kilobytes each, so that a context that
// builds only a handful of ops (a test, a parsed snippet) stays small.
const (
	opChunk   = 32
	attrChunk = 128
)

// carve returns the next zeroed element of *free, refilling it with a
// chunk of n elements when it is used up.
func carve[T any](free *[]T, n int) *T {
	if len(*free) == 0 {
		*free = make([]T, n)
	}
	p := &(*free)[0]
	*free = (*free)[1:]
	return p
}

// newOperation returns a zeroed operation with room for n operands
// (op.operands has length n, not yet linked). Operations with up to four
// operands come with their operand array: one allocation, not two.
func (a *opArena) newOperation(n int) *Operation {
	var op *Operation
	a.mu.Lock()
	switch n {
	case 1:
		x := carve(&a.ops1, opChunk)
		x.op.operands = x.use[:]
		op = &x.op
	case 2:
		x := carve(&a.ops2, opChunk)
		x.op.operands = x.use[:]
		op = &x.op
	case 3:
		x := carve(&a.ops3, opChunk)
		x.op.operands = x.use[:]
		op = &x.op
	case 4:
		x := carve(&a.ops4, opChunk)
		x.op.operands = x.use[:]
		op = &x.op
	default:
		op = carve(&a.ops0, opChunk)
	}
	a.mu.Unlock()
	if n > 4 {
		op.operands = make([]OpOperand, n)
	}
	return op
}

// newAttrs returns a zeroed attribute array of length and capacity n.
func (a *opArena) newAttrs(n int) []NamedAttr {
	if n > attrChunk/4 {
		return make([]NamedAttr, n)
	}
	a.mu.Lock()
	if len(a.attrs) < n {
		a.attrs = make([]NamedAttr, attrChunk)
	}
	s := a.attrs[:n:n]
	a.attrs = a.attrs[n:]
	a.mu.Unlock()
	return s
}
