package arith_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

// TestMatmulPrologue is the arith prologue of the matmul kernel as Triton
// 3.6 prints it (kernels/matmul_f16_128x128x64_w4_s3.ttir, locations
// removed, tt.get_program_id replaced by an argument). With
// --mlir-use-nameloc-as-prefix the names come back exactly, including
// MLIR's `_N` uniquing suffixes.
func TestMatmulPrologue(t *testing.T) {
	src := `module {
  func.func public @matmul_kernel(%M: i32 {tt.divisibility = 16 : i32}, %N: i32 {tt.divisibility = 16 : i32}, %K: i32 {tt.divisibility = 16 : i32}, %pid: i32) -> (i32, i32, i32) attributes {noinline = false} {
    %c63_i32 = arith.constant 63 : i32
    %acc = arith.constant dense<0.000000e+00> : tensor<128x128xf32>
    %c127_i32 = arith.constant 127 : i32
    %cst = arith.constant dense<0.000000e+00> : tensor<64x128xf16>
    %cst_0 = arith.constant dense<0.000000e+00> : tensor<128x64xf16>
    %c1_i32 = arith.constant 1 : i32
    %c0_i32 = arith.constant 0 : i32
    %cst_1 = arith.constant dense<64> : tensor<128x64xi32>
    %c64_i32 = arith.constant 64 : i32
    %c128_i32 = arith.constant 128 : i32
    %c8_i32 = arith.constant 8 : i32
    %npm = arith.addi %M, %c127_i32 : i32
    %npm_2 = arith.divsi %npm, %c128_i32 : i32
    %npn = arith.addi %N, %c127_i32 : i32
    %npn_3 = arith.divsi %npn, %c128_i32 : i32
    %per_group = arith.muli %npn_3, %c8_i32 : i32
    %gid = arith.divsi %pid, %per_group : i32
    %first = arith.muli %gid, %c8_i32 : i32
    %gsz = arith.subi %npm_2, %first : i32
    %gsz_4 = arith.minsi %gsz, %c8_i32 : i32
    %pm = arith.remsi %pid, %gsz_4 : i32
    %pm_5 = arith.addi %first, %pm : i32
    %pn = arith.remsi %pid, %per_group : i32
    %pn_6 = arith.divsi %pn, %gsz_4 : i32
    %am = arith.muli %pm_5, %c128_i32 : i32
    %0 = arith.addi %K, %c63_i32 : i32
    %1 = arith.divsi %0, %c64_i32 : i32
    %2 = arith.cmpi slt, %am, %M : i32
    %3 = arith.extsi %1 : i32 to i64
    %4 = arith.trunci %3 : i64 to i32
    %c = arith.truncf %acc : tensor<128x128xf32> to tensor<128x128xf16>
    return %pn_6, %am, %4 : i32, i32, i32
  }
}
`
	ctx := newCtx()
	op, err := asm.ParseString(ctx, src)
	if err != nil {
		t.Fatal(err)
	}
	if err := ir.Verify(op); err != nil {
		t.Fatal(err)
	}
	got := asm.Sprint(op, asm.PrintConfig{UseNameLocAsPrefix: true})
	if d := cmp.Diff(src, got); d != "" {
		t.Errorf("(-want +got):\n%s", d)
	}
}
