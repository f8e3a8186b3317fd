package amd

import (
	"fmt"
	"slices"

	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
	"github.com/ttcompiler/tt/pattern"
)

// Helpers shared by the AMD passes.

type (
	ttgMfma = ttg.AMDMfmaEncoding
	ttgWmma = ttg.AMDWmmaEncoding
)

func errorf(format string, args ...any) error { return fmt.Errorf(format, args...) }

// applyGreedily runs patterns to a fixed point over module as MLIR's
// applyPatternsGreedily does by default: bottom-up, with aggressive region
// simplification (identical blocks merged).
func applyGreedily(module *ir.Operation, patterns []ir.RewritePattern) error {
	cfg := pattern.DefaultConfig()
	cfg.TopDown = false
	cfg.Simplify = pattern.SimplifyAggressive
	if _, err := pattern.ApplyGreedily(module, pattern.Freeze(patterns), cfg); err != nil {
		return ir.Errorf(module.Loc(), "%v", err)
	}
	return nil
}

func isFloatKind(t ir.Type, kinds ...ir.FloatKind) bool {
	f, ok := t.(*ir.FloatType)
	return ok && slices.Contains(kinds, f.Kind)
}

// elemOf is the element type of a tensor value (or the value's type).
func elemOf(v ir.Value) ir.Type { return ir.ElementTypeOrSelf(v.Type()) }

// encodingOf is a tensor value's layout, or nil.
func encodingOf(v ir.Value) ir.Attribute {
	if t, ok := v.Type().(*ir.RankedTensorType); ok {
		return t.Encoding
	}
	return nil
}

// cgaOf returns the CTA layout of t's encoding.
func cgaOf(t *ir.RankedTensorType) ttg.CGALayout {
	if l, ok := t.Encoding.(ttg.LayoutEncoding); ok {
		return l.CGA()
	}
	return ttg.DefaultCGA(t.Rank())
}

func ceilDiv(a, b int64) int64 { return (a + b - 1) / b }

// typeStr prints a type as MLIR does.
func typeStr(t ir.Type) string { return asm.TypeString(t) }
