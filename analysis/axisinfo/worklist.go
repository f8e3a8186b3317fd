package axisinfo

import "github.com/ttcompiler/tt/ir"

// workItem is an op to revisit (its results) or a block (its arguments).
type workItem struct {
	op    *ir.Operation
	block *ir.Block
}

// opMark is the solver's mark on an op of the function (ir.OpMarks): the
// place of the op's first result in the lattice (its other results follow
// it, as the solver gives them places), shifted left by one, and in bit 0
// whether the op waits in the worklist. The solver then finds a result's
// lattice value, and whether its op waits, without hashing anything. Ops
// that hold another holder's mark (a pass that marks ops itself while it
// runs the analysis) fall back to the table's maps and the worklist's
// map.
type opMark uint32

const opWaiting opMark = 1

func placeMark(k int32) opMark { return opMark(k) << 1 }

func (m opMark) place() int32 { return int32(m >> 1) }

// worklist is a first-in first-out queue in which an item waits at most
// once (ir.FIFO, with the waiting bit in the solver's op marks).
type worklist struct {
	marks ir.OpMarks
	items []workItem
	head  int
	// waiting holds the blocks that wait, and the ops that do without
	// the solver's mark.
	waiting map[workItem]bool
}

// mark returns the solver's mark on op, if op (not nil) holds it.
func (w *worklist) mark(op *ir.Operation) (opMark, bool) {
	if op == nil {
		return 0, false
	}
	m, ok := w.marks.Get(op)
	return opMark(m), ok
}

// push queues it unless it is already waiting.
func (w *worklist) push(it workItem) {
	if m, ok := w.mark(it.op); ok {
		if m&opWaiting != 0 {
			return
		}
		w.marks.Set(it.op, uint32(m|opWaiting))
	} else {
		if w.waiting[it] {
			return
		}
		w.waiting[it] = true
	}
	if len(w.items) == cap(w.items) && w.head > 0 {
		n := copy(w.items, w.items[w.head:])
		clear(w.items[n:])
		w.items, w.head = w.items[:n], 0
	}
	w.items = append(w.items, it)
}

func (w *worklist) len() int { return len(w.items) - w.head }

// pop removes the first waiting item and returns it; the queue must not
// be empty.
func (w *worklist) pop() workItem {
	it := w.items[w.head]
	w.items[w.head] = workItem{}
	w.head++
	if m, ok := w.mark(it.op); ok {
		w.marks.Set(it.op, uint32(m&^opWaiting))
		return it
	}
	delete(w.waiting, it)
	return it
}
