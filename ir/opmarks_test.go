package ir_test

import (
	"testing"

	"github.com/ttcompiler/tt/ir"
)

// An op holds one holder's mark at a time: another holder can neither
// read nor replace it until the first clears it.
func TestOpMarks(t *testing.T) {
	ctx := ir.NewContext()
	ctx.AllowUnregistered = true
	op := ir.Create(&ir.OperationState{Ctx: ctx, Name: "t.op"})
	a, b := ir.NewOpMarks(), ir.NewOpMarks()
	// reads checks what holder m reads of op: the mark want, or none.
	reads := func(what string, m ir.OpMarks, want uint32, has bool) {
		t.Helper()
		if v, ok := m.Get(op); ok != has || ok && v != want {
			t.Fatalf("%s: reads %d, %v; want %d, %v", what, v, ok, want, has)
		}
	}
	reads("a, on a new op", a, 0, false)
	if !a.Set(op, 7) {
		t.Fatal("a could not mark a free op")
	}
	reads("a, after marking 7", a, 7, true)
	reads("b, on a's mark", b, 0, false)
	if b.Set(op, 1) {
		t.Fatal("b replaced a's mark")
	}
	b.Clear(op) // not b's: no effect
	reads("a, after b's Clear", a, 7, true)
	if !a.Set(op, 0) {
		t.Fatal("a could not change its own mark")
	}
	reads("a, after marking 0", a, 0, true)
	a.Clear(op)
	reads("a, after its Clear", a, 0, false)
	if !b.Set(op, 3) {
		t.Fatal("b could not mark the op a freed")
	}
	reads("b, after marking 3", b, 3, true)
}

// OpNumbers numbers every op, an op that holds another holder's mark
// included (kept aside, that mark left as it was), and Clear frees the
// ops it marked.
func TestOpNumbers(t *testing.T) {
	ctx := ir.NewContext()
	ctx.AllowUnregistered = true
	var ops []*ir.Operation
	for range 4 {
		ops = append(ops, ir.Create(&ir.OperationState{Ctx: ctx, Name: "t.op"}))
	}
	other := ir.NewOpMarks()
	other.Set(ops[2], 9)
	n := ir.NewOpNumbers()
	if _, ok := n.Get(ops[0]); ok {
		t.Fatal("an op numbered before Set")
	}
	for i, op := range ops {
		n.Set(op, 10*i)
	}
	for i, op := range ops {
		if got, ok := n.Get(op); !ok || got != 10*i {
			t.Errorf("op %d: number %d, %v; want %d", i, got, ok, 10*i)
		}
	}
	if m, ok := other.Get(ops[2]); !ok || m != 9 {
		t.Errorf("the other holder's mark became %d, %v", m, ok)
	}
	for _, op := range ops {
		n.Clear(op)
	}
	if !ir.NewOpMarks().Set(ops[0], 1) {
		t.Error("Clear left op 0 marked")
	}
}
