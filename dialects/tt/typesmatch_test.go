package tt_test

import (
	"strings"
	"testing"
)

// TestTypesMatch: the TypesMatchWith traits of tt.load, tt.store,
// tt.atomic_rmw and tt.atomic_poll compare shapes, encodings and element
// types without building the type they expect; every way of differing
// must still fail, and the matching types pass.
func TestTypesMatch(t *testing.T) {
	const enc = `#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32, "ttg.num-ctas" = 1 : i32} {
`
	load := func(ptr, mask, other, result string) string {
		return enc + "tt.func @f(%p: " + ptr + ", %m: " + mask + ", %o: " + other + ") {\n" +
			`  %0 = "tt.load"(%p, %m, %o) <{operandSegmentSizes = array<i32: 1, 1, 1>}> : (` + ptr + ", " + mask + ", " + other + ") -> " + result + "\n  tt.return\n}\n}\n"
	}
	const (
		ptrs = "tensor<256x!tt.ptr<f32>, #blocked>"
		vals = "tensor<256xf32, #blocked>"
		mask = "tensor<256xi1, #blocked>"
	)
	if _, err := parsePrint(load(ptrs, mask, vals, vals)); err != nil {
		t.Fatalf("matching types fail: %v", err)
	}
	if _, err := parsePrint(load("!tt.ptr<f32>", "i1", "f32", "f32")); err != nil {
		t.Fatalf("matching scalar types fail: %v", err)
	}
	for _, c := range []struct{ name, src, msg string }{
		{"result element", load(ptrs, mask, vals, "tensor<256xf16, #blocked>"), "result matches ptr type"},
		{"result shape", load(ptrs, mask, vals, "tensor<128xf32, #blocked>"), "result matches ptr type"},
		{"result encoding", load(ptrs, mask, vals, "tensor<256xf32, #blocked1>"), "result matches ptr type"},
		{"result scalar", load(ptrs, mask, vals, "f32"), "result matches ptr type"},
		{"scalar result tensor", load("!tt.ptr<f32>", "i1", "f32", "tensor<256xf32, #blocked>"), "result matches ptr type"},
		{"mask shape", load(ptrs, "tensor<128xi1, #blocked>", vals, vals), "mask type matches ptr type"},
		{"mask encoding", load(ptrs, "tensor<256xi1, #blocked1>", vals, vals), "mask type matches ptr type"},
		{"scalar mask tensor", load("!tt.ptr<f32>", mask, "f32", "f32"), "mask type matches ptr type"},
		{"other element", load(ptrs, mask, "tensor<256xf16, #blocked>", vals), "other matches ptr type"},
		{"block pointer mask", load("!tt.ptr<tensor<256xf32, #blocked>>", "i1", vals, vals), "mask type matches ptr type"},
	} {
		if _, err := parsePrint(c.src); err == nil || !strings.Contains(err.Error(), c.msg) {
			t.Errorf("%s: want %q, got %v", c.name, c.msg, err)
		}
	}
	// A block pointer's mask has the pointee tensor's shape.
	if _, err := parsePrint(load("!tt.ptr<tensor<256xf32, #blocked>>", mask, vals, vals)); err != nil && strings.Contains(err.Error(), "mask type matches") {
		t.Errorf("a block pointer's mask of the pointee's shape fails: %v", err)
	}
}
