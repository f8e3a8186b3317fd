package sim_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/ttcompiler/tt/sim"
)

// A 128x128x64 tile product with mma.sync m16n8k16 f32.f16.f16, as a CTA
// of 4 warps computes it: warp w owns rows 32w..32w+31 (2 m-tiles) and
// all 128 columns (16 n-tiles), over 4 k-tiles: 128 mma per warp, 512
// per CTA. Buffer 0 holds A's fragments by (warp, m-tile, k-tile, lane),
// buffer 1 B's by (n-tile, k-tile, lane), so that each thread loads its
// 8 A elements in two 4-element loads and its 4 B elements in one;
// buffer 2 gets D by (warp, m-tile, n-tile, lane), 4 elements each.

const tileMT, tileNT, tileKT = 2, 16, 4

func tileKernel() string {
	var w irWriter
	lane := w.op("llvm.zext %s : i32 to i64", w.op("gpu.lane_id : i32"))
	warp := w.op("llvm.udiv %s, %s : i64", "%tid64", w.i64(32))
	frag := func(buf string, idx string, n int) []string {
		p := w.op("llvm.getelementptr %s[%s] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, f16", buf, idx)
		name := fmt.Sprintf("%%f%d", w.n)
		w.line("%s:%d = gpu.load %s {space = global} : !llvm.ptr<1> -> %s", name, n, p, strings.TrimSuffix(strings.Repeat("f16, ", n), ", "))
		var out []string
		for i := 0; i < n; i++ {
			out = append(out, fmt.Sprintf("%s#%d", name, i))
		}
		return out
	}
	var a [tileMT][tileKT][]string
	for mt := 0; mt < tileMT; mt++ {
		for kt := 0; kt < tileKT; kt++ {
			// ((warp*MT + mt)*KT + kt)*32 + lane, 8 elements each
			base := w.op("llvm.mul %s, %s : i64", warp, w.i64(tileMT*tileKT*32))
			idx := w.op("llvm.add %s, %s : i64", base, w.op("llvm.add %s, %s : i64", lane, w.i64((mt*tileKT+kt)*32)))
			e := w.op("llvm.mul %s, %s : i64", idx, w.i64(8))
			a[mt][kt] = append(frag("%b0", e, 4), frag("%b0", w.op("llvm.add %s, %s : i64", e, w.i64(4)), 4)...)
		}
	}
	var b [tileNT][tileKT][]string
	for nt := 0; nt < tileNT; nt++ {
		for kt := 0; kt < tileKT; kt++ {
			idx := w.op("llvm.add %s, %s : i64", lane, w.i64((nt*tileKT+kt)*32))
			b[nt][kt] = frag("%b1", w.op("llvm.mul %s, %s : i64", idx, w.i64(4)), 4)
		}
	}
	zero := w.op("llvm.mlir.constant(0.0 : f32) : f32")
	for mt := 0; mt < tileMT; mt++ {
		for nt := 0; nt < tileNT; nt++ {
			acc := []string{zero, zero, zero, zero}
			for kt := 0; kt < tileKT; kt++ {
				name := fmt.Sprintf("%%d%d", w.n)
				w.n++
				w.line("%s:4 = gpu.mma_sync m16n8k16 f32.f16.f16 [%s], [%s], [%s]", name,
					strings.Join(a[mt][kt], ", "), strings.Join(b[nt][kt], ", "), strings.Join(acc, ", "))
				acc = []string{name + "#0", name + "#1", name + "#2", name + "#3"}
			}
			base := w.op("llvm.mul %s, %s : i64", warp, w.i64(tileMT*tileNT*32))
			idx := w.op("llvm.add %s, %s : i64", base, w.op("llvm.add %s, %s : i64", lane, w.i64((mt*tileNT+nt)*32)))
			p := w.op("llvm.getelementptr %%b2[%s] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, f32", w.op("llvm.mul %s, %s : i64", idx, w.i64(4)))
			w.line("gpu.store %s, %s {space = global} : !llvm.ptr<1>, f32, f32, f32, f32", p, strings.Join(acc, ", "))
		}
	}
	return kernel(4, 0, 3, w.b.String())
}

// tileInputs makes A (128x64) and B (64x128) and their fragment buffers.
func tileInputs() (A, B [][]float64, aFrag, bFrag []byte) {
	r := rng(2024)
	A, B = make([][]float64, 128), make([][]float64, 64)
	aBits := make([][]uint64, 128)
	bBits := make([][]uint64, 64)
	for i := range A {
		A[i], aBits[i] = make([]float64, 64), make([]uint64, 64)
		for k := range A[i] {
			A[i][k], aBits[i][k] = mmaValue(&r, "f16")
		}
	}
	for k := range B {
		B[k], bBits[k] = make([]float64, 128), make([]uint64, 128)
		for n := range B[k] {
			B[k][n], bBits[k][n] = mmaValue(&r, "f16")
		}
	}
	var af, bf []uint64
	for w := 0; w < 4; w++ {
		for mt := 0; mt < tileMT; mt++ {
			for kt := 0; kt < tileKT; kt++ {
				for lane := 0; lane < 32; lane++ {
					for i := 0; i < 8; i++ {
						m, k := fragA(16, 16, lane, i)
						af = append(af, aBits[32*w+16*mt+m][16*kt+k])
					}
				}
			}
		}
	}
	for nt := 0; nt < tileNT; nt++ {
		for kt := 0; kt < tileKT; kt++ {
			for lane := 0; lane < 32; lane++ {
				for i := 0; i < 4; i++ {
					k, n := fragB(16, 16, lane, i)
					bf = append(bf, bBits[16*kt+k][8*nt+n])
				}
			}
		}
	}
	return A, B, putElems(2, af), putElems(2, bf)
}

func TestMMATile128x128x64(t *testing.T) {
	A, B, af, bf := tileInputs()
	out := make([]byte, 128*128*4)
	if err := launchBufs(t, tileKernel(), [3]int{1, 1, 1}, sim.Config{}, af, bf, out); err != nil {
		t.Fatal(err)
	}
	d := getElems(4, out)
	i := 0
	for w := 0; w < 4; w++ {
		for mt := 0; mt < tileMT; mt++ {
			for nt := 0; nt < tileNT; nt++ {
				for lane := 0; lane < 32; lane++ {
					for e := 0; e < 4; e++ {
						m, n := fragC(lane, e)
						m, n = 32*w+16*mt+m, 8*nt+n
						sum := 0.0
						for k := 0; k < 64; k++ {
							sum += A[m][k] * B[k][n]
						}
						if want := f32Bits(sum); d[i] != want {
							t.Fatalf("D[%d][%d] = %#x, want %#x", m, n, d[i], want)
						}
						i++
					}
				}
			}
		}
	}
}

// BenchmarkMMATile128x128x64 measures the simulator on the tile product
// (one CTA, 512 mma.sync, plus the fragment loads and stores).
func BenchmarkMMATile128x128x64(b *testing.B) {
	_, _, af, bf := tileInputs()
	k := load(b, tileKernel())
	mem := sim.NewMemory()
	args := []uint64{mem.Alloc("a", af), mem.Alloc("b", bf), mem.Alloc("out", make([]byte, 128*128*4))}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if err := k.Launch(mem, [3]int{1, 1, 1}, args, sim.Config{Workers: 1}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(512*b.N), "ns/mma")
}
