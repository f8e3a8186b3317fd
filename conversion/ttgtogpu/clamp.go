package ttgtogpu

import (
	"github.com/ttcompiler/tt/dialects/gpu"
	"github.com/ttcompiler/tt/dialects/tt"
	"github.com/ttcompiler/tt/ir"
)

// tt.clampf(x, lo, hi) is min(max(x, lo), hi), NaN-propagating or not as
// its propagateNan says. Triton lowers a clip to a symmetric range,
// clamp(x, -h, h), to one min[.NaN].xorsign.abs(x, h) on sm_90 and later:
// min(|x|, h) with x's sign (h >= 0). Without NaN propagation the two
// differ where x is NaN (the clip gives ±h by the NaN's sign bit, the
// generic form lo), and kernels are expected to reproduce Triton's
// results, so tt recognizes exactly the clips Triton does: lo = 0 - hi
// (how tl.clamp's callers spell -h) or splat constants lo = -hi. The
// interpreter computes the same (interp/clamp.go).

// findClips returns the clamps of the module to lower as clips.
func (l *lowering) findClips() map[*ir.Operation]bool {
	clips := map[*ir.Operation]bool{}
	if !l.target.hasSymmetricClamp() {
		return clips
	}
	ir.WalkOps(l.module, func(op *ir.Operation) {
		if op.Name() == "tt.clampf" && isClip(op) {
			clips[op] = true
		}
	})
	return clips
}

// isClip reports whether a clamp of f32 or f16 is one of Triton's clips.
func isClip(op *ir.Operation) bool {
	t := ir.ElementTypeOrSelf(op.Result(0).Type())
	return (isF32(t) || isF16(t)) && tt.IsClip(op)
}

func lowerClamp(e *emitter, op *ir.Operation, a []ir.Value, res ir.Type) (ir.Value, error) {
	p, _ := op.Attr("propagateNan").(*ir.IntegerAttr)
	propagate := p != nil && tt.PropagateNan(p.Int()) == tt.PropagateAll
	if e.l.clips[op] {
		return gpu.NewMinXorsignAbs(e.b, e.loc, a[0], a[2], propagate).Result(0), nil
	}
	maxI, minI := "maxnum", "minnum"
	if propagate {
		maxI, minI = "maximum", "minimum"
	}
	clamp := func(w []ir.Value) ir.Value {
		t := w[0].Type()
		return e.intrinsic(minI, t, e.intrinsic(maxI, t, w[0], w[1]), w[2])
	}
	if isF32(res) || isF64(res) {
		return clamp(a), nil
	}
	return e.inF32(res, a, clamp), nil
}

func isF16(t ir.Type) bool { ft, ok := t.(*ir.FloatType); return ok && ft.Kind == ir.F16 }
