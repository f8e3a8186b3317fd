package ttng_test

import (
	"testing"

	"github.com/ttcompiler/tt/dialects/arith"
	"github.com/ttcompiler/tt/dialects/builtin"
	"github.com/ttcompiler/tt/dialects/tt"
	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/dialects/ttng"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

// Maps made one after another form a run: the creates and acquires of
// the two consecutive tt.make_tensor_descriptor expansions (their
// operands and scratch in between) are one run of two, which the first
// acquire does not end; a store between two expansions splits them.
func TestTensormapCreateRun(t *testing.T) {
	ctx := ir.NewContext()
	builtin.Load(ctx)
	arith.Load(ctx)
	tt.Load(ctx)
	ttg.Load(ctx)
	ttng.Load(ctx)
	m, err := asm.ParseString(ctx, `
tt.func @f(%a: !tt.ptr<f16>, %b: !tt.ptr<f16>, %q: !tt.ptr<i32>, %n: i32) {
  %c1 = arith.constant 1 : i32
  %c64 = arith.constant 64 : i32
  %s = arith.constant 128 : i64
  %pa = ttg.global_scratch_alloc {alignment = 128 : i32, nbytes = 128 : i32} : !tt.ptr<i8>
  ttng.tensormap_create %pa, %a, [%c64, %c64], [%n, %n], [%s], [%c1, %c1] {elem_type = 6 : i32, fill_mode = 0 : i32, interleave_layout = 0 : i32, swizzle_mode = 3 : i32} : (!tt.ptr<i8>, !tt.ptr<f16>, i32, i32, i32, i32, i64, i32, i32) -> ()
  ttng.tensormap_fenceproxy_acquire %pa : !tt.ptr<i8>
  %s2 = arith.muli %s, %s : i64
  %pb = ttg.global_scratch_alloc {alignment = 128 : i32, nbytes = 128 : i32} : !tt.ptr<i8>
  ttng.tensormap_create %pb, %b, [%c64, %c64], [%n, %n], [%s2], [%c1, %c1] {elem_type = 6 : i32, fill_mode = 0 : i32, interleave_layout = 0 : i32, swizzle_mode = 3 : i32} : (!tt.ptr<i8>, !tt.ptr<f16>, i32, i32, i32, i32, i64, i32, i32) -> ()
  ttng.tensormap_fenceproxy_acquire %pb : !tt.ptr<i8>
  tt.store %q, %n : !tt.ptr<i32>
  %pc = ttg.global_scratch_alloc {alignment = 128 : i32, nbytes = 128 : i32} : !tt.ptr<i8>
  ttng.tensormap_create %pc, %a, [%c64, %c64], [%n, %n], [%s], [%c1, %c1] {elem_type = 6 : i32, fill_mode = 0 : i32, interleave_layout = 0 : i32, swizzle_mode = 3 : i32} : (!tt.ptr<i8>, !tt.ptr<f16>, i32, i32, i32, i32, i64, i32, i32) -> ()
  ttng.tensormap_fenceproxy_acquire %pc : !tt.ptr<i8>
  tt.return
}`)
	if err != nil {
		t.Fatal(err)
	}
	var creates, acquires []*ir.Operation
	ir.WalkOps(m, func(op *ir.Operation) {
		switch op.Name() {
		case "ttng.tensormap_create":
			creates = append(creates, op)
		case "ttng.tensormap_fenceproxy_acquire":
			acquires = append(acquires, op)
		}
	})
	if len(creates) != 3 || len(acquires) != 3 {
		t.Fatalf("%d creates and %d acquires, want 3 of each", len(creates), len(acquires))
	}
	for i, want := range []struct {
		first      *ir.Operation
		index, n   int
		acquireEnd bool
	}{{creates[0], 0, 2, false}, {creates[0], 1, 2, true}, {creates[2], 0, 1, true}} {
		first, index, n := ttng.TensormapCreateRun(creates[i])
		if first != want.first || index != want.index || n != want.n {
			t.Errorf("create %d: first create %d, index %d of %d; want index %d of %d", i, opIndex(creates, first), index, n, want.index, want.n)
		}
		if got := ttng.TensormapCreateOf(acquires[i]); got != creates[i] {
			t.Errorf("acquire %d: its create is %d, want %d", i, opIndex(creates, got), i)
		}
		if got := ttng.EndsTensormapRun(acquires[i]); got != want.acquireEnd {
			t.Errorf("acquire %d ends its run: %v, want %v", i, got, want.acquireEnd)
		}
	}
}

func opIndex(ops []*ir.Operation, op *ir.Operation) int {
	for i, o := range ops {
		if o == op {
			return i
		}
	}
	return -1
}
