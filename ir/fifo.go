package ir

import "slices"

// FIFO is a first-in first-out worklist in which an item waits at most
// once, for the fixed-point solvers (axis analysis, SCCP) that queue
// thousands of ops a run. An item that names an op (opOf) records that it
// waits in the op's mark (OpMarks): nothing is hashed. Other items, and
// ops that hold another holder's mark, are kept in a map instead. The
// queue reuses the space of the items already taken rather than grow: it
// holds what waits, not all that ever waited.
type FIFO[T comparable] struct {
	items  []T
	head   int
	marks  OpMarks
	opOf   func(T) *Operation
	queued map[T]bool
}

// NewFIFO returns an empty queue; opOf gives the op an item stands for,
// or nil for an item that is not an op.
func NewFIFO[T comparable](opOf func(T) *Operation) *FIFO[T] {
	return &FIFO[T]{marks: NewOpMarks(), opOf: opOf, queued: map[T]bool{}}
}

// Push queues it unless it is already waiting.
func (q *FIFO[T]) Push(it T) {
	if op := q.opOf(it); op != nil {
		if _, ok := q.marks.Get(op); ok || len(q.queued) > 0 && q.queued[it] {
			return
		}
		if !q.marks.Set(op, 1) && !q.wait(it) {
			return
		}
	} else if !q.wait(it) {
		return
	}
	if len(q.items) == cap(q.items) && q.head > 0 {
		n := copy(q.items, q.items[q.head:])
		clear(q.items[n:])
		q.items, q.head = q.items[:n], 0
	}
	q.items = append(q.items, it)
}

// wait records it in the map and reports whether it was not there.
func (q *FIFO[T]) wait(it T) bool {
	if q.queued[it] {
		return false
	}
	q.queued[it] = true
	return true
}

// Grow makes room for n more waiting items, for a solver that knows how
// many items it can queue at most (each waits at most once): the queue
// then never grows by copying.
func (q *FIFO[T]) Grow(n int) { q.items = slices.Grow(q.items, n) }

// Len is the number of waiting items.
func (q *FIFO[T]) Len() int { return len(q.items) - q.head }

// Pop removes the first waiting item and returns it; the queue must not
// be empty.
func (q *FIFO[T]) Pop() T {
	var zero T
	it := q.items[q.head]
	q.items[q.head] = zero
	q.head++
	if op := q.opOf(it); op != nil {
		if _, ok := q.marks.Get(op); ok {
			q.marks.Clear(op)
			return it
		}
	}
	delete(q.queued, it)
	return it
}

// Drain empties the queue, dropping the marks of the items still waiting
// (a solver stopped before its fixed point must leave the ops unmarked).
func (q *FIFO[T]) Drain() {
	for q.Len() > 0 {
		q.Pop()
	}
}
