package scf_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

// TestMatmulLoop is the K loop of the matmul kernel as Triton 3.6 prints
// it (kernels/matmul_f16_128x128x64_w4_s3.ttir, locations removed): the
// scf.for with three iter_args and the `  : i32` induction type, with the
// tt ops in generic form. With --mlir-use-nameloc-as-prefix the names
// (from the parsed text) come back exactly; the `_N` suffixes are those
// MLIR's uniquing gives this reduced function.
const matmulSrc = `module {
  func.func @matmul(%K: i32, %a_ptrs: tensor<1x64xi32>, %a_ptrs_0: tensor<128x64x!tt.ptr<f16>>, %b_ptrs: tensor<64x128x!tt.ptr<f16>>, %acc: tensor<128x128xf32>, %cst: tensor<128x64xi32>) -> tensor<128x128xf16> {
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %c63_i32 = arith.constant 63 : i32
    %c64_i32 = arith.constant 64 : i32
    %0 = arith.addi %K, %c63_i32 : i32
    %1 = arith.divsi %0, %c64_i32 : i32
    %acc_1:3 = scf.for %k = %c0_i32 to %1 step %c1_i32 iter_args(%a_ptrs_2 = %a_ptrs_0, %b_ptrs_3 = %b_ptrs, %acc_4 = %acc) -> (tensor<128x64x!tt.ptr<f16>>, tensor<64x128x!tt.ptr<f16>>, tensor<128x128xf32>)  : i32 {
      %a = arith.muli %k, %c64_i32 : i32
      %a_5 = arith.subi %K, %a : i32
      %a_6 = "tt.splat"(%a_5) : (i32) -> tensor<1x64xi32>
      %a_7 = arith.cmpi slt, %a_ptrs, %a_6 : tensor<1x64xi32>
      %acc_8 = "tt.dot"(%acc_4) : (tensor<128x128xf32>) -> tensor<128x128xf32>
      %a_ptrs_9 = "tt.addptr"(%a_ptrs_2, %cst) : (tensor<128x64x!tt.ptr<f16>>, tensor<128x64xi32>) -> tensor<128x64x!tt.ptr<f16>>
      scf.yield %a_ptrs_9, %b_ptrs_3, %acc_8 : tensor<128x64x!tt.ptr<f16>>, tensor<64x128x!tt.ptr<f16>>, tensor<128x128xf32>
    }
    %c = arith.truncf %acc_1#2 : tensor<128x128xf32> to tensor<128x128xf16>
    return %c : tensor<128x128xf16>
  }
}
`

func TestMatmulLoop(t *testing.T) {
	src := matmulSrc
	ctx := newCtx()
	op, err := asm.ParseString(ctx, src)
	if err != nil {
		t.Fatal(err)
	}
	if err := ir.Verify(op); err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff(src, asm.Sprint(op, asm.PrintConfig{UseNameLocAsPrefix: true})); d != "" {
		t.Errorf("(-want +got):\n%s", d)
	}
	// Without name hints the printer numbers values as MLIR does.
	roundTrip(t, src, asm.Sprint(op, asm.PrintConfig{}))
}
