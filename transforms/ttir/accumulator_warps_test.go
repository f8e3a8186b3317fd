package ttir_test

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/ttcompiler/tt/dialects/all"
	"github.com/ttcompiler/tt/ir/asm"
	"github.com/ttcompiler/tt/transforms/ttir"
)

// accumulatorKernel is a TTIR kernel whose loop carries accs dot
// accumulators of m x n f32, each the product of one m x 32 and one
// 32 x n f16 tile; with reduce, the sum of the accumulators is reduced
// over its rows after the loop.
func accumulatorKernel(m, n, accs int, reduce bool) string {
	acc := fmt.Sprintf("tensor<%dx%dxf32>", m, n)
	var b strings.Builder
	fmt.Fprintf(&b, `module {
  tt.func public @k(%%a: !tt.ptr<f16>, %%c: !tt.ptr<f32>, %%n: i32) {
    %%c0 = arith.constant 0 : i32
    %%c1 = arith.constant 1 : i32
    %%zero = arith.constant dense<0.000000e+00> : %[1]s
    %%pa = tt.splat %%a : !tt.ptr<f16> -> tensor<%[2]dx32x!tt.ptr<f16>>
    %%pb = tt.splat %%a : !tt.ptr<f16> -> tensor<32x%[3]dx!tt.ptr<f16>>
`, acc, m, n)
	var args, types, yields []string
	for i := range accs {
		args = append(args, fmt.Sprintf("%%x%d = %%zero", i))
		types = append(types, acc)
		yields = append(yields, fmt.Sprintf("%%y%d", i))
	}
	fmt.Fprintf(&b, "    %%r:%d = scf.for %%i = %%c0 to %%n step %%c1 iter_args(%s) -> (%s) : i32 {\n", accs, strings.Join(args, ", "), strings.Join(types, ", "))
	fmt.Fprintf(&b, "      %%ta = tt.load %%pa : tensor<%dx32x!tt.ptr<f16>>\n      %%tb = tt.load %%pb : tensor<32x%dx!tt.ptr<f16>>\n", m, n)
	for i := range accs {
		fmt.Fprintf(&b, "      %%y%d = tt.dot %%ta, %%tb, %%x%d : tensor<%dx32xf16> * tensor<32x%dxf16> -> %s\n", i, i, m, n, acc)
	}
	fmt.Fprintf(&b, "      scf.yield %s : %s\n    }\n", strings.Join(yields, ", "), strings.Join(types, ", "))
	fmt.Fprintf(&b, "    %%s0 = arith.addf %%r#0, %%r#0 : %s\n", acc)
	for i := 1; i < accs; i++ {
		fmt.Fprintf(&b, "    %%s%d = arith.addf %%s%d, %%r#%d : %s\n", i, i-1, i, acc)
	}
	fmt.Fprintf(&b, "    %%pc = tt.splat %%c : !tt.ptr<f32> -> tensor<%dx%dx!tt.ptr<f32>>\n    tt.store %%pc, %%s%d : tensor<%dx%dx!tt.ptr<f32>>\n", m, n, accs-1, m, n)
	if reduce {
		fmt.Fprintf(&b, `    %%red = "tt.reduce"(%%s0) <{axis = 0 : i32}> ({
    ^bb0(%%p: f32, %%q: f32):
      %%z = arith.addf %%p, %%q : f32
      tt.reduce.return %%z : f32
    }) : (%s) -> tensor<%dxf32>
    %%pr = tt.splat %%c : !tt.ptr<f32> -> tensor<%dx!tt.ptr<f32>>
    tt.store %%pr, %%red : tensor<%dx!tt.ptr<f32>>
`, acc, n, n, n)
	}
	b.WriteString("    tt.return\n  }\n}\n")
	return b.String()
}

