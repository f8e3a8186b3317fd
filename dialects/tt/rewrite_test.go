package tt_test

import (
	"strings"
	"testing"

	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

// testRewriter is a minimal ir.Rewriter for unit-testing patterns.
type testRewriter struct{ b *ir.Builder }

func (r *testRewriter) B() *ir.Builder                             { return r.b }
func (r *testRewriter) Create(st *ir.OperationState) *ir.Operation { return r.b.Create(st) }
func (r *testRewriter) ReplaceOp(op *ir.Operation, vals []ir.Value) {
	for i, res := range op.Results() {
		ir.ReplaceAllUsesWith(res, vals[i])
	}
	op.Erase()
}
func (r *testRewriter) ReplaceOpWithOp(op, n *ir.Operation)  { r.ReplaceOp(op, n.Results()) }
func (r *testRewriter) EraseOp(op *ir.Operation)             { op.Erase() }
func (r *testRewriter) ReplaceAllUsesWith(from, to ir.Value) { ir.ReplaceAllUsesWith(from, to) }
func (r *testRewriter) ReplaceUsesIf(from, to ir.Value, pred func(*ir.OpOperand) bool) {
	for _, u := range ir.Uses(from) {
		if pred(u) {
			u.Set(to)
		}
	}
}
func (r *testRewriter) ModifyInPlace(op *ir.Operation, fn func())               { fn() }
func (r *testRewriter) InlineBlockBefore(*ir.Block, *ir.Operation, []ir.Value)  { panic("unused") }
func (r *testRewriter) MergeBlocks(*ir.Block, *ir.Block, []ir.Value)            { panic("unused") }
func (r *testRewriter) InlineRegionBefore(*ir.Region, *ir.Region, *ir.Block)    { panic("unused") }
func (r *testRewriter) SplitBlock(*ir.Block, *ir.Operation) *ir.Block           { panic("unused") }
func (r *testRewriter) EraseBlock(*ir.Block)                                    { panic("unused") }
func (r *testRewriter) NotifyMatchFailure(op *ir.Operation, reason string) bool { return false }

// applyOnce runs each canonicalization pattern of every tt op once (in
// program order) and each folder, then erases unused pure ops.
func applyOnce(t *testing.T, src string) string {
	t.Helper()
	ctx := newCtx()
	m := parse(t, ctx, src, "rewrite.mlir")
	if err := ir.Verify(m); err != nil {
		t.Fatal(err)
	}
	var ops []*ir.Operation
	ir.WalkOps(m, func(o *ir.Operation) {
		if strings.HasPrefix(o.Name(), "tt.") {
			ops = append(ops, o)
		}
	})
	for _, op := range ops {
		if op.Block() == nil {
			continue
		}
		b := ir.NewBuilder(ctx)
		b.SetInsertionPoint(op)
		rw := &testRewriter{b}
		done := false
		for _, p := range op.Def().Canonicalize {
			if p.MatchAndRewrite(op, rw) {
				done = true
				break
			}
		}
		if done || op.Def().Fold == nil {
			continue
		}
		consts := make([]ir.Attribute, op.NumOperands())
		for i, v := range op.Operands() {
			if d := v.DefiningOp(); d != nil && d.Name() == "arith.constant" {
				consts[i] = d.Attr("value")
			}
		}
		res := op.Def().Fold(op, consts)
		if res == nil {
			continue
		}
		if res[0].Value == op.Result(0) {
			continue // folded in place
		}
		var vals []ir.Value
		for i, r := range res {
			if r.Value != nil {
				vals = append(vals, r.Value)
				continue
			}
			c := ctx.Dialect("tt").MaterializeConstant(b, r.Attr, op.Result(i).Type(), op.Loc())
			if c == nil {
				t.Fatalf("cannot materialize %v", r.Attr)
			}
			vals = append(vals, c.Result(0))
		}
		rw.ReplaceOp(op, vals)
	}
	// Erase dead pure ops (what the greedy driver does).
	for changed := true; changed; {
		changed = false
		ir.Walk(m, ir.PostOrder, func(o *ir.Operation) ir.WalkResult {
			if o.NumResults() > 0 && !o.ResultsUsed() && o.Has(ir.Pure) {
				o.Erase()
				changed = true
			}
			return ir.Advance
		})
	}
	if err := ir.Verify(m); err != nil {
		t.Fatalf("verify after rewrite: %v\n%s", err, asm.Sprint(m, asm.PrintConfig{}))
	}
	return asm.Sprint(m, asm.PrintConfig{})
}

func TestCanonicalizationsAndFolds(t *testing.T) {
	cases := []struct{ name, src, want string }{
		{"masked load, mask true", `
tt.func @f(%p: tensor<8x!tt.ptr<f32>>) -> tensor<8xf32> {
  %m = arith.constant dense<true> : tensor<8xi1>
  %o = arith.constant dense<1.0> : tensor<8xf32>
  %0 = tt.load %p, %m, %o cacheModifier = cg : tensor<8x!tt.ptr<f32>>
  tt.return %0 : tensor<8xf32>
}`, "%0 = tt.load %arg0 cacheModifier = cg : tensor<8x!tt.ptr<f32>>"},
		{"masked load, mask false", `
tt.func @f(%p: tensor<8x!tt.ptr<f32>>) -> tensor<8xf32> {
  %m = arith.constant dense<false> : tensor<8xi1>
  %o = arith.constant dense<1.0> : tensor<8xf32>
  %0 = tt.load %p, %m, %o : tensor<8x!tt.ptr<f32>>
  tt.return %0 : tensor<8xf32>
}`, "tt.return %cst : tensor<8xf32>"},
		{"masked store, mask false", `
tt.func @f(%p: tensor<8x!tt.ptr<f32>>, %v: tensor<8xf32>) {
  %m = arith.constant dense<false> : tensor<8xi1>
  tt.store %p, %v, %m : tensor<8x!tt.ptr<f32>>
  tt.return
}`, "!tt.store"},
		{"masked store, mask true", `
tt.func @f(%p: tensor<8x!tt.ptr<f32>>, %v: tensor<8xf32>) {
  %m = arith.constant dense<true> : tensor<8xi1>
  tt.store %p, %v, %m evictionPolicy = evict_last : tensor<8x!tt.ptr<f32>>
  tt.return
}`, "tt.store %arg0, %arg1 evictionPolicy = evict_last : tensor<8x!tt.ptr<f32>>"},
		{"expand_dims of splat", `
tt.func @f(%s: f32) -> tensor<8x1xf32> {
  %0 = tt.splat %s : f32 -> tensor<8xf32>
  %1 = tt.expand_dims %0 {axis = 1 : i32} : tensor<8xf32> -> tensor<8x1xf32>
  tt.return %1 : tensor<8x1xf32>
}`, "%0 = tt.splat %arg0 : f32 -> tensor<8x1xf32>"},
		{"expand_dims of broadcast", `
tt.func @f(%x: tensor<1xf32>) -> tensor<32x1xf32> {
  %0 = tt.broadcast %x : tensor<1xf32> -> tensor<32xf32>
  %1 = tt.expand_dims %0 {axis = 1 : i32} : tensor<32xf32> -> tensor<32x1xf32>
  tt.return %1 : tensor<32x1xf32>
}`, "%1 = tt.broadcast %0 : tensor<1x1xf32> -> tensor<32x1xf32>"},
		{"broadcast of broadcast", `
tt.func @f(%x: tensor<1x1xf32>) -> tensor<4x8xf32> {
  %0 = tt.broadcast %x : tensor<1x1xf32> -> tensor<4x1xf32>
  %1 = tt.broadcast %0 : tensor<4x1xf32> -> tensor<4x8xf32>
  tt.return %1 : tensor<4x8xf32>
}`, "%0 = tt.broadcast %arg0 : tensor<1x1xf32> -> tensor<4x8xf32>"},
		{"reshape of reshape", `
tt.func @f(%x: tensor<16xf32>) -> tensor<2x8xf32> {
  %0 = tt.reshape %x allow_reorder : tensor<16xf32> -> tensor<4x4xf32>
  %1 = tt.reshape %0 : tensor<4x4xf32> -> tensor<2x8xf32>
  tt.return %1 : tensor<2x8xf32>
}`, "%0 = tt.reshape %arg0 allow_reorder : tensor<16xf32> -> tensor<2x8xf32>"},
		{"splat of constant folds", `
tt.func @f() -> tensor<8xi32> {
  %c = arith.constant 7 : i32
  %0 = tt.splat %c : i32 -> tensor<8xi32>
  tt.return %0 : tensor<8xi32>
}`, "arith.constant dense<7> : tensor<8xi32>"},
		{"make_range of one element folds", `
tt.func @f() -> tensor<1xi32> {
  %0 = tt.make_range {end = 2 : i32, start = 1 : i32} : tensor<1xi32>
  tt.return %0 : tensor<1xi32>
}`, "arith.constant dense<1> : tensor<1xi32>"},
		{"addptr of zero folds", `
tt.func @f(%p: !tt.ptr<f16>) -> !tt.ptr<f16> {
  %c0 = arith.constant 0 : i32
  %0 = tt.addptr %p, %c0 : !tt.ptr<f16>, i32
  tt.return %0 : !tt.ptr<f16>
}`, "tt.return %arg0 : !tt.ptr<f16>"},
		{"fp_to_fp of -0 into fnuz is +0", `
tt.func @f() -> tensor<4xf8E4M3FNUZ> {
  %c = arith.constant dense<-0.0> : tensor<4xf32>
  %0 = tt.fp_to_fp %c, rounding = rtne : tensor<4xf32> -> tensor<4xf8E4M3FNUZ>
  tt.return %0 : tensor<4xf8E4M3FNUZ>
}`, "arith.constant dense<0.000000e+00> : tensor<4xf8E4M3FNUZ>"},
		{"fp_to_fp of -0 into fn stays -0", `
tt.func @f() -> tensor<4xf8E4M3FN> {
  %c = arith.constant dense<-0.0> : tensor<4xf32>
  %0 = tt.fp_to_fp %c, rounding = rtne : tensor<4xf32> -> tensor<4xf8E4M3FN>
  tt.return %0 : tensor<4xf8E4M3FN>
}`, "arith.constant dense<-0.000000e+00> : tensor<4xf8E4M3FN>"},
		{"trans of trans composes", `
tt.func @f(%x: tensor<2x4x8xf32>) -> tensor<8x2x4xf32> {
  %0 = tt.trans %x {order = array<i32: 1, 2, 0>} : tensor<2x4x8xf32> -> tensor<4x8x2xf32>
  %1 = tt.trans %0 {order = array<i32: 1, 2, 0>} : tensor<4x8x2xf32> -> tensor<8x2x4xf32>
  tt.return %1 : tensor<8x2x4xf32>
}`, "%0 = tt.trans %arg0 {order = array<i32: 2, 0, 1>} : tensor<2x4x8xf32> -> tensor<8x2x4xf32>"},
		{"broadcast of splat constant folds", `
tt.func @f() -> tensor<8x2xf32> {
  %c = arith.constant dense<2.0> : tensor<1x2xf32>
  %0 = tt.broadcast %c : tensor<1x2xf32> -> tensor<8x2xf32>
  tt.return %0 : tensor<8x2xf32>
}`, "arith.constant dense<2.000000e+00> : tensor<8x2xf32>"},
		{"int_to_ptr of scalar constant byte offset", `
tt.func @f(%p: !tt.ptr<f64>) -> !tt.ptr<f64> {
  %c = arith.constant -24 : i64
  %0 = tt.ptr_to_int %p : !tt.ptr<f64> -> i64
  %1 = arith.addi %0, %c : i64
  %2 = tt.int_to_ptr %1 : i64 -> !tt.ptr<f64>
  tt.return %2 : !tt.ptr<f64>
}`, "tt.addptr %arg0, %c-3_i32 : !tt.ptr<f64>, i32"},
		{"int_to_ptr of non-splat byte offsets", `
tt.func @f(%p: tensor<2x!tt.ptr<f16>>) -> tensor<2x!tt.ptr<f16>> {
  %c = arith.constant dense<[2, 6]> : tensor<2xi64>
  %0 = tt.ptr_to_int %p : tensor<2x!tt.ptr<f16>> -> tensor<2xi64>
  %1 = arith.addi %0, %c : tensor<2xi64>
  %2 = tt.int_to_ptr %1 : tensor<2xi64> -> tensor<2x!tt.ptr<f16>>
  tt.return %2 : tensor<2x!tt.ptr<f16>>
}`, "arith.constant dense<[1, 3]> : tensor<2xi32>"},
		{"int_to_ptr over pointers to pointers scales by 8", `
tt.func @f(%p: !tt.ptr<!tt.ptr<f32>>) -> !tt.ptr<!tt.ptr<f32>> {
  %c = arith.constant 16 : i64
  %0 = tt.ptr_to_int %p : !tt.ptr<!tt.ptr<f32>> -> i64
  %1 = arith.addi %0, %c : i64
  %2 = tt.int_to_ptr %1 : i64 -> !tt.ptr<!tt.ptr<f32>>
  tt.return %2 : !tt.ptr<!tt.ptr<f32>>
}`, "tt.addptr %arg0, %c2_i32"},
		{"int_to_ptr keeps an element offset beyond i32", `
tt.func @f(%p: !tt.ptr<i8>) -> !tt.ptr<i8> {
  %c = arith.constant 4294967296 : i64
  %0 = tt.ptr_to_int %p : !tt.ptr<i8> -> i64
  %1 = arith.addi %0, %c : i64
  %2 = tt.int_to_ptr %1 : i64 -> !tt.ptr<i8>
  tt.return %2 : !tt.ptr<i8>
}`, "!tt.addptr"},
		{"int_to_ptr keeps a cast to another pointee", `
tt.func @f(%p: !tt.ptr<f32>) -> !tt.ptr<f16> {
  %c = arith.constant 8 : i64
  %0 = tt.ptr_to_int %p : !tt.ptr<f32> -> i64
  %1 = arith.addi %0, %c : i64
  %2 = tt.int_to_ptr %1 : i64 -> !tt.ptr<f16>
  tt.return %2 : !tt.ptr<f16>
}`, "!tt.addptr"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := applyOnce(t, c.src)
			if strings.HasPrefix(c.want, "!") {
				if strings.Contains(got, c.want[1:]) {
					t.Fatalf("%q still present:\n%s", c.want[1:], got)
				}
				return
			}
			if !strings.Contains(got, c.want) {
				t.Fatalf("want %q in:\n%s", c.want, got)
			}
		})
	}
}
