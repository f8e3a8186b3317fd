package ttgtogpu

import (
	"testing"

	"github.com/ttcompiler/tt/dialects/gpu"
	"github.com/ttcompiler/tt/dialects/llvm"
	"github.com/ttcompiler/tt/ir"
)

// scratchBuilder returns a context with the gpu and llvm dialects and a
// builder into a detached block, for ops the tests only inspect.
func scratchBuilder() (*ir.Context, *ir.Builder, ir.Location) {
	ctx := ir.NewContext()
	gpu.Load(ctx)
	b := ir.NewBuilder(ctx)
	b.SetInsertionPointToEnd(ir.NewBlock(ctx, nil, nil))
	return ctx, b, ir.Unknown(ctx)
}

// TestLanesOfOne: packLanes takes values for the vector they came from
// only when they are all of its lanes, in order, at constant indices.
func TestLanesOfOne(t *testing.T) {
	ctx, b, loc := scratchBuilder()
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

// TestWordOfParts: packWords takes bytes for the word they came from only
// when they are all of its parts (unpackWords' trunc of lshr by 0, 8, 16,
// 24), in order, of that word.
func TestWordOfParts(t *testing.T) {
	ctx, b, loc := scratchBuilder()
	i8, i16, i32 := ir.IntegerTypeOf(ctx, 8), ir.IntegerTypeOf(ctx, 16), ir.I32(ctx)
	words := ir.NewBlock(ctx, []ir.Type{i32, i32, i16}, []ir.Location{loc, loc, loc})
	word, other, short := words.Argument(0), words.Argument(1), words.Argument(2)
	part := func(w ir.Value, shift int64) ir.Value {
		if shift > 0 {
			c := llvm.NewConstant(b, loc, w.Type(), ir.IntegerAttrOf(ctx, w.Type().(*ir.IntegerType), shift)).Result(0)
			w = llvm.NewBinary(b, loc, llvm.LShrOp, w, c).Result(0)
		}
		return llvm.NewCast(b, loc, llvm.TruncOp, w, i8).Result(0)
	}
	bytes := func(w ir.Value, shifts ...int64) []ir.Value {
		var out []ir.Value
		for _, s := range shifts {
			out = append(out, part(w, s))
		}
		return out
	}
	if got := wordOfParts(bytes(word, 0, 8, 16, 24), 8, i32); got != word {
		t.Errorf("bytes 0-3 of one word: %v, want the word", got)
	}
	for _, c := range []struct {
		what string
		vals []ir.Value
		wt   ir.Type
	}{
		{"bytes out of order", bytes(word, 0, 16, 8, 24), i32},
		{"a byte twice", bytes(word, 0, 8, 8, 24), i32},
		{"bytes of two words", append(bytes(word, 0, 8, 16), part(other, 24)), i32},
		{"a word of another width", bytes(short, 0, 8), i32},
		{"a byte shifted by another width", bytes(word, 0, 4, 16, 24), i32},
		{"not truncations", []ir.Value{word, word, word, word}, i32},
	} {
		if got := wordOfParts(c.vals, 8, c.wt); got != nil {
			t.Errorf("%s: %v, want none", c.what, got)
		}
	}
}