// TestAccumulatorWarps: a 4-warp sm_90 kernel whose loop carries more
// than 192 registers a thread of dot accumulators (two 128x128 f32 tiles,
// or one of 128x256: 256) is compiled on 8 warps; one 128x128 tile (128)
// is not, nor are accumulators whose rows do not split into warpgroups of
// 64 (64 rows), a kernel that reduces (the reduction's order would
// change), a loop marked tt.warp_specialize (Triton's specializer shares
// the accumulator out itself), 8 warps asked for, sm_80, clusters, and the setting off.
// Tutorial 06's attention backward at head dim 64 (two 128x64 tiles: 128
// registers) keeps its 4 warps.
func TestAccumulatorWarps(t *testing.T) {
	plan := func(src string, warps, capability, ctas int) (int, int64, bool) {
		t.Helper()
		m, err := asm.ParseString(all.NewContext(), src)
		if err != nil {
			t.Fatalf("%v\n%s", err, src)
		}
		return ttir.AccumulatorWarps(m, warps, capability, ctas)
	}
	two := accumulatorKernel(128, 128, 2, false)
	if w, regs, ok := plan(two, 4, 90, 1); !ok || w != 8 || regs != 256 {
		t.Errorf("two 128x128 accumulators on 4 warps: %d warps, %d registers (%v), want 8 warps for 256 registers", w, regs, ok)
	}
	if w, regs, ok := plan(accumulatorKernel(128, 256, 1, false), 4, 90, 1); !ok || w != 8 || regs != 256 {
		t.Errorf("one 128x256 accumulator on 4 warps: %d warps, %d registers (%v), want 8 warps for 256 registers", w, regs, ok)
	}
	for _, c := range []struct {
		what            string
		src             string
		warps, cc, ctas int
	}{
		{"one 128x128 accumulator", accumulatorKernel(128, 128, 1, false), 4, 90, 1},
		{"two 64x256 accumulators", accumulatorKernel(64, 256, 2, false), 4, 90, 1},
		{"a kernel that reduces", accumulatorKernel(128, 128, 2, true), 4, 90, 1},
		{"a loop marked tt.warp_specialize", strings.Replace(two, "\n    }\n", "\n    } {tt.warp_specialize}\n", 1), 4, 90, 1},
		{"8 warps asked for", two, 8, 90, 1},
		{"sm_80", two, 4, 80, 1},
		{"clusters of 2", two, 4, 90, 2},
		{"asm reading %tid.x", withAsm(two, `mov.u32 $0, %tid.x;`, true), 4, 90, 1},
		{"asm with a barrier", withAsm(two, `bar.sync 1, 128;`, true), 4, 90, 1},
		{"asm with side effects", withAsm(two, `mov.u32 $0, 7;`, false), 4, 90, 1},
	} {
		if w, regs, ok := plan(c.src, c.warps, c.cc, c.ctas); ok {
			t.Errorf("%s: compiled on %d warps (%d registers)", c.what, w, regs)
		}
	}
	if w, _, ok := plan(withAsm(two, `mov.u32 $0, 7;`, true), 4, 90, 1); !ok || w != 8 {
		t.Errorf("pure asm that reads no thread: %d warps (%v), want 8", w, ok)
	}
	src, err := os.ReadFile("../../frontend/testdata/reference/tutorials.06.attn_bwd.ttir")
	if err != nil {
		t.Fatal(err)
	}
	if w, regs, ok := plan(string(src), 4, 90, 1); ok || regs != 128 {
		t.Errorf("tutorial 06's backward at head dim 64: %d warps (%v), %d registers, want 4 warps as asked, 128 registers", w, ok, regs)
	}
	t.Setenv("TT_X_ACCUMULATOR_WARPS", "off")
	if _, _, ok := plan(two, 4, 90, 1); ok {
		t.Errorf("TT_X_ACCUMULATOR_WARPS=off: compiled on more warps")
	}
}

// withAsm adds to src's kernel, before its first tt.return, a scalar
// tt.elementwise_inline_asm of text (pure or not) whose result is unused.
func withAsm(src, text string, pure bool) string {
	at := strings.Index(src, "tt.return")
	if at < 0 {
		panic("withAsm: no tt.return")
	}
	op := fmt.Sprintf("%%asm = tt.elementwise_inline_asm %q {constraints = \"=r\", packed_element = 1 : i32, pure = %v} -> i32\n    ", text, pure)
	return src[:at] + op + src[at:]
}
