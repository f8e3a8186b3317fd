package ttgtogpu

import (
	"testing"

	"github.com/ttcompiler/tt/dialects/gpu"
	"github.com/ttcompiler/tt/dialects/llvm"
	"github.com/ttcompiler/tt/ir"
)

// TestLanesOfOne: packLanes takes values for the vector they came from
// only when they are all of its lanes, in order, at constant indices.
func TestLanesOfOne(t *testing.T) {
	ctx := ir.NewContext()
	gpu.Load(ctx)
	b := ir.NewBuilder(ctx)
	b.SetInsertionPointToEnd(ir.NewBlock(ctx, nil, nil))
	loc := ir.Unknown(ctx)
	i32 := func(v int64) ir.Value { return llvm.NewConstant(b, loc, ir.I32(ctx), ir.I32Attr(ctx, v)).Result(0) }
	vec := llvm.NewUndef(b, loc, ir.Vector(ctx, []int64{2}, ir.Float(ctx, ir.F16))).Result(0)
	other := llvm.NewUndef(b, loc, vec.Type()).Result(0)
	lane := func(v ir.Value, i int64) ir.Value { return llvm.NewExtractElement(b, loc, v, i32(i)).Result(0) }
	arg := ir.NewBlock(ctx, []ir.Type{ir.I32(ctx)}, []ir.Location{loc}).Argument(0)
	if got := lanesOfOne([]ir.Value{lane(vec, 0), lane(vec, 1)}); got != vec {
		t.Errorf("lanes 0, 1 of one vector: %v, want the vector", got)
	}
	for _, c := range []struct {
		what string
		vals []ir.Value
	}{
		{"lanes 1, 0", []ir.Value{lane(vec, 1), lane(vec, 0)}},
		{"lane 0 twice", []ir.Value{lane(vec, 0), lane(vec, 0)}},
		{"lanes of two vectors", []ir.Value{lane(vec, 0), lane(other, 1)}},
		{"one lane of two", []ir.Value{lane(vec, 0)}},
		{"an index not constant", []ir.Value{lane(vec, 0), llvm.NewExtractElement(b, loc, vec, arg).Result(0)}},
	} {
		if got := lanesOfOne(c.vals); got != nil {
			t.Errorf("%s: %v, want none", c.what, got)
		}
	}
}
