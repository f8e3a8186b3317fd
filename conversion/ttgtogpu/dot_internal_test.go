package ttgtogpu

import (
	"fmt"
	"strings"
	"testing"

	"github.com/ttcompiler/tt/dialects/all"
	"github.com/ttcompiler/tt/dialects/gpu"
	"github.com/ttcompiler/tt/dialects/tt"
	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

// argTypes parses a function taking values of the given types (with the
// attribute aliases in header) and returns them with the function.
func argTypes(t *testing.T, header string, types ...string) (*ir.Operation, []ir.Type) {
	t.Helper()
	var params []string
	for i, ty := range types {
		params = append(params, fmt.Sprintf("%%a%d: %s", i, ty))
	}
	src := header + "\nmodule attributes {\"ttg.num-warps\" = 4 : i32, \"ttg.threads-per-warp\" = 32 : i32} {\n  tt.func private @f(" +
		strings.Join(params, ", ") + ") {\n    tt.return\n  }\n}"
	m, err := asm.ParseString(all.NewContext(), src)
	if err != nil {
		t.Fatal(err)
	}
	var fn *ir.Operation
	ir.WalkOps(m, func(op *ir.Operation) {
		if op.Name() == "tt.func" {
			fn = op
		}
	})
	return fn, fn.Region(0).Front().ArgumentTypes()
}

// TestKSplitTriton checks the grouping of k values into mma instructions
// against the examples of Triton 3.6's MMAv2 lowering (its largeK
// permutation comments), from the operand layouts of linearlayout.
func TestKSplitTriton(t *testing.T) {
	const mma = "#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>"
	for _, c := range []struct {
		name     string
		typ      string
		v, kw, k int
		// want is the physical k of virtual k x: instruction q (16v wide
		// tiles... see the cases), lane t, word element e, half h.
		want func(q, t, e, h int) int
		numQ int
	}{
		// kWidth = 2, f16: the identity (no permutation).
		{"f16_kwidth2", "tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>", 2, 2, 64,
			func(q, t, e, h int) int { return 16*q + 2*t + e + 8*h }, 4},
		// kWidth = 8, bf16: "1st MMA: [[0, 1], [8, 9], [16, 17], [24, 25]]":
		// instruction q takes elements 2q, 2q+1 of each thread's 8
		// consecutive k, and the same of the 8 at k + 32.
		{"bf16_kwidth8", "tensor<64x64xbf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 8}>>", 2, 8, 64,
			func(q, t, e, h int) int { return 8*t + 2*q + e + 32*h }, 4},
		// kWidth = 4, f32 (tf32) with K = 16 < the layout's 32: "1st MMA:
		// [0, 4, 1, 5], 2nd MMA: [2, 6, 3, 7]": the second half of each
		// instruction is the thread's next k, the instruction its third.
		{"tf32_kwidth4_small_k", "tensor<64x16xf32, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>", 1, 4, 16,
			func(q, t, e, h int) int { return 4*t + h + 2*q }, 2},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, ts := argTypes(t, mma, c.typ)
			lay, err := newRegLayout(ts[0].(*ir.RankedTensorType))
			if err != nil {
				t.Fatal(err)
			}
			s, err := operandKSplit(lay, 1, c.v, c.kw, c.k)
			if err != nil {
				t.Fatal(err)
			}
			for q := 0; q < c.numQ; q++ {
				for tt := 0; tt < 4; tt++ {
					for e := 0; e < c.v; e++ {
						for h := 0; h < 2; h++ {
							x := 8*c.v*q + c.v*tt + e + 4*c.v*h
							if got, want := s.at(x), c.want(q, tt, e, h); int(got) != want {
								t.Errorf("instruction %d, lane t=%d, element %d, half %d: k %d, Triton's is %d", q, tt, e, h, got, want)
							}
						}
					}
				}
			}
		})
	}
}

// TestLdMatrixBanks plans the ldmatrix loads of the operands of Triton's
// sm_80 matmul (swizzled buffers with vec 8, maxPhase 8; A is stored
// M-major, so it loads transposed) and checks that every matrix's 8 rows
// lie in distinct 16-byte bank groups: each 8x8 load is a single
// conflict-free wavefront. A buffer without swizzle conflicts, 8 ways.
func TestLdMatrixBanks(t *testing.T) {
	header := `#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [0, 1]}>
#flat = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0, 1]}>
#smem = #ttg.shared_memory`
	fn, ts := argTypes(t, header,
		"!ttg.memdesc<128x64xf16, #shared, #smem>", "tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>",
		"!ttg.memdesc<64x128xf16, #shared, #smem>", "tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>",
		"!ttg.memdesc<128x64xf16, #flat, #smem>")
	l := &lowering{target: &nvidiaTarget{capability: 80}}
	for _, c := range []struct {
		name      string
		mem, reg  int
		trans     bool
		conflicts int
	}{
		{"A", 0, 1, true, 1}, {"B", 2, 3, false, 1}, {"A_unswizzled", 4, 1, true, 8},
	} {
		t.Run(c.name, func(t *testing.T) {
			lay, err := newRegLayout(ts[c.reg].(*ir.RankedTensorType))
			if err != nil {
				t.Fatal(err)
			}
			p, err := l.bufferPlan(fn, ts[c.mem].(*ttg.MemDescType), lay, memView{})
			if err != nil {
				t.Fatal(err)
			}
			ld := l.planLdMatrix(lay, p)
			if ld == nil {
				t.Fatal("no ldmatrix form")
			}
			if ld.trans != c.trans || ld.numMat != 4 {
				t.Fatalf("trans %v x%d, want trans %v x4", ld.trans, ld.numMat, c.trans)
			}
			worst := 0
			for _, in := range ld.instrs {
				for w := 0; w < 4; w++ { // every warp
					for m := 0; m < ld.numMat; m++ {
						groups := map[int64]int{}
						for r := 0; r < 8; r++ {
							tid := w*32 + 8*m + r
							idx := in.idx
							for i, v := range ld.col {
								if tid>>i&1 != 0 {
									idx ^= int64(v)
								}
							}
							bytes := idx * 2
							if bytes%16 != 0 {
								t.Fatalf("row address %d is not 16-byte aligned", bytes)
							}
							groups[(bytes/16)%8]++
						}
						for _, n := range groups {
							worst = max(worst, n)
						}
					}
				}
			}
			if worst != c.conflicts {
				t.Errorf("up to %d rows of a matrix share a bank group, want %d", worst, c.conflicts)
			}
		})
	}
}

