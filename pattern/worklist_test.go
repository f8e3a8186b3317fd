package pattern

import (
	"math/rand"
	"testing"

	"github.com/ttcompiler/tt/ir"
)

// The worklist behaves as the stack without duplicates it models, also
// for ops that hold another holder's mark (whose positions it keeps in its
// map) and ops that holder frees meanwhile, and for ops pushed as new
// (pushNew) before or after the first push or removal marks the queue.
func TestWorklistWithForeignMarks(t *testing.T) {
	ctx := ir.NewContext()
	ctx.AllowUnregistered = true
	var ops []*ir.Operation
	for i := 0; i < 40; i++ {
		ops = append(ops, ir.Create(&ir.OperationState{Ctx: ctx, Name: "t.op"}))
	}
	other := ir.NewOpMarks()
	rng := rand.New(rand.NewSource(1))
	w := newWorklist(0)
	var model []*ir.Operation // the queued ops, bottom first
	index := func(op *ir.Operation) int {
		for i, x := range model {
			if x == op {
				return i
			}
		}
		return -1
	}
	for step := 0; step < 20000; step++ {
		op := ops[rng.Intn(len(ops))]
		switch rng.Intn(8) {
		case 0, 1:
			w.push(op)
			if index(op) < 0 {
				model = append(model, op)
			}
		case 7:
			if index(op) < 0 {
				w.pushNew(op)
				model = append(model, op)
			}
		case 2:
			got := w.pop()
			var want *ir.Operation
			if len(model) > 0 {
				want = model[len(model)-1]
				model = model[:len(model)-1]
			}
			if got != want {
				t.Fatalf("step %d: pop returned %p, want %p", step, got, want)
			}
		case 3:
			w.remove(op)
			if i := index(op); i >= 0 {
				model = append(model[:i], model[i+1:]...)
			}
		case 4:
			other.Set(op, 1) // refused when the worklist holds op
		case 5:
			other.Clear(op)
		case 6:
			if rng.Intn(50) == 0 {
				w.reverse()
				for i, j := 0, len(model)-1; i < j; i, j = i+1, j-1 {
					model[i], model[j] = model[j], model[i]
				}
			}
			if rng.Intn(200) == 0 {
				w.clear()
				model = model[:0]
			}
		}
		if w.empty() != (len(model) == 0) {
			t.Fatalf("step %d: empty() = %v with %d ops queued", step, w.empty(), len(model))
		}
	}
	w.clear()
	for _, op := range ops {
		if other.Set(op, 2) {
			other.Clear(op)
		} else {
			t.Fatal("the worklist left a mark behind after clear")
		}
	}
}
