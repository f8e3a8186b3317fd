package ttrun

import (
	"encoding/binary"
	"math/rand"
	"path/filepath"

	"github.com/ttcompiler/tt/npy"
)

// TMA copies of buffers the CTAs of a cluster split, in the GPU case set
// of clusters (TestCTACaseSet): tt's own TTGIR at num_ctas = 2
// (conversion/ttgtogpu/testdata/cta) of the kernels of Triton's
// test_tensor_descriptor_load/store and test_make_tensor_descriptor_matmul.
// Both make their descriptors in the kernel, so they take the global
// scratch buffer (one tensor map per CTA), which tt-run allocates.

const ttgtogpuCTADir = "../../conversion/ttgtogpu/testdata/cta"

// tmaCopy adds the copy kernel on two programs: program p TMA-loads the
// 64x64 i32 block at rows 64p, columns 64..127 of a 127x192 tensor (its
// last row out of bounds: zeros), stores it row-major through pointers
// into out[p], and TMA-stores it back at the same place of back. Integer
// outputs are not poisoned, so back's other elements stay 0.
func (s *ctaCaseSet) tmaCopy(r *rand.Rand) {
	const bm, bn, M, N = 64, 64, 127, 192
	name := "tma_copy_c2"
	ints := func(shape ...int) npy.Array {
		a, _ := npy.New(npy.Int32, shape...)
		return a
	}
	set := func(a npy.Array, i int, v uint32) { binary.LittleEndian.PutUint32(a.Data[4*i:], v) }
	get := func(a npy.Array, i int) uint32 { return binary.LittleEndian.Uint32(a.Data[4*i:]) }
	in := ints(M, N)
	for i := 0; i < M*N; i++ {
		set(in, i, uint32(r.Int31()))
	}
	out, wantOut := ints(2, bm, bn), ints(2, bm, bn)
	back, wantBack := ints(M, N), ints(M, N)
	for p := 0; p < 2; p++ {
		for i := 0; i < bm; i++ {
			row := p*bm + i
			if row >= M {
				continue
			}
			for j := 0; j < bn; j++ {
				v := get(in, row*N+bn+j)
				set(wantOut, (p*bm+i)*bn+j, v)
				set(wantBack, row*N+bn+j, v)
			}
		}
	}
	args := []map[string]any{
		buffer("in", in, s.write(name+".in.npy", in)), buffer("out", out, s.write(name+".out.npy", out)),
		buffer("back", back, s.write(name+".back.npy", back)), scalar("M", M), scalar("N", N),
	}
	s.cases = append(s.cases, map[string]any{
		"name": name, "ttir": s.copy(filepath.Join(ttgtogpuCTADir, name+".ttgir"), name+".ttgir"), "kernel": "kernel",
		"grid": []int{2, 1, 1}, "num_warps": 4, "num_stages": 3, "shared": 8200, "num_ctas": 2, "args": args,
		"outputs": []map[string]string{
			{"arg": "out", "expect": s.write(name+".expect.out.npy", wantOut)},
			{"arg": "back", "expect": s.write(name+".expect.back.npy", wantBack)},
		},
		"tol":  0,
		"note": "tt's TTGIR: test_tensor_descriptor_load/store at num_ctas=2, each CTA copies its half of the block through TMA",
	})
}

// tmaMatmul adds the descriptor matmul (64x128x32 blocks, 8 warps, 4
// stages) on 2x2 programs and four K steps of small integers (exact).
func (s *ctaCaseSet) tmaMatmul(r *rand.Rand) {
	const bm, bn, bk = 64, 128, 32
	M, N, K := 2*bm, 2*bn, 4*bk
	name := "tma_matmul_c2"
	c := ctaMatmulCase{in: npy.Float16, out: npy.Float16}
	a, av := smallInts(r, c, M, K)
	b, bv := smallInts(r, c, K, N)
	want := matmulRef(av, bv, M, N, K)
	zero, _ := npy.New(npy.Float16, M, N)
	args := []map[string]any{
		buffer("a_ptr", a, s.write(name+".a_ptr.npy", a)), buffer("b_ptr", b, s.write(name+".b_ptr.npy", b)),
		buffer("c_ptr", zero, s.write(name+".c_ptr.npy", zero)), scalar("M", M), scalar("N", N), scalar("K", K),
	}
	s.cases = append(s.cases, map[string]any{
		"name": name, "ttir": s.copy(filepath.Join(ttgtogpuCTADir, name+".ttgir"), name+".ttgir"), "kernel": "matmul",
		"grid": []int{2, 2, 1}, "num_warps": 8, "num_stages": 4, "shared": 32800, "num_ctas": 2, "args": args,
		"outputs": []map[string]string{{"arg": "c_ptr", "expect": s.write(name+".expect.c_ptr.npy", floats(s.t, npy.Float16, []int{M, N}, want))}},
		"tol":     0,
		"note":    "tt's TTGIR: test_make_tensor_descriptor_matmul's kernel at num_ctas=2; small-integer operands, exact product",
	})
}