// TestTargetDotChoices checks the instruction each target picks for a
// dot's element types, and the refusals.
func TestTargetDotChoices(t *testing.T) {
	_, ts := argTypes(t, "", "f16", "bf16", "f32", "i8", "i32", "f8E4M3FN", "f8E5M2", "f64")
	f16, bf16, f32, i8, i32, e4, e5, f64 := ts[0], ts[1], ts[2], ts[3], ts[4], ts[5], ts[6], ts[7]
	sm80, sm89, sm90 := &nvidiaTarget{capability: 80}, &nvidiaTarget{capability: 89}, &nvidiaTarget{capability: 90}
	amd := &amdTarget{arch: "gfx942", wavefront: 64}
	for _, c := range []struct {
		tg      target
		a, b, d ir.Type
		prec    tt.InputPrecision
		want    string
	}{
		{sm80, f16, f16, f32, tt.PrecisionTF32, "m16n8k16 f32.f16.f16"},
		{sm80, f16, f16, f16, tt.PrecisionTF32, "m16n8k16 f16.f16.f16"},
		{sm80, bf16, bf16, f32, tt.PrecisionIEEE, "m16n8k16 f32.bf16.bf16"},
		{sm80, f32, f32, f32, tt.PrecisionTF32, "m16n8k8 f32.tf32.tf32"},
		{sm80, i8, i8, i32, tt.PrecisionTF32, "m16n8k32 s32.s8.s8 satfinite"},
		{sm89, e4, e5, f32, tt.PrecisionTF32, "m16n8k32 f32.e4m3.e5m2"},
		{sm90, e5, e5, f16, tt.PrecisionTF32, "m16n8k32 f16.e5m2.e5m2"},
		{sm80, e4, e4, f32, tt.PrecisionTF32, "error: mma.sync m16n8k32 f32.e4m3.e4m3 needs sm_89, the target is sm_80"},
		{sm80, f32, f32, f32, tt.PrecisionIEEE, "error: an f32 dot with inputPrecision = ieee has no mma.sync form"},
		{sm80, f32, f32, f32, tt.PrecisionTF32x3, "error: an f32 dot with inputPrecision = tf32x3 has no mma.sync form"},
		{sm80, f64, f64, f64, tt.PrecisionTF32, "m8n8k4 f64.f64.f64"},
		{sm89, f64, f64, f64, tt.PrecisionIEEE, "m8n8k4 f64.f64.f64"},
		{sm90, f64, f64, f64, tt.PrecisionTF32, "m16n8k16 f64.f64.f64"},
		{sm90, f64, f32, f64, tt.PrecisionTF32, "error: no mma.sync multiplies f64 by f32 into f64"},
		{sm80, f16, bf16, f32, tt.PrecisionTF32, "error: no mma.sync multiplies f16 by bf16 into f32"},
		{&nvidiaTarget{capability: 75}, f16, f16, f32, tt.PrecisionTF32, "error: mma.sync dots need sm_80 or later"},
		{amd, f16, f16, f32, tt.PrecisionTF32, "error: an nvidia_mma dot cannot run on hip:gfx942"},
	} {
		in, err := c.tg.mmaSync(c.a, c.b, c.d, c.prec)
		got := fmt.Sprintf("%s %s", in.shape, in.types)
		if in.satfinite {
			got += " satfinite"
		}
		if err != nil {
			got = "error: " + err.Error()
		}
		if !strings.HasPrefix(got, c.want) {
			t.Errorf("%s: %s x %s -> %s: got %q, want %q", c.tg, asm.TypeString(c.a), asm.TypeString(c.b), asm.TypeString(c.d), got, c.want)
		}
		if err == nil {
			if _, err := gpu.MMASyncForm(in.shape, in.types, in.satfinite); err != nil {
				t.Errorf("%s: the gpu dialect has no %s: %v", c.tg, got, err)
			}
		}
	}
	if err := sm80.asyncCopySupport(); err != nil {
		t.Errorf("sm_80 async copies: %v", err)
	}
	if err := (&nvidiaTarget{capability: 75}).asyncCopySupport(); err == nil {
		t.Error("sm_75 has no cp.async")
	}
	if err := amd.asyncCopySupport(); err == nil {
		t.Error("the AMD target lowers no async copies yet")
	}
	if !sm80.hasLdMatrix() || amd.hasLdMatrix() {
		t.Error("ldmatrix is NVIDIA's")
	}
}
