package pattern

import "github.com/ttcompiler/tt/ir"

// worklist is a stack of ops without duplicates; removal leaves a hole.
// Each queued op's position is its mark (ir.OpMarks): the driver pushes,
// pops and removes every op of the region each round, and a map of
// positions cost more than the rest of the bookkeeping. An op that holds
// another holder's mark keeps its position in pos instead.
//
// A round starts unmarked: populating pushes each op once (pushNew), and
// until something else pushes or removes an op, nothing asks a position,
// so the ops are stacked without marks. Most rounds change nothing (and so
// push and remove nothing) after populating: they never mark an op. The
// first push or removal marks the ops then queued (mark).
type worklist struct {
	list     []*ir.Operation
	marks    ir.OpMarks
	pos      map[*ir.Operation]int
	n        int  // queued ops (the list may also hold holes)
	unmarked bool // no queued op has a mark or an entry in pos; no holes
}

// newWorklist returns an empty worklist with room for about n ops.
func newWorklist(n int) *worklist {
	return &worklist{list: make([]*ir.Operation, 0, n), marks: ir.NewOpMarks(), pos: map[*ir.Operation]int{}, unmarked: true}
}

// mark records the position of every queued op, leaving the unmarked
// state.
func (w *worklist) mark() {
	w.unmarked = false
	for i, op := range w.list {
		w.place(op, i)
	}
}

// position returns op's index in the list, if it is queued.
func (w *worklist) position(op *ir.Operation) (int, bool) {
	if i, ok := w.marks.Get(op); ok {
		return int(i), true
	}
	if len(w.pos) == 0 {
		return 0, false
	}
	i, ok := w.pos[op]
	return i, ok
}

// place records that op is queued at index i, in its mark when it can
// (an op held by another holder when it was queued may since have become
// free: its entry in pos goes).
func (w *worklist) place(op *ir.Operation, i int) {
	if w.marks.Set(op, uint32(i)) {
		if len(w.pos) > 0 {
			delete(w.pos, op)
		}
		return
	}
	w.pos[op] = i
}

// forget records that op is no longer queued.
func (w *worklist) forget(op *ir.Operation) {
	if _, ok := w.marks.Get(op); ok {
		w.marks.Clear(op)
	} else {
		delete(w.pos, op)
	}
	w.n--
}

func (w *worklist) push(op *ir.Operation) {
	if w.unmarked {
		w.mark()
	}
	if _, ok := w.position(op); ok {
		return
	}
	w.place(op, len(w.list))
	w.list = append(w.list, op)
	w.n++
}

// pushNew pushes op, which is not queued (populating meets each op once).
func (w *worklist) pushNew(op *ir.Operation) {
	if !w.unmarked {
		w.push(op)
		return
	}
	w.list = append(w.list, op)
	w.n++
}

func (w *worklist) pop() *ir.Operation {
	if w.unmarked {
		if len(w.list) == 0 {
			return nil
		}
		op := w.list[len(w.list)-1]
		w.list = w.list[:len(w.list)-1]
		w.n--
		return op
	}
	for len(w.list) > 0 {
		op := w.list[len(w.list)-1]
		w.list = w.list[:len(w.list)-1]
		if op != nil {
			w.forget(op)
			return op
		}
	}
	return nil
}

func (w *worklist) remove(op *ir.Operation) {
	if w.unmarked {
		w.mark()
	}
	if i, ok := w.position(op); ok {
		w.list[i] = nil
		w.forget(op)
	}
}

func (w *worklist) reverse() {
	for i, j := 0, len(w.list)-1; i < j; i, j = i+1, j-1 {
		w.list[i], w.list[j] = w.list[j], w.list[i]
	}
	if w.unmarked {
		return
	}
	for i, op := range w.list {
		if op != nil {
			w.place(op, i)
		}
	}
}

// empty reports whether no op is queued.
func (w *worklist) empty() bool { return w.n == 0 }

// clear empties the worklist, keeping its storage for the next round, and
// drops the marks of the ops still queued.
func (w *worklist) clear() {
	if !w.unmarked {
		for _, op := range w.list {
			if op != nil {
				w.marks.Clear(op)
			}
		}
		clear(w.pos)
	}
	w.list = w.list[:0]
	w.n = 0
	w.unmarked = true
}
