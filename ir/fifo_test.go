package ir_test

import (
	"testing"

	"github.com/ttcompiler/tt/ir"
)

// A FIFO gives items back in the order they were first pushed, each once
// while it waits (whether it is marked in its op or, held by another
// holder's mark or not an op at all, kept in the map), again once pushed
// after it was taken; Drain leaves no op marked.
func TestFIFO(t *testing.T) {
	ctx := ir.NewContext()
	ctx.AllowUnregistered = true
	a := ir.Create(&ir.OperationState{Ctx: ctx, Name: "t.a"})
	b := ir.Create(&ir.OperationState{Ctx: ctx, Name: "t.b"})
	c := ir.Create(&ir.OperationState{Ctx: ctx, Name: "t.c"})
	type item struct {
		op   *ir.Operation
		name string // an item that is not an op
	}
	other := ir.NewOpMarks()
	if !other.Set(b, 1) {
		t.Fatal("could not mark b")
	}
	q := ir.NewFIFO(func(it item) *ir.Operation { return it.op })
	for _, it := range []item{{op: a}, {op: b}, {name: "x"}, {op: a}, {op: b}, {name: "x"}, {op: c}} {
		q.Push(it)
	}
	want := []item{{op: a}, {op: b}, {name: "x"}, {op: c}}
	if q.Len() != len(want) {
		t.Fatalf("%d items wait, want %d (each once)", q.Len(), len(want))
	}
	for i, w := range want {
		if got := q.Pop(); got != w {
			t.Fatalf("item %d: got %+v, want %+v", i, got, w)
		}
		if i == 0 {
			q.Push(item{op: a}) // taken: queued again, at the end
		}
	}
	if got := q.Pop(); got != (item{op: a}) || q.Len() != 0 {
		t.Fatalf("got %+v with %d left, want a again and nothing after", got, q.Len())
	}
	q.Push(item{op: c})
	q.Drain()
	if q.Len() != 0 {
		t.Fatal("Drain left items")
	}
	// A fresh holder can mark c: the queue dropped its mark.
	if !ir.NewOpMarks().Set(c, 1) {
		t.Fatal("Drain left c marked")
	}
	if _, ok := other.Get(b); !ok {
		t.Fatal("the queue dropped another holder's mark on b")
	}
}
