package numeric

import (
	"math"
	"math/rand"
	"sort"
	"testing"
)

var allFormats = []*Format{F16, BF16, F8E4M3FN, F8E5M2, F8E4M3FNUZ, F8E5M2FNUZ, F8E4M3B11FNUZ, F8E4B15,
	F4E2M1FN, F6E2M3FN, F6E3M2FN}

// refDecode decodes a pattern from first principles, independently of
// Format.ToFloat64: it returns the value and whether the pattern is NaN or
// infinite according to the format's description.
func refDecode(f *Format, b uint32) (v float64, nan, inf bool) {
	width := 1 + f.ExpBits + f.MantBits
	sign := b >> uint(width-1) & 1
	e := int(b>>uint(f.MantBits)) & (1<<uint(f.ExpBits) - 1)
	m := int(b) & (1<<uint(f.MantBits) - 1)
	allOnesE := e == 1<<uint(f.ExpBits)-1
	allOnesM := m == 1<<uint(f.MantBits)-1
	switch f.NaN {
	case NaNIEEE:
		if allOnesE {
			return 0, m != 0, m == 0
		}
	case NaNAllOnes:
		if allOnesE && allOnesM {
			return 0, true, false
		}
	case NaNNegZero:
		if sign == 1 && e == 0 && m == 0 {
			return 0, true, false
		}
	}
	if e == 0 {
		v = float64(m) * math.Pow(2, float64(1-f.Bias-f.MantBits))
	} else {
		v = (1 + float64(m)/math.Pow(2, float64(f.MantBits))) * math.Pow(2, float64(e-f.Bias))
	}
	if sign == 1 {
		v = -v
	}
	return v, false, false
}

func patterns(f *Format) uint32 { return 1 << uint(1+f.ExpBits+f.MantBits) }

func TestDecodeMatchesReference(t *testing.T) {
	for _, f := range allFormats {
		for b := uint32(0); b < patterns(f); b++ {
			want, nan, inf := refDecode(f, b)
			got := f.ToFloat64(b)
			switch {
			case nan:
				if !math.IsNaN(got) || !f.IsNaN(b) || f.IsInf(b) {
					t.Errorf("%s %#x: want NaN, got %v", f, b, got)
				}
				if g32 := math.Float32bits(f.ToFloat32(b)); f != BF16 && g32 != 0x7FFFFFFF {
					t.Errorf("%s %#x: ToFloat32 NaN %#x", f, b, g32)
				}
			case inf:
				if !math.IsInf(got, 0) || !f.IsInf(b) || math.Signbit(got) != (b>>uint(f.Bits()-1) == 1) {
					t.Errorf("%s %#x: want inf, got %v", f, b, got)
				}
			default:
				if got != want || math.Signbit(got) != math.Signbit(want) || f.IsNaN(b) || f.IsInf(b) {
					t.Errorf("%s %#x: got %v, want %v", f, b, got, want)
				}
				if g32 := f.ToFloat32(b); float64(g32) != want || math.Signbit(float64(g32)) != math.Signbit(want) {
					t.Errorf("%s %#x: ToFloat32 %v, want %v", f, b, g32, want)
				}
			}
		}
	}
}

// Every non-NaN pattern re-encodes to itself from float64 and float32 under
// every rounding mode; NaN patterns encode to the canonical NaN.
func TestRoundTripAllPatterns(t *testing.T) {
	for _, f := range allFormats {
		for b := uint32(0); b < patterns(f); b++ {
			for _, m := range []RoundingMode{RNE, RTZ, RNA} {
				v := f.ToFloat64(b)
				want := b
				if f.IsNaN(b) {
					want = f.CanonicalNaN
				}
				if got := f.FromFloat32(float32(v), m); got != want {
					t.Errorf("%s %#x %s: float32 round trip gives %#x", f, b, m, got)
				}
				if f.IsNaN(b) {
					continue
				}
				if got := f.FromFloat64(v, m); got != want {
					t.Errorf("%s %#x %s: float64 round trip gives %#x", f, b, m, got)
				}
				if f.IsInf(b) {
					want = b&f.signBit | f.maxFinite // .satfinite saturates infinities
				}
				if got := f.FromFloat64Sat(v, m); got != want {
					t.Errorf("%s %#x %s: saturating round trip gives %#x", f, b, m, got)
				}
			}
		}
	}
	for h := 0; h < 1<<16; h++ {
		if F16.IsNaN(uint32(h)) {
			continue
		}
		if got := F16FromFloat32(F16ToFloat32(uint16(h)), RNE); got != uint16(h) {
			t.Errorf("f16 %#x round trip gives %#x", h, got)
		}
		if got := BF16FromFloat32(BF16ToFloat32(uint16(h)), RTZ); !BF16.IsNaN(uint32(h)) && got != uint16(h) {
			t.Errorf("bf16 %#x round trip gives %#x", h, got)
		}
	}
}

