package ttgtogpu_test

import (
	"math/rand"
	"testing"

	"github.com/ttcompiler/tt/dialects/gpu"
	"github.com/ttcompiler/tt/dialects/llvm"
	"github.com/ttcompiler/tt/ir"
)

// TestPersistentMatmulResetDiff is test_matmul.py's
// simple_persistent_kernel (Triton's own persistent matmul, 128x128x16
// tiles, NUM_SMS=8, as Triton made its TTIR): one loop over every k-step
// of the tiles a program walks, with the epilogue in an `if` at each
// tile's last step and the accumulator reset after it. Lowered, the reset
// was a select per accumulator register in the block before the
// epilogue's branch, read on every iteration while the last wgmma group
// was still in flight: the simulator reported the read, and ptxas would
// have serialized every wgmma. select-to-block-args now moves it into the
// merge block of the `if` (the block where the condition is known, which
// jumps to the back edge's block): sixteen tiles over eight programs,
// compared with the interpreter, and no select left reading a wgmma
// result.
func TestPersistentMatmulResetDiff(t *testing.T) {
	r := rand.New(rand.NewSource(47))
	M, N, K := 512, 512, 48
	compileTTIRDiff(t, "testdata/regress/persistent_matmul_f16_128x128x16.ttir", "simple_persistent_kernel", 90, 4, 3, [3]int{8, 1, 1}, []diffArg{
		halfInts(r, M*K, 1), halfInts(r, K*N, 1), zeroBuf("f16", M*N),
		intArg(int64(M)), intArg(int64(N)), intArg(int64(K)), intArg(int64(K)), intArg(int64(N)), intArg(int64(N)),
	}, func(lowered *ir.Operation) {
		if count(lowered, "gpu.wgmma") == 0 {
			t.Errorf("no gpu.wgmma: the case is the wgmma path's")
		}
		n := 0
		ir.WalkOps(lowered, func(op *ir.Operation) {
			if op.Def() != llvm.SelectOp {
				return
			}
			for _, v := range op.Operands() {
				if d := v.DefiningOp(); d != nil && (d.Name() == gpu.WGMMAWaitOp.Name || d.Name() == gpu.WGMMAOp.Name) {
					n++
					return
				}
			}
		})
		if n != 0 {
			t.Errorf("%d selects read wgmma accumulator registers: the reset was not moved to the merge block", n)
		}
	})
}
