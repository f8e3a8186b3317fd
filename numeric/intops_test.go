package numeric

import (
	"math/big"
	"math/rand"
	"testing"
)

func TestWidthHelpers(t *testing.T) {
	if Mask(1) != 1 || Mask(8) != 0xFF || Mask(64) != ^uint64(0) {
		t.Error("Mask")
	}
	if SExt(0x80, 8) != 0xFFFFFFFFFFFFFF80 || SExt(0x7F, 8) != 0x7F || SExt(1, 1) != ^uint64(0) {
		t.Error("SExt")
	}
	if ExtSI(0x8, 4, 24) != 0xFFFFF8 || ExtUI(0xF8, 4, 24) != 0x8 || Trunc(0x1234, 8) != 0x34 {
		t.Error("ExtSI/ExtUI/Trunc")
	}
	if Int64(0xFFFFFF, 24) != -1 || Int64(0x7FFFFF, 24) != 0x7FFFFF {
		t.Error("Int64")
	}
}

// Reference division with math/big on the mathematical values.
func bigDiv(a, b int64, floor, ceil bool) int64 {
	q, m := new(big.Int).QuoRem(big.NewInt(a), big.NewInt(b), new(big.Int))
	if m.Sign() != 0 {
		neg := (a < 0) != (b < 0)
		if floor && neg {
			q.Sub(q, big.NewInt(1))
		}
		if ceil && !neg {
			q.Add(q, big.NewInt(1))
		}
	}
	return q.Int64()
}

func TestDivisionAgainstBig(t *testing.T) {
	rng := rand.New(rand.NewSource(11))
	for _, w := range []int{1, 2, 3, 7, 8, 13, 16, 24, 31, 32, 33, 48, 63, 64} {
		for i := 0; i < 20000; i++ {
			a, b := rng.Uint64()&Mask(w), rng.Uint64()&Mask(w)
			if i%4 == 0 {
				b &= 0xF
			}
			if b == 0 {
				continue
			}
			x, y := Int64(a, w), Int64(b, w)
			if x == Int64(minSigned(w), w) && y == -1 {
				continue
			}
			check := func(name string, got uint64, want int64) {
				if got != uint64(want)&Mask(w) {
					t.Fatalf("i%d %s(%d, %d) = %#x, want %d", w, name, x, y, got, want)
				}
			}
			check("divsi", DivSI(a, b, w), bigDiv(x, y, false, false))
			check("remsi", RemSI(a, b, w), x-bigDiv(x, y, false, false)*y)
			check("floordivsi", FloorDivSI(a, b, w), bigDiv(x, y, true, false))
			check("ceildivsi", CeilDivSI(a, b, w), bigDiv(x, y, false, true))
			if got := DivUI(a, b, w); got != a/b {
				t.Fatalf("divui")
			}
			if got := RemUI(a, b, w); got != a%b {
				t.Fatalf("remui")
			}
			if got, want := CeilDivUI(a, b, w), (a+b-1)/b; a+b-1 >= a && got != want&Mask(w) {
				t.Fatalf("i%d ceildivui(%d, %d) = %d, want %d", w, a, b, got, want)
			}
			for _, f := range []func(a, b uint64, w int) (uint64, bool){DivSIChecked, RemSIChecked,
				FloorDivSIChecked, CeilDivSIChecked, DivUIChecked, RemUIChecked, CeilDivUIChecked} {
				if _, ok := f(a, b, w); !ok {
					t.Fatalf("checked op refused a defined case")
				}
			}
		}
	}
}

func TestDivisionSpecialCases(t *testing.T) {
	// MLIR documentation examples and sign rules.
	neg := func(x int64, w int) uint64 { return uint64(x) & Mask(w) }
	if FloorDivSI(neg(-5, 32), 2, 32) != neg(-3, 32) || CeilDivSI(neg(-5, 32), 2, 32) != neg(-2, 32) ||
		CeilDivSI(5, 2, 32) != 3 || FloorDivSI(5, neg(-2, 32), 32) != neg(-3, 32) || CeilDivUI(0, 3, 8) != 0 ||
		CeilDivUI(7, 3, 8) != 3 {
		t.Error("floor/ceil division")
	}
	if RemSI(neg(-7, 16), 2, 16) != neg(-1, 16) || RemSI(7, neg(-2, 16), 16) != 1 {
		t.Error("remsi sign follows the dividend")
	}
	// Undefined in MLIR: the checked forms refuse, the plain forms give the GPU's answer.
	for _, w := range []int{8, 16, 32, 64} {
		min := minSigned(w)
		m1 := Mask(w)
		if _, ok := DivSIChecked(min, m1, w); ok {
			t.Errorf("i%d MIN/-1 accepted", w)
		}
		if DivSI(min, m1, w) != min || RemSI(min, m1, w) != 0 || FloorDivSI(min, m1, w) != min ||
			CeilDivSI(min, m1, w) != min {
			t.Errorf("i%d MIN/-1", w)
		}
		for _, f := range []func(a, b uint64, w int) (uint64, bool){DivSIChecked, RemSIChecked, DivUIChecked,
			RemUIChecked, FloorDivSIChecked, CeilDivSIChecked, CeilDivUIChecked} {
			if _, ok := f(5, 0, w); ok {
				t.Errorf("i%d division by zero accepted", w)
			}
		}
		wantSmall := Mask(w)
		if w == 64 {
			wantSmall = 0xFFFFFFFF // LLVM uses 32-bit division when both operands fit
		}
		if DivSI(5, 0, w) != wantSmall || DivUI(5, 0, w) != wantSmall || RemSI(5, 0, w) != wantSmall ||
			RemUI(5, 0, w) != wantSmall || DivSI(m1, 0, w) != Mask(w) || DivUI(min, 0, w) != Mask(w) {
			t.Errorf("i%d division by zero", w)
		}
	}
}

