package tt

import (
	"fmt"

	"github.com/ttcompiler/tt/ir"
)

// Axis-info hints: tt.contiguity, tt.divisibility and tt.constancy give,
// per dimension of a value, what the front end knows about it (Triton's
// tl.multiple_of / tl.max_contiguous / tl.max_constancy). They sit on
// function arguments and, as discardable attributes, on the ops defining
// a value. The axis analysis reads one entry per dimension, so a hint
// must have exactly as many entries as its value has dimensions; the
// verifier checks that before any analysis runs.
const (
	HintContiguity   = "tt.contiguity"
	HintDivisibility = "tt.divisibility"
	HintConstancy    = "tt.constancy"
)

// IsAxisHint reports whether name is one of the axis-info hints.
func IsAxisHint(name string) bool {
	return name == HintContiguity || name == HintDivisibility || name == HintConstancy
}

// HintRank is the number of entries an axis hint of a value of type t has:
// the rank of a tensor or of a block pointer's block, 1 for a scalar.
func HintRank(t ir.Type) int {
	switch x := t.(type) {
	case *ir.RankedTensorType:
		return x.Rank()
	case *PointerType:
		if bt, ok := x.Pointee.(*ir.RankedTensorType); ok {
			return bt.Rank()
		}
	}
	return 1
}

// HintValues returns the per-dimension values of an axis hint for a value
// of the given rank. It accepts an integer (Triton's usual
// `tt.divisibility = 16 : i32`, for every dimension), a 1-D dense integer
// list of rank entries,
// and a dense integer splat of a multi-dimensional shape, which gives
// every dimension the same value (Triton's own tests write
// `dense<16> : tensor<128x64xi32>` for a 2-D value). Every value must be at least 1. Attributes of other
// kinds (a string, a float list) carry no hint: HintValues returns nil and
// no error, and the analysis ignores them, as Triton does.
func HintValues(a ir.Attribute, rank int) ([]int64, error) {
	var out []int64
	switch x := a.(type) {
	case *ir.IntegerAttr:
		// Zero-extended, as Triton reads it. On a value of rank 2 or more
		// Triton 3.6 keeps a one-entry vector and reads past it; its own
		// lit tests write such hints (`tensor<256x128xi32> {tt.divisibility
		// = 16 : i32}`), so tt accepts them and applies the value to every
		// dimension.
		out = make([]int64, max(rank, 1))
		for d := range out {
			out[d] = int64(x.Uint())
		}
	case *ir.DenseElementsAttr:
		if x.IsFloat() || !ir.IsInteger(x.Typ.ElementType(), 0) {
			return nil, nil
		}
		switch shape := x.Typ.Shape(); {
		case len(shape) == 1 && shape[0] == int64(rank):
			out = make([]int64, rank)
			for d := range out {
				out[d] = x.IntAt(d)
			}
		case len(shape) >= 2 && x.IsSplat():
			out = make([]int64, rank)
			for d := range out {
				out[d] = x.IntAt(0)
			}
		default:
			return nil, fmt.Errorf("has %d entries but the value has %d dimensions; give one entry per dimension", ir.NumElements(shape), rank)
		}
	default:
		return nil, nil
	}
	for _, v := range out {
		if v < 1 {
			return nil, fmt.Errorf("must be at least 1, got %d", v)
		}
	}
	return out, nil
}

// verifyAxisHint checks an axis hint attached to op against the rank of
// each of op's results.
func verifyAxisHint(op *ir.Operation, name string, value ir.Attribute) error {
	for i, r := range op.Results() {
		if _, err := HintValues(value, HintRank(r.Type())); err != nil {
			return opError(op, "hint '%s' of result #%d %v", name, i, err)
		}
	}
	return nil
}

// verifyArgHints checks the axis hints among the argument attributes of a
// function op against the arguments' types.
func verifyArgHints(op *ir.Operation, argTypes []ir.Type) error {
	for i, t := range argTypes {
		for _, e := range dictEntries(op.Attr("arg_attrs"), i) {
			if !IsAxisHint(e.Name) {
				continue
			}
			if _, err := HintValues(e.Value, HintRank(t)); err != nil {
				return opError(op, "hint '%s' of argument #%d %v", e.Name, i, err)
			}
		}
	}
	return nil
}
