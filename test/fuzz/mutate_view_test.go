package fuzz

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestTransposeDot: the dot multiplies B^T by A^T onto C^T, its result is
// transposed back under the old name, and the attributes and location
// stay on the dot.
func TestTransposeDot(t *testing.T) {
	const l = `      %acc_2 = tt.dot %a_0, %b_1, %acc, inputPrecision = tf32 : tensor<16x32xf16> * tensor<32x64xf16> -> tensor<16x64xf32> loc(#loc7)`
	const want = `      %fuzz_at = tt.trans %a_0 {order = array<i32: 1, 0>} : tensor<16x32xf16> -> tensor<32x16xf16>
      %fuzz_bt = tt.trans %b_1 {order = array<i32: 1, 0>} : tensor<32x64xf16> -> tensor<64x32xf16>
      %fuzz_ct = tt.trans %acc {order = array<i32: 1, 0>} : tensor<16x64xf32> -> tensor<64x16xf32>
      %fuzz_dt = tt.dot %fuzz_bt, %fuzz_at, %fuzz_ct, inputPrecision = tf32 : tensor<64x32xf16> * tensor<32x16xf16> -> tensor<64x16xf32> loc(#loc7)
      %acc_2 = tt.trans %fuzz_dt {order = array<i32: 1, 0>} : tensor<64x16xf32> -> tensor<16x64xf32>`
	same := func(s string) string { return s }
	out, ok := transposeDot(l, same)
	if got := strings.Join(out, "\n"); !ok || got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	if _, ok := transposeDot(strings.ReplaceAll(l, "xf16>", "xf16, #blocked>"), same); ok {
		t.Errorf("transposed a dot whose operands have a layout")
	}
	// A 16x32 A is not square: it has no transposed view of its own.
	if _, ok := viewDotOperand(l, "trans", 0, same); ok {
		t.Errorf("transposed a 16x32 operand in place")
	}
	out, ok = viewDotOperand(l, "interleave", 1, same)
	if !ok || len(out) != 5 || !strings.Contains(out[2], "tt.join %fuzz_odd, %fuzz_even : tensor<32x32xf16> -> tensor<32x32x2xf16>") ||
		!strings.HasPrefix(strings.TrimSpace(out[4]), "%acc_2 = tt.dot %a_0, %fuzz_view, %acc,") {
		t.Errorf("interleave B:\n%s", strings.Join(out, "\n"))
	}
}

// TestOperandViewVerifies: every view of either operand of the f16, i8
// and fp8 matmuls' dots, and the transposed dot, yields a kernel that
// verifies, so the mutants reach the passes.
func TestOperandViewVerifies(t *testing.T) {
	for _, f := range []string{"grouped_matmul_f16.ttir", "matmul_i8.ttir", "matmul_fp8.ttir"} {
		data, err := os.ReadFile(filepath.Join(repoRoot(t), "testdata", "cases", f))
		if err != nil {
			t.Fatal(err)
		}
		src := string(data)
		ls := bodyLines(src)
		i := -1
		for k, l := range ls {
			if reDotLine.MatchString(l) {
				i = k
			}
		}
		if i < 0 {
			t.Fatalf("%s: no tt.dot", f)
		}
		fresh := func(base string) string { return freshName(src, base) }
		check := func(what string, out []string, ok bool) {
			if !ok {
				return // a shape the view does not apply to
			}
			mut := append(append(append([]string(nil), ls[:i]...), out...), ls[i+1:]...)
			if err := parseVerify(Job{Name: f, Src: strings.Join(mut, "\n")}); err != nil {
				t.Errorf("%s: %s: %v\n%s", f, what, err, strings.Join(out, "\n"))
			}
		}
		out, ok := transposeDot(ls[i], fresh)
		if !ok {
			t.Errorf("%s: the dot does not transpose", f)
		}
		check("transposed", out, ok)
		for _, kind := range viewKinds[1:] {
			for which := 0; which < 2; which++ {
				out, ok := viewDotOperand(ls[i], kind, which, fresh)
				check(kind+" of operand "+string(rune('A'+which)), out, ok)
			}
		}
	}
}
