package intrange

import (
	"math/rand"
	"testing"

	"github.com/ttcompiler/tt/dialects/arith"
)

// contains reports whether value v (a w-bit pattern) lies in r read both
// ways.
func (r Range) contains(v uint64) bool {
	w := r.Width
	return v >= r.UMin && v <= r.UMax && !slt(v, r.SMin, w) && !slt(r.SMax, v, w)
}

// members lists the w-bit values of r.
func (r Range) members() []uint64 {
	var out []uint64
	for v := uint64(0); v <= mask(r.Width); v++ {
		if r.contains(v) {
			out = append(out, v)
		}
	}
	return out
}

func randomRange(rng *rand.Rand, w uint) Range {
	a, b := rng.Uint64()&mask(w), rng.Uint64()&mask(w)
	if rng.Intn(2) == 0 {
		return FromUnsigned(min(a, b), max(a, b), w)
	}
	if slt(b, a, w) {
		a, b = b, a
	}
	return FromSigned(a, b, w)
}

// Every transfer function is sound: for all operand values the ranges
// allow (at 4 and 6 bits, exhaustively over random ranges), the concrete
// result lies in the inferred range.
func TestTransferFunctionsAreSound(t *testing.T) {
	type binop struct {
		name  string
		infer func(l, r Range) Range
		eval  func(a, b uint64, w uint) (uint64, bool) // false: undefined (div by 0, shift too far)
	}
	none := arith.OverflowNone
	ops := []binop{
		{"add", func(l, r Range) Range { return Add(l, r, none) }, func(a, b uint64, w uint) (uint64, bool) { return trunc(a+b, w), true }},
		{"sub", func(l, r Range) Range { return Sub(l, r, none) }, func(a, b uint64, w uint) (uint64, bool) { return trunc(a-b, w), true }},
		{"mul", func(l, r Range) Range { return Mul(l, r, none) }, func(a, b uint64, w uint) (uint64, bool) { return trunc(a*b, w), true }},
		{"divu", DivU, func(a, b uint64, w uint) (uint64, bool) { return safeDiv(a, b) }},
		{"divs", DivS, func(a, b uint64, w uint) (uint64, bool) {
			if b == 0 || (a == signedMin(w) && sext(b, w) == -1) {
				return 0, false
			}
			return trunc(uint64(sext(a, w)/sext(b, w)), w), true
		}},
		{"remu", RemU, func(a, b uint64, w uint) (uint64, bool) {
			if b == 0 {
				return 0, false
			}
			return a % b, true
		}},
		{"rems", RemS, func(a, b uint64, w uint) (uint64, bool) {
			if b == 0 {
				return 0, false
			}
			return srem(a, b, w), true
		}},
		{"and", And, func(a, b uint64, w uint) (uint64, bool) { return a & b, true }},
		{"or", Or, func(a, b uint64, w uint) (uint64, bool) { return a | b, true }},
		{"xor", Xor, func(a, b uint64, w uint) (uint64, bool) { return a ^ b, true }},
		{"shl", func(l, r Range) Range { return Shl(l, r, none) }, func(a, b uint64, w uint) (uint64, bool) {
			return trunc(a<<b, w), b < uint64(w)
		}},
		{"shru", ShrU, func(a, b uint64, w uint) (uint64, bool) { return a >> b, b < uint64(w) }},
		{"shrs", ShrS, func(a, b uint64, w uint) (uint64, bool) { return ashr(a, b, w), b < uint64(w) }},
		{"maxs", MaxS, func(a, b uint64, w uint) (uint64, bool) {
			if slt(a, b, w) {
				return b, true
			}
			return a, true
		}},
		{"minu", MinU, func(a, b uint64, w uint) (uint64, bool) { return min(a, b), true }},
	}
	rng := rand.New(rand.NewSource(1))
	for _, w := range []uint{4, 6} {
		for _, op := range ops {
			for iter := 0; iter < 150; iter++ {
				l, r := randomRange(rng, w), randomRange(rng, w)
				res := op.infer(l, r)
				for _, a := range l.members() {
					for _, b := range r.members() {
						v, ok := op.eval(a, b, w)
						if ok && !res.contains(v) {
							t.Fatalf("%s at %d bits: %d op %d = %d is outside %v (operands %v, %v)", op.name, w, a, b, v, res, l, r)
						}
					}
				}
			}
		}
	}
}

func safeDiv(a, b uint64) (uint64, bool) {
	if b == 0 {
		return 0, false
	}
	return a / b, true
}

// Extension and truncation are sound, and comparisons are decided only
// when every pair of values agrees.
func TestCastsAndComparisons(t *testing.T) {
	rng := rand.New(rand.NewSource(2))
	for iter := 0; iter < 300; iter++ {
		r := randomRange(rng, 6)
		es, eu, tr := ExtS(r, 8), ExtU(r, 8), Trunc(r, 3)
		for _, v := range r.members() {
			if !es.contains(trunc(uint64(sext(v, 6)), 8)) || !eu.contains(v) || !tr.contains(trunc(v, 3)) {
				t.Fatalf("casts of %d unsound: %v %v %v from %v", v, es, eu, tr, r)
			}
		}
		q := randomRange(rng, 6)
		for p := arith.CmpIEQ; p <= arith.CmpIUGE; p++ {
			res, known := EvaluatePred(p, r, q)
			if !known {
				continue
			}
			for _, a := range r.members() {
				for _, b := range q.members() {
					if arith.ApplyCmpI(p, a, b, 6) != res {
						t.Fatalf("%v %s %v decided %v, but %d %s %d", r, p, q, res, a, p, b)
					}
				}
			}
		}
	}
}

// MLIR's printing: unsigned bounds unsigned, signed bounds signed.
func TestRangeString(t *testing.T) {
	if got, want := CmpI(arith.CmpIEQ, Constant(3, 32), Constant(3, 32)).String(), "unsigned : [1, 1] signed : [-1, -1]"; got != want {
		t.Errorf("true: %s, want %s", got, want)
	}
	if got, want := MaxRange(8).String(), "unsigned : [0, 255] signed : [-128, 127]"; got != want {
		t.Errorf("i8 max: %s, want %s", got, want)
	}
}
