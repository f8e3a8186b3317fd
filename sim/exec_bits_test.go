package sim_test

import (
	"fmt"
	"testing"

	"github.com/ttcompiler/tt/sim"
)

// llvm.intr.bitreverse, gpu.clz, gpu.bfind and gpu.sad give PTX's brev,
// clz, bfind and sad results: hand-worked values at the edges (zero, all
// ones, the top bit, both signs, wrapping sums).
func TestBitOps(t *testing.T) {
	const (
		a32 = "%a32 = llvm.trunc %a : i64 to i32\n    "
		ab  = a32 + "%b32 = llvm.trunc %b : i64 to i32\n    %c32 = llvm.trunc %c : i64 to i32\n    "
		lo  = "\n    %v = llvm.trunc %w : i64 to i32"
		hi  = "\n    %s = llvm.mlir.constant(32 : i64) : i64\n    %h = llvm.lshr %w, %s : i64\n    %v = llvm.trunc %h : i64 to i32"
	)
	for _, c := range []struct {
		body    string // computes %v : i32 from %a, %b, %c : i64
		a, b, c uint64
		want    uint32
	}{
		{a32 + "%v = llvm.intr.bitreverse(%a32) : (i32) -> i32", 1, 0, 0, 0x80000000},
		{a32 + "%v = llvm.intr.bitreverse(%a32) : (i32) -> i32", 0x12345678, 0, 0, 0x1E6A2C48},
		{"%w = llvm.intr.bitreverse(%a) : (i64) -> i64" + hi, 1, 0, 0, 0x80000000},
		{"%w = llvm.intr.bitreverse(%a) : (i64) -> i64" + lo, 0x12345678_00000000, 0, 0, 0x1E6A2C48},
		{a32 + "%v = gpu.clz %a32 : i32", 0, 0, 0, 32},
		{a32 + "%v = gpu.clz %a32 : i32", 1, 0, 0, 31},
		{a32 + "%v = gpu.clz %a32 : i32", 0x80000000, 0, 0, 0},
		{a32 + "%v = gpu.clz %a32 : i32", 0x00010000, 0, 0, 15},
		{"%v = gpu.clz %a : i64", 0, 0, 0, 64},
		{"%v = gpu.clz %a : i64", 1 << 40, 0, 0, 23},
		{"%v = gpu.clz %a : i64", 1<<64 - 1, 0, 0, 0},
		{a32 + "%v = gpu.bfind %a32 {unsigned} : i32", 0, 0, 0, 0xFFFFFFFF},
		{a32 + "%v = gpu.bfind %a32 {unsigned} : i32", 1, 0, 0, 0},
		{a32 + "%v = gpu.bfind %a32 {unsigned} : i32", 0x80000000, 0, 0, 31},
		{a32 + "%v = gpu.bfind %a32 {unsigned, shiftamt} : i32", 0x80000000, 0, 0, 0},
		{a32 + "%v = gpu.bfind %a32 {unsigned, shiftamt} : i32", 1, 0, 0, 31},
		{a32 + "%v = gpu.bfind %a32 {unsigned, shiftamt} : i32", 0, 0, 0, 0xFFFFFFFF},
		{a32 + "%v = gpu.bfind %a32 : i32", 0xFFFFFFFF, 0, 0, 0xFFFFFFFF},
		{a32 + "%v = gpu.bfind %a32 : i32", 0xFFFFFFFE, 0, 0, 0},
		{a32 + "%v = gpu.bfind %a32 : i32", 0x7FFFFFFF, 0, 0, 30},
		{a32 + "%v = gpu.bfind %a32 : i32", 0x80000000, 0, 0, 30},
		{a32 + "%v = gpu.bfind %a32 {shiftamt} : i32", 0xFFFFFFFE, 0, 0, 31},
		{a32 + "%v = gpu.bfind %a32 : i32", 0, 0, 0, 0xFFFFFFFF},
		{"%v = gpu.bfind %a {unsigned} : i64", 1 << 40, 0, 0, 40},
		{"%v = gpu.bfind %a {shiftamt} : i64", 1 << 40, 0, 0, 23},
		{"%v = gpu.bfind %a : i64", 1<<64 - 1, 0, 0, 0xFFFFFFFF},
		{"%v = gpu.bfind %a : i64", 1 << 63, 0, 0, 62},
		{ab + "%v = gpu.sad %a32, %b32, %c32 : i32", 1, 5, 10, 14},
		{ab + "%v = gpu.sad %a32, %b32, %c32 : i32", 0x80000000, 0x7FFFFFFF, 0, 0xFFFFFFFF},
		{ab + "%v = gpu.sad %a32, %b32, %c32 {unsigned} : i32", 0x80000000, 0x7FFFFFFF, 0, 1},
		{ab + "%v = gpu.sad %a32, %b32, %c32 : i32", 0xFFFFFFFD, 4, 1, 8},
		{ab + "%v = gpu.sad %a32, %b32, %c32 {unsigned} : i32", 0xFFFFFFFD, 4, 1, 0xFFFFFFFA},
		{ab + "%v = gpu.sad %a32, %b32, %c32 : i32", 7, 2, 0xFFFFFFFF, 4},
	} {
		src := module(1, 32, 0, fmt.Sprintf(`
  llvm.func @k(%%out: !llvm.ptr<1>, %%a: i64, %%b: i64, %%c: i64) attributes {gpu.kernel} {
    %%tid = gpu.thread_id x : i32
    %s`, c.body)+storeByTid+`
  }`)
		out, err := launch(t, src, [3]int{1, 1, 1}, 32, sim.Config{}, c.a, c.b, c.c)
		if err != nil {
			t.Fatalf("%s: %v", c.body, err)
		}
		if out[0] != c.want {
			t.Errorf("%s of (%#x, %#x, %#x) = %#x, want %#x", c.body, c.a, c.b, c.c, out[0], c.want)
		}
	}
}
