package sim_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/ttcompiler/tt/sim"
)

// gpu.table_load reads element tid mod 5 of a 5-element table (i32 and
// i64 tables, by i32 and i64 indices); each thread stores the element's
// low or high word.
func TestTableLoad(t *testing.T) {
	table := []int64{-1, 0x123456789ABCDEF0, 7, -0x7000000000000000, 42}
	vals := make([]string, len(table))
	for i, v := range table {
		vals[i] = fmt.Sprint(v)
	}
	list := strings.Join(vals, ", ")
	for _, c := range []struct {
		body string
		want func(i int) uint32
	}{
		{`%w = gpu.table_load %r {table = array<i64: ` + list + `>} : i32 -> i64
    %v = llvm.trunc %w : i64 to i32`, func(i int) uint32 { return uint32(table[i]) }},
		{`%i = llvm.zext %r : i32 to i64
    %w = gpu.table_load %i {table = array<i64: ` + list + `>} : i64 -> i64
    %s = llvm.mlir.constant(32 : i64) : i64
    %h = llvm.lshr %w, %s : i64
    %v = llvm.trunc %h : i64 to i32`, func(i int) uint32 { return uint32(uint64(table[i]) >> 32) }},
		{`%v = gpu.table_load %r {table = array<i32: 5, -6, 7, 8, -2147483648>} : i32 -> i32`,
			func(i int) uint32 { return uint32([]int32{5, -6, 7, 8, -2147483648}[i]) }},
	} {
		src := module(1, 32, 0, `
  llvm.func @k(%out: !llvm.ptr<1>) attributes {gpu.kernel} {
    %tid = gpu.thread_id x : i32
    %five = llvm.mlir.constant(5 : i32) : i32
    %r = llvm.urem %tid, %five : i32
    `+c.body+storeByTid+`
  }`)
		out, err := launch(t, src, [3]int{1, 1, 1}, 32, sim.Config{})
		if err != nil {
			t.Fatalf("%s: %v", c.body, err)
		}
		for i := range out {
			if out[i] != c.want(i%5) {
				t.Errorf("%s: thread %d got %#x, want %#x", c.body, i, out[i], c.want(i%5))
			}
		}
	}
}

// An index outside the table is a located fault of the thread, negative
// indices (read signed) and one past the end alike.
func TestTableLoadOutOfRange(t *testing.T) {
	for _, c := range []struct {
		index string // computes %i : i32 from %tid
		want  string
	}{
		{`%c = llvm.mlir.constant(3 : i32) : i32
    %i = llvm.add %tid, %c : i32`, "thread 0 (warp 0, lane 0): gpu.table_load index 3 is outside the table of 3 elements"},
		{`%c = llvm.mlir.constant(-1 : i32) : i32
    %i = llvm.add %tid, %c : i32`, "thread 0 (warp 0, lane 0): gpu.table_load index -1 is outside the table of 3 elements"},
	} {
		src := module(1, 32, 0, `
  llvm.func @k(%out: !llvm.ptr<1>) attributes {gpu.kernel} {
    %tid = gpu.thread_id x : i32
    `+c.index+`
    %v = gpu.table_load %i {table = array<i32: 1, 2, 3>} : i32 -> i32`+storeByTid+`
  }`)
		_, err := launch(t, src, [3]int{1, 1, 1}, 32, sim.Config{})
		var ee *sim.ExecError
		if !errors.As(err, &ee) || !strings.Contains(err.Error(), c.want) || !strings.HasPrefix(err.Error(), "test.mlir:7:10: error: block (0,0,0)") || ee.Op == nil || ee.Op.Name() != "gpu.table_load" {
			t.Errorf("got %v, want a fault at test.mlir:7 saying %q", err, c.want)
		}
	}
}
