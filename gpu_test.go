package tt_test

import (
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ttcompiler/tt"
	"github.com/ttcompiler/tt/npy"
	"github.com/ttcompiler/tt/numeric"
	"github.com/ttcompiler/tt/tools/ttrun"
)

// The API on a GPU: these tests skip without a CUDA driver. On the GPU
// machine, scripts/gpu/run_api.sh runs them (.bin/tt_api.test).

func openGPU(t *testing.T) *tt.Device {
	t.Helper()
	d, err := tt.OpenDevice(0)
	if err != nil {
		t.Skipf("no CUDA GPU: %v", err)
	}
	t.Cleanup(func() { d.Close() })
	return d
}

// interpret runs a Python kernel on tt's interpreter over float32 buffers
// (by parameter name) and scalar arguments, and returns the buffers.
func interpret(t *testing.T, kernel string, constexprs []string, grid [3]int, bufs map[string][]float32, scalars ...string) map[string][]float32 {
	t.Helper()
	dir := t.TempDir()
	var args []string
	for n, v := range bufs {
		a, err := npy.FromSlice(v, len(v))
		if err != nil {
			t.Fatal(err)
		}
		p := filepath.Join(dir, n+".npy")
		if err := npy.WriteFile(p, a); err != nil {
			t.Fatal(err)
		}
		args = append(args, n+"=@"+p)
	}
	args = append(args, scalars...)
	k, runtime, err := ttrun.LoadPython(ttrun.PythonKernel{Path: "examples/kernel_patterns.py", Kernel: kernel, Args: args, Constexprs: constexprs})
	if err != nil {
		t.Fatal(err)
	}
	var bound []ttrun.Arg
	for _, spec := range runtime {
		n, v, _ := strings.Cut(spec, "=")
		a := ttrun.Arg{Name: n}
		if p, ok := strings.CutPrefix(v, "@"); ok {
			arr, err := npy.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			a.Buffer = &arr
		} else {
			fmt.Sscan(v, &a.Int)
		}
		bound = append(bound, a)
	}
	types := k.Func.Region(0).Front().ArgumentTypes()
	for i := range bound {
		bound[i].Type = types[i]
	}
	if err := (ttrun.Interp{}).Run(k, grid, bound, ttrun.Options{}); err != nil {
		t.Fatal(err)
	}
	out := map[string][]float32{}
	for _, a := range bound {
		if a.Buffer != nil {
			out[a.Name], _ = a.Buffer.Float32s()
		}
	}
	return out
}

