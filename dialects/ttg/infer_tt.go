package ttg

import (
	"fmt"

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
		if op.Name() == "tt.dot" && !SupportsMMA(op, mr.VersionMajor) {
			return fmt.Errorf("unsupported MMA version")
		}
	}
	return nil
}

func isF32(t ir.Type) bool {
	ft, ok := t.(*ir.FloatType)
	return ok && ft.Kind == ir.F32
}
