package ttrun

import (
	"encoding/binary"
	"encoding/json"
	"fmt"
	"math"
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ttcompiler/tt/npy"
	"github.com/ttcompiler/tt/numeric"
)

// The case set of clusters of CTAs (Triton's num_ctas > 1) for the GPU
// machine: Triton 3.6's own TTGIR of test_matmul.py's kernel at NUM_CTAS =
// 2 and 4 and of test_core's kernel_r at 4 (testdata/cta), and the
// write-mask kernel and tt's TTGIR of two TMA kernels whose copies the
// CTAs split (conversion/ttgtogpu/testdata/cta; cta_tma_cases_test.go),
// with inputs and expected outputs, in the manifest format of testdata/cases.
// scripts/gpu/prepare_cta.sh has TestCTACaseSet write it to
// $TT_CTA_CASES_DIR, compiles it with tt-translate, and validate.sh runs
// it on the GPU through scripts/gpu/cluster_check.py (gpu_check.py's
// checks, launched in clusters as Triton's launcher does) and tt-run
// --backend cuda. Without the variable the set goes to a temporary
// directory. Either way every case then runs here through tt-run's sim
// backend, each program a cluster of simulated CTAs, against the
// expectation.
//
// The matmul operands are small integers, exact in every element type and
// in their sums of products, so the expected products are exact (computed
// in float64 here) and the tolerance is 0.

// ctaMatmulCase is a recorded configuration of test_simple_matmul.
type ctaMatmulCase struct {
	file          string
	in, out       npy.DType
	fp8           bool // A and B are f8E5M2 bytes
	bm, bn, bk    int
	warps, stages int
	shared        int // Triton's metadata, per CTA
}

var ctaMatmulCases = []ctaMatmulCase{
	{"mm_float16_float32_128x128x16_s4_w4_c2", npy.Float16, npy.Float32, false, 128, 128, 16, 4, 4, 32768},
	{"mm_float16_float16_64x128x32_s4_w8_c2", npy.Float16, npy.Float16, false, 64, 128, 32, 8, 4, 32768},
	{"mm_float16_float32_256x128x32_s4_w8_c2", npy.Float16, npy.Float32, false, 256, 128, 32, 8, 4, 131072},
	{"mm_float16_float32_64x512x32_s2_w4_c2", npy.Float16, npy.Float32, false, 64, 512, 32, 4, 2, 131072},
	{"mm_float16_float32_512x64x32_s2_w8_c2", npy.Float16, npy.Float32, false, 512, 64, 32, 8, 2, 131072},
	{"mm_tensorfloat32_float32_128x128x16_s4_w4_c2", npy.Float32, npy.Float32, false, 128, 128, 16, 4, 4, 49152},
	{"mm_float8e5_float32_128x128x32_s4_w4_c2", npy.Uint8, npy.Float32, true, 128, 128, 32, 4, 4, 32768},
	{"mm_float64_float64_64x128x32_s4_w4_c2", npy.Float64, npy.Float64, false, 64, 128, 32, 4, 4, 98304},
	{"mm_float16_float32_128x128x64_s3_w4_c4", npy.Float16, npy.Float32, false, 128, 128, 64, 4, 3, 65536},
}

// ctaCaseSet is what TestCTACaseSet writes: a manifest and its files.
type ctaCaseSet struct {
	t     *testing.T
	dir   string
	cases []map[string]any
}

func (s *ctaCaseSet) write(file string, a npy.Array) string {
	if err := npy.WriteFile(filepath.Join(s.dir, file), a); err != nil {
		s.t.Fatal(err)
	}
	return file
}

func (s *ctaCaseSet) copy(src, file string) string {
	b, err := os.ReadFile(src)
	if err != nil {
		s.t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(s.dir, file), b, 0o644); err != nil {
		s.t.Fatal(err)
	}
	return file
}

func buffer(name string, a npy.Array, file string) map[string]any {
	return map[string]any{"name": name, "kind": "buffer", "dtype": a.DType.Name(), "shape": a.Shape, "npy": file}
}

func scalar(name string, v int) map[string]any {
	return map[string]any{"name": name, "kind": "i32", "value": v}
}

