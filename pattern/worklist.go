package pattern

import "github.com/ttcompiler/tt/ir"

// worklist is a stack of ops without duplicates; removal leaves a hole.
type worklist struct {
	list []*ir.Operation
	pos  map[*ir.Operation]int
}

// newWorklist returns an empty worklist with room for about n ops.
func newWorklist(n int) *worklist {
	return &worklist{list: make([]*ir.Operation, 0, n), pos: make(map[*ir.Operation]int, n)}
}

func (w *worklist) push(op *ir.Operation) {
	if _, ok := w.pos[op]; ok {
		return
	}
	w.pos[op] = len(w.list)
	w.list = append(w.list, op)
}

func (w *worklist) pop() *ir.Operation {
	for len(w.list) > 0 {
		op := w.list[len(w.list)-1]
		w.list = w.list[:len(w.list)-1]
		if op != nil {
			delete(w.pos, op)
			return op
		}
	}
	return nil
}

func (w *worklist) remove(op *ir.Operation) {
	if i, ok := w.pos[op]; ok {
		w.list[i] = nil
		delete(w.pos, op)
	}
}

func (w *worklist) reverse() {
	for i, j := 0, len(w.list)-1; i < j; i, j = i+1, j-1 {
		w.list[i], w.list[j] = w.list[j], w.list[i]
	}
	for i, op := range w.list {
		if op != nil {
			w.pos[op] = i
		}
	}
}

// empty reports whether no op is queued (pos holds exactly the queued
// ops; the list may still hold holes).
func (w *worklist) empty() bool { return len(w.pos) == 0 }

// clear empties the worklist, keeping its storage for the next round.
func (w *worklist) clear() {
	w.list = w.list[:0]
	clear(w.pos)
}
