package ttgtogpu_test

import (
	"testing"

	"github.com/ttcompiler/tt/dialects/all"
	"github.com/ttcompiler/tt/dialects/gpu"
	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/linearlayout"
)

// TestMFMAElemIsTritonsLayout ties gpu.mfma's lane mapping (which the
// simulator executes) to the hardware's as Triton 3.6 encodes it in its
// layouts: for one 32x32 or 16x16 tile on one wavefront, register i of
// lane l of the amd_mfma layout (not transposed) is accumulator element i
// of lane l, and register i of lane l of its dot operand layout with
// kWidth = kBase is A element i of lane l (B: the same, transposed). The
// planner matches registers by coordinates, so only this test catches a
// mapping that disagrees with the hardware.
func TestMFMAElemIsTritonsLayout(t *testing.T) {
	ctx := all.NewContext()
	for _, c := range []struct {
		version int
		shape   gpu.Shape
		kBase   int
	}{
		{3, gpu.Shape{M: 32, N: 32, K: 8}, 4}, {3, gpu.Shape{M: 16, N: 16, K: 16}, 4},
		// gfx950's double-rate f16 forms: eight K elements a lane.
		{4, gpu.Shape{M: 32, N: 32, K: 16}, 8}, {4, gpu.Shape{M: 16, N: 16, K: 32}, 8},
	} {
		s := c.shape
		if f, err := gpu.MFMAFormOf(s, gpu.MFMATypes{D: gpu.MFMAF32, A: gpu.MFMAF16, B: gpu.MFMAF16}); err != nil || f.KBase != c.kBase {
			t.Fatalf("%s f16: form %+v, %v; want kBase %d", s, f, err, c.kBase)
		}
		enc := ttg.NewAMDMfma(ctx, c.version, []int{1, 1}, []int{s.M, s.N, s.K}, false, ttg.DefaultCGA(2), nil, 0)
		check := func(what string, layout ir.Attribute, shape []int64, which byte, n int) {
			ll, err := ttg.ToLinearLayout(layout, shape)
			if err != nil {
				t.Fatalf("%s %s: %v", s, what, err)
			}
			for lane := 0; lane < 64; lane++ {
				for i := 0; i < n; i++ {
					out := ll.ApplyMap(map[string]int32{linearlayout.Register: int32(i), linearlayout.Lane: int32(lane), linearlayout.Warp: 0, linearlayout.Block: 0})
					r, col := gpu.MFMAElem(s, c.kBase, which, lane, i)
					if int(out["dim0"]) != r || int(out["dim1"]) != col {
						t.Fatalf("%s %s: lane %d element %d is (%d, %d) in Triton's layout, (%d, %d) in gpu.mfma's", s, what, lane, i, out["dim0"], out["dim1"], r, col)
					}
				}
			}
		}
		check("accumulator", enc, []int64{int64(s.M), int64(s.N)}, 'c', s.M*s.N/64)
		check("A", ttg.NewDotOperand(ctx, 0, enc, c.kBase), []int64{int64(s.M), int64(s.K)}, 'a', c.kBase)
		check("B", ttg.NewDotOperand(ctx, 1, enc, c.kBase), []int64{int64(s.K), int64(s.N)}, 'b', c.kBase)
	}
}
