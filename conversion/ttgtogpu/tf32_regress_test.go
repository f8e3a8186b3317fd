package ttgtogpu_test

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"github.com/ttcompiler/tt/ir"
)

// Regressions found by running Triton 3.6's own test suite with tt as
// Triton's compiler on an H200: f32 matmuls with input_precision tf32,
// compiled from Triton's TTIR by tt's own pipelines and run in the
// simulator against the interpreter (on the TTIR, before any pass).

// f32Ints is a buffer of n f32 small integers in [-lim, lim]: exact in
// tf32, and their dot products exact in f32, so every element must match
// bit for bit.
func f32Ints(r *rand.Rand, n, lim int) diffArg {
	v := make([]float32, n)
	for i := range v {
		v[i] = float32(r.Intn(2*lim+1) - lim)
	}
	return f32Buf(v)
}

// compileTTIRDiff runs Triton's make_ttir and make_ttgir pipelines of tt
// for capability on the TTIR file, with numWarps and numStages, and
// compares the simulated kernel with the interpreted TTIR.
func compileTTIRDiff(t *testing.T, path, kernel string, capability, numWarps, numStages int, grid [3]int, args []diffArg, check func(*ir.Operation)) {
	t.Helper()
	ttir := parseFile(t, path)
	m := ttir.Clone(nil)
	runPipeline(t, m, fmt.Sprintf("ttir-pipeline{capability=%d},ttgir-pipeline{num-warps=%d capability=%d num-stages=%d}",
		capability, numWarps, capability, numStages))
	diffRefCheck(t, ttir, m, kernel, grid, args, 0, check)
}

// TestTF32WideTileMatmulDiff is test_simple_matmul's 64x512x32 tf32 tile
// with 4 warps on sm_90 (Triton's matmul_kernel, as Triton made its
// TTIR). wgmma reads 32-bit operands K-major only, so B (N-contiguous in
// global memory) goes to a transposed buffer, still filled by the
// pipeliner's cp.async. Each thread's registers of the 32x512 B tile hold
// K-consecutive elements, consecutive in the transposed buffer but a row
// stride apart in global memory: the copy must move them one by one (the
// pointers are contiguous along N only). It once copied them as 16-byte
// vectors read from the first element's address, which faulted on the
// GPU with "misaligned address".
func TestTF32WideTileMatmulDiff(t *testing.T) {
	r := rand.New(rand.NewSource(93))
	M, N, K := 128, 1024, 96
	compileTTIRDiff(t, "testdata/regress/matmul_tf32_64x512x32.ttir", "matmul_kernel", 90, 4, 3, [3]int{4, 1, 1}, []diffArg{
		f32Ints(r, M*K, 3), f32Ints(r, K*N, 3), zeroBuf("f32", M*N),
		intArg(int64(M)), intArg(int64(N)), intArg(int64(K)), intArg(int64(K)), intArg(int64(N)), intArg(int64(N)),
	}, func(lowered *ir.Operation) {
		if count(lowered, "gpu.wgmma") == 0 {
			t.Errorf("no gpu.wgmma: the case is the wgmma path's")
		}
		if count(lowered, "gpu.cp_async") == 0 {
			t.Errorf("no gpu.cp_async: the case is the pipelined copy's")
		}
	})
}

