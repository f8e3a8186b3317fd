package ttgtogpu_test

import (
	"math/rand"
	"testing"

	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/sim"
)

// The simulator's speed on lowered kernels of shared/kernels: loading
// (compiling the per-thread IR) and launching, race detector on.

// benchLowered lowers a shared kernel.
func benchLowered(b *testing.B, file string) *ir.Operation {
	m := parseFile(b, kernels+file)
	lower(b, m)
	return m
}

func BenchmarkSimulateSoftmax(b *testing.B) {
	m := benchLowered(b, "softmax_f32_b1024_w4.ttgir")
	r := rand.New(rand.NewSource(2))
	rows := 8
	in := f32Buf(randF32(r, rows*1024, 5)).buf
	for i := 0; i < b.N; i++ {
		mem := sim.NewMemory()
		out := mem.Alloc("out", make([]byte, 4*rows*1024))
		src := mem.Alloc("in", append([]byte(nil), in...))
		if err := simulate(m, "softmax_kernel", mem, [3]int{rows, 1, 1}, []uint64{out, src, 1024, 1024, 1000}); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkSimulateVectorAdd(b *testing.B) {
	m := benchLowered(b, "vector_add_f32_b1024.ttgir")
	r := rand.New(rand.NewSource(1))
	n := 8192
	x, y := f32Buf(randF32(r, n, 10)).buf, f32Buf(randF32(r, n, 10)).buf
	for i := 0; i < b.N; i++ {
		mem := sim.NewMemory()
		xa, ya, oa := mem.Alloc("x", x), mem.Alloc("y", y), mem.Alloc("out", make([]byte, 4*n))
		if err := simulate(m, "add_kernel", mem, [3]int{n / 1024, 1, 1}, []uint64{xa, ya, oa, uint64(n)}); err != nil {
			b.Fatal(err)
		}
	}
}