// Compile, load and launch vector_add and softmax through the API and
// compare with the interpreter, bit for bit.
func TestGPULaunchMatchesInterpreter(t *testing.T) {
	dev := openGPU(t)
	n := 100003
	a, b := make([]float32, n), make([]float32, n)
	for i := range a {
		a[i], b[i] = rand.Float32()*100-50, rand.Float32()
	}
	k, err := tt.CompilePython("examples/kernel_patterns.py", tt.Options{Kernel: "vector_add_kernel", Arch: dev.Arch(),
		Signature: "*fp32:16, *fp32:16, *fp32:16, i32", Constexprs: map[string]any{"BLOCK_SIZE": 1024}})
	if err != nil {
		t.Fatal(err)
	}
	da, _ := tt.Upload(dev, a)
	db, _ := tt.Upload(dev, b)
	dc, _ := dev.Alloc(4*n, "fp32")
	f, err := dev.Load(k)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Launch(tt.Grid{tt.CDiv(n, 1024)}, da, db, dc, n); err != nil {
		t.Fatal(err)
	}
	got := make([]float32, n)
	if err := tt.Download(dc, got); err != nil {
		t.Fatal(err)
	}
	want := interpret(t, "vector_add_kernel", []string{"BLOCK_SIZE=1024"}, [3]int{tt.CDiv(n, 1024), 1, 1},
		map[string][]float32{"a_ptr": a, "b_ptr": b, "c_ptr": make([]float32, n)}, fmt.Sprint("n_elements=", n))["c_ptr"]
	compareExact(t, "vector_add", got, want)

	rows, cols := 300, 781
	x := make([]float32, rows*cols)
	for i := range x {
		x[i] = rand.Float32()*8 - 4
	}
	sk, err := tt.CompilePython("examples/kernel_patterns.py", tt.Options{Kernel: "softmax_kernel", Arch: dev.Arch(),
		Signature: "*fp32:16, *fp32:16, i32, i32, i32", Constexprs: map[string]any{"BLOCK_SIZE": 1024}})
	if err != nil {
		t.Fatal(err)
	}
	dx, _ := tt.Upload(dev, x)
	dy, _ := dev.Alloc(4*rows*cols, "fp32")
	sf, err := dev.Load(sk)
	if err != nil {
		t.Fatal(err)
	}
	if err := sf.Launch(tt.Grid{rows}, dx, dy, cols, cols, cols); err != nil {
		t.Fatal(err)
	}
	gy := make([]float32, rows*cols)
	if err := tt.Download(dy, gy); err != nil {
		t.Fatal(err)
	}
	wy := interpret(t, "softmax_kernel", []string{"BLOCK_SIZE=1024"}, [3]int{rows, 1, 1},
		map[string][]float32{"input_ptr": x, "output_ptr": make([]float32, rows*cols)},
		fmt.Sprint("n_cols=", cols), fmt.Sprint("input_row_stride=", cols), fmt.Sprint("output_row_stride=", cols))["output_ptr"]
	compareClose(t, "softmax", gy, wy, 1e-6)
}

func compareExact(t *testing.T, what string, got, want []float32) {
	t.Helper()
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("%s: element %d is %v on the GPU, %v in the interpreter", what, i, got[i], want[i])
		}
	}
	t.Logf("%s: %d elements equal to the interpreter's", what, len(want))
}

func compareClose(t *testing.T, what string, got, want []float32, tol float64) {
	t.Helper()
	var num, den float64
	for i := range want {
		d := float64(got[i]) - float64(want[i])
		num += d * d
		den += float64(want[i]) * float64(want[i])
	}
	rel := math.Sqrt(num / den)
	if rel > tol || math.IsNaN(rel) {
		t.Fatalf("%s: relative error %.3g against the interpreter", what, rel)
	}
	t.Logf("%s: relative error %.3g against the interpreter", what, rel)
}

// The examples that launch run here on the GPU.
func TestGPUExamples(t *testing.T) {
	openGPU(t)
	ExampleFunction_Launch()
	ExampleJITKernel_Run()
}

// openAll opens every GPU of the first one's model.
func openAll(t *testing.T) []*tt.Device {
	first := openGPU(t)
	devs := []*tt.Device{first}
	n, _ := tt.DeviceCount()
	for i := 1; i < n; i++ {
		d, err := tt.OpenDevice(i)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { d.Close() })
		if d.Name() == first.Name() {
			devs = append(devs, d)
		}
	}
	return devs
}

// The seeds' grouped-order matmul autotuned through the API over its 16
// configurations on every GPU, then run with the winner; sampled entries
// of C are checked against a float64 product. TT_AUTOTUNE_JSON, when set,
// receives the report.
func TestGPUMatmulAutotune(t *testing.T) {
	devs := openAll(t)
	dev := devs[0]
	const m, n, k = 4096, 4096, 4096
	da, db, dc, af, bf := matmulOperands(t, dev, m, n, k)
	j, err := tt.JIT("examples/matmul_autotune.py", "matmul_kernel", tt.Options{})
	if err != nil {
		t.Fatal(err)
	}
	args := tt.Args{"a_ptr": da, "b_ptr": db, "c_ptr": dc, "M": m, "N": n, "K": k,
		"stride_am": k, "stride_ak": 1, "stride_bk": n, "stride_bn": 1, "stride_cm": n, "stride_cn": 1}
	grid := func(meta tt.Meta) tt.Grid {
		return tt.Grid{tt.CDiv(m, meta.Int("BLOCK_M")) * tt.CDiv(n, meta.Int("BLOCK_N"))}
	}
	start := time.Now()
	rep, err := j.Tune(devs, grid, args, os.Stdout)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("tuned %d configurations on %d GPUs in %v", len(rep.Results), len(devs), time.Since(start))
	if path := os.Getenv("TT_AUTOTUNE_JSON"); path != "" {
		b, _ := json.MarshalIndent(rep, "", " ")
		os.WriteFile(path, b, 0o644)
	}
	if err := j.Run(dev, grid, args); err != nil {
		t.Fatal(err)
	}
	c := make([]uint16, m*n)
	if err := tt.Download(dc, c); err != nil {
		t.Fatal(err)
	}
	checkMatmulSamples(t, "C", c, af, bf, m, n, k, 64)
}