// refRound rounds x (finite, non-NaN) to format f by searching the sorted
// list of its finite values: an implementation independent of roundMag.
type refFormat struct {
	f    *Format
	vals []float64 // finite non-negative values, ascending
	pats []uint32  // their patterns
	ulp  float64   // spacing in the top binade
}

func newRef(f *Format) *refFormat {
	r := &refFormat{f: f}
	for b := uint32(0); b < patterns(f)/2; b++ {
		v, nan, inf := refDecode(f, b)
		if nan || inf {
			continue
		}
		r.vals = append(r.vals, v)
		r.pats = append(r.pats, b)
	}
	sort.Sort(byVal{r.vals, r.pats})
	n := len(r.vals)
	r.ulp = r.vals[n-1] - r.vals[n-2]
	return r
}

type byVal struct {
	v []float64
	p []uint32
}

func (s byVal) Len() int           { return len(s.v) }
func (s byVal) Less(i, j int) bool { return s.v[i] < s.v[j] }
func (s byVal) Swap(i, j int) {
	s.v[i], s.v[j] = s.v[j], s.v[i]
	s.p[i], s.p[j] = s.p[j], s.p[i]
}

// round returns the expected pattern, or overflow == true.
func (r *refFormat) round(x float64, m RoundingMode) (pat uint32, overflow bool) {
	neg := x < 0 || (x == 0 && math.Signbit(x))
	a := math.Abs(x)
	n := len(r.vals)
	maxV := r.vals[n-1]
	var p uint32
	switch {
	case a > maxV:
		lim := maxV + r.ulp/2
		switch {
		case m == RTZ:
			p = r.pats[n-1]
		case a > lim || (a == lim && (m == RNA || r.pats[n-1]&1 == 1)):
			return 0, true
		default:
			p = r.pats[n-1]
		}
	default:
		i := sort.SearchFloat64s(r.vals, a) // vals[i] >= a
		if r.vals[i] == a {
			p = r.pats[i]
			break
		}
		lo, hi := i-1, i
		dl, dh := a-r.vals[lo], r.vals[hi]-a
		switch {
		case m == RTZ:
			p = r.pats[lo]
		case dl < dh:
			p = r.pats[lo]
		case dh < dl:
			p = r.pats[hi]
		case m == RNA:
			p = r.pats[hi]
		case r.pats[lo]&1 == 0:
			p = r.pats[lo]
		default:
			p = r.pats[hi]
		}
	}
	if neg && !(p == 0 && r.f.NaN == NaNNegZero) {
		p |= r.f.signBit
	}
	return p, false
}

// testInputs returns values around every representable value of f: each
// value, the midpoints to its neighbours, and points just beside them.
func testInputs(r *refFormat) []float64 {
	var xs []float64
	n := len(r.vals)
	for i := 0; i < n; i++ {
		v := r.vals[i]
		var next float64
		if i+1 < n {
			next = r.vals[i+1]
		} else {
			next = v + r.ulp
		}
		mid := (v + next) / 2
		for _, y := range []float64{v, mid, next + r.ulp/2, math.Nextafter(mid, 0), math.Nextafter(mid, math.Inf(1)),
			math.Nextafter(v, math.Inf(1)), v + (next-v)/4, v + 3*(next-v)/4} {
			xs = append(xs, y, -y)
		}
	}
	xs = append(xs, 0, math.Copysign(0, -1), 1e-300, -1e-300, 5e-324, 1e300, -1e300, math.MaxFloat64)
	return xs
}

