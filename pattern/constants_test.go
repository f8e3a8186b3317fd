package pattern

import (
	"testing"

	"github.com/ttcompiler/tt/ir"
)

// TestConstScopeCollision checks that keys sharing a hash are told apart.
func TestConstScopeCollision(t *testing.T) {
	ctx := ir.NewContext()
	i32 := ir.I32(ctx)
	a := constKey{"arith", ir.Unique(ctx, &ir.IntegerAttr{Typ: i32, Bits: 1}), i32}
	b := constKey{"arith", ir.Unique(ctx, &ir.IntegerAttr{Typ: i32, Bits: 2}), i32}
	opA, opB := &ir.Operation{}, &ir.Operation{}
	s := newConstScope()
	const h = 42 // both keys under one hash
	if op, taken := s.lookup(a, h); op != nil || taken {
		t.Fatalf("empty scope: lookup = %v, %v", op, taken)
	}
	s.insert(a, h, false, opA)
	op, taken := s.lookup(b, h)
	if op != nil || !taken {
		t.Fatalf("lookup of the second key = %v, %v; want nil, true", op, taken)
	}
	s.insert(b, h, taken, opB)
	if op, _ := s.lookup(a, h); op != opA {
		t.Errorf("lookup(a) = %p, want %p", op, opA)
	}
	if op, _ := s.lookup(b, h); op != opB {
		t.Errorf("lookup(b) = %p, want %p", op, opB)
	}
	s.remove(a, h, opA)
	if op, _ := s.lookup(a, h); op != nil {
		t.Errorf("lookup(a) after its removal = %p", op)
	}
	if op, _ := s.lookup(b, h); op != opB {
		t.Errorf("lookup(b) after a's removal = %p, want %p", op, opB)
	}
	s.remove(b, h, opB)
	if op, _ := s.lookup(b, h); op != nil {
		t.Errorf("lookup(b) after its removal = %p", op)
	}
}