// matmul adds a matmul configuration on a grid of 2x2 tiles with five K
// steps (around the software pipeline of every configuration).
func (s *ctaCaseSet) matmul(c ctaMatmulCase, r *rand.Rand) {
	M, N, K := 2*c.bm, 2*c.bn, 5*c.bk
	a, av := smallInts(r, c, M, K)
	b, bv := smallInts(r, c, K, N)
	want := matmulRef(av, bv, M, N, K)
	zero, _ := npy.New(c.out, M, N)
	name := c.file
	args := []map[string]any{
		buffer("a_ptr", a, s.write(name+".a_ptr.npy", a)), buffer("b_ptr", b, s.write(name+".b_ptr.npy", b)),
		buffer("output_ptr", zero, s.write(name+".output_ptr.npy", zero)),
		scalar("M", M), scalar("N", N), scalar("K", K), scalar("stride_am", K), scalar("stride_bk", N), scalar("stride_cm", N),
	}
	if c.fp8 {
		args[0]["dtype"], args[1]["dtype"] = "float8_e5m2", "float8_e5m2"
	}
	expect := s.write(name+".expect.output_ptr.npy", floats(s.t, c.out, []int{M, N}, want))
	s.cases = append(s.cases, map[string]any{
		"name": name, "ttir": s.copy(filepath.Join(ctaDir, name+".ttgir"), name+".ttgir"), "kernel": "matmul_kernel",
		"grid": []int{4, 1, 1}, "num_warps": c.warps, "num_stages": c.stages, "shared": c.shared,
		"num_ctas": ctasOf(name), "args": args,
		"outputs": []map[string]string{{"arg": "output_ptr", "expect": expect}}, "tol": 0,
		"note": "Triton 3.6's TTGIR (test_matmul.py::test_simple_matmul); small-integer operands, exact product",
	})
}

// writeMasks adds the write-mask kernel on four programs of four CTAs.
func (s *ctaCaseSet) writeMasks() {
	const programs = 4
	name := "cta_write_masks"
	ints := func(n int, v func(i int) int32) npy.Array {
		a, _ := npy.New(npy.Int32, n)
		for i := 0; i < n; i++ {
			binary.LittleEndian.PutUint32(a.Data[4*i:], uint32(v(i)))
		}
		return a
	}
	zeros := func(n int) npy.Array { return ints(n, func(int) int32 { return 0 }) }
	every := func(n int) npy.Array { return ints(n, func(int) int32 { return programs }) }
	coords := ints(1024*programs, func(i int) int32 { return int32(i%1024) * programs })
	var args []map[string]any
	var outputs []map[string]string
	for _, o := range []struct {
		arg     string
		in, out npy.Array
	}{
		{"count", zeros(1), every(1)}, {"whole", zeros(128), every(128)},
		{"split", zeros(1024), every(1024)}, {"out", zeros(1024 * programs), coords},
	} {
		args = append(args, buffer(o.arg, o.in, s.write(name+"."+o.arg+".npy", o.in)))
		outputs = append(outputs, map[string]string{"arg": o.arg, "expect": s.write(name+".expect."+o.arg+".npy", o.out)})
	}
	s.cases = append(s.cases, map[string]any{
		"name": name, "ttir": s.copy(filepath.Join("..", "..", "conversion", "ttgtogpu", "testdata", "cta", "write_masks.ttgir"), name+".ttgir"),
		"kernel": "write_masks", "grid": []int{programs, 1, 1}, "num_warps": 4, "num_stages": 3, "shared": 0, "num_ctas": 4,
		"args": args, "outputs": outputs, "tol": 0,
		"note": "each program's writes counted: a scalar and a whole-tensor atomic once per program, split elements once",
	})
}

// kernelR adds test_core's kernel_r at num_ctas = 4: its only buffer is
// both loaded and stored (element 0 back into itself), so the runners'
// poisoning of outputs would feed it NaN; it is a launch check without
// outputs (the write-mask kernel checks what its store mask does).
func (s *ctaCaseSet) kernelR() {
	name := "kernel_r_c4"
	ptrs, _ := npy.New(npy.Float32, 128)
	s.cases = append(s.cases, map[string]any{
		"name": name, "ttir": s.copy(filepath.Join(ctaDir, name+".ttgir"), name+".ttgir"), "kernel": "kernel_r",
		"grid": []int{2, 1, 1}, "num_warps": 4, "num_stages": 3, "shared": 0, "num_ctas": 4,
		"args":    []map[string]any{buffer("ptrs", ptrs, s.write(name+".ptrs.npy", ptrs))},
		"outputs": []map[string]string{}, "tol": 0,
		"note": "test_core.py's kernel_r at num_ctas=4 (launch check; Triton runs it with launch_cooperative_grid)",
	})
}