func TestRoundingAgainstReference(t *testing.T) {
	for _, f := range allFormats {
		r := newRef(f)
		xs := testInputs(r)
		rng := rand.New(rand.NewSource(7))
		for i := 0; i < 20000; i++ {
			xs = append(xs, (rng.Float64()*2-1)*r.vals[len(r.vals)-1]*1.2)
		}
		for _, x := range xs {
			for _, m := range []RoundingMode{RNE, RTZ, RNA} {
				want, ovf := r.round(x, m)
				for _, ov := range []OverflowMode{OverflowInf, OverflowNaN, OverflowSaturate} {
					got := f.FromFloat64Overflow(x, m, ov)
					w := want
					if ovf {
						sign := uint32(0)
						if x < 0 {
							sign = f.signBit
						}
						eff := ov
						if eff == OverflowInf && !f.HasInf {
							eff = OverflowNaN
						}
						if eff == OverflowNaN && f.NaN == NaNNone {
							eff = OverflowSaturate
						}
						switch eff {
						case OverflowInf:
							w = sign | f.infBits
						case OverflowNaN:
							w = f.CanonicalNaN
						default:
							w = sign | f.maxFinite
						}
					}
					if got != w {
						t.Fatalf("%s: %v (%x) %s %s: got %#x, want %#x", f, x, math.Float64bits(x), m, ov, got, w)
					}
				}
			}
		}
	}
}

// F16FromFloat32 (bit-level fast path) agrees with the generic encoder.
func TestF16FastPathMatchesGeneric(t *testing.T) {
	check := func(b uint32) {
		x := math.Float32frombits(b)
		for _, m := range []RoundingMode{RNE, RTZ, RNA} {
			if got, want := F16FromFloat32(x, m), uint16(F16.FromFloat32(x, m)); got != want {
				t.Fatalf("%#x %s: fast %#x, generic %#x", b, m, got, want)
			}
		}
	}
	// Every float32 whose low 12 bits are in a small set, covering all f16
	// boundaries and sticky bits, plus random patterns.
	for hi := uint32(0); hi < 1<<20; hi++ {
		for _, lo := range []uint32{0, 1, 0x7FF, 0x800, 0x801, 0xFFF} {
			check(hi<<12 | lo)
		}
	}
	rng := rand.New(rand.NewSource(3))
	for i := 0; i < 1<<20; i++ {
		check(rng.Uint32())
	}
}

// The well-known RNE trick for float32 -> bfloat16 on non-NaN inputs.
func TestBF16MatchesBitTrick(t *testing.T) {
	rng := rand.New(rand.NewSource(5))
	for i := 0; i < 1<<22; i++ {
		b := rng.Uint32()
		if i < 1<<16 {
			b = uint32(i)<<16 | 0x8000 // exact ties
		}
		if b&0x7FFFFFFF > 0x7F800000 {
			continue
		}
		want := uint16((b + 0x7FFF + (b>>16)&1) >> 16)
		x := math.Float32frombits(b)
		if got := BF16FromFloat32(x, RNE); got != want {
			t.Fatalf("%#x: got %#x, trick %#x", b, got, want)
		}
		if got := uint16(BF16.FromFloat32(x, RNE)); got != want {
			t.Fatalf("%#x: generic %#x, trick %#x", b, got, want)
		}
		if got, w := BF16FromFloat32(x, RTZ), uint16(b>>16); got != w {
			t.Fatalf("%#x: RTZ %#x, want %#x", b, got, w)
		}
	}
}

