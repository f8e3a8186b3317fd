package ttgtogpu_test

import (
	"math/rand"
	"strings"
	"testing"

	"github.com/ttcompiler/tt/ir"
)

// wgmma operands that are views of their buffers, as Triton 3.6's TTGIR
// has them: B = b.T of a K-contiguous tile (ttg.memdesc_trans) cut along K
// into one slice per instruction (ttg.memdesc_subslice), as the pipeline
// splits a dot whose A is in registers (test_tensor_descriptor's
// test_tensor_descriptor_reshape_matmul), and slices that start in the
// middle of a buffer along M and N. The descriptors start where the view
// lies in its buffer; the simulator reads shared memory through them, so a
// view read at its buffer's start (the offset dropped) gives a wrong
// product (both cases fail so, checked when this was written). Operands
// are small integers: the results match bit for bit.

// viewDotKSplit multiplies A (64x64) by the transpose of Bt (64x64, N x K)
// in four warp_group_dots, each over a 16-wide K slice of both operands.
const viewDotKSplit = `
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#s = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#st = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @dot(%a: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %b: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %c: !tt.ptr<f32> {tt.divisibility = 16 : i32}) {
    %zero = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
PTRS
    %av = tt.load %pa : tensor<64x64x!tt.ptr<f16>, #blocked>
    %bv = tt.load %pb : tensor<64x64x!tt.ptr<f16>, #blocked>
    %as = ttg.local_alloc %av : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #s, #smem>
    %bs = ttg.local_alloc %bv : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #s, #smem>
    %bt = ttg.memdesc_trans %bs {order = array<i32: 1, 0>} : !ttg.memdesc<64x64xf16, #s, #smem> -> !ttg.memdesc<64x64xf16, #st, #smem>
    ttng.fence_async_shared {bCluster = false}
    %a0 = ttg.memdesc_subslice %as[0, 0] : !ttg.memdesc<64x64xf16, #s, #smem> -> !ttg.memdesc<64x16xf16, #s, #smem, 64x64>
    %b0 = ttg.memdesc_subslice %bt[0, 0] : !ttg.memdesc<64x64xf16, #st, #smem> -> !ttg.memdesc<16x64xf16, #st, #smem, 64x64>
    %d0 = ttng.warp_group_dot %a0, %b0, %zero {inputPrecision = 0 : i32} : !ttg.memdesc<64x16xf16, #s, #smem, 64x64> * !ttg.memdesc<16x64xf16, #st, #smem, 64x64> -> tensor<64x64xf32, #mma>
    %a1 = ttg.memdesc_subslice %as[0, 16] : !ttg.memdesc<64x64xf16, #s, #smem> -> !ttg.memdesc<64x16xf16, #s, #smem, 64x64>
    %b1 = ttg.memdesc_subslice %bt[16, 0] : !ttg.memdesc<64x64xf16, #st, #smem> -> !ttg.memdesc<16x64xf16, #st, #smem, 64x64>
    %d1 = ttng.warp_group_dot %a1, %b1, %d0 {inputPrecision = 0 : i32} : !ttg.memdesc<64x16xf16, #s, #smem, 64x64> * !ttg.memdesc<16x64xf16, #st, #smem, 64x64> -> tensor<64x64xf32, #mma>
    %a2 = ttg.memdesc_subslice %as[0, 32] : !ttg.memdesc<64x64xf16, #s, #smem> -> !ttg.memdesc<64x16xf16, #s, #smem, 64x64>
    %b2 = ttg.memdesc_subslice %bt[32, 0] : !ttg.memdesc<64x64xf16, #st, #smem> -> !ttg.memdesc<16x64xf16, #st, #smem, 64x64>
    %d2 = ttng.warp_group_dot %a2, %b2, %d1 {inputPrecision = 0 : i32} : !ttg.memdesc<64x16xf16, #s, #smem, 64x64> * !ttg.memdesc<16x64xf16, #st, #smem, 64x64> -> tensor<64x64xf32, #mma>
    %a3 = ttg.memdesc_subslice %as[0, 48] : !ttg.memdesc<64x64xf16, #s, #smem> -> !ttg.memdesc<64x16xf16, #s, #smem, 64x64>
    %b3 = ttg.memdesc_subslice %bt[48, 0] : !ttg.memdesc<64x64xf16, #st, #smem> -> !ttg.memdesc<16x64xf16, #st, #smem, 64x64>
    %d3 = ttng.warp_group_dot %a3, %b3, %d2 {inputPrecision = 0 : i32} : !ttg.memdesc<64x16xf16, #s, #smem, 64x64> * !ttg.memdesc<16x64xf16, #st, #smem, 64x64> -> tensor<64x64xf32, #mma>
    %o = ttg.convert_layout %d3 : tensor<64x64xf32, #mma> -> tensor<64x64xf32, #blocked>
    tt.store %pc, %o : tensor<64x64x!tt.ptr<f32>, #blocked>
    tt.return
  }
}
`

