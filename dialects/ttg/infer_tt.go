package ttg

import (
	"fmt"

	"github.com/ttcompiler/tt/dialects/tt"
	"github.com/ttcompiler/tt/ir"
)

// Answers to package tt's layout questions (see tt_interfaces.go).

func inferExpandDims(enc ir.Attribute, axis int) (ir.Attribute, error) {
	s, ok := enc.(*SliceEncoding)
	if !ok {
		return nil, fmt.Errorf("ExpandDimsOp operand encoding must be SliceEncodingAttr")
	}
	if s.Dim != axis {
		return nil, fmt.Errorf("Incompatible slice dimension for ExpandDimsOp operand")
	}
	return s.Parent, nil
}

func inferReduce(enc DistributedLayout, axis int) (ir.Attribute, error) {
	return NewSlice(ctxOf(enc), axis, enc), nil
}

func inferTrans(enc ir.Attribute, shape, order []int64) (ir.Attribute, error) {
	return InferTransEncoding(ctxOf(enc), enc, shape, ints(order))
}

func inferSplit(enc ir.Attribute, shape []int64) (ir.Attribute, error) {
	return InferSplitEncoding(ctxOf(enc), enc, shape)
}

// verifyDotOperand is inferDotOpEncoding: the encoding of operand opIdx of
// a tt.dot (or warp_group_dot) given the accumulator's encoding.
func verifyDotOperand(enc ir.Attribute, opIdx int, acc ir.Attribute) error {
	if mma, ok := acc.(*NvidiaMmaEncoding); ok && mma.IsHopper() {
		switch e := enc.(type) {
		case *NVMMASharedEncoding, *SharedLinearEncoding:
			return nil
		case *DotOperandEncoding:
			if _, isMma := e.Parent.(*NvidiaMmaEncoding); opIdx == 0 && e.OpIdx == 0 && isMma {
				return nil
			}
		}
		return fmt.Errorf("unexpected operand layout for NvidiaMmaEncodingAttr v3")
	}
	d, ok := enc.(*DotOperandEncoding)
	if !ok {
		return fmt.Errorf("Dot's a/b's encoding should be of DotOperandEncodingAttr")
	}
	if d.OpIdx != opIdx {
		return fmt.Errorf("Wrong opIdx")
	}
	if d.Parent != acc {
		return fmt.Errorf("Incompatible parent encoding")
	}
	return nil
}

// verifyDotLayouts is verifyDotOpEncodingCompatibility, asked of the
// accumulator encoding acc.
func verifyDotLayouts(op *ir.Operation, acc, aEnc, bEnc ir.Attribute) error {
	a, aok := aEnc.(*DotOperandEncoding)
	b, bok := bEnc.(*DotOperandEncoding)
	if !aok && !bok {
		return nil
	}
	if !aok || !bok {
		return fmt.Errorf("mismatching encoding between A and B operands")
	}
	if a.KWidth != b.KWidth {
		return fmt.Errorf("mismatching kWidth between A and B operands")
	}
	ma, _ := a.Parent.(*NvidiaMmaEncoding)
	mb, _ := b.Parent.(*NvidiaMmaEncoding)
	mr, _ := acc.(*NvidiaMmaEncoding)
	if ma != nil || mb != nil || mr != nil {
		if ma == nil || mb == nil || mr == nil {
			return fmt.Errorf("mismatching MMA encoding")
		}
		if ma.VersionMajor != mb.VersionMajor || ma.VersionMajor != mr.VersionMajor {
			return fmt.Errorf("mismatched MMA version.")
		}
		if !supportsMMA(op, mr.VersionMajor) {
			return fmt.Errorf("unsupported MMA version")
		}
	}
	return nil
}

// supportsMMA is Triton's supportMMA(dotOp, version) for the operand
// element types: v3 needs fp16/bf16/f32 (tf32)/fp8/i8 operands with
// matching A and B, v2 fp16/bf16/f32/i8/fp8. An f32 x f32 product runs on
// tensor cores only as tf32 (MMA v2 and later): with any other input
// precision it is not an MMA dot at all.
func supportsMMA(op *ir.Operation, version int) bool {
	if op.NumOperands() < 2 {
		return true
	}
	a := ir.ElementTypeOrSelf(op.Operand(0).Type())
	b := ir.ElementTypeOrSelf(op.Operand(1).Type())
	if isF32(a) && isF32(b) && op.Name() == "tt.dot" {
		return tt.DotOp{Operation: op}.InputPrecision() == tt.PrecisionTF32 && version >= 2
	}
	ok := func(t ir.Type) bool {
		switch t := t.(type) {
		case *ir.FloatType:
			switch t.Kind {
			case ir.F16, ir.BF16, ir.F32, ir.F8E5M2, ir.F8E4M3FN, ir.F8E4M3FNUZ, ir.F8E5M2FNUZ:
				return true
			}
		case *ir.IntegerType:
			return t.Width == 8
		}
		return false
	}
	switch version {
	case 3:
		return ok(a) && ok(b)
	case 2:
		return ok(a) && ok(b)
	}
	return true
}

func isF32(t ir.Type) bool {
	ft, ok := t.(*ir.FloatType)
	return ok && ft.Kind == ir.F32
}
