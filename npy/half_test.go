package npy

import (
	"math"
	"math/rand/v2"
	"sort"
	"testing"
)

// refFloat16 decodes binary16 bits with float64 arithmetic, independently of
// Float16ToFloat32.
func refFloat16(h uint16) float64 {
	sign := 1.0
	if h&0x8000 != 0 {
		sign = -1
	}
	exp := int(h>>10) & 0x1f
	man := float64(h & 0x3ff)
	switch exp {
	case 0:
		return sign * math.Ldexp(man, -24)
	case 0x1f:
		if man != 0 {
			return math.NaN()
		}
		return math.Inf(int(sign))
	}
	return sign * math.Ldexp(1024+man, exp-25)
}

func TestFloat16ExhaustiveRoundTrip(t *testing.T) {
	for i := 0; i < 1<<16; i++ {
		h := uint16(i)
		f := Float16ToFloat32(h)
		ref := refFloat16(h)
		if math.IsNaN(ref) {
			if !math.IsNaN(float64(f)) {
				t.Fatalf("%#04x: got %v, want NaN", h, f)
			}
			// The payload must survive widening.
			if got := math.Float32bits(f) >> 13 & 0x3ff; got != uint32(h&0x3ff) {
				t.Fatalf("%#04x: NaN payload %#x lost", h, got)
			}
		} else if float64(f) != ref || math.Signbit(float64(f)) != math.Signbit(ref) {
			t.Fatalf("%#04x: Float16ToFloat32 = %v, want %v", h, f, ref)
		}
		if back := Float32ToFloat16(f); back != h {
			t.Fatalf("%#04x -> %v -> %#04x: round trip changed bits", h, f, back)
		}
	}
}

// positiveHalves lists every finite non-negative binary16 value in order.
func positiveHalves() []float64 {
	var vs []float64
	for h := uint16(0); h < 0x7c00; h++ {
		vs = append(vs, refFloat16(h))
	}
	return vs
}

// refNarrow rounds a non-negative finite float64 to binary16 bits by search:
// nearest value, ties to the even bit pattern, and infinity beyond the
// rounding boundary 65520 (max 65504 plus half an ulp).
func refNarrow(halves []float64, x float64) uint16 {
	if x >= 65520 {
		return 0x7c00
	}
	i := sort.SearchFloat64s(halves, x) // halves[i] >= x
	if i < len(halves) && halves[i] == x {
		return uint16(i)
	}
	lo, hi := i-1, i
	if hi == len(halves) { // x in (65504, 65520)
		return uint16(lo)
	}
	dl, dh := x-halves[lo], halves[hi]-x
	switch {
	case dl < dh:
		return uint16(lo)
	case dh < dl:
		return uint16(hi)
	case lo%2 == 0:
		return uint16(lo)
	}
	return uint16(hi)
}

func checkNarrow(t *testing.T, halves []float64, f float32) {
	t.Helper()
	want := refNarrow(halves, math.Abs(float64(f)))
	if math.Signbit(float64(f)) {
		want |= 0x8000
	}
	if got := Float32ToFloat16(f); got != want {
		t.Fatalf("Float32ToFloat16(%v [%#08x]) = %#04x, want %#04x", f, math.Float32bits(f), got, want)
	}
}

func TestFloat32ToFloat16RoundsToNearestEven(t *testing.T) {
	halves := positiveHalves()
	// Every midpoint between adjacent halves (exactly representable in
	// float32), and its float32 neighbours, in both signs.
	for i := 0; i+1 < len(halves); i++ {
		mid := float32((halves[i] + halves[i+1]) / 2)
		for _, f := range []float32{mid, math.Nextafter32(mid, 0), math.Nextafter32(mid, 1e9)} {
			checkNarrow(t, halves, f)
			checkNarrow(t, halves, -f)
		}
	}
	// The overflow boundary and the underflow boundary.
	for _, f := range []float32{65504, 65519.998, 65520, 65536, math.MaxFloat32,
		0x1p-24, 0x1p-25, math.Nextafter32(0x1p-25, 1), math.Nextafter32(0x1p-25, 0), 0x1p-26, 0x1p-14, 0x1.ffcp-15, 1e-45} {
		checkNarrow(t, halves, f)
		checkNarrow(t, halves, -f)
	}
	// A strided sweep plus random samples over the whole float32 range.
	for b := uint32(0); b < 0x7f800000; b += 4099 {
		checkNarrow(t, halves, math.Float32frombits(b))
	}
	r := rand.New(rand.NewPCG(1, 2))
	for range 200000 {
		f := math.Float32frombits(r.Uint32())
		if !math.IsNaN(float64(f)) && !math.IsInf(float64(f), 0) {
			checkNarrow(t, halves, f)
		}
	}
}

func TestFloat32ToFloat16Specials(t *testing.T) {
	tests := []struct {
		in   float32
		want uint16
	}{
		{0, 0x0000},
		{float32(math.Copysign(0, -1)), 0x8000},
		{1, 0x3c00},
		{-2, 0xc000},
		{65504, 0x7bff},
		{float32(math.Inf(1)), 0x7c00},
		{float32(math.Inf(-1)), 0xfc00},
		{1e10, 0x7c00},
		{0x1p-24, 0x0001},
		{0x1p-14, 0x0400},
		{1.0009765625, 0x3c01},
		{1.00048828125, 0x3c00}, // tie between 0x3c00 and 0x3c01: even
		{1.00146484375, 0x3c02}, // tie between 0x3c01 and 0x3c02: even
	}
	for _, tt := range tests {
		if got := Float32ToFloat16(tt.in); got != tt.want {
			t.Errorf("Float32ToFloat16(%v) = %#04x, want %#04x", tt.in, got, tt.want)
		}
	}
	// A NaN whose payload lives only in the low float32 bits stays NaN.
	nan := math.Float32frombits(0x7f800001)
	if got := Float32ToFloat16(nan); got&0x7c00 != 0x7c00 || got&0x3ff == 0 {
		t.Errorf("Float32ToFloat16(NaN low payload) = %#04x, want a NaN", got)
	}
	if got := Float32ToFloat16(float32(math.NaN())); got&0x7fff <= 0x7c00 {
		t.Errorf("Float32ToFloat16(NaN) = %#04x, want a NaN", got)
	}
}

func TestBFloat16(t *testing.T) {
	// Widening then narrowing is the identity for every bfloat16 pattern.
	for i := 0; i < 1<<16; i++ {
		b := uint16(i)
		f := BFloat16ToFloat32(b)
		got := Float32ToBFloat16(f)
		if math.IsNaN(float64(f)) {
			if got&0x7f80 != 0x7f80 || got&0x7f == 0 {
				t.Fatalf("%#04x: NaN became %#04x", b, got)
			}
			continue
		}
		if got != b {
			t.Fatalf("%#04x -> %v -> %#04x", b, f, got)
		}
	}
	tests := []struct {
		in   uint32
		want uint16
	}{
		{0x3f800000, 0x3f80},
		{0x3f808000, 0x3f80}, // tie, even stays
		{0x3f818000, 0x3f82}, // tie, odd rounds up
		{0x3f808001, 0x3f81},
		{0x7f7fffff, 0x7f80}, // rounds up to infinity
		{0x7f800001, 0x7fc0}, // NaN quieted
	}
	for _, tt := range tests {
		if got := Float32ToBFloat16(math.Float32frombits(tt.in)); got != tt.want {
			t.Errorf("Float32ToBFloat16(%#08x) = %#04x, want %#04x", tt.in, got, tt.want)
		}
	}
}