const ctaDir = "../../testdata/cta"

// ctasOf reads the CTAs of a cluster off a recorded kernel's name (_cN).
func ctasOf(name string) int {
	var n int
	fmt.Sscanf(name[strings.LastIndex(name, "_c")+2:], "%d", &n)
	return n
}

// smallInts is a rows x cols array of integers in [-2, 2] in the
// configuration's input type, and their values.
func smallInts(r *rand.Rand, c ctaMatmulCase, rows, cols int) (npy.Array, []float64) {
	a, _ := npy.New(c.in, rows, cols)
	vals := make([]float64, rows*cols)
	for i := range vals {
		v := float64(r.Intn(5) - 2)
		vals[i] = v
		switch {
		case c.fp8:
			a.Data[i] = byte(numeric.F8E5M2.FromFloat64(v, numeric.RNE))
		case c.in == npy.Float16:
			binary.LittleEndian.PutUint16(a.Data[2*i:], npy.Float32ToFloat16(float32(v)))
		case c.in == npy.Float32:
			binary.LittleEndian.PutUint32(a.Data[4*i:], math.Float32bits(float32(v)))
		case c.in == npy.Float64:
			binary.LittleEndian.PutUint64(a.Data[8*i:], math.Float64bits(v))
		}
	}
	return a, vals
}

// floats is an array of the values (exact in dtype) of a float dtype.
func floats(t *testing.T, dtype npy.DType, shape []int, vals []float64) npy.Array {
	a, err := npy.New(dtype, shape...)
	if err != nil {
		t.Fatal(err)
	}
	for i, v := range vals {
		switch dtype {
		case npy.Float16:
			binary.LittleEndian.PutUint16(a.Data[2*i:], npy.Float32ToFloat16(float32(v)))
		case npy.Float32:
			binary.LittleEndian.PutUint32(a.Data[4*i:], math.Float32bits(float32(v)))
		case npy.Float64:
			binary.LittleEndian.PutUint64(a.Data[8*i:], math.Float64bits(v))
		default:
			t.Fatalf("no float array of %s", dtype.Name())
		}
	}
	return a
}

func TestCTACaseSet(t *testing.T) {
	dir := os.Getenv("TT_CTA_CASES_DIR")
	if dir == "" {
		dir = t.TempDir()
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	s := &ctaCaseSet{t: t, dir: dir}
	r := rand.New(rand.NewSource(2))
	for _, c := range ctaMatmulCases {
		s.matmul(c, r)
	}
	s.writeMasks()
	s.kernelR()
	s.tmaCopy(r)
	s.tmaMatmul(r)
	man := map[string]any{
		"triton": "3.6.0 (TTGIR recorded on an H200; expectations exact, computed by the test that writes the set)",
		"cases":  s.cases,
	}
	b, err := json.MarshalIndent(man, "", " ")
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "manifest.json")
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
	// The written set, as the GPU will run it, through tt-run's sim
	// backend (each program a cluster of simulated CTAs).
	m, err := ReadManifest(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Cases) != len(ctaMatmulCases)+4 {
		t.Fatalf("the manifest has %d cases", len(m.Cases))
	}
	for i := range m.Cases {
		c := &m.Cases[i]
		t.Run(c.Name, func(t *testing.T) {
			if testing.Short() && strings.HasPrefix(c.Name, "mm_") && c.Name != ctaMatmulCases[0].file {
				t.Skip("one matmul in -short mode")
			}
			res, err := RunCase(dir, c, Sim{Arch: "sm_90"}, CaseOptions{})
			if err != nil {
				t.Fatal(err)
			}
			if !res.Pass {
				t.Fatal(res)
			}
		})
	}
}

// matmulRef is the row-major product of av (MxK) and bv (KxN).
func matmulRef(av, bv []float64, M, N, K int) []float64 {
	want := make([]float64, M*N)
	for i := 0; i < M; i++ {
		for j := 0; j < N; j++ {
			for k := 0; k < K; k++ {
				want[i*N+j] += av[i*K+k] * bv[k*N+j]
			}
		}
	}
	return want
}
