package ir_test

import (
	"testing"

	"github.com/ttcompiler/tt/ir"
)

// The cached constructors return the very instances Unique returns for
// the same structure, whichever path asks first, so identity comparisons
// of types and attributes hold across both.
func TestCachedConstructorsAgreeWithUnique(t *testing.T) {
	for _, cachedFirst := range []bool{true, false} {
		ctx := ir.NewContext()
		i32 := func() ir.Type { return ir.Unique(ctx, &ir.IntegerType{Width: 32}) }
		pairs := []struct {
			name           string
			cached, unique func() any
		}{
			{"i32", func() any { return ir.I32(ctx) }, func() any { return i32() }},
			{"i7", func() any { return ir.IntegerTypeOf(ctx, 7) }, func() any { return ir.Unique(ctx, &ir.IntegerType{Width: 7}) }},
			{"i4096", func() any { return ir.IntegerTypeOf(ctx, 4096) }, func() any { return ir.Unique(ctx, &ir.IntegerType{Width: 4096}) }},
			{"bf16", func() any { return ir.BF16Type(ctx) }, func() any { return ir.Unique(ctx, &ir.FloatType{Kind: ir.BF16}) }},
			{"-1 : i32", func() any { return ir.IntegerAttrOf(ctx, ir.I32(ctx), -1) },
				func() any { return ir.Unique(ctx, &ir.IntegerAttr{Typ: i32(), Bits: 0xffffffff}) }},
			{"type attr", func() any { return ir.TypeAttrOf(ctx, ir.I32(ctx)) }, func() any { return ir.Unique(ctx, &ir.TypeAttr{Value: i32()}) }},
			{"array<i32: -2>", func() any { return ir.DenseI32Array(ctx, []int64{-2}) },
				func() any { return ir.Unique(ctx, &ir.DenseArrayAttr{Elem: i32(), Ints: []int64{-2}}) }},
			{"array<i1: 3>", func() any { return ir.DenseIntArray(ctx, ir.I1(ctx), []int64{3}) },
				func() any { return ir.Unique(ctx, &ir.DenseArrayAttr{Elem: ir.I1(ctx), Ints: []int64{1}}) }},
		}
		for _, p := range pairs {
			var a, b any
			if cachedFirst {
				a, b = p.cached(), p.unique()
			} else {
				b, a = p.unique(), p.cached()
			}
			if a != b || p.cached() != a {
				t.Errorf("%s (cached first: %v): cached %p, Unique %p", p.name, cachedFirst, a, b)
			}
		}
	}
}