// TestAsyncCopyTransposedDiff is the copy of the test above in isolation,
// on sm_80 (cp.async without wgmma): each thread loads 4 row-contiguous
// f32 of every row of an 8x128 tile and copies them into a column-major
// buffer, where a thread's elements of consecutive rows are neighbours.
// Only elements the pointers make contiguous (along the row, the source
// layout's fastest dim) may share a copy; the tile read back must be the
// one in global memory. The masked variant zero-fills rows past n.
func TestAsyncCopyTransposedDiff(t *testing.T) {
	for _, masked := range []bool{false, true} {
		t.Run(fmt.Sprintf("masked=%v", masked), func(t *testing.T) {
			copyOp := `%t = ttg.async_copy_global_to_local %a_p, %buf : tensor<8x128x!tt.ptr<f32>, #blk> -> <8x128xf32, #colmajor, #smem, mutable>`
			if masked {
				copyOp = `%ns = tt.splat %n : i32 -> tensor<8x128xi32, #blk>
    %m = arith.cmpi slt, %a_o, %ns : tensor<8x128xi32, #blk>
    %t = ttg.async_copy_global_to_local %a_p, %buf mask %m : tensor<8x128x!tt.ptr<f32>, #blk> -> <8x128xf32, #colmajor, #smem, mutable>`
			}
			src := strings.NewReplacer("TILE_A", tile("a", 8, 128, "%pa", "f32"), "TILE_O", tile("o", 8, 128, "%po", "f32"), "COPY", copyOp).Replace(`
#blk = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [1, 1], order = [1, 0]}>
#colmajor = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0, 1]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @copy_transposed(%pa: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %po: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %n: i32 {tt.divisibility = 16 : i32}) {
TILE_A
TILE_O
    %buf = ttg.local_alloc : () -> !ttg.memdesc<8x128xf32, #colmajor, #smem, mutable>
    COPY
    %g = ttg.async_commit_group tokens %t
    %w = ttg.async_wait %g {num = 0 : i32}
    %v = ttg.local_load %buf token %w : !ttg.memdesc<8x128xf32, #colmajor, #smem, mutable> -> tensor<8x128xf32, #blk>
    tt.store %o_p, %v : tensor<8x128x!tt.ptr<f32>, #blk>
    tt.return
  }
}`)
			m := parse(t, src)
			r := rand.New(rand.NewSource(94))
			diffTestCheck(t, m, "copy_transposed", [3]int{1, 1, 1}, []diffArg{f32Ints(r, 8*128, 100), zeroBuf("f32", 8*128), intArg(5 * 128)}, 0,
				func(lowered *ir.Operation) {
					if count(lowered, "gpu.cp_async") == 0 {
						t.Errorf("no gpu.cp_async")
					}
				})
		})
	}
}

// TestTF32TwoWarpDotDiff is test_dot's 128x128x64 tf32 case with 2 warps
// (Triton's TTIR): too few warps for a wgmma warpgroup, so sm_90 takes
// mma.sync m16n8k8 like sm_80, with A through ldmatrix and the
// N-contiguous B through 32-bit shared loads, and the result through a
// layout conversion. It fails on the H200 (16081 of 16384 elements off;
// Triton's own kernel is right) although tt's PTX is correct: executed
// instruction by instruction it gives the exact product, and every
// mma.sync gets, lane by lane, the operands of Triton's. The cubin that
// ran is wrong: ptxas 12.8 (Triton 3.6's), holding the kernel to 32
// registers with 13 KB of spills, rebuilds the warp's bit of y's swizzled
// shared-memory offsets from a register that a spill reload has
// overwritten with y data, whose low bits tf32 clears: warp 1 stores 18
// of its rows of y (1, 3, 5, 7, then 8j+1 and 8j+5) over warp 0's, and
// the rows it should have written stay unwritten (they read as zero). A
// replay of that cubin's SASS reproduces the GPU's output; ptxas 13.0
// compiles the same PTX correctly. The case stays as a guard of tt's side
// of the path.
func TestTF32TwoWarpDotDiff(t *testing.T) {
	for _, capability := range []int{90, 80} {
		t.Run(fmt.Sprintf("sm_%d", capability), func(t *testing.T) {
			r := rand.New(rand.NewSource(95))
			M, N, K := 128, 128, 64
			compileTTIRDiff(t, "testdata/regress/dot_tf32_128x128x64.ttir", "kernel", capability, 2, 3, [3]int{1, 1, 1}, []diffArg{
				f32Ints(r, M*K, 3), intArg(int64(K)), f32Ints(r, K*N, 3), intArg(int64(N)),
				zeroBuf("f32", 16), intArg(int64(N)), zeroBuf("f32", M*N), intArg(int64(N)),
			}, func(lowered *ir.Operation) {
				if n := count(lowered, "gpu.mma_sync"); n != 8*8*8 {
					t.Errorf("%d gpu.mma_sync per thread, want 8x8 tiles of 16x8 per warp x 8 k steps", n)
				}
			})
		})
	}
}
