package ttgtogpu_test

import (
	"math/rand"
	"strings"
	"testing"
)

// TestMemViewsDiff reads and writes shared buffers through views against
// the interpreter: a sub-slice of a swizzled buffer (its offset XOR'ed
// through the swizzle), its transpose, a reshape of a 3-D buffer, and an
// async copy into a sub-slice with a mask and a non-zero `other` (the
// masked elements must hold `other`, as the op specifies).
func TestMemViewsDiff(t *testing.T) {
	src := strings.NewReplacer("TILE_A", tile("a", 32, 64, "%pa", "f16"), "TILE_O", tile("o", 32, 32, "%po", "f16")).Replace(`
#blk = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#sw = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#swt = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [0, 1]}>
#sw3 = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [2, 1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @views(%pa: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %po: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %n: i32 {tt.divisibility = 16 : i32}) {
TILE_A
TILE_O
    %buf = ttg.local_alloc %a_v : (tensor<32x64xf16, #blk>) -> !ttg.memdesc<32x64xf16, #sw, #smem>
    %s = ttg.memdesc_subslice %buf[0, 32] : !ttg.memdesc<32x64xf16, #sw, #smem> -> !ttg.memdesc<32x32xf16, #sw, #smem, 32x64>
    %v1 = ttg.local_load %s : !ttg.memdesc<32x32xf16, #sw, #smem, 32x64> -> tensor<32x32xf16, #blk>
    %st = ttg.memdesc_trans %s {order = array<i32: 1, 0>} : !ttg.memdesc<32x32xf16, #sw, #smem, 32x64> -> !ttg.memdesc<32x32xf16, #swt, #smem, 64x32>
    %v2 = ttg.local_load %st : !ttg.memdesc<32x32xf16, #swt, #smem, 64x32> -> tensor<32x32xf16, #blk>
    %sum = arith.addf %v1, %v2 : tensor<32x32xf16, #blk>
    %b3 = ttg.local_alloc : () -> !ttg.memdesc<2x16x64xf16, #sw3, #smem, mutable>
    %r3 = ttg.memdesc_reshape %b3 : !ttg.memdesc<2x16x64xf16, #sw3, #smem, mutable> -> !ttg.memdesc<32x64xf16, #sw, #smem, mutable>
    ttg.local_store %a_v, %r3 : tensor<32x64xf16, #blk> -> !ttg.memdesc<32x64xf16, #sw, #smem, mutable>
    %s3 = ttg.memdesc_subslice %r3[0, 0] : !ttg.memdesc<32x64xf16, #sw, #smem, mutable> -> !ttg.memdesc<32x32xf16, #sw, #smem, mutable, 32x64>
    %v3 = ttg.local_load %s3 : !ttg.memdesc<32x32xf16, #sw, #smem, mutable, 32x64> -> tensor<32x32xf16, #blk>
    %sum2 = arith.addf %sum, %v3 : tensor<32x32xf16, #blk>
    %cb = ttg.local_alloc : () -> !ttg.memdesc<32x64xf16, #sw, #smem, mutable>
    %cs = ttg.memdesc_subslice %cb[0, 32] : !ttg.memdesc<32x64xf16, #sw, #smem, mutable> -> !ttg.memdesc<32x32xf16, #sw, #smem, mutable, 32x64>
    %ns = tt.splat %n : i32 -> tensor<32x32xi32, #blk>
    %m = arith.cmpi slt, %o_cb, %ns : tensor<32x32xi32, #blk>
    %other = arith.constant dense<2.500000e-01> : tensor<32x32xf16, #blk>
    %gp = tt.splat %pa : !tt.ptr<f16> -> tensor<32x32x!tt.ptr<f16>, #blk>
    %gpp = tt.addptr %gp, %o_o : tensor<32x32x!tt.ptr<f16>, #blk>, tensor<32x32xi32, #blk>
    %t = ttg.async_copy_global_to_local %gpp, %cs mask %m other %other : tensor<32x32x!tt.ptr<f16>, #blk> -> <32x32xf16, #sw, #smem, mutable, 32x64>
    %g = ttg.async_commit_group tokens %t
    %w = ttg.async_wait %g {num = 0 : i32}
    %v4 = ttg.local_load %cs token %w : !ttg.memdesc<32x32xf16, #sw, #smem, mutable, 32x64> -> tensor<32x32xf16, #blk>
    %sum3 = arith.addf %sum2, %v4 : tensor<32x32xf16, #blk>
    tt.store %o_p, %sum3 : tensor<32x32x!tt.ptr<f16>, #blk>
    tt.return
  }
}`)
	m := parse(t, src)
	r := rand.New(rand.NewSource(21))
	diffTestCheck(t, m, "views", [3]int{1, 1, 1}, []diffArg{f16Buf(randF32(r, 32*64, 4)), zeroBuf("f16", 32*32), intArg(16)}, 0, nil)
}