// TestGPUFirstLaunch prints the time from nothing compiled to a finished
// first launch (compile, load, launch, synchronize) of each kernel, with
// the process's compile cache as it is: scripts/gpu/run_api.sh runs it
// twice on a fresh TT_CACHE_DIR (cold, then warm). TT_FIRST_LAUNCH=1
// turns it on.
func TestGPUFirstLaunch(t *testing.T) {
	if os.Getenv("TT_FIRST_LAUNCH") == "" {
		t.Skip("TT_FIRST_LAUNCH is not set")
	}
	dev := openGPU(t)
	n := 1 << 24
	rows, cols := 4096, 1024
	x, _ := dev.Alloc(4*n, "fp32")
	y, _ := dev.Alloc(4*n, "fp32")
	z, _ := dev.Alloc(4*n, "fp32")
	w, _ := dev.Alloc(4*cols, "fp32")
	const mm = 4096
	ha, _ := dev.Alloc(2*mm*mm, "fp16")
	hb, _ := dev.Alloc(2*mm*mm, "fp16")
	hc, _ := dev.Alloc(2*mm*mm, "fp16")
	for _, c := range []struct {
		kernel string
		grid   tt.Grid
		args   tt.Args
	}{
		{"vector_add_kernel", tt.Grid{n / 1024}, tt.Args{"a_ptr": x, "b_ptr": y, "c_ptr": z, "n_elements": n, "BLOCK_SIZE": 1024}},
		{"softmax_kernel", tt.Grid{rows}, tt.Args{"input_ptr": x, "output_ptr": y, "n_cols": cols, "input_row_stride": cols, "output_row_stride": cols, "BLOCK_SIZE": 1024}},
		{"fused_residual_layernorm_dropout", tt.Grid{rows}, tt.Args{"x_ptr": x, "residual_ptr": y, "weight_ptr": w, "bias_ptr": w, "output_ptr": z,
			"n_cols": cols, "eps": 1e-5, "p_drop": 0.1, "seed": 1234, "stride": cols, "BLOCK_SIZE": 1024}},
		{"matmul_kernel", tt.Grid{(mm / 128) * (mm / 128)}, tt.Args{"a_ptr": ha, "b_ptr": hb, "c_ptr": hc, "M": mm, "N": mm, "K": mm,
			"stride_am": mm, "stride_ak": 1, "stride_bk": mm, "stride_bn": 1, "stride_cm": mm, "stride_cn": 1,
			"BLOCK_M": 128, "BLOCK_N": 128, "BLOCK_K": 64, "GROUP_M": 8}},
	} {
		start := time.Now()
		j, err := tt.JIT("examples/kernel_patterns.py", c.kernel, tt.Options{})
		if err == nil {
			err = j.Run(dev, tt.StaticGrid(c.grid), c.args)
		}
		if err == nil {
			err = dev.Synchronize()
		}
		if err != nil {
			t.Fatalf("%s: %v", c.kernel, err)
		}
		fmt.Printf("first-launch %s %.3f ms\n", c.kernel, float64(time.Since(start))/1e6)
	}
}