func TestShifts(t *testing.T) {
	for _, w := range []int{1, 5, 8, 16, 32, 40, 64} {
		rng := rand.New(rand.NewSource(int64(w)))
		for i := 0; i < 1000; i++ {
			a := rng.Uint64() & Mask(w)
			s := uint64(rng.Intn(w))
			if !ShiftInRange(s, w) {
				t.Fatal("ShiftInRange")
			}
			if ShLI(a, s, w) != (a<<s)&Mask(w) || ShRUI(a, s, w) != a>>s ||
				ShRSI(a, s, w) != uint64(Int64(a, w)>>s)&Mask(w) {
				t.Fatalf("i%d shift %#x by %d", w, a, s)
			}
		}
		// Out-of-range amounts clamp on the GPU.
		a := Mask(w) // -1
		if ShiftInRange(uint64(w), w) || ShLI(a, uint64(w), w) != 0 || ShRUI(a, uint64(w), w) != 0 ||
			ShRSI(a, uint64(w), w) != Mask(w) || ShRSI(1, uint64(w), w) != 0 && w > 1 {
			t.Errorf("i%d clamp", w)
		}
	}
	// i64 reads only the low 32 bits of the amount.
	if ShLI(1, 1<<32+1, 64) != 2 || ShRUI(4, 1<<32, 64) != 4 || ShLI(1, 0xFFFFFFFF, 64) != 0 ||
		ShRSI(1<<63, 1<<33+3, 64) != 0xF000000000000000 {
		t.Error("i64 shift amounts")
	}
	// i8: the amount is the whole byte, read unsigned (-1 = 255 clamps).
	if ShLI(1, 0xFF, 8) != 0 || ShRSI(0x80, 0x80, 8) != 0xFF || ShLI(1, 0x107, 8) != 0x80 {
		t.Error("i8 shift amounts")
	}
}

func TestMulExtended(t *testing.T) {
	rng := rand.New(rand.NewSource(2))
	for _, w := range []int{1, 8, 16, 31, 32, 33, 64} {
		for i := 0; i < 5000; i++ {
			a, b := rng.Uint64()&Mask(w), rng.Uint64()&Mask(w)
			pu := new(big.Int).Mul(new(big.Int).SetUint64(a), new(big.Int).SetUint64(b))
			ps := new(big.Int).Mul(big.NewInt(Int64(a, w)), big.NewInt(Int64(b, w)))
			split := func(p *big.Int) (uint64, uint64) {
				mod := new(big.Int).Lsh(big.NewInt(1), uint(2*w))
				p = new(big.Int).Mod(p, mod)
				lo := new(big.Int).And(p, new(big.Int).SetUint64(Mask(w))).Uint64()
				hi := new(big.Int).Rsh(p, uint(w)).Uint64()
				return lo, hi
			}
			lo, hi := MulUIExtended(a, b, w)
			if l, h := split(pu); lo != l || hi != h || MulHiUI(a, b, w) != h || MulI(a, b, w) != l {
				t.Fatalf("i%d mului_extended(%#x, %#x) = %#x %#x, want %#x %#x", w, a, b, lo, hi, l, h)
			}
			lo, hi = MulSIExtended(a, b, w)
			if l, h := split(ps); lo != l || hi != h || MulHiSI(a, b, w) != h {
				t.Fatalf("i%d mulsi_extended(%#x, %#x) = %#x %#x, want %#x %#x", w, a, b, lo, hi, l, h)
			}
		}
	}
}

func TestIntMinMax(t *testing.T) {
	if MaxSI(0x80, 0x7F, 8) != 0x7F || MinSI(0x80, 0x7F, 8) != 0x80 || MaxUI(0x80, 0x7F, 8) != 0x80 ||
		MinUI(0x180, 0x7F, 8) != 0x7F {
		t.Error("integer min/max")
	}
}
