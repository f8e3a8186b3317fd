package scf_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/ttcompiler/tt/dialects/arith"
	"github.com/ttcompiler/tt/dialects/builtin"
	function "github.com/ttcompiler/tt/dialects/func"
	"github.com/ttcompiler/tt/dialects/scf"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

func TestBuilders(t *testing.T) {
	ctx := newCtx()
	m := builtin.NewModule(ctx, nil)
	b := ir.NewBuilder(ctx)
	b.SetInsertionPointToEnd(builtin.Body(m))
	i32, f32 := ir.I32(ctx), ir.F32Type(ctx)
	f := function.NewFunc(b, nil, "f", ir.Function(ctx, []ir.Type{i32, f32}, []ir.Type{f32}), false)
	b.SetInsertionPointToEnd(function.FuncOp{Operation: f}.Body())
	n, x := f.Region(0).Front().Argument(0), f.Region(0).Front().Argument(1)
	c0 := arith.ConstantInt(b, nil, 0, i32)
	c1 := arith.ConstantInt(b, nil, 1, i32)
	loop := scf.NewFor(b, nil, c0, n, c1, []ir.Value{x}, func(b *ir.Builder, iv ir.Value, args []ir.Value) []ir.Value {
		cond := arith.NewCmpI(b, nil, arith.CmpISLT, iv, c1).Result(0)
		ifOp := scf.NewIf(b, nil, cond, []ir.Type{f32},
			func(b *ir.Builder) []ir.Value {
				return []ir.Value{arith.NewBinary(b, "arith.addf", nil, args[0], args[0]).Result(0)}
			},
			func(b *ir.Builder) []ir.Value { return args })
		return ifOp.Results()
	})
	w := scf.NewWhile(b, nil, []ir.Type{i32}, []ir.Value{c0},
		func(b *ir.Builder, args []ir.Value) (ir.Value, []ir.Value) {
			return arith.NewCmpI(b, nil, arith.CmpISLT, args[0], n).Result(0), args
		},
		func(b *ir.Builder, args []ir.Value) []ir.Value {
			return arith.NewBinary(b, "arith.addi", nil, args[0], c1).Results()
		})
	scf.NewExecuteRegion(b, nil, nil, func(b *ir.Builder) []ir.Value { return nil })
	_ = w
	function.NewReturn(b, nil, loop.Results())
	if err := ir.Verify(m); err != nil {
		t.Fatal(err)
	}
	want := `module {
  func.func @f(%arg0: i32, %arg1: f32) -> f32 {
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %0 = scf.for %arg2 = %c0_i32 to %arg0 step %c1_i32 iter_args(%arg3 = %arg1) -> (f32)  : i32 {
      %2 = arith.cmpi slt, %arg2, %c1_i32 : i32
      %3 = scf.if %2 -> (f32) {
        %4 = arith.addf %arg3, %arg3 : f32
        scf.yield %4 : f32
      } else {
        scf.yield %arg3 : f32
      }
      scf.yield %3 : f32
    }
    %1 = scf.while (%arg2 = %c0_i32) : (i32) -> i32 {
      %2 = arith.cmpi slt, %arg2, %arg0 : i32
      scf.condition(%2) %arg2 : i32
    } do {
    ^bb0(%arg2: i32):
      %2 = arith.addi %arg2, %c1_i32 : i32
      scf.yield %2 : i32
    }
    scf.execute_region {
      scf.yield
    }
    return %0 : f32
  }
}
`
	if d := cmp.Diff(want, asm.Sprint(m, asm.PrintConfig{})); d != "" {
		t.Error(d)
	}
	fo := scf.ForOp{Operation: loop}
	if fo.InductionVar() != fo.Body().Argument(0) || len(fo.RegionIterArgs()) != 1 || fo.Inits()[0] != x ||
		fo.LowerBound() != c0 || fo.UpperBound() != n || fo.Step() != c1 || fo.Yield().Name() != "scf.yield" {
		t.Error("ForOp accessors")
	}
	ifOp := scf.IfOp{Operation: fo.YieldedValues()[0].DefiningOp()}
	if ifOp.ThenYield().NumOperands() != 1 || ifOp.ElseYield().Operand(0) != fo.RegionIterArgs()[0] {
		t.Error("IfOp accessors")
	}
	wo := scf.WhileOp{Operation: w}
	if wo.Condition().Name() != "scf.condition" || wo.Yield().Name() != "scf.yield" || wo.Inits()[0] != c0 {
		t.Error("WhileOp accessors")
	}
}

func TestMalformedNeverPanics(t *testing.T) {
	for _, src := range []string{matmulSrc, `func.func @f(%i: index, %c: i1, %x: f32) -> f32 {
  %0 = scf.while (%a = %x) : (f32) -> f32 {
    scf.condition(%c) %a : f32
  } do {
  ^bb0(%b: f32):
    scf.yield %b : f32
  } attributes {x}
  %1 = scf.index_switch %i -> f32
  case 1 {
    scf.yield %0 : f32
  }
  default {
    scf.yield %x : f32
  }
  %2 = scf.if %c -> (f32) {
    scf.yield %1 : f32
  } else {
    scf.yield %x : f32
  } {a}
  scf.for unsigned %j = %i to %i step %i {
  }
  %3 = scf.execute_region -> f32 no_inline {
    scf.yield %2 : f32
  }
  return %3 : f32
}`} {
		for i := 0; i < len(src); i++ {
			func() {
				defer func() {
					if r := recover(); r != nil {
						t.Fatalf("panic on prefix %q: %v", src[:i], r)
					}
				}()
				if op, err := asm.ParseString(newCtx(), src[:i]); err == nil {
					_ = ir.Verify(op)
					_ = asm.Sprint(op, asm.PrintConfig{})
				}
			}()
		}
	}
}
