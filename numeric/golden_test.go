package numeric

import (
	"bufio"
	"compress/gzip"
	"encoding/binary"
	"encoding/json"
	"io"
	"math"
	"math/rand"
	"os"
	"path/filepath"
	"sort"
	"testing"
)

// The files under testdata/sm90 hold results measured with Triton 3.6.0 on an
// NVIDIA H200 (sm_90) by testdata/triton_golden.py and reduced by
// testdata/reduce_golden.py. See testdata/README.md.

const goldenDir = "testdata/sm90"

type run struct{ start, val uint32 }

// readRLE reads a run-length conversion table: the output for input pattern
// x is the value of the last run whose start is <= x.
func readRLE(t testing.TB, name string) []run {
	t.Helper()
	f, err := os.Open(filepath.Join(goldenDir, name+".rle.gz"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	br := bufio.NewReader(zr)
	var runs []run
	var s, v int64
	for {
		ds, err := binary.ReadUvarint(br)
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		zz, err := binary.ReadUvarint(br)
		if err != nil {
			t.Fatal(err)
		}
		dv := int64(zz >> 1)
		if zz&1 != 0 {
			dv = -dv - 1
		}
		s += int64(ds)
		v += dv
		runs = append(runs, run{uint32(s), uint32(v)})
	}
	if len(runs) == 0 || runs[0].start != 0 {
		t.Fatalf("%s: malformed table", name)
	}
	return runs
}

func lookup(runs []run, x uint32) uint32 {
	i := sort.Search(len(runs), func(i int) bool { return runs[i].start > x }) - 1
	return runs[i].val
}

// checkTable compares fn against a golden table over the whole input domain
// [0, domain) for small domains; for the float32 domain it checks both sides
// of every run boundary, 2^20 random inputs, and everything when
// TT_NUMERIC_EXHAUSTIVE=1.
func checkTable(t *testing.T, name string, domain uint64, fn func(uint32) uint32) {
	t.Helper()
	runs := readRLE(t, name)
	fails := 0
	check := func(x uint32) {
		want := lookup(runs, x)
		if got := fn(x); got != want && fails < 10 {
			fails++
			t.Errorf("%s: input %#x: got %#x, GPU gives %#x", name, x, got, want)
		}
	}
	if domain <= 1<<16 || os.Getenv("TT_NUMERIC_EXHAUSTIVE") == "1" {
		// Walk the runs in order: no search per input.
		for i, r := range runs {
			end := domain
			if i+1 < len(runs) {
				end = uint64(runs[i+1].start)
			}
			for x := uint64(r.start); x < end; x++ {
				if got := fn(uint32(x)); got != r.val && fails < 10 {
					fails++
					t.Errorf("%s: input %#x: got %#x, GPU gives %#x", name, x, got, r.val)
				}
			}
		}
		return
	}
	for _, r := range runs {
		check(r.start)
		if r.start > 0 {
			check(r.start - 1)
		}
	}
	rng := rand.New(rand.NewSource(1))
	for i := 0; i < 1<<20; i++ {
		check(rng.Uint32())
	}
}

func f32bits(f func(float32) float32) func(uint32) uint32 {
	return func(x uint32) uint32 { return math.Float32bits(f(math.Float32frombits(x))) }
}

func fpToFpFn(t *testing.T, src, dst *Format, m RoundingMode) func(uint32) uint32 {
	return func(x uint32) uint32 {
		y, err := FpToFp(src, dst, x, m)
		if err != nil {
			t.Fatalf("FpToFp(%s, %s, %s): %v", src, dst, m, err)
		}
		return y
	}
}

func TestGoldenSmallConversions(t *testing.T) {
	type tc struct {
		name   string
		domain uint64
		fn     func(uint32) uint32
	}
	cases := []tc{
		{"cvt_f16_e4m3_rtne", 1 << 16, fpToFpFn(t, F16, F8E4M3FN, RNE)},
		{"cvt_f16_e5m2_rtne", 1 << 16, fpToFpFn(t, F16, F8E5M2, RNE)},
		{"cvt_bf16_e4m3_rtne", 1 << 16, fpToFpFn(t, BF16, F8E4M3FN, RNE)},
		{"cvt_bf16_e5m2_rtne", 1 << 16, fpToFpFn(t, BF16, F8E5M2, RNE)},
		{"cvt_e4m3_f16_up", 256, fpToFpFn(t, F8E4M3FN, F16, RNE)},
		{"cvt_e4m3_bf16_up", 256, fpToFpFn(t, F8E4M3FN, BF16, RNE)},
		{"cvt_e4m3_f32_up", 256, fpToFpFn(t, F8E4M3FN, F32, RNE)},
		{"cvt_e4m3_f32_up", 256, func(x uint32) uint32 { return math.Float32bits(F8E4M3FNToFloat32(uint8(x))) }},
		{"cvt_e5m2_f16_up", 256, fpToFpFn(t, F8E5M2, F16, RNE)},
		{"cvt_e5m2_bf16_up", 256, fpToFpFn(t, F8E5M2, BF16, RNE)},
		{"cvt_e5m2_f32_up", 256, fpToFpFn(t, F8E5M2, F32, RNE)},
		{"cvt_e5m2_f32_up", 256, func(x uint32) uint32 { return math.Float32bits(F8E5M2ToFloat32(uint8(x))) }},
		{"cvt_f16_f32_up", 1 << 16, func(x uint32) uint32 { return math.Float32bits(F16ToFloat32(uint16(x))) }},
		{"cvt_f16_f32_up", 1 << 16, func(x uint32) uint32 { return math.Float32bits(F16.ToFloat32(x)) }},
		{"cvt_f16_f32_up", 1 << 16, fpToFpFn(t, F16, F32, RNE)},
		{"cvt_bf16_f32_up", 1 << 16, func(x uint32) uint32 { return math.Float32bits(BF16ToFloat32(uint16(x))) }},
		{"cvt_bf16_f32_up", 1 << 16, func(x uint32) uint32 { return math.Float32bits(BF16.ToFloat32(x)) }},
		// Triton casts between f16 and bf16 through f32 (extf, then truncf).
		{"cvt_f16_bf16_up", 1 << 16, func(x uint32) uint32 {
			return uint32(BF16FromFloat32(F16ToFloat32(uint16(x)), RNE))
		}},
		{"cvt_bf16_f16_up", 1 << 16, func(x uint32) uint32 {
			return uint32(F16FromFloat32(BF16ToFloat32(uint16(x)), RNE))
		}},
		{"cvt_e4b15_f16_up", 256, func(x uint32) uint32 { return uint32(F8E4B15ToF16(uint8(x))) }},
		{"cvt_e4b15_f32_up", 256, func(x uint32) uint32 { return math.Float32bits(F8E4B15ToFloat32(uint8(x))) }},
		{"cvt_e4b15_f32_up", 256, func(x uint32) uint32 { return math.Float32bits(F8E4B15.ToFloat32(x)) }},
		{"cvt_f16_e4b15_rtne", 1 << 16, func(x uint32) uint32 { return uint32(F8E4B15FromF16(uint16(x))) }},
		{"cvt_f16_e4b15_rtz", 1 << 16, func(x uint32) uint32 { return uint32(F8E4B15FromF16(uint16(x))) }},
	}
	for _, c := range cases {
		checkTable(t, c.name, c.domain, c.fn)
	}
}

func TestGoldenFloat32Conversions(t *testing.T) {
	type tc struct {
		name string
		fn   func(uint32) uint32
	}
	f := math.Float32frombits
	cases := []tc{
		{"cvt_f32_f16_rtne", func(x uint32) uint32 { return uint32(F16FromFloat32(f(x), RNE)) }},
		{"cvt_f32_f16_rtne", func(x uint32) uint32 { return F16.FromFloat32(f(x), RNE) }},
		{"cvt_f32_f16_rtne", fpToFpFn(t, F32, F16, RNE)},
		{"cvt_f32_f16_rtz", func(x uint32) uint32 { return uint32(F16FromFloat32(f(x), RTZ)) }},
		{"cvt_f32_f16_rtz", func(x uint32) uint32 { return F16.FromFloat32(f(x), RTZ) }},
		{"cvt_f32_bf16_rtne", func(x uint32) uint32 { return uint32(BF16FromFloat32(f(x), RNE)) }},
		{"cvt_f32_bf16_rtne", func(x uint32) uint32 { return BF16.FromFloat32(f(x), RNE) }},
		{"cvt_f32_bf16_rtz", func(x uint32) uint32 { return uint32(BF16FromFloat32(f(x), RTZ)) }},
		{"cvt_f32_bf16_rtz", fpToFpFn(t, F32, BF16, RTZ)},
		{"cvt_f32_e4m3_rtne", func(x uint32) uint32 { return uint32(F8E4M3FNFromFloat32(f(x), RNE)) }},
		{"cvt_f32_e4m3_rtne", fpToFpFn(t, F32, F8E4M3FN, RNE)},
		{"cvt_f32_e5m2_rtne", func(x uint32) uint32 { return uint32(F8E5M2FromFloat32(f(x), RNE)) }},
		{"cvt_f32_e5m2_rtne", fpToFpFn(t, F32, F8E5M2, RNE)},
		{"cvt_f32_e5m2_rtz", func(x uint32) uint32 { return uint32(F8E5M2FromFloat32(f(x), RTZ)) }},
		{"cvt_f32_e5m2_rtz", fpToFpFn(t, F32, F8E5M2, RTZ)},
		{"cvt_f32_e4b15_rtne", func(x uint32) uint32 { return uint32(F8E4B15FromFloat32(f(x))) }},
		{"cvt_f32_tf32_rna", TF32RoundNABits},
		{"cvt_f32_tf32_rna", f32bits(TF32RoundNA)},
	}
	for _, c := range cases {
		checkTable(t, c.name, 1<<32, c.fn)
	}
}

func TestGoldenFloat64Sources(t *testing.T) {
	fh, err := os.Open(filepath.Join(goldenDir, "f64_rne.bin.gz"))
	if err != nil {
		t.Fatal(err)
	}
	defer fh.Close()
	zr, err := gzip.NewReader(fh)
	if err != nil {
		t.Fatal(err)
	}
	var rec struct {
		X    uint64
		F16  uint16
		BF16 uint16
		F32  uint32
	}
	n, fails := 0, 0
	for {
		if err := binary.Read(zr, binary.LittleEndian, &rec); err == io.EOF {
			break
		} else if err != nil {
			t.Fatal(err)
		}
		n++
		x := math.Float64frombits(rec.X)
		if got := F16FromFloat64(x, RNE); got != rec.F16 && fails < 10 {
			fails++
			t.Errorf("f64 %#x -> f16: got %#x, GPU %#x", rec.X, got, rec.F16)
		}
		if got := BF16FromFloat64(x, RNE); got != rec.BF16 && fails < 10 {
			fails++
			t.Errorf("f64 %#x -> bf16: got %#x, GPU %#x", rec.X, got, rec.BF16)
		}
		if got := F32.FromFloat64(x, RNE); got != rec.F32 && fails < 10 {
			fails++
			t.Errorf("f64 %#x -> f32: got %#x, GPU %#x", rec.X, got, rec.F32)
		}
	}
	if n < 20000 {
		t.Fatalf("only %d records", n)
	}
}

func readJSONGz(t *testing.T, name string, v any) {
	t.Helper()
	f, err := os.Open(filepath.Join(goldenDir, name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.NewDecoder(zr).Decode(v); err != nil {
		t.Fatal(err)
	}
}
