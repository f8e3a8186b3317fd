package fuzz

import (
	"math/rand"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestMutationsReach: every mutation applies to some repository kernel
// and, within a few tries, yields an input that still parses and
// verifies (but those that probe the verifier), so that it reaches the
// passes rather than only the parser.
// A mutation whose pattern stops matching the printer's output (a
// renamed attribute, a new alias style) fails here instead of silently
// leaving the campaign.
func TestMutationsReach(t *testing.T) {
	seeds := withDerived(t, Seeds(repoRoot(t), ""), 2)
	r := rand.New(rand.NewSource(1))
	for _, m := range mutations {
		applied, verified := 0, 0
		// Bounded by applications, not by picks: a mutation that applies to
		// few seeds (linear layouts are in one) gets as many chances as one
		// that applies to all, however many seeds there are.
		for try := 0; try < 20000 && applied < 400 && verified == 0; try++ {
			s := seeds[r.Intn(len(seeds))]
			out, _, ok := m.apply(s.Src, r)
			if !ok || out == s.Src {
				continue
			}
			applied++
			if parseVerify(Job{Name: s.Name, Src: out}) == nil {
				verified++
			}
		}
		if applied == 0 {
			t.Errorf("%s: applies to none of %d seed kernels", m.name, len(seeds))
		} else if verified == 0 && !m.probesVerifier {
			t.Errorf("%s: none of %d mutants parses and verifies", m.name, applied)
		}
	}
}

// loopKernel is a loop from 0 by 16 carrying two values of one type and
// one of another.
const loopKernel = `    %c0_i32 = arith.constant 0 : i32 loc(#loc3)
    %c16_i32 = arith.constant 16 : i32 loc(#loc4)
    %r:3 = scf.for %i = %c0_i32 to %M step %c16_i32 iter_args(%a = %x, %b = %y, %c = %z) -> (i32, i32, f32)  : i32 {
      scf.yield %a2, %b2, %c2 : i32, i32, f32 loc(#loc5)
    } loc(#loc6)`

// TestTripCount: the loop's upper bound becomes a constant on a new line
// before it, lb + n*step for one of tripCounts.
func TestTripCount(t *testing.T) {
	seen := map[string]bool{}
	for s := int64(0); s < 50; s++ {
		out, what, ok := mutateTripCount(loopKernel, rand.New(rand.NewSource(s)))
		if !ok {
			t.Fatalf("does not apply: %s", loopKernel)
		}
		ls := strings.Split(out, "\n")
		def := strings.TrimSpace(ls[2])
		ub, _, _ := strings.Cut(strings.TrimPrefix(def, "%fuzz_ub = arith.constant "), " ")
		if !strings.HasSuffix(def, " : i32") || !strings.Contains(ls[3], "to %fuzz_ub step %c16_i32") {
			t.Fatalf("%s:\n%s", what, out)
		}
		seen[ub] = true
	}
	for _, n := range tripCounts {
		if ub := strconv.FormatInt(16*n, 10); !seen[ub] {
			t.Errorf("no loop runs to %s (%d iterations); got %v", ub, n, seen)
		}
	}
}

// TestSwapYield: only operands of one type trade places, and the types
// and location stay.
func TestSwapYield(t *testing.T) {
	out, what, ok := swapYield(loopKernel, rand.New(rand.NewSource(1)))
	want := "      scf.yield %b2, %a2, %c2 : i32, i32, f32 loc(#loc5)"
	if !ok || !strings.Contains(out, want+"\n") {
		t.Errorf("%s:\n%s\nwant the line\n%s", what, out, want)
	}
	if _, _, ok := swapYield(strings.ReplaceAll(loopKernel, "%b2", "%a2"), rand.New(rand.NewSource(1))); ok {
		t.Errorf("swapped a value with itself")
	}
	if got := splitTop("%a, %b : tensor<4x4xf32, #blocked>, i32"); len(got) != 3 || got[1] != "%b : tensor<4x4xf32, #blocked>" {
		t.Errorf("splitTop: %q", got)
	}
}

// TestCarryFromPrevious: a use in the loop body reads the value of the
// previous iteration through a new iter_arg, zero at first, yielded last.
func TestCarryFromPrevious(t *testing.T) {
	const kernel = `    %r:2 = scf.for %i = %c0_i32 to %M step %c16_i32 iter_args(%a = %x, %b = %y) -> (f32, tensor<4xf32>)  : i32 {
      %s = arith.addf %a, %a : f32 loc(#loc5)
      %t = tt.splat %s : f32 -> tensor<4xf32> loc(#loc6)
      scf.yield %s, %t : f32, tensor<4xf32> loc(#loc7)
    } loc(#loc8)`
	const want = `    %fuzz_init = arith.constant 0.000000e+00 : f32
    %r:3 = scf.for %i = %c0_i32 to %M step %c16_i32 iter_args(%a = %x, %b = %y, %fuzz_prev = %fuzz_init) -> (f32, tensor<4xf32>, f32)  : i32 {
      %s = arith.addf %a, %a : f32 loc(#loc5)
      %t = tt.splat %fuzz_prev : f32 -> tensor<4xf32> loc(#loc6)
      scf.yield %s, %t, %s : f32, tensor<4xf32>, f32 loc(#loc7)
    } loc(#loc8)`
	out, what, ok := carryFromPrevious(kernel, rand.New(rand.NewSource(1)))
	if !ok || out != want {
		t.Errorf("%s:\n%s\nwant\n%s", what, out, want)
	}
	if got := zeroOf("tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>"); got != "dense<0.000000e+00>" {
		t.Errorf("zeroOf(a dot operand tensor) = %q", got)
	}
}

// TestRetypeDot: the operands are converted before the dot, an i8 dot
// takes an i32 accumulator and gives its result back as f32 under the
// old name, and the attributes and location stay.
func TestRetypeDot(t *testing.T) {
	const l = `      %acc_2 = tt.dot %a_0, %b_1, %acc, inputPrecision = tf32 {maxNumImpreciseAcc = 32 : i32} : tensor<16x32xf16> * tensor<32x16xf16> -> tensor<16x16xf32> loc(#loc7)`
	const want = `      %fuzz_a = arith.fptosi %a_0 : tensor<16x32xf16> to tensor<16x32xi8>
      %fuzz_b = arith.fptosi %b_1 : tensor<32x16xf16> to tensor<32x16xi8>
      %fuzz_c = arith.fptosi %acc : tensor<16x16xf32> to tensor<16x16xi32>
      %fuzz_d = tt.dot %fuzz_a, %fuzz_b, %fuzz_c, inputPrecision = tf32 {maxNumImpreciseAcc = 32 : i32} : tensor<16x32xi8> * tensor<32x16xi8> -> tensor<16x16xi32> loc(#loc7)
      %acc_2 = arith.sitofp %fuzz_d : tensor<16x16xi32> to tensor<16x16xf32>`
	same := func(s string) string { return s }
	out, ok := retypeDot(l, "i8", "i8", same)
	if got := strings.Join(out, "\n"); !ok || got != want {
		t.Errorf("to i8:\n%s\nwant\n%s", got, want)
	}
	out, _ = retypeDot(l, "f8E4M3FN", "f8E5M2", same)
	if len(out) != 3 || !strings.Contains(out[0], "tt.fp_to_fp %a_0, rounding = rtne : tensor<16x32xf16> -> tensor<16x32xf8E4M3FN>") ||
		!strings.Contains(out[2], "%acc_2 = tt.dot %fuzz_a, %fuzz_b, %acc,") {
		t.Errorf("to fp8 (the accumulator stays):\n%s", strings.Join(out, "\n"))
	}
	if _, ok := retypeDot(strings.Replace(l, "tensor<16x16xf32>", "!tt.memdesc<16x16xf32>", 1), "i8", "i8", same); ok {
		t.Errorf("retyped a dot whose accumulator is not a tensor")
	}
}

// TestDotTypeVerifies: every operand type the mutation gives the dots of
// an f16, an i8 and an fp8 matmul and of a batched dot yields a kernel
// that verifies, so the mutants reach the dot lowerings.
func TestDotTypeVerifies(t *testing.T) {
	for _, f := range []string{"grouped_matmul_f16.ttir", "matmul_i8.ttir", "matmul_fp8.ttir", "dot3d.ttir"} {
		data, err := os.ReadFile(filepath.Join(repoRoot(t), "testdata", "cases", f))
		if err != nil {
			t.Fatal(err)
		}
		src := string(data)
		ls := bodyLines(src)
		i, ok := pickLine(rand.New(rand.NewSource(1)), ls, reDotLine)
		if !ok {
			t.Fatalf("%s: no tt.dot", f)
		}
		pairs := [][2]string{{"f8E4M3FN", "f8E5M2"}, {"f8E5M2", "f8E4M3FN"}}
		for _, e := range dotElemTypes {
			pairs = append(pairs, [2]string{e, e})
		}
		for _, p := range pairs {
			out, ok := retypeDot(ls[i], p[0], p[1], func(base string) string { return freshName(src, base) })
			if !ok {
				t.Errorf("%s: %s x %s: does not apply", f, p[0], p[1])
				continue
			}
			mut := append(append(append([]string(nil), ls[:i]...), out...), ls[i+1:]...)
			if err := parseVerify(Job{Name: f, Src: strings.Join(mut, "\n")}); err != nil {
				t.Errorf("%s: %s x %s: %v\n%s", f, p[0], p[1], err, strings.Join(out, "\n"))
			}
		}
	}
}

// TestStep: the loop's step becomes a constant on a new line before it,
// a non-power-of-two multiple of its constant step (16: 24, 48 or 80).
func TestStep(t *testing.T) {
	seen := map[string]bool{}
	for s := int64(0); s < 40; s++ {
		out, what, ok := mutateStep(loopKernel, rand.New(rand.NewSource(s)))
		if !ok {
			t.Fatalf("does not apply: %s", loopKernel)
		}
		ls := strings.Split(out, "\n")
		def := strings.TrimSpace(ls[2])
		step, _, _ := strings.Cut(strings.TrimPrefix(def, "%fuzz_step = arith.constant "), " ")
		if !strings.HasSuffix(def, " : i32") || !strings.Contains(ls[3], "to %M step %fuzz_step iter_args") {
			t.Fatalf("%s:\n%s", what, out)
		}
		seen[step] = true
	}
	if len(seen) != 3 || !seen["24"] || !seen["48"] || !seen["80"] {
		t.Errorf("steps: %v, want 24, 48 and 80", seen)
	}
}
