package fuzz

import (
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestMaskLoad: an unmasked load gets a mask from an i32 argument (or
// the program id) splat to its shape, with or without an other; a masked
// one gets a new other of its element type; the location stays.
func TestMaskLoad(t *testing.T) {
	same := func(s string) string { return s }
	const unmasked = `      %a = tt.load %p : tensor<16x32x!tt.ptr<f16>, #blocked> loc(#loc7)`
	forms := map[string]bool{}
	for s := int64(0); s < 40; s++ {
		out, what, ok := maskLoad(unmasked, "%K", rand.New(rand.NewSource(s)), same)
		if !ok {
			t.Fatalf("does not apply: %s", unmasked)
		}
		got := strings.Join(out, "\n")
		if !strings.Contains(got, "%fuzz_cond = arith.cmpi sgt, %K, %fuzz_zero : i32") ||
			!strings.Contains(got, "%fuzz_mask = tt.splat %fuzz_cond : i1 -> tensor<16x32xi1, #blocked>") {
			t.Fatalf("%s:\n%s", what, got)
		}
		last := out[len(out)-1]
		switch last {
		case `      %a = tt.load %p, %fuzz_mask : tensor<16x32x!tt.ptr<f16>, #blocked> loc(#loc7)`:
			forms["mask"] = true
		case `      %a = tt.load %p, %fuzz_mask, %fuzz_other : tensor<16x32x!tt.ptr<f16>, #blocked> loc(#loc7)`:
			if !strings.Contains(got, "%fuzz_other = arith.constant dense<") || !strings.Contains(got, "> : tensor<16x32xf16, #blocked>") {
				t.Fatalf("%s: other:\n%s", what, got)
			}
			forms["mask and other"] = true
		default:
			t.Fatalf("%s: the load:\n%s", what, got)
		}
	}
	if len(forms) != 2 {
		t.Errorf("forms seen: %v", forms)
	}
	out, _, ok := maskLoad(`  %x = tt.load %p, %m, %o : !tt.ptr<i32>`, "", rand.New(rand.NewSource(1)), same)
	if got := strings.Join(out, "\n"); !ok || len(out) != 2 || !strings.HasPrefix(out[0], "  %fuzz_other = arith.constant ") ||
		!strings.HasSuffix(out[0], " : i32") || out[1] != "  %x = tt.load %p, %m, %fuzz_other : !tt.ptr<i32>" {
		t.Errorf("a masked scalar load's new other:\n%s", got)
	}
	out, _, _ = maskLoad(`  %x = tt.load %p : !tt.ptr<f32>`, "", rand.New(rand.NewSource(1)), same)
	if got := strings.Join(out, "\n"); !strings.Contains(got, "%fuzz_pid = tt.get_program_id x : i32") || strings.Contains(got, "tt.splat") {
		t.Errorf("a scalar load in a kernel without an i32 argument:\n%s", got)
	}
	if _, _, ok := maskLoad(`  %x = tt.load %p : !tt.ptr<tensor<16xf32>>`, "", rand.New(rand.NewSource(1)), same); ok {
		t.Errorf("masked a block pointer's load")
	}
}

// TestMaskedLoadVerifies: the mutation's loads of a TTIR matmul (masked,
// with others), a TTIR vector add and a TTGIR kernel all verify.
func TestMaskedLoadVerifies(t *testing.T) {
	for _, f := range []string{"testdata/cases/grouped_matmul_f16.ttir", "examples/vector_add.ttir", "testdata/cases/add2d.ttgir", "testdata/cases/block_ptr.ttgir"} {
		data, err := os.ReadFile(filepath.Join(repoRoot(t), f))
		if err != nil {
			t.Fatal(err)
		}
		applied := 0
		for s := int64(0); s < 12; s++ {
			out, what, ok := mutateMaskedLoad(string(data), rand.New(rand.NewSource(s)))
			if !ok {
				continue
			}
			applied++
			if err := parseVerify(Job{Name: f, Src: out}); err != nil {
				t.Errorf("%s: %s: %v", f, what, err)
			}
		}
		if applied == 0 {
			t.Errorf("%s: no load to mask", f)
		}
	}
}