// TestGPUGridVariant: tt-run's unmasked 128x128x64 f16 matmul, which tt
// makes persistent (one CTA an SM), launched over a grid of one wave of
// its grid-schedule variant (1024 x 1024: 64 programs, the variant on
// any Hopper) and over a bigger one (4096 x 4096: 1,024, the persistent
// kernel); sampled entries of C match a float64 product in both.
func TestGPUGridVariant(t *testing.T) {
	dev := openGPU(t)
	k, err := tt.CompilePython("tools/ttrun/testdata/unmasked_matmul.py", tt.Options{Arch: dev.Arch(), NumWarps: 4,
		Kernel: "unmasked_matmul", Signature: "*fp16:16, *fp16:16, *fp16:16, i32:16, i32:16, i32:16, i32:16, i32:16, i32:16",
		Constexprs: map[string]any{"BLOCK_M": 128, "BLOCK_N": 128, "BLOCK_K": 64}})
	if err != nil {
		t.Fatal(err)
	}
	if k.GridVariant == nil {
		t.Skipf("no grid variant on %s", dev.Arch())
	}
	f, err := dev.Load(k)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		n       int
		variant bool
	}{{1024, true}, {4096, false}} {
		m, n, kk := c.n, c.n, 256
		da, db, dc, af, bf := matmulOperands(t, dev, m, n, kk)
		grid := tt.Grid{(m / 128) * (n / 128)}
		if got := f.RunsGridVariant(grid); got != c.variant {
			t.Fatalf("%d programs: RunsGridVariant %v, want %v", grid[0], got, c.variant)
		}
		if err := f.Launch(grid, da, db, dc, m, n, kk, kk, n, n); err != nil {
			t.Fatal(err)
		}
		out := make([]uint16, m*n)
		if err := tt.Download(dc, out); err != nil {
			t.Fatal(err)
		}
		checkMatmulSamples(t, fmt.Sprintf("%dx%d (variant %v): C", m, n, c.variant), out, af, bf, m, n, kk, 256)
		da.Free()
		db.Free()
		dc.Free()
	}
}

// matmulOperands uploads random f16 operands A (m x k) and B (k x n),
// allocates an f16 C (m x n), and returns the buffers with A's and B's
// float64 values.
func matmulOperands(t *testing.T, dev *tt.Device, m, n, k int) (da, db, dc *tt.Buffer, af, bf []float64) {
	t.Helper()
	a, af := randomF16(m * k)
	b, bf := randomF16(k * n)
	var err error
	if da, err = tt.Upload(dev, a); err == nil {
		if db, err = tt.Upload(dev, b); err == nil {
			dc, err = dev.Alloc(2*m*n, "fp16")
		}
	}
	if err != nil {
		t.Fatal(err)
	}
	da.DType, db.DType = "fp16", "fp16"
	return da, db, dc, af, bf
}

// randomF16 returns n f16 values uniform in [-1, 1) and their float64
// values.
func randomF16(n int) ([]uint16, []float64) {
	h, f := make([]uint16, n), make([]float64, n)
	for i := range h {
		h[i] = numeric.F16FromFloat64(rand.Float64()*2-1, numeric.RNE)
		f[i] = numeric.F16ToFloat64(h[i])
	}
	return h, f
}

// checkMatmulSamples compares samples entries of c, an m x n row-major
// f16 result, with the float64 product of a (m x k) and b (k x n).
func checkMatmulSamples(t *testing.T, what string, c []uint16, a, b []float64, m, n, k, samples int) {
	t.Helper()
	for s := 0; s < samples; s++ {
		i, j := rand.IntN(m), rand.IntN(n)
		var want float64
		for x := 0; x < k; x++ {
			want += a[i*k+x] * b[x*n+j]
		}
		if got := numeric.F16ToFloat64(c[i*n+j]); math.Abs(got-want) > 0.02+0.01*math.Abs(want) {
			t.Fatalf("%s[%d][%d] = %v, want %v", what, i, j, got, want)
		}
	}
}
