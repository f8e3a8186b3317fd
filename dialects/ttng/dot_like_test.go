package ttng_test

import (
	"testing"

	"github.com/ttcompiler/tt/dialects/arith"
	"github.com/ttcompiler/tt/dialects/builtin"
	"github.com/ttcompiler/tt/dialects/tt"
	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/dialects/ttng"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

// tt.dot, ttng.warp_group_dot and ttng.tc_gen5_mma are ir.DotLike, with
// A, B, C and D where Triton's DotOpInterface finds them.
func TestDotLike(t *testing.T) {
	ctx := ir.NewContext()
	builtin.Load(ctx)
	arith.Load(ctx)
	tt.Load(ctx)
	ttg.Load(ctx)
	ttng.Load(ctx)
	m, err := asm.ParseString(ctx, `#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
`+mmaHeader+`
  tt.func @f(%a: !ttg.memdesc<128x64xf16, #shared, #smem>, %b: !ttg.memdesc<64x128xf16, #shared, #smem>,
             %d: !ttg.memdesc<128x128xf32, #tmem, #tm, mutable>, %p: i1, %c: tensor<128x128xf32, #mma>,
             %x: tensor<16x16xf32>, %y: tensor<16x16xf32>) {
    ttng.tc_gen5_mma %a, %b, %d, %p, %p : !ttg.memdesc<128x64xf16, #shared, #smem>, !ttg.memdesc<64x128xf16, #shared, #smem>, !ttg.memdesc<128x128xf32, #tmem, #tm, mutable>
    %w = ttng.warp_group_dot %a, %b, %c : !ttg.memdesc<128x64xf16, #shared, #smem> * !ttg.memdesc<64x128xf16, #shared, #smem> -> tensor<128x128xf32, #mma>
    %z = tt.dot %x, %y, %x : tensor<16x16xf32> * tensor<16x16xf32> -> tensor<16x16xf32>
    tt.return
  }
}
`)
	if err != nil {
		t.Fatal(err)
	}
	dots := 0
	ir.WalkOps(m, func(op *ir.Operation) {
		d, ok := ir.As[ir.DotLike](op)
		if !ok {
			return
		}
		dots++
		wantD := ir.Value(nil)
		if op.NumResults() == 1 {
			wantD = op.Result(0)
		} else {
			wantD = op.Operand(2) // the accumulator buffer
		}
		if d.A() != op.Operand(0) || d.B() != op.Operand(1) || d.C() != op.Operand(2) || d.D() != wantD {
			t.Errorf("%s: DotLike operands are not a, b, c and d", op.Name())
		}
	})
	if dots != 3 {
		t.Errorf("%d DotLike ops, want 3", dots)
	}
}
