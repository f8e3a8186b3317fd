package amdgpu_test

import (
	"strings"
	"testing"

	"github.com/ttcompiler/tt/dialects/amdgpu"
	"github.com/ttcompiler/tt/dialects/arith"
	"github.com/ttcompiler/tt/dialects/builtin"
	"github.com/ttcompiler/tt/dialects/tt"
	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
	"github.com/ttcompiler/tt/pattern"
)

const header = `#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [64, 1], warpsPerCTA = [2, 2], order = [0, 1]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [64, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked2 = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [16, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [32, 32, 8], isTransposed = true}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0, 1]}>
#shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx950", "ttg.threads-per-warp" = 64 : i32} {
`

func parse(t *testing.T, body string) (*ir.Context, *ir.Operation) {
	t.Helper()
	ctx := ir.NewContext()
	builtin.Load(ctx)
	arith.Load(ctx)
	tt.Load(ctx)
	ttg.Load(ctx)
	amdgpu.Load(ctx)
	m, err := asm.Parse(ctx, header+"  "+body+"\n}\n", asm.ParseConfig{Filename: "amd"})
	if err != nil {
		t.Fatal(err)
	}
	return ctx, m
}

// TestVerifiers checks the AMD op verifiers with Triton's messages.
func TestVerifiers(t *testing.T) {
	cases := []struct{ name, body, want string }{
		{"upcast_mxfp ok", `tt.func @f(%x: tensor<128x32xi8, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 8}>>, %s: tensor<128x2xi8, #blocked1>) {
    %0 = amdg.upcast_mxfp %x, %s fp_type = e2m1 {fastMath = false} : tensor<128x32xi8, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 8}>>, tensor<128x2xi8, #blocked1> -> tensor<128x64xbf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 16}>>
    tt.return
  }`, ""},
		{"upcast_mxfp K", `tt.func @f(%x: tensor<128x32xi8, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 8}>>, %s: tensor<128x8xi8, #blocked1>) {
    %0 = amdg.upcast_mxfp %x, %s fp_type = e2m1 {fastMath = false} : tensor<128x32xi8, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 8}>>, tensor<128x8xi8, #blocked1> -> tensor<128x64xbf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 16}>>
    tt.return
  }`, "'amdg.upcast_mxfp' op K dimension of first operand must be 16 times larger than last/K dimension of the second operand"},
		{"upcast_mxfp scale type", `tt.func @f(%x: tensor<128x32xi8, #blocked1>, %s: tensor<128x4xf32, #blocked1>) {
    %0 = amdg.upcast_mxfp %x, %s fp_type = e2m1 {fastMath = false} : tensor<128x32xi8, #blocked1>, tensor<128x4xf32, #blocked1> -> tensor<128x64xbf16, #blocked1>
    tt.return
  }`, "'amdg.upcast_mxfp' op element type of the second operand must be uint8"},
		{"scaled_upcast_fp4 axis", `tt.func @f(%x: tensor<128x32xi8, #blocked1>, %s: tensor<128x64xbf16, #blocked1>) {
    %0 = amdg.scaled_upcast_fp4 %x scale %s {axis = 0 : i32} : tensor<128x32xi8, #blocked1>, tensor<128x64xbf16, #blocked1> -> tensor<128x64xbf16, #blocked1>
    tt.return
  }`, "axis 0 dimension must be 2x source dimension (src=128, dst=128)"},
		{"local_load_packed order", `tt.func @f(%m: !ttg.memdesc<64x64xi8, #shared1, #smem>) {
    %0 = amdg.local_load_packed_tranposed %m : !ttg.memdesc<64x64xi8, #shared1, #smem> -> tensor<128x32xi8, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 16}>>
    tt.return
  }`, "'amdg.local_load_packed_tranposed' op Order of dimensions don't match expected"},
		{"local_load_packed ok", `tt.func @f(%m: !ttg.memdesc<64x64xi8, #shared, #smem>) {
    %0 = amdg.local_load_packed_tranposed %m : !ttg.memdesc<64x64xi8, #shared, #smem> -> tensor<128x32xi8, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 16}>>
    tt.return
  }`, ""},
		{"barrier type", `tt.func @f(%m: !ttg.memdesc<2xi64, #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>, #smem, mutable>) {
    amdg.init_barrier %m, 1 : !ttg.memdesc<2xi64, #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>, #smem, mutable>
    tt.return
  }`, "'amdg.init_barrier' op barrier allocation must be a descriptor of 1xi64 type"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, m := parse(t, c.body)
			err := ir.Verify(m)
			switch {
			case c.want == "" && err != nil:
				t.Fatalf("unexpected error: %v", err)
			case c.want != "" && err == nil:
				t.Fatalf("no error; want %q", c.want)
			case c.want != "" && !strings.Contains(strings.SplitN(err.Error(), "\n", 2)[0], c.want):
				t.Fatalf("got %q\nwant %q", err.Error(), c.want)
			}
		})
	}
}

