package tt_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/ttcompiler/tt/dialects/builtin"
	"github.com/ttcompiler/tt/dialects/memory"
	"github.com/ttcompiler/tt/dialects/tt"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

// TestBuilders builds a small kernel with the builders and checks that it
// verifies and prints as Triton would.
func TestBuilders(t *testing.T) {
	ctx := newCtx()
	loc := ir.Unknown(ctx)
	f32, i32 := ir.F32Type(ctx), ir.I32(ctx)
	ptr := tt.GlobalPtr(ctx, f32)
	mod := builtin.NewModule(ctx, loc)
	fn := tt.NewFunc(ctx, loc, "k", ir.Function(ctx, []ir.Type{ptr, i32}, []ir.Type{f32}), "public")
	fn.SetArgAttr(0, "tt.divisibility", ir.I32Attr(ctx, 16))
	builtin.Body(mod).Append(fn.Operation)
	b := ir.NewBuilder(ctx)
	b.SetInsertionPointToEnd(fn.Body().Front())
	args := fn.Body().Front().Arguments()

	pid := tt.NewGetProgramID(b, loc, tt.DimX)
	rng := tt.NewMakeRange(b, loc, 0, 64, nil)
	ptrs := tt.NewSplat(b, loc, args[0], ir.RankedTensor(ctx, []int64{64}, ptr, nil))
	addr := tt.NewAddPtr(b, loc, ptrs.Result(0), rng.Result(0))
	n := tt.NewSplat(b, loc, args[1], ir.RankedTensor(ctx, []int64{64}, i32, nil))
	mask := b.CreateOp("arith.cmpi", loc, []ir.Value{rng.Result(0), n.Result(0)}, []ir.Type{ir.RankedTensor(ctx, []int64{64}, ir.I1(ctx), nil)},
		ir.NamedAttr{Name: "predicate", Value: ir.IntegerAttrOf(ctx, ir.I64(ctx), 2)})
	ld := tt.NewLoad(b, loc, addr.Result(0), mask.Result(0), nil, tt.LoadOptions{Cache: memory.CacheCG})
	ex := tt.NewExpandDims(b, loc, ld.Result(0), 0)
	bc := tt.NewBroadcast(b, loc, ex.Result(0), ir.RankedTensor(ctx, []int64{2, 64}, f32, nil))
	red := tt.NewReduce(b, loc, []ir.Value{bc.Result(0)}, 1, func(b *ir.Builder, xs []ir.Value) []ir.Value {
		return []ir.Value{b.CreateOp("arith.addf", loc, xs, []ir.Type{f32}).Result(0)}
	})
	red2 := tt.NewReduce(b, loc, []ir.Value{red.Result(0)}, 0, func(b *ir.Builder, xs []ir.Value) []ir.Value {
		return []ir.Value{b.CreateOp("arith.maxnumf", loc, xs, []ir.Type{f32}).Result(0)}
	})
	tt.NewStore(b, loc, addr.Result(0), ld.Result(0), mask.Result(0), 0, memory.EvictLast, nil)
	_ = pid
	tt.NewReturn(b, loc, red2.Result(0))

	if err := ir.Verify(mod); err != nil {
		t.Fatalf("verify: %v\n%s", err, asm.Sprint(mod, asm.PrintConfig{}))
	}
	want := `module {
  tt.func public @k(%arg0: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg1: i32) -> f32 {
    %0 = tt.get_program_id x : i32
    %1 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
    %2 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
    %3 = tt.addptr %2, %1 : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
    %4 = tt.splat %arg1 : i32 -> tensor<64xi32>
    %5 = arith.cmpi slt, %1, %4 : tensor<64xi32>
    %6 = tt.load %3, %5 cacheModifier = cg : tensor<64x!tt.ptr<f32>>
    %7 = tt.expand_dims %6 {axis = 0 : i32} : tensor<64xf32> -> tensor<1x64xf32>
    %8 = tt.broadcast %7 : tensor<1x64xf32> -> tensor<2x64xf32>
    %9 = "tt.reduce"(%8) <{axis = 1 : i32}> ({
    ^bb0(%arg2: f32, %arg3: f32):
      %11 = arith.addf %arg2, %arg3 : f32
      tt.reduce.return %11 : f32
    }) : (tensor<2x64xf32>) -> tensor<2xf32>
    %10 = "tt.reduce"(%9) <{axis = 0 : i32}> ({
    ^bb0(%arg2: f32, %arg3: f32):
      %11 = arith.maxnumf %arg2, %arg3 : f32
      tt.reduce.return %11 : f32
    }) : (tensor<2xf32>) -> f32
    tt.store %3, %6, %5 evictionPolicy = evict_last : tensor<64x!tt.ptr<f32>>
    tt.return %10 : f32
  }
}
`
	got := asm.Sprint(mod, asm.PrintConfig{})
	if d := cmp.Diff(want, got); d != "" {
		t.Fatalf("(-want +got):\n%s", d)
	}
	if c := (tt.ReduceOp{Operation: red}).SingleCombiner(); c == nil || c.Name() != "arith.addf" {
		t.Errorf("SingleCombiner = %v", c)
	}
	if l := (tt.LoadOp{Operation: ld}); l.Mask() != mask.Result(0) || l.Other() != nil || l.Cache() != memory.CacheCG {
		t.Errorf("LoadOp accessors wrong")
	}
}
