package ttgtogpu_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/ttcompiler/tt/dialects/gpu"
	"github.com/ttcompiler/tt/ir"
)

// Rank-reducing TMA copies (Triton's test_tensor_descriptor_rank_reducing_
// load): the descriptor's block has leading 1s that the loaded tensor
// drops (tt.descriptor_load ... -> tensor<8x128xf16> from a 1x...x8x128
// block), so the shared buffer has fewer dims than the tensor map. The
// lowering issues TMA copies (two 8x64 boxes: the 128-byte swizzle) with
// every coordinate of the map, the boxes' offsets on the innermost ones.
// The input is 7x125 inside an allocation of 7x128 (rows of 128), so the
// block's last row and columns are out of bounds (zero). A rank-reducing store writes the block back
// to a second tensor.
const rankReducingTTIR = `
module {
  tt.func public @kernel(%In: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %Out: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %Copy: !tt.ptr<f16> {tt.divisibility = 16 : i32}) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c7 = arith.constant 7 : i32
    %c8 = arith.constant 8 : i32
    %c125 = arith.constant 125 : i32
    %c128 = arith.constant 128 : i32
    %c1_i64 = arith.constant 1 : i64
    %c128_i64 = arith.constant 128 : i64
    %c1024_i64 = arith.constant 1024 : i64
    %in = tt.make_tensor_descriptor %In, [ONES%c7, %c125], [STRIDES%c128_i64, %c1_i64] : <f16>, <tensor<BLOCKx8x128xf16>>
    %cp = tt.make_tensor_descriptor %Copy, [ONES%c8, %c128], [STRIDES%c128_i64, %c1_i64] : <f16>, <tensor<BLOCKx8x128xf16>>
    %v = tt.descriptor_load %in[ZEROS%c0, %c0] : !tt.tensordesc<tensor<BLOCKx8x128xf16>> -> tensor<8x128xf16>
    %r = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32>
    %r2 = tt.expand_dims %r {axis = 1 : i32} : tensor<8xi32> -> tensor<8x1xi32>
    %s = tt.splat %c128 : i32 -> tensor<8x1xi32>
    %rows = arith.muli %r2, %s : tensor<8x1xi32>
    %c = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
    %c2 = tt.expand_dims %c {axis = 0 : i32} : tensor<128xi32> -> tensor<1x128xi32>
    %rb = tt.broadcast %rows : tensor<8x1xi32> -> tensor<8x128xi32>
    %cb = tt.broadcast %c2 : tensor<1x128xi32> -> tensor<8x128xi32>
    %idx = arith.addi %rb, %cb : tensor<8x128xi32>
    %p = tt.splat %Out : !tt.ptr<f16> -> tensor<8x128x!tt.ptr<f16>>
    %ptrs = tt.addptr %p, %idx : tensor<8x128x!tt.ptr<f16>>, tensor<8x128xi32>
    tt.store %ptrs, %v : tensor<8x128x!tt.ptr<f16>>
    tt.descriptor_store %cp[ZEROS%c0, %c0], %v : !tt.tensordesc<tensor<BLOCKx8x128xf16>>, tensor<8x128xf16>
    tt.return
  }
}
`

func TestTMARankReducingSim(t *testing.T) {
	for _, ndim := range []int{3, 4, 5} {
		t.Run(fmt.Sprintf("ndim=%d", ndim), func(t *testing.T) {
			lead := ndim - 2
			var ones, strides, zeros, block []string
			for i := 0; i < lead; i++ {
				ones, strides, zeros, block = append(ones, "%c1, "), append(strides, "%c1024_i64, "), append(zeros, "%c0, "), append(block, "1")
			}
			src := strings.NewReplacer("ONES", strings.Join(ones, ""), "STRIDES", strings.Join(strides, ""),
				"ZEROS", strings.Join(zeros, ""), "BLOCK", strings.Join(block, "x")).Replace(rankReducingTTIR)
			m := parse(t, src)
			ref := m.Clone(nil)
			runPipeline(t, m, "ttir-pipeline{capability=90},ttgir-pipeline{num-warps=4 capability=90 num-stages=3}")
			in := make([]float32, 7*128)
			for i := range in {
				in[i] = float32(i%97) - 40
			}
			diffRefCheck(t, ref, m, "kernel", [3]int{1, 1, 1}, []diffArg{f16Buf(in), zeroBuf("f16", 8*128), zeroBuf("f16", 8*128)}, 0, func(lowered *ir.Operation) {
				if n := count(lowered, gpu.TMALoadOp.Name); n != 2 {
					t.Errorf("%d gpu.tma_load ops, want 2 (64-column boxes)", n)
				}
				ir.WalkOps(lowered, func(op *ir.Operation) {
					if op.Name() == gpu.TMALoadOp.Name || op.Name() == gpu.TMAStoreOp.Name {
						if n := len((gpu.TMAView{Operation: op}).Coords()); n != ndim {
							t.Errorf("%s has %d coordinates, want the map's %d", op.Name(), n, ndim)
						}
					}
				})
			})
		})
	}
}
