package numeric

import (
	"math"
	"strings"
	"testing"
)

// GPU results for integer division, remainder, shifts and mulhi (Triton 3.6,
// sm_90), keyed "i<w>_<s|u>_<op>" with rows [a, b, result] as signed values.
func TestGoldenIntOps(t *testing.T) {
	var data map[string][][3]int64
	readJSONGz(t, "int_ops.json.gz", &data)
	if len(data) < 30 {
		t.Fatalf("only %d integer cases", len(data))
	}
	for key, rows := range data {
		parts := strings.Split(key, "_")
		var w int
		switch parts[0] {
		case "i8":
			w = 8
		case "i16":
			w = 16
		case "i32":
			w = 32
		case "i64":
			w = 64
		default:
			t.Fatalf("bad key %q", key)
		}
		uns := parts[1] == "u"
		var fn func(a, b uint64, w int) uint64
		switch parts[2] + map[bool]string{true: "u", false: "s"}[uns] {
		case "divs":
			fn = DivSI
		case "divu":
			fn = DivUI
		case "rems":
			fn = RemSI
		case "remu":
			fn = RemUI
		case "shls", "shlu":
			fn = ShLI
		case "shrs":
			fn = ShRSI
		case "shru":
			fn = ShRUI
		case "mulhis", "mulhiu":
			fn = MulHiUI // tl.umulhi reads signed operands as unsigned
		default:
			t.Fatalf("bad key %q", key)
		}
		for _, r := range rows {
			a, b := uint64(r[0])&Mask(w), uint64(r[1])&Mask(w)
			want := uint64(r[2]) & Mask(w)
			if got := fn(a, b, w); got != want {
				t.Errorf("%s(%d, %d): got %#x, GPU %#x", key, r[0], r[1], got, want)
			}
		}
	}
}

// GPU results for tl.maximum/tl.minimum on f32, f16 and bf16 bit patterns.
func TestGoldenMinMax(t *testing.T) {
	var data map[string][][3]uint32
	readJSONGz(t, "minmax.json.gz", &data)
	if len(data) != 12 {
		t.Fatalf("got %d min/max tables", len(data))
	}
	for key, rows := range data {
		parts := strings.Split(key, "_")
		for _, r := range rows {
			a, b, want := r[0], r[1], r[2]
			var got uint32
			switch parts[0] {
			case "f32":
				x, y := math.Float32frombits(a), math.Float32frombits(b)
				var z float32
				switch parts[1] {
				case "maxnum":
					z = MaxNumF32(x, y)
				case "minnum":
					z = MinNumF32(x, y)
				case "maximum":
					z = MaximumF32(x, y)
				case "minimum":
					z = MinimumF32(x, y)
				}
				got = math.Float32bits(z)
			case "f16", "bf16":
				f := F16
				if parts[0] == "bf16" {
					f = BF16
				}
				switch parts[1] {
				case "maxnum":
					got = MaxNumBits(f, a, b)
				case "minnum":
					got = MinNumBits(f, a, b)
				case "maximum":
					got = MaximumBits(f, a, b)
				case "minimum":
					got = MinimumBits(f, a, b)
				}
			}
			if got != want {
				t.Errorf("%s(%#x, %#x): got %#x, GPU %#x", key, a, b, got, want)
			}
		}
	}
}