func TestF16Boundaries(t *testing.T) {
	p := math.Pow
	cases := []struct {
		x    float64
		m    RoundingMode
		want uint16
	}{
		{1 + p(2, -11), RNE, 0x3C00},                  // tie, even is down
		{1 + 3*p(2, -11), RNE, 0x3C02},                // tie, even is up
		{1 + p(2, -11) + p(2, -40), RNE, 0x3C01},      // just above the tie
		{1 + p(2, -11), RNA, 0x3C01},                  // ties away
		{1 + 3*p(2, -11) - p(2, -30), RTZ, 0x3C01},    // truncation
		{-(1 + 3*p(2, -11) - p(2, -30)), RTZ, 0xBC01}, // toward zero, negative
		{p(2, -25), RNE, 0x0000},                      // half the smallest subnormal: tie to 0
		{p(2, -25) * (1 + p(2, -20)), RNE, 0x0001},    // just above
		{-p(2, -25), RNE, 0x8000},                     // signed zero result
		{3 * p(2, -25), RNE, 0x0002},                  // tie between 1 and 2 subnormal units
		{p(2, -24) * 1023.5, RNE, 0x0400},             // largest subnormal rounds up to min normal
		{p(2, -24) * 1023.5, RTZ, 0x03FF},
		{p(2, -14), RNE, 0x0400},
		{65504, RNE, 0x7BFF},
		{65519.99, RNE, 0x7BFF},
		{65520, RNE, 0x7C00}, // tie at max+ulp/2 rounds to odd max's neighbour: inf
		{65520, RTZ, 0x7BFF},
		{1e9, RTZ, 0x7BFF},
		{-1e9, RNE, 0xFC00},
		{math.Inf(1), RTZ, 0x7C00},
		{math.Inf(-1), RNE, 0xFC00},
		{math.Copysign(0, -1), RNE, 0x8000},
	}
	for _, c := range cases {
		if got := F16FromFloat64(c.x, c.m); got != c.want {
			t.Errorf("F16FromFloat64(%v, %s) = %#x, want %#x", c.x, c.m, got, c.want)
		}
		if x32 := float32(c.x); float64(x32) == c.x {
			if got := F16FromFloat32(x32, c.m); got != c.want {
				t.Errorf("F16FromFloat32(%v, %s) = %#x, want %#x", c.x, c.m, got, c.want)
			}
		}
	}
	if got := F16FromFloat32(float32(math.NaN()), RNE); got != 0x7FFF {
		t.Errorf("NaN: %#x", got)
	}
	if got := F16FromFloat64(math.Float64frombits(0xFFF4000000000000), RNE); got != 0xFF00 {
		t.Errorf("f64 NaN payload: %#x", got)
	}
}

