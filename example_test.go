package tt_test

import (
	"fmt"
	"log"
	"math"
	"strings"

	"github.com/ttcompiler/tt"
)

// Compile a @triton.jit kernel from Python for one specialization: the
// signature types its runtime parameters, Constexprs sets BLOCK_SIZE.
func ExampleCompilePython() {
	k, err := tt.CompilePython("examples/kernel_patterns.py", tt.Options{
		Kernel:     "vector_add_kernel",
		Signature:  "*fp32:16, *fp32:16, *fp32:16, i32",
		Constexprs: map[string]any{"BLOCK_SIZE": 1024},
		Arch:       "sm_90",
	})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(k.Name, k.Target, k.Arch, "warps:", k.NumWarps)
	for _, p := range k.Params {
		fmt.Println(" ", p.Name, p.Type)
	}
	fmt.Println(strings.Contains(string(k.Code), ".visible .entry vector_add_kernel("))
	// Output:
	// vector_add_kernel ptx sm_90 warps: 4
	//   a_ptr *fp32
	//   b_ptr *fp32
	//   c_ptr *fp32
	//   n_elements i32
	// true
}

// Compile Triton's TTIR, keeping the TTGIR it was laid out as.
func ExampleCompileTTIR() {
	src := `module {
  tt.func public @scale(%x: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %s: f32) {
    %offs = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
    %p0 = tt.splat %x : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
    %p = tt.addptr %p0, %offs : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
    %v = tt.load %p : tensor<128x!tt.ptr<f32>>
    %sv = tt.splat %s : f32 -> tensor<128xf32>
    %r = arith.mulf %v, %sv : tensor<128xf32>
    tt.store %p, %r : tensor<128x!tt.ptr<f32>>
    tt.return
  }
}`
	k, err := tt.CompileTTIR("scale.ttir", src, tt.Options{NumWarps: 2, KeepIR: true})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(k.Name, k.Params, k.NumWarps)
	fmt.Println(strings.Contains(k.TTGIR, `"ttg.num-warps" = 2`))
	// Output:
	// scale [{x *fp32} {s fp32}] 2
	// true
}

// Errors are located in the kernel's source.
func ExampleCompileError() {
	src := `import triton
import triton.language as tl

@triton.jit
def bad(x_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(x_ptr + offs, undefined_name)
`
	_, err := tt.CompilePythonSource("bad.py", src, tt.Options{Signature: "*fp32:16", Constexprs: map[string]any{"BLOCK": 64}})
	fmt.Println(err)
	// Output:
	// bad.py:7:28: error: NameError: name 'undefined_name' is not defined
	//     tl.store(x_ptr + offs, undefined_name)
	//                            ^
}

// Compile for the GPU, load, launch with Go values and read the result
// back. (It needs a CUDA GPU: go test compiles it without running it.)
func ExampleFunction_Launch() {
	dev, err := tt.OpenDevice(0)
	if err != nil {
		log.Fatal(err)
	}
	defer dev.Close()
	k, err := tt.CompilePython("examples/kernel_patterns.py", tt.Options{
		Kernel: "vector_add_kernel", Arch: dev.Arch(),
		Signature: "*fp32:16, *fp32:16, *fp32:16, i32", Constexprs: map[string]any{"BLOCK_SIZE": 1024},
	})
	if err != nil {
		log.Fatal(err)
	}
	n := 100000
	a, b := make([]float32, n), make([]float32, n)
	for i := range a {
		a[i], b[i] = float32(i), float32(2*i)
	}
	da, _ := tt.Upload(dev, a)
	db, _ := tt.Upload(dev, b)
	dc, _ := dev.Alloc(4*n, "fp32")
	f, err := dev.Load(k)
	if err != nil {
		log.Fatal(err)
	}
	if err := f.Launch(tt.Grid{tt.CDiv(n, 1024)}, da, db, dc, n); err != nil {
		log.Fatal(err)
	}
	c := make([]float32, n)
	if err := tt.Download(dc, c); err != nil {
		log.Fatal(err)
	}
	fmt.Println(c[0], c[n-1])
}

// Run a kernel as Triton's kernel[grid](...) does: the arguments choose
// the specialization; an autotuned kernel is tuned on its first run.
// (It needs a CUDA GPU.)
func ExampleJITKernel_Run() {
	dev, err := tt.OpenDevice(0)
	if err != nil {
		log.Fatal(err)
	}
	defer dev.Close()
	add, err := tt.JIT("examples/kernel_patterns.py", "vector_add_autotuned", tt.Options{})
	if err != nil {
		log.Fatal(err)
	}
	n := 1 << 20
	x := make([]float32, n)
	for i := range x {
		x[i] = float32(math.Sqrt(float64(i)))
	}
	dx, _ := tt.Upload(dev, x)
	dy, _ := tt.Upload(dev, x)
	out, _ := dev.Alloc(4*n, "fp32")
	grid := func(m tt.Meta) tt.Grid { return tt.Grid{tt.CDiv(n, m.Int("BLOCK_SIZE"))} }
	if err := add.Run(dev, grid, tt.Args{"a_ptr": dx, "b_ptr": dy, "c_ptr": out, "n_elements": n}); err != nil {
		log.Fatal(err)
	}
	dev.Synchronize()
}
