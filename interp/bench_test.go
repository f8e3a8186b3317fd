package interp

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/ttcompiler/tt/dialects/all"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
	"github.com/ttcompiler/tt/numeric"
)

// softmaxTTIR is a row softmax (one program per row of 1024 columns) in
// the shape Triton's front end emits it.
const softmaxTTIR = `tt.func public @softmax(%out: !tt.ptr<f32>, %in: !tt.ptr<f32>, %stride: i32, %n: i32) {
  %ninf = arith.constant dense<0xFF800000> : tensor<1024xf32>
  %row = tt.get_program_id x : i32
  %cols = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32>
  %ns = tt.splat %n : i32 -> tensor<1024xi32>
  %m = arith.cmpi slt, %cols, %ns : tensor<1024xi32>
  %off = arith.muli %row, %stride : i32
  %ip = tt.addptr %in, %off : !tt.ptr<f32>, i32
  %ips = tt.splat %ip : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
  %ipt = tt.addptr %ips, %cols : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
  %x = tt.load %ipt, %m, %ninf : tensor<1024x!tt.ptr<f32>>
  %mx = "tt.reduce"(%x) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %r = arith.maxnumf %a, %b : f32
    tt.reduce.return %r : f32
  }) : (tensor<1024xf32>) -> f32
  %mxs = tt.splat %mx : f32 -> tensor<1024xf32>
  %d = arith.subf %x, %mxs : tensor<1024xf32>
  %e = math.exp %d : tensor<1024xf32>
  %s = "tt.reduce"(%e) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %r = arith.addf %a, %b : f32
    tt.reduce.return %r : f32
  }) : (tensor<1024xf32>) -> f32
  %ss = tt.splat %s : f32 -> tensor<1024xf32>
  %y = arith.divf %e, %ss : tensor<1024xf32>
  %op = tt.addptr %out, %off : !tt.ptr<f32>, i32
  %ops = tt.splat %op : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
  %opt = tt.addptr %ops, %cols : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
  tt.store %opt, %y, %m : tensor<1024x!tt.ptr<f32>>
  tt.return
}`

// BenchmarkSoftmax64x1024: elements/s through the interpreter.
func BenchmarkSoftmax64x1024(b *testing.B) {
	prog, err := Compile(kernel(b, softmaxTTIR))
	if err != nil {
		b.Fatal(err)
	}
	const rows, cols = 64, 1024
	in := make([]float32, rows*cols)
	for i := range in {
		in[i] = float32(i%97) * 0.01
	}
	mem := NewMemory()
	out := mem.Alloc("out", make([]byte, 4*rows*cols))
	src := mem.Alloc("in", f32s(in...))
	args := []Arg{PtrArg(out), PtrArg(src), IntArg(cols), IntArg(cols)}
	b.ResetTimer()
	cpu0 := cpuTime()
	for i := 0; i < b.N; i++ {
		if err := prog.Launch(mem, args, Config{Grid: [3]int{rows, 1, 1}}); err != nil {
			b.Fatal(err)
		}
	}
	reportRates(b, cpuTime()-cpu0, float64(rows*cols), 0)
}

// cpuTime is the process's user+system CPU time: on a shared machine it
// measures the interpreter's work better than the wall clock.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// reportRates reports elements/s (wall clock) and elements per CPU second
// (and flop rates when flops > 0), per launch.
func reportRates(b *testing.B, cpu time.Duration, elements, flops float64) {
	n := float64(b.N)
	wall := b.Elapsed().Seconds()
	b.ReportMetric(elements*n/wall, "elements/s")
	if cpu > 0 {
		b.ReportMetric(elements*n/cpu.Seconds(), "elements/cpu-s")
	}
	if flops > 0 {
		b.ReportMetric(flops*n/wall, "flop/s")
		if cpu > 0 {
			b.ReportMetric(flops*n/cpu.Seconds(), "flop/cpu-s")
		}
	}
}

// matmulKernel loads the grouped-order matmul Triton 3.6 produced for the
// conformance cases (f16 or f32 operands, 32x32x32 or 32x32x16 blocks).
func matmulKernel(b *testing.B, name string) *ir.Operation {
	data, err := os.ReadFile(filepath.Join("..", "testdata", "cases", name+".ttir"))
	if err != nil {
		b.Skip(err)
	}
	mod, err := asm.Parse(all.NewContext(), string(data), asm.ParseConfig{Filename: name})
	if err != nil {
		b.Fatal(err)
	}
	fn, err := FindKernel(mod, "")
	if err != nil {
		b.Fatal(err)
	}
	return fn
}

func benchMatmul(b *testing.B, name string, elemSize int, bm, bn int) {
	prog, err := Compile(matmulKernel(b, name))
	if err != nil {
		b.Fatal(err)
	}
	const n = 128
	mem := NewMemory()
	ab := make([]byte, n*n*elemSize)
	for i := 0; i < n*n; i++ {
		v := float32(i%13) * 0.125
		if elemSize == 2 {
			h := numeric.F16FromFloat32(v, numeric.RNE)
			ab[2*i], ab[2*i+1] = byte(h), byte(h>>8)
		} else {
			copy(ab[4*i:], f32s(v))
		}
	}
	a := mem.Alloc("a", ab)
	bb := mem.Alloc("b", append([]byte(nil), ab...))
	c := mem.Alloc("c", make([]byte, n*n*elemSize))
	// M, N, K, stride_am, stride_bk, stride_cm (unit strides are
	// specialized away).
	args := []Arg{PtrArg(a), PtrArg(bb), PtrArg(c), IntArg(n), IntArg(n), IntArg(n), IntArg(n), IntArg(n), IntArg(n)}
	grid := [3]int{(n / bm) * (n / bn), 1, 1}
	b.ResetTimer()
	cpu0 := cpuTime()
	for i := 0; i < b.N; i++ {
		if err := prog.Launch(mem, args, Config{Grid: grid}); err != nil {
			b.Fatal(err)
		}
	}
	reportRates(b, cpuTime()-cpu0, float64(n*n), 2*float64(n*n*n))
}

// BenchmarkMatmul128: 128x128x128 through Triton's TTIR of a grouped
// matmul (f16 operands, fp32 accumulation; and f32 operands with ieee
// precision, one fma per step).
func BenchmarkMatmul128F16(b *testing.B)     { benchMatmul(b, "grouped_matmul_f16", 2, 32, 32) }
func BenchmarkMatmul128F32IEEE(b *testing.B) { benchMatmul(b, "matmul_f32_ieee", 4, 32, 32) }
