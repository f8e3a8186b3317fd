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
	if _, ok := a.Get(op); ok {
		t.Fatal("a new op has a mark")
	}
	if !a.Set(op, 7) {
		t.Fatal("a could not mark a free op")
	}
	if v, ok := a.Get(op); !ok || v != 7 {
		t.Fatalf("a reads %d, %v; want 7", v, ok)
	}
	if _, ok := b.Get(op); ok {
		t.Fatal("b reads a's mark")
	}
	if b.Set(op, 1) {
		t.Fatal("b replaced a's mark")
	}
	b.Clear(op) // not b's: no effect
	if v, ok := a.Get(op); !ok || v != 7 {
		t.Fatalf("after b's Clear a reads %d, %v; want 7", v, ok)
	}
	if !a.Set(op, 0) {
		t.Fatal("a could not change its own mark")
	}
	if v, ok := a.Get(op); !ok || v != 0 {
		t.Fatalf("a reads %d, %v; want 0", v, ok)
	}
	a.Clear(op)
	if _, ok := a.Get(op); ok {
		t.Fatal("a's mark survived its Clear")
	}
	if !b.Set(op, 3) {
		t.Fatal("b could not mark the op a freed")
	}
	if v, ok := b.Get(op); !ok || v != 3 {
		t.Fatalf("b reads %d, %v; want 3", v, ok)
	}
}