// viewDotHalves multiplies rows 64..127 of A (128x64) by columns 64..127
// of B (64x128): both views start in the middle of their buffers (B's in
// the second 128-byte-wide column block of its layout).
const viewDotHalves = `
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#s = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @dot(%a: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %b: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %c: !tt.ptr<f32> {tt.divisibility = 16 : i32}) {
    %zero = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
PTRS
    %av = tt.load %pa : tensor<128x64x!tt.ptr<f16>, #blocked>
    %bv = tt.load %pb : tensor<64x128x!tt.ptr<f16>, #blocked>
    %as = ttg.local_alloc %av : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #s, #smem>
    %bs = ttg.local_alloc %bv : (tensor<64x128xf16, #blocked>) -> !ttg.memdesc<64x128xf16, #s, #smem>
    ttng.fence_async_shared {bCluster = false}
    %a1 = ttg.memdesc_subslice %as[64, 0] : !ttg.memdesc<128x64xf16, #s, #smem> -> !ttg.memdesc<64x64xf16, #s, #smem, 128x64>
    %b1 = ttg.memdesc_subslice %bs[0, 64] : !ttg.memdesc<64x128xf16, #s, #smem> -> !ttg.memdesc<64x64xf16, #s, #smem, 64x128>
    %d = ttng.warp_group_dot %a1, %b1, %zero {inputPrecision = 0 : i32} : !ttg.memdesc<64x64xf16, #s, #smem, 128x64> * !ttg.memdesc<64x64xf16, #s, #smem, 64x128> -> tensor<64x64xf32, #mma>
    %o = ttg.convert_layout %d : tensor<64x64xf32, #mma> -> tensor<64x64xf32, #blocked>
    tt.store %pc, %o : tensor<64x64x!tt.ptr<f32>, #blocked>
    tt.return
  }
}
`

type viewDot struct {
	name   string
	src    string
	aR, aC int // A's buffer
	bR, bC int // B's buffer
	wgmmas int
}

var viewDots = []viewDot{
	{"k-split-trans", viewDotKSplit, 64, 64, 64, 64, 4},
	{"halves", viewDotHalves, 128, 64, 64, 128, 4},
}

func (v viewDot) module(t *testing.T) *ir.Operation {
	ptrs := rowMajorPtrs("a", "%a", "f16", v.aR, v.aC) + rowMajorPtrs("b", "%b", "f16", v.bR, v.bC) + rowMajorPtrs("c", "%c", "f32", 64, 64)
	return parse(t, strings.Replace(v.src, "PTRS\n", ptrs, 1))
}

func (v viewDot) args() []diffArg {
	r := rand.New(rand.NewSource(31))
	return []diffArg{halfInts(r, v.aR*v.aC, 3), halfInts(r, v.bR*v.bC, 3), zeroBuf("f32", 64*64)}
}

// TestWGMMAViewOperandsDiff: views as wgmma operands give the
// interpreter's product.
func TestWGMMAViewOperandsDiff(t *testing.T) {
	for _, v := range viewDots {
		t.Run(v.name, func(t *testing.T) {
			wgmmaDiff(t, v.module(t), "dot", [3]int{1, 1, 1}, v.args(), v.wgmmas)
		})
	}
}
