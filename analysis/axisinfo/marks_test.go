package axisinfo_test

import (
	"testing"

	"github.com/ttcompiler/tt/analysis/axisinfo"
	"github.com/ttcompiler/tt/dialects/all"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

// TestOpsMarkedByAnotherHolder: the solver keeps its state in the ops'
// marks (ir.OpMarks); ops that hold another holder's mark (a pass that
// marks ops while it runs the analysis) must get the same Infos through
// the fallback, keep that holder's marks, and the solver's own marks must
// be gone afterwards.
func TestOpsMarkedByAnotherHolder(t *testing.T) {
	module, err := asm.ParseString(all.NewContext(), `
tt.func @f(%p: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c64 = arith.constant 64 : i32
  %r = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32>
  %sp = tt.splat %p : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>>
  %a = tt.addptr %sp, %r : tensor<256x!tt.ptr<f32>>, tensor<256xi32>
  %c3 = arith.constant dense<3> : tensor<256xi32>
  %res:2 = scf.for %i = %c0 to %n step %c64 iter_args(%q = %a, %u = %a) -> (tensor<256x!tt.ptr<f32>>, tensor<256x!tt.ptr<f32>>) : i32 {
    %q2 = tt.addptr %q, %r : tensor<256x!tt.ptr<f32>>, tensor<256xi32>
    %u2 = tt.addptr %u, %c3 : tensor<256x!tt.ptr<f32>>, tensor<256xi32>
    scf.yield %q2, %u2 : tensor<256x!tt.ptr<f32>>, tensor<256x!tt.ptr<f32>>
  }
  tt.return
}`)
	if err != nil {
		t.Fatal(err)
	}
	var values []ir.Value
	var ops []*ir.Operation
	ir.WalkOps(module, func(op *ir.Operation) { ops = append(ops, op) })
	ir.WalkDefinedValues(module, func(v ir.Value) { values = append(values, v) })
	want := axisinfo.Analyze(module)
	other := ir.NewOpMarks()
	for i, op := range ops {
		if i%2 == 1 {
			other.Set(op, uint32(i))
		}
	}
	got := axisinfo.Analyze(module)
	for _, v := range values {
		w, wok := want.Info(v)
		g, gok := got.Info(v)
		if wok != gok || !w.Equal(g) {
			t.Errorf("%v: got %v (%v), want %v (%v)", v.Loc(), g, gok, w, wok)
		}
	}
	mine := ir.NewOpMarks()
	for i, op := range ops {
		if i%2 == 1 {
			if m, ok := other.Get(op); !ok || m != uint32(i) {
				t.Errorf("op %d (%s) lost the other holder's mark", i, op.Name())
			}
		} else if !mine.Set(op, 1) {
			t.Errorf("op %d (%s) still holds the analysis's mark", i, op.Name())
		}
	}
}
