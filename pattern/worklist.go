package pattern

import "github.com/ttcompiler/tt/ir"

// worklist is a stack of ops without duplicates; removal leaves a hole.
type worklist struct {
	list []*ir.Operation
	pos  map[*ir.Operation]int
}

func newWorklist() *worklist { return &worklist{pos: map[*ir.Operation]int{}} }

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

func (w *worklist) empty() bool {
	for _, op := range w.list {
		if op != nil {
			return false
		}
	}
	return true
}

func (w *worklist) clear() {
	w.list = w.list[:0]
	w.pos = map[*ir.Operation]int{}
}