// TestCanonicalize checks the concat and extract_slice patterns.
func TestCanonicalize(t *testing.T) {
	ctx, m := parse(t, `tt.func @f(%a: tensor<64x32xf16, #blocked2>, %b: tensor<64x32xf16, #blocked2>, %c: tensor<64x32xf16, #blocked2>, %d: tensor<64x32xf16, #blocked2>) -> (tensor<64x32xf16, #blocked2>, tensor<64x32xf16, #blocked2>, tensor<64x32xf16, #blocked2>) {
    %0 = amdg.concat %a, %b, %c, %d : tensor<64x32xf16, #blocked2>, tensor<64x32xf16, #blocked2>, tensor<64x32xf16, #blocked2>, tensor<64x32xf16, #blocked2> -> tensor<128x64xf16, #blocked2>
    %1 = amdg.extract_slice %0 [64, 0] : tensor<128x64xf16, #blocked2> to tensor<64x32xf16, #blocked2>
    %2 = amdg.extract_slice %0 [0, 32] : tensor<128x64xf16, #blocked2> to tensor<64x32xf16, #blocked2>
    %3 = amdg.concat %a : tensor<64x32xf16, #blocked2> -> tensor<64x32xf16, #blocked2>
    tt.return %1, %2, %3 : tensor<64x32xf16, #blocked2>, tensor<64x32xf16, #blocked2>, tensor<64x32xf16, #blocked2>
  }`)
	if err := ir.Verify(m); err != nil {
		t.Fatal(err)
	}
	if _, err := pattern.ApplyGreedily(m, pattern.Freeze(pattern.CanonicalizationPatterns(ctx)), pattern.DefaultConfig()); err != nil {
		t.Fatal(err)
	}
	got := asm.Sprint(m, asm.PrintConfig{})
	want := "    tt.return %arg2, %arg1, %arg0 : tensor<64x32xf16, #blocked>, tensor<64x32xf16, #blocked>, tensor<64x32xf16, #blocked>\n"
	if !strings.Contains(got, want) || strings.Contains(got, "amdg.") {
		t.Fatalf("got:\n%s", got)
	}
}

// TestUpcastMXFPOutputType checks deduceOutputType.
func TestUpcastMXFPOutputType(t *testing.T) {
	ctx, m := parse(t, `tt.func @f(%x: tensor<128x32xi8, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 8}>>) { tt.return }`)
	var x *ir.RankedTensorType
	ir.WalkOps(m, func(op *ir.Operation) {
		for _, r := range op.Regions() {
			for _, b := range r.Blocks() {
				if b.NumArguments() > 0 {
					x = b.Argument(0).Type().(*ir.RankedTensorType)
				}
			}
		}
	})
	got := asm.TypeString(amdgpu.UpcastMXFPOutputType(ctx, x, tt.ElemE2M1, ir.BF16Type(ctx)))
	want := "tensor<128x64xbf16, #ttg.dot_op<{opIdx = 0, parent = #ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [32, 32, 8], isTransposed = true}>, kWidth = 16}>>"
	if got != want {
		t.Fatalf("got  %s\nwant %s", got, want)
	}
}