func TestF8Boundaries(t *testing.T) {
	cases := []struct {
		f    *Format
		x    float64
		m    RoundingMode
		ov   OverflowMode
		want uint32
	}{
		{F8E4M3FN, 448, RNE, OverflowNaN, 0x7E},
		{F8E4M3FN, 464, RNE, OverflowNaN, 0x7E}, // tie to even (0x7E)
		{F8E4M3FN, 465, RNE, OverflowNaN, 0x7F}, // overflow: NaN
		{F8E4M3FN, 465, RNE, OverflowSaturate, 0x7E},
		{F8E4M3FN, -1e6, RNE, OverflowSaturate, 0xFE},
		{F8E4M3FN, math.Inf(1), RNE, OverflowNaN, 0x7F},
		{F8E4M3FN, math.Inf(-1), RNE, OverflowSaturate, 0xFE},
		{F8E4M3FN, 500, RTZ, OverflowNaN, 0x7E},
		{F8E4M3FN, math.Ldexp(1, -10), RNE, OverflowNaN, 0x00}, // half of min subnormal 2^-9
		{F8E4M3FN, math.Ldexp(3, -10), RNE, OverflowNaN, 0x02},
		{F8E5M2, 57344, RNE, OverflowInf, 0x7B},
		{F8E5M2, 61440, RNE, OverflowInf, 0x7C}, // tie above odd max: inf
		{F8E5M2, 61439, RNE, OverflowInf, 0x7B},
		{F8E5M2, 61440, RNE, OverflowSaturate, 0x7B},
		{F8E5M2, math.Inf(-1), RTZ, OverflowInf, 0xFC},
		{F8E4M3FNUZ, 240, RNE, OverflowNaN, 0x7F},
		{F8E4M3FNUZ, 248, RNE, OverflowNaN, 0x80},
		{F8E4M3FNUZ, 248, RNE, OverflowSaturate, 0x7F},
		{F8E4M3FNUZ, math.Copysign(0, -1), RNE, OverflowNaN, 0x00}, // no -0
		{F8E4M3FNUZ, -1e-30, RNE, OverflowNaN, 0x00},
		{F8E5M2FNUZ, 57344, RNE, OverflowNaN, 0x7F},
		{F8E4M3B11FNUZ, 30, RNE, OverflowNaN, 0x7F},
		{F4E2M1FN, 5, RNE, OverflowSaturate, 0x6},    // tie between 4 (0x6) and 6 (0x7): even
		{F4E2M1FN, 7, RNE, OverflowSaturate, 0x7},    // saturate at 6
		{F4E2M1FN, 0.25, RNE, OverflowSaturate, 0x0}, // tie 0|0.5 -> 0
		{F4E2M1FN, -0.75, RNE, OverflowSaturate, 0xA},
		{F6E2M3FN, 7.5, RNE, OverflowSaturate, 0x1F},
		{F6E3M2FN, 28, RNE, OverflowSaturate, 0x1F},
		{F6E3M2FN, 1e9, RNE, OverflowSaturate, 0x1F},
	}
	for _, c := range cases {
		if got := c.f.FromFloat64Overflow(c.x, c.m, c.ov); got != c.want {
			t.Errorf("%s(%v, %s, %s) = %#x, want %#x", c.f, c.x, c.m, c.ov, got, c.want)
		}
	}
	// Value tables of the MX element types.
	want := map[*Format][]float64{
		F4E2M1FN: {0, 0.5, 1, 1.5, 2, 3, 4, 6},
		F6E2M3FN: {0, 0.125, 0.25, 0.375, 0.5, 0.625, 0.75, 0.875, 1, 1.125, 1.25, 1.375, 1.5, 1.625, 1.75,
			1.875, 2, 2.25, 2.5, 2.75, 3, 3.25, 3.5, 3.75, 4, 4.5, 5, 5.5, 6, 6.5, 7, 7.5},
		F6E3M2FN: {0, 0.0625, 0.125, 0.1875, 0.25, 0.3125, 0.375, 0.4375, 0.5, 0.625, 0.75, 0.875, 1, 1.25, 1.5,
			1.75, 2, 2.5, 3, 3.5, 4, 5, 6, 7, 8, 10, 12, 14, 16, 20, 24, 28},
	}
	for f, vals := range want {
		for i, v := range vals {
			if got := f.ToFloat64(uint32(i)); got != v {
				t.Errorf("%s %#x = %v, want %v", f, i, got, v)
			}
			if got := f.ToFloat64(uint32(i) | f.signBit); got != -v || !math.Signbit(got) {
				t.Errorf("%s %#x = %v, want %v", f, uint32(i)|f.signBit, got, -v)
			}
		}
	}
	if F8E4M3FN.ToFloat64(0x7E) != 448 || F8E5M2.ToFloat64(0x7B) != 57344 || F8E4M3FNUZ.ToFloat64(0x7F) != 240 ||
		F8E5M2FNUZ.ToFloat64(0x7F) != 57344 || F8E4M3B11FNUZ.ToFloat64(0x7F) != 30 || F8E4B15.ToFloat64(0x7F) != 1.875 {
		t.Error("largest finite values")
	}
	if F8E4M3FN.ToFloat64(1) != math.Ldexp(1, -9) || F8E5M2.ToFloat64(1) != math.Ldexp(1, -16) ||
		F8E4M3FNUZ.ToFloat64(1) != math.Ldexp(1, -10) || F8E5M2FNUZ.ToFloat64(1) != math.Ldexp(1, -17) ||
		F8E4B15.ToFloat64(1) != math.Ldexp(1, -17) {
		t.Error("smallest subnormals")
	}
}

func TestF8E4B15Triton(t *testing.T) {
	cases := []struct {
		h    uint16
		want uint8
	}{
		{0x3C00, 0x78}, // 1.0
		{0x3F00, 0x7E}, // 1.75
		{0x3F80, 0x7E}, // 1.875 clamps to 1.75
		{0x7C00, 0x7E}, // inf
		{0xFE00, 0xFE}, // -NaN keeps its sign
		{0x8000, 0x80}, // -0
		{0x3C40, 0x79}, // 1.0625: tie rounds away from zero
		{0x3C3F, 0x78},
		{0x0040, 0x01}, // half of the smallest subnormal rounds up
	}
	for _, c := range cases {
		if got := F8E4B15FromF16(c.h); got != c.want {
			t.Errorf("F8E4B15FromF16(%#x) = %#x, want %#x", c.h, got, c.want)
		}
	}
	if got := F8E4B15FromFloat32(float32(math.NaN())); got != 0x7E {
		t.Errorf("NaN -> %#x", got)
	}
}

