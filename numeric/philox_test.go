package numeric

import (
	"math"
	"testing"
)

// Known-answer vectors of Random123 (kat_vectors: philox4x32 with 10 rounds).
func TestPhiloxKAT(t *testing.T) {
	cases := []struct {
		ctr  [4]uint32
		key  [2]uint32
		want [4]uint32
	}{
		{[4]uint32{0, 0, 0, 0}, [2]uint32{0, 0},
			[4]uint32{0x6627e8d5, 0xe169c58d, 0xbc57ac4c, 0x9b00dbd8}},
		{[4]uint32{0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff}, [2]uint32{0xffffffff, 0xffffffff},
			[4]uint32{0x408f276d, 0x41c83b0e, 0xa20bc7c6, 0x6d5451fd}},
		{[4]uint32{0x243f6a88, 0x85a308d3, 0x13198a2e, 0x03707344}, [2]uint32{0xa4093822, 0x299f31d0},
			[4]uint32{0xd16cfe09, 0x94fdcceb, 0x5001e420, 0x24126ea1}},
	}
	for _, c := range cases {
		if got := Philox4x32(c.ctr, c.key, PhiloxRounds); got != c.want {
			t.Errorf("Philox4x32(%08x, %08x) = %08x, want %08x", c.ctr, c.key, got, c.want)
		}
		tr := Philox4x32Trace(c.ctr, c.key, PhiloxRounds)
		if len(tr) != PhiloxRounds || tr[PhiloxRounds-1].Ctr != c.want || tr[0].Key != c.key ||
			tr[1].Key != [2]uint32{c.key[0] + PhiloxKeyA, c.key[1] + PhiloxKeyB} {
			t.Errorf("trace disagrees")
		}
	}
}

// A worked example of tl.rand(seed=42, offsets) with int32 offsets 0..3; the
// values were also produced by Triton 3.6 on an H200 (see
// testdata/sm90/rng.json.gz).
//
// For offset 0: key = (42, 0), counter = (0, 0, 0, 0); after 10 rounds
// randint4x = (0x9ceaf053, 0x77f5493b, 0x12bf50ad, 0x5742b3d7). The first
// stream, read as int32, is -1662324653 (negative), folded to ^x =
// 1662324652, which is 1662324608 as a float32; times the scale 0x2FFFFFFF
// (~4.6566126e-10) that is 0x3f462a1e = 0.77408...
func TestTritonRandExample(t *testing.T) {
	want := []struct {
		ints [4]uint32
		rand uint32
	}{
		{[4]uint32{0x9ceaf053, 0x77f5493b, 0x12bf50ad, 0x5742b3d7}, 0x3f462a1e},
		{[4]uint32{0xfcdb2127, 0x53ba6cfd, 0x838f5a6e, 0x744e06fb}, 0x3cc937b5},
		{[4]uint32{0xd36c0225, 0xa8875dcb, 0x9a4d6d99, 0xc609a559}, 0x3eb24ff6},
		{[4]uint32{0xbac70475, 0xabaf0dab, 0x961e5543, 0x610e67f7}, 0x3f0a71f6},
	}
	for off, w := range want {
		if got := TritonRandInt4x(42, uint64(off), 32, PhiloxRounds); got != w.ints {
			t.Errorf("randint4x(42, %d) = %08x, want %08x", off, got, w.ints)
		}
		if got := math.Float32bits(TritonRand(42, uint64(off), 32, PhiloxRounds)); got != w.rand {
			t.Errorf("rand(42, %d) = %#x, want %#x", off, got, w.rand)
		}
	}
	tr := TraceTritonRand(42, 0, 32, PhiloxRounds)
	if tr.Key != [2]uint32{42, 0} || tr.Counter != [4]uint32{} || tr.Ints != want[0].ints ||
		tr.Folded[0] != 1662324652 || tr.Floats[0] != 1662324608 || math.Float32bits(tr.Uniform[0]) != 0x3f462a1e ||
		len(tr.Rounds) != PhiloxRounds {
		t.Errorf("trace: %+v", tr)
	}
	if n := TritonRandn(42, 0, 32, PhiloxRounds); n != tr.Normal[0] {
		t.Errorf("randn %v vs trace %v", n, tr.Normal[0])
	}
}

func TestTritonSeedAndOffset(t *testing.T) {
	minus1 := int64(-1)
	// An i32 seed of -1 is sign-extended; a u32 seed 0xFFFFFFFF is not.
	if TritonPhiloxKey(uint64(minus1)) != [2]uint32{0xFFFFFFFF, 0xFFFFFFFF} ||
		TritonPhiloxKey(0xFFFFFFFF) != [2]uint32{0xFFFFFFFF, 0} ||
		TritonPhiloxKey(0x0000000FCAFEB0BA) != [2]uint32{0xCAFEB0BA, 0xF} {
		t.Error("seed split")
	}
	// 64-bit offsets fill c1 with the high word; 32-bit offsets do not.
	if TritonPhiloxCounter(1<<32+1, 64) != [4]uint32{1, 1, 0, 0} ||
		TritonPhiloxCounter(uint64(minus1), 32) != [4]uint32{0xFFFFFFFF, 0, 0, 0} ||
		TritonPhiloxCounter(uint64(minus1), 64) != [4]uint32{0xFFFFFFFF, 0xFFFFFFFF, 0, 0} {
		t.Error("counter")
	}
	// GPU values: seed -1 (i32), int64 offsets 2^32+1 and -1.
	if got := TritonRandInt4x(uint64(minus1), 1<<32+1, 64, 10); got != [4]uint32{0x8b1cc081, 0xbb70a852,
		0x50957cf5, 0xf23d29ad} {
		t.Errorf("i64 offset: %08x", got)
	}
	if got := TritonRandInt4x(uint64(minus1), uint64(minus1), 64, 10); got != [4]uint32{0x4d18d7d2,
		0x430ac65a, 0xbd2fa22a, 0x0afae10d} {
		t.Errorf("i64 offset -1: %08x", got)
	}
}

func TestUniformConversion(t *testing.T) {
	// The float32 scales are the Python literals rounded to float32.
	s32, s64 := 4.6566127342e-10, 1.0842020432385337e-19
	if float32(s32) != uniformScale32 || float32(s64) != uniformScale64 {
		t.Errorf("scales: %#x %#x", math.Float32bits(float32(s32)), math.Float32bits(float32(s64)))
	}
	if TritonUintToUniformFloat(0) != 0 || TritonUintToUniformFloat(0xFFFFFFFF) != 0 ||
		math.Float32bits(TritonUintToUniformFloat(0x7FFFFFFF)) != 0x3F7FFFFF ||
		math.Float32bits(TritonUintToUniformFloat(0x80000000)) != 0x3F7FFFFF {
		t.Error("uint_to_uniform_float i32 limits")
	}
	if math.Float32bits(TritonUint64ToUniformFloat(1<<63-1)) != 0x3F7FFFFE ||
		math.Float32bits(TritonUint64ToUniformFloat(1)) != 0x1FFFFFFE {
		t.Error("uint_to_uniform_float i64")
	}
	for x := uint32(0); x < 1<<32-1; x += 65537 {
		if u := TritonUintToUniformFloat(x); !(u >= 0 && u < 1) {
			t.Fatalf("%#x -> %v", x, u)
		}
	}
}
