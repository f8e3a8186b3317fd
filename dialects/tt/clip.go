package tt

import "github.com/ttcompiler/tt/ir"

// IsClip reports whether a tt.clampf clamps to a symmetric range in one of
// the two spellings Triton's NVIDIA backend recognizes as a clip (its
// ClampFOpConversion::isClipPattern), which it lowers on sm_90 and later to
// min.xorsign.abs(x, h) instead of min(max(x, lo), hi): lo = 0 - hi (how
// front ends write -h), or lo and hi splat constants with lo = -hi. The
// two lowerings differ when x is NaN, so the interpreter and the lowering
// must agree on exactly this set; the element type and target checks are
// theirs.
func IsClip(clamp *ir.Operation) bool {
	if clamp.Name() != "tt.clampf" || clamp.NumOperands() != 3 {
		return false
	}
	lo, hi := clamp.Operand(1), clamp.Operand(2)
	if sub := lo.DefiningOp(); sub != nil && sub.Name() == "arith.subf" {
		zero, ok := SplatFloatConstant(sub.Operand(0))
		return sub.Operand(1) == hi && ok && zero == 0
	}
	a, okA := SplatFloatConstant(lo)
	b, okB := SplatFloatConstant(hi)
	return okA && okB && a == -b
}

// SplatFloatConstant returns the value of an arith.constant float or
// float splat, and whether v is one.
func SplatFloatConstant(v ir.Value) (float64, bool) {
	def := v.DefiningOp()
	if def == nil || def.Name() != "arith.constant" {
		return 0, false
	}
	switch a := def.Attr("value").(type) {
	case *ir.FloatAttr:
		return a.Value, true
	case *ir.DenseElementsAttr:
		if a.IsFloat() && a.IsSplat() {
			return a.FloatAt(0), true
		}
	}
	return 0, false
}
