package fuzz

import (
	"math/rand"
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