func TestTF32(t *testing.T) {
	cases := []struct{ in, want uint32 }{
		{0x3F800FFF, 0x3F800000},
		{0x3F801000, 0x3F802000}, // tie: away from zero
		{0xBF801000, 0xBF802000},
		{0x3F803000, 0x3F804000}, // tie with odd/even irrelevant
		{0x7F7FEFFF, 0x7F7FE000},
		{0x7F7FF000, 0x7F800000}, // rounds to inf
		{0x7F800000, 0x7F800000},
		{0x7FC00000, 0x7FC00000},
		{0x7F800001, 0x7F800000}, // NaN payload below bit 13 is lost
		{0xFFFFFFFF, 0xFFFFE000},
		{0x00001000, 0x00002000}, // subnormal
	}
	for _, c := range cases {
		if got := TF32RoundNABits(c.in); got != c.want {
			t.Errorf("TF32RoundNABits(%#x) = %#x, want %#x", c.in, got, c.want)
		}
	}
	if got := math.Float32bits(TF32Truncate(math.Float32frombits(0x3F801FFF))); got != 0x3F800000 {
		t.Errorf("TF32Truncate: %#x", got)
	}
}

func TestE8M0(t *testing.T) {
	if E8M0ToFloat32(127) != 1 || E8M0ToFloat32(0) != float32(math.Ldexp(1, -127)) ||
		E8M0ToFloat32(254) != float32(math.Ldexp(1, 127)) || !math.IsNaN(float64(E8M0ToFloat32(255))) {
		t.Error("E8M0ToFloat32")
	}
	for b := 0; b < 255; b++ {
		v := E8M0ToFloat64(uint8(b))
		for _, m := range []RoundingMode{RNE, RTZ, RNA} {
			if got := E8M0FromFloat64(v, m); got != uint8(b) {
				t.Errorf("E8M0 %d %s round trip: %d", b, m, got)
			}
		}
		if float64(E8M0ToFloat32(uint8(b))) != v {
			t.Errorf("E8M0 %d: float32 %v vs %v", b, E8M0ToFloat32(uint8(b)), v)
		}
	}
	cases := []struct {
		x    float64
		m    RoundingMode
		want uint8
	}{
		{1.4, RNE, 127}, {1.6, RNE, 128}, {1.5, RNE, 128}, {3, RNE, 128}, {1.9, RTZ, 127}, {1.5, RNA, 128},
		{math.NaN(), RNE, 0xFF}, {-1, RNE, 0}, {0, RTZ, 0}, {math.Inf(1), RNE, 0xFE}, {1e300, RTZ, 0xFE},
		{1e-300, RNE, 0},
	}
	for _, c := range cases {
		if got := E8M0FromFloat64(c.x, c.m); got != c.want {
			t.Errorf("E8M0FromFloat64(%v, %s) = %d, want %d", c.x, c.m, got, c.want)
		}
	}
}

func TestFpToFpUnsupported(t *testing.T) {
	bad := []struct {
		src, dst *Format
		m        RoundingMode
	}{
		{F32, F8E4M3FN, RTZ}, {F16, F8E5M2, RTZ}, {BF16, F8E4M3FN, RTZ}, {F16, BF16, RNE}, {BF16, F16, RNE},
		{F32, F8E4M3FNUZ, RNE}, {F8E5M2FNUZ, F16, RNE}, {F8E4B15, F16, RNE}, {F32, F8E4B15, RNE},
		{BF16, F32, RNE}, {F8E4M3FN, F8E5M2, RNE},
	}
	for _, c := range bad {
		if _, err := FpToFp(c.src, c.dst, 0, c.m); err == nil {
			t.Errorf("FpToFp(%s, %s, %s) should be unsupported", c.src, c.dst, c.m)
		}
	}
}
