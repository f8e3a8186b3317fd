package transforms

import (
	"strings"
	"testing"

	"github.com/ttcompiler/tt/dialects/all"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
	"github.com/ttcompiler/tt/passmgr"
)

func TestInlineHintsAndCanonicalization(t *testing.T) {
	runGoldens(t, []golden{{
		// Triton's inliner copies AxisInfo hints of a tt.call onto the op
		// defining the inlined result; every function is canonicalized,
		// called or not (dead @g code goes away).
		name:     "hints",
		pipeline: "builtin.module(inline)",
		in: `
module {
  tt.func private @off(%p: tensor<4x!tt.ptr<f32>>, %o: tensor<4xi32>) -> tensor<4x!tt.ptr<f32>> {
    %0 = tt.addptr %p, %o : tensor<4x!tt.ptr<f32>>, tensor<4xi32>
    tt.return %0 : tensor<4x!tt.ptr<f32>>
  }
  tt.func @f(%p: tensor<4x!tt.ptr<f32>>, %o: tensor<4xi32>) -> tensor<4xf32> {
    %0 = tt.call @off(%p, %o) {tt.divisibility = dense<16> : tensor<1xi32>} : (tensor<4x!tt.ptr<f32>>, tensor<4xi32>) -> tensor<4x!tt.ptr<f32>>
    %1 = tt.load %0 : tensor<4x!tt.ptr<f32>>
    tt.return %1 : tensor<4xf32>
  }
  tt.func @g(%x: i32) -> i32 {
    %d = arith.muli %x, %x : i32
    tt.return %x : i32
  }
}`,
		want: `
module {
  tt.func @f(%arg0: tensor<4x!tt.ptr<f32>>, %arg1: tensor<4xi32>) -> tensor<4xf32> {
    %0 = tt.addptr %arg0, %arg1 {tt.divisibility = dense<16> : tensor<1xi32>} : tensor<4x!tt.ptr<f32>>, tensor<4xi32>
    %1 = tt.load %0 : tensor<4x!tt.ptr<f32>>
    tt.return %1 : tensor<4xf32>
  }
  tt.func @g(%arg0: i32) -> i32 {
    tt.return %arg0 : i32
  }
}
`,
	}})
}

// Inlined ops get callsite(callee loc at call loc) locations, as MLIR's
// inliner gives them.
func TestInlineLocations(t *testing.T) {
	ctx := all.NewContext()
	src := `module {
  tt.func private @h(%a: i32) -> i32 {
    %0 = arith.addi %a, %a : i32 loc("callee.py":3:4)
    tt.return %0 : i32
  }
  tt.func @k(%a: i32) -> i32 {
    %0 = tt.call @h(%a) : (i32) -> i32 loc("caller.py":7:8)
    tt.return %0 : i32
  }
}`
	op, err := asm.ParseString(ctx, src)
	if err != nil {
		t.Fatal(err)
	}
	pm, err := passmgr.Parse(passmgr.Default, `builtin.module(inline{default-pipeline=""})`)
	if err != nil {
		t.Fatal(err)
	}
	if err := pm.Run(op, nil); err != nil {
		t.Fatal(err)
	}
	var add *ir.Operation
	ir.WalkOps(op, func(o *ir.Operation) {
		if o.Name() == "arith.addi" {
			add = o
		}
	})
	if add == nil {
		t.Fatal("addi not inlined")
	}
	cs, ok := add.Loc().(*ir.CallSiteLoc)
	if !ok {
		t.Fatalf("inlined op location %s is not a callsite location", ir.LocString(add.Loc()))
	}
	if !strings.Contains(ir.LocString(cs.Callee), "callee.py") || !strings.Contains(ir.LocString(cs.Caller), "caller.py") {
		t.Errorf("callsite location = %s", ir.LocString(cs))
	}
}

func TestInlineOptions(t *testing.T) {
	// A bad default pipeline is a located error, not a panic.
	_, err := runPipeline(t, `builtin.module(inline{default-pipeline=no-such-pass})`, `tt.func @f() { tt.return }`)
	if err == nil || !strings.Contains(err.Error(), "no-such-pass") {
		t.Fatalf("bad default pipeline: %v", err)
	}
	// The inlining threshold compares callee and caller sizes.
	in := `
module {
  tt.func private @big(%a: i32) -> i32 {
    %0 = arith.addi %a, %a : i32
    %1 = arith.muli %0, %0 : i32
    %2 = arith.subi %1, %a : i32
    tt.return %2 : i32
  }
  tt.func @k(%a: i32) -> i32 {
    %0 = tt.call @big(%a) : (i32) -> i32
    tt.return %0 : i32
  }
}`
	got, err := runPipeline(t, `builtin.module(inline{inlining-threshold=10})`, in)
	if err != nil || !strings.Contains(got, "tt.call @big") {
		t.Fatalf("threshold 10 inlined anyway: %v\n%s", err, got)
	}
	got, err = runPipeline(t, `builtin.module(inline{inlining-threshold=1000})`, in)
	if err != nil || strings.Contains(got, "tt.call") {
		t.Fatalf("threshold 1000 did not inline: %v\n%s", err, got)
	}
}
