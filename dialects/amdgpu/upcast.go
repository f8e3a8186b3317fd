package amdgpu

import (
	"github.com/ttcompiler/tt/dialects/ttg"
	"github.com/ttcompiler/tt/ir"
)

// The scaled upcasts implement ttg.UpcastFp: the scale has the result's
// layout; amdg.scaled_upcast_fp8 keeps its input's layout, and
// amdg.scaled_upcast_fp4 unpacks two fp4 values per byte along its axis,
// as ttg.fp4_to_fp does.

func init() {
	ir.Attach(ScaledUpcastFp4.Def, func(op *ir.Operation) ttg.UpcastFp { return scaledUpcastFp4{op} })
	ir.Attach(ScaledUpcastFp8.Def, func(op *ir.Operation) ttg.UpcastFp { return scaledUpcastFp8{} })
}

type scaledUpcastFp4 struct{ *ir.Operation }

func (o scaledUpcastFp4) InferDstEncoding(opIdx int, src ir.Attribute) ir.Attribute {
	return o.fp4Encoding(opIdx, src, true)
}

func (o scaledUpcastFp4) InferSrcEncoding(opIdx int, dst ir.Attribute) ir.Attribute {
	return o.fp4Encoding(opIdx, dst, false)
}

// fp4Encoding infers across the unpacking along the op's axis (fwd: the
// result's layout from the packed input's), for the packed input; the
// scale (operand 1) shares the result's layout.
func (o scaledUpcastFp4) fp4Encoding(opIdx int, enc ir.Attribute, fwd bool) ir.Attribute {
	if opIdx == 1 {
		return enc
	}
	in, ok := o.Operand(0).Type().(*ir.RankedTensorType)
	axis, ok2 := o.Attr("axis").(*ir.IntegerAttr)
	if !ok || !ok2 {
		return nil
	}
	r, err := ttg.InferFp4ToFpEncoding(o.Context(), in.Dims, int(axis.Int()), enc, fwd)
	if err != nil {
		return nil
	}
	return r
}

type scaledUpcastFp8 struct{}

func (scaledUpcastFp8) InferDstEncoding(_ int, src ir.Attribute) ir.Attribute { return src }
func (scaledUpcastFp8) InferSrcEncoding(_ int, dst ir.Attribute) ir.Attribute { return dst }
