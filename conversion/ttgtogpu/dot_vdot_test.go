package ttgtogpu_test

import (
	"encoding/binary"
	"math/rand"
	"testing"

	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/numeric"
)

// TestAMDVDotFormsDiff: the dots AMD's accelerate-matmul leaves on a
// blocked layout for its v_dot instructions (f16 x f16 -> f32 and
// i8 x i8 -> i32 on gfx942, bf16 x bf16 -> f32 on gfx950: operands
// narrower than the accumulator) lower as FMA dots whose operands widen
// exactly, and give the interpreter's results: an 8x8x8 tl.dot as tt's
// front end compiles it for those targets (Triton's min_dot_size allows
// any shape on AMD). Before, the lowering refused them.
func TestAMDVDotFormsDiff(t *testing.T) {
	gfx950 := gpuTarget{"gfx950", 64, "hip:gfx950", "ttir-pipeline-amd", "ttgir-pipeline-amd{num-warps=%d arch=gfx950}"}
	r := rand.New(rand.NewSource(71))
	const n = 8 * 8
	narrow := func(kind string) diffArg {
		b := make([]byte, 2*n)
		for i := 0; i < n; i++ {
			v := r.Float32()*4 - 2
			bits := numeric.F16FromFloat32(v, numeric.RNE)
			if kind == "bf16" {
				bits = numeric.BF16FromFloat32(v, numeric.RNE)
			}
			binary.LittleEndian.PutUint16(b[2*i:], bits)
		}
		return diffArg{buf: b, kind: kind}
	}
	i8s := func() diffArg {
		b := make([]byte, n)
		for i := range b {
			b[i] = byte(r.Intn(256))
		}
		return diffArg{buf: b, kind: "i8"}
	}
	for _, c := range []struct {
		file   string
		target gpuTarget
		args   func() []diffArg
	}{
		{"vdot_f16_8x8.ttir", gfx942, func() []diffArg { return []diffArg{narrow("f16"), narrow("f16"), zeroBuf("f32", n)} }},
		{"vdot_i8_8x8.ttir", gfx942, func() []diffArg { return []diffArg{i8s(), i8s(), zeroBuf("i32", n)} }},
		{"vdot_bf16_8x8.ttir", gfx950, func() []diffArg { return []diffArg{narrow("bf16"), narrow("bf16"), zeroBuf("f32", n)} }},
	} {
		t.Run(c.file, func(t *testing.T) {
			m := parseFile(t, "testdata/regress/"+c.file)
			runPipeline(t, m, c.target.pipeline(4))
			diffTestCheck(t, m, "k", [3]int{1, 1, 1}, c.args(), 0, func(lowered *ir.Operation) {
				if count(lowered, "gpu.mfma") != 0 {
					t.Errorf("an MFMA dot: the case is the FMA dot's")
				}
			})
		})
	}
}
