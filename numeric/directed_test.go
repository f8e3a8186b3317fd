package numeric

import (
	"math"
	"math/big"
	"math/rand"
	"testing"
)

// TestF32DirectedFMA: F32Directed of FMAOdd's float64 is the exact
// a*b + c rounded once in each mode: checked against math/big, which
// computes the fused result exactly and rounds it to 24 bits in the same
// mode, on f32 operands of every exponent whose results stay normal
// (big.Float has no subnormals), and on its own neighbours property
// (the result brackets the exact value) everywhere, subnormals and
// overflow included.
func TestF32DirectedFMA(t *testing.T) {
	r := rand.New(rand.NewSource(5))
	f32 := func() float32 {
		switch r.Intn(4) {
		case 0:
			return math.Float32frombits(r.Uint32())
		case 1:
			return float32(r.NormFloat64())
		default:
			return float32(math.Ldexp(r.Float64()+0.5, r.Intn(60)-30)) * float32(1-2*r.Intn(2))
		}
	}
	modes := []struct {
		m   RoundingMode
		big big.RoundingMode
	}{{RNE, big.ToNearestEven}, {RTZ, big.ToZero}, {RDN, big.ToNegativeInf}, {RUP, big.ToPositiveInf}}
	up, down := float32(math.Inf(1)), float32(math.Inf(-1))
	checked := 0
	for i := 0; i < 200000; i++ {
		a, b, c := f32(), f32(), f32()
		if i%5 == 0 {
			c = -a * b // exact cancellation and near-cancellation
		}
		fa, fb, fc := float64(a), float64(b), float64(c)
		if math.IsNaN(fa*fb+fc) || math.IsInf(fa*fb+fc, 0) || math.IsInf(fa, 0) || math.IsInf(fb, 0) || math.IsInf(fc, 0) {
			continue
		}
		v := FMAOdd(fa, fb, fc)
		exact := new(big.Float).SetPrec(2000).SetFloat64(fa)
		exact.Mul(exact, new(big.Float).SetFloat64(fb))
		exact.Add(exact, new(big.Float).SetPrec(2000).SetFloat64(fc))
		for _, md := range modes {
			got := F32Directed(v, md.m)
			// Neighbours: the exact value lies between got and its next
			// float32 in the mode's direction.
			cmp := new(big.Float).SetFloat64(float64(got)).Cmp(exact)
			ok := true
			switch md.m {
			case RDN:
				ok = cmp <= 0 && (math.IsInf(float64(got), 0) || cmpF(math.Nextafter32(got, up), exact) > 0)
			case RUP:
				ok = cmp >= 0 && (math.IsInf(float64(got), 0) || cmpF(math.Nextafter32(got, down), exact) < 0)
			case RTZ:
				ok = exact.Sign() >= 0 && cmp <= 0 || exact.Sign() < 0 && cmp >= 0
			}
			if !ok {
				t.Fatalf("%v: fma(%g, %g, %g) = %g does not bracket the exact value %s", md.m, a, b, c, got, exact.Text('g', 20))
			}
			// Normal results: math/big's rounding to 24 bits in the mode.
			if e := exact.MantExp(nil); exact.Sign() != 0 && e > -125 && e < 128 {
				want, _ := new(big.Float).SetPrec(24).SetMode(md.big).Set(exact).Float32()
				if got != want {
					t.Fatalf("%v: fma(%g, %g, %g) = %g, want %g", md.m, a, b, c, got, want)
				}
				checked++
			}
		}
	}
	if checked < 400000 {
		t.Fatalf("only %d results compared with math/big", checked)
	}
}

func cmpF(f float32, x *big.Float) int { return new(big.Float).SetFloat64(float64(f)).Cmp(x) }

// TestF32DirectedEdges: overflow, subnormals and exact values.
func TestF32DirectedEdges(t *testing.T) {
	maxF, minSub := float32(math.MaxFloat32), math.Float32frombits(1)
	for _, c := range []struct {
		v    float64
		m    RoundingMode
		want float32
	}{
		{1e39, RTZ, maxF}, {1e39, RDN, maxF}, {1e39, RUP, float32(math.Inf(1))}, {1e39, RNE, float32(math.Inf(1))},
		{-1e39, RTZ, -maxF}, {-1e39, RDN, float32(math.Inf(-1))}, {-1e39, RUP, -maxF},
		{1e-46, RTZ, 0}, {1e-46, RDN, 0}, {1e-46, RUP, minSub}, {-1e-46, RDN, -minSub}, {-1e-46, RUP, float32(math.Copysign(0, -1))},
		{1 + 0x1p-30, RUP, 1 + 0x1p-23}, {1 + 0x1p-30, RDN, 1}, {-1 - 0x1p-30, RTZ, -1}, {1.5, RUP, 1.5},
	} {
		if got := F32Directed(c.v, c.m); math.Float32bits(got) != math.Float32bits(c.want) {
			t.Errorf("F32Directed(%g, %v) = %g, want %g", c.v, c.m, got, c.want)
		}
	}
}
