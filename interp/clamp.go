package interp

import (
	"math"

	"github.com/ttcompiler/tt/dialects/tt"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/numeric"
)

// tt.clampf(x, lo, hi) is min(max(x, lo), hi) with maxnumf/minnumf, or
// maximumf/minimumf under propagateNan = all. On sm_90, Triton lowers the
// symmetric "clip" form, clampf(x, -c, c) with constant c (or with lo
// computed as 0 - hi), to PTX min[.NaN].xorsign.abs(x, hi) instead
// (ClampFOpConversion::isClipPattern, f32 and f16): min(|x|, |hi|) with
// the sign of x xor the sign of hi. The two differ for NaN x: the clip
// form gives +-hi where min/max gives lo. The interpreter follows the
// lowering of the module's target (target.go), since it is what the GPU
// computes: the clip form on sm_90 and later (and for TTIR), min/max on
// earlier NVIDIA GPUs and on AMD.
func buildClampF(c *compiler, op *ir.Operation) (func(*execCtx, *instr, []*Tensor, int, []int) (*Tensor, error), error) {
	e, err := floatResult(c, op)
	if err != nil {
		return nil, err
	}
	prop := false
	if a, ok := op.Attr("propagateNan").(*ir.IntegerAttr); ok && tt.PropagateNan(a.Int()) == tt.PropagateAll {
		prop = true
	}
	if clipsWithXorsign(op) && tt.IsClip(op) && (e.Kind == KF32 || (e.Kind == KSmall && e.Fmt == numeric.F16)) {
		return func(x *execCtx, in *instr, ts []*Tensor, n int, shape []int) (*Tensor, error) {
			r := newTensorN(e, shape, n)
			for i := 0; i < n; i++ {
				r.setBits(i, minXorSignAbs(e, ts[0].bitsAt(i), ts[2].bitsAt(i), prop))
			}
			return r, nil
		}, nil
	}
	maxF, minF := floatBinary["arith.maxnumf"], floatBinary["arith.minnumf"]
	if prop {
		maxF, minF = floatBinary["arith.maximumf"], floatBinary["arith.minimumf"]
	}
	return func(x *execCtx, in *instr, ts []*Tensor, n int, shape []int) (*Tensor, error) {
		lo := applyFloat2(e, shape, n, ts[0], ts[1], maxF)
		return applyFloat2(e, shape, n, lo, ts[2], minF), nil
	}, nil
}

// minXorSignAbs is PTX min[.NaN].xorsign.abs on bit patterns of e.
func minXorSignAbs(e *Elem, a, b uint64, nanProp bool) uint64 {
	sign := uint64(1) << uint(e.Width-1)
	if e.Kind == KF32 {
		x, y := math.Float32frombits(uint32(a&^sign)), math.Float32frombits(uint32(b&^sign))
		var m float32
		if nanProp {
			m = numeric.MinimumF32(x, y)
		} else {
			m = numeric.MinNumF32(x, y)
		}
		if m != m {
			return uint64(math.Float32bits(m))
		}
		return uint64(math.Float32bits(m)) | (a^b)&sign
	}
	var m uint32
	if nanProp {
		m = numeric.MinimumBits(e.Fmt, uint32(a&^sign), uint32(b&^sign))
	} else {
		m = numeric.MinNumBits(e.Fmt, uint32(a&^sign), uint32(b&^sign))
	}
	if e.Fmt.IsNaN(m) {
		return uint64(m)
	}
	return uint64(m) | (a^b)&sign
}
