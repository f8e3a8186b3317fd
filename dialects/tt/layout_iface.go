package tt

import "github.com/ttcompiler/tt/ir"

// The interfaces below let the ttg dialect's layout attributes take part
// in tt's type inference and verification without tt importing ttg; they
// are Triton's DialectInferLayoutInterface, split per question. A tensor
// encoding that implements none of them is taken at its word: tt then
// checks shapes and element types only.

// ExpandDimsLayoutInferrer infers the result encoding of tt.expand_dims.
type ExpandDimsLayoutInferrer interface {
	InferExpandDimsLayout(axis int) (ir.Attribute, error)
}

// ReduceLayoutInferrer infers the result encoding of tt.reduce.
type ReduceLayoutInferrer interface {
	InferReduceLayout(axis int) (ir.Attribute, error)
}

// TransLayoutInferrer infers the result encoding of tt.trans.
type TransLayoutInferrer interface {
	InferTransLayout(shape []int64, order []int64) (ir.Attribute, error)
}

// SplitLayoutInferrer infers the result encoding of tt.split from the
// source encoding (and, for tt.join's check, the source encoding from the
// join result's encoding).
type SplitLayoutInferrer interface {
	InferSplitLayout(shape []int64) (ir.Attribute, error)
}

// LayoutEquivalence decides whether two encodings describe the same
// layout for a shape (InferTypeOpWithLayoutEquivalence).
type LayoutEquivalence interface {
	EquivalentLayout(other ir.Attribute, shape []int64) bool
}

// DotOperandLayoutVerifier checks a tt.dot operand encoding against the
// accumulator encoding (inferDotOpEncoding).
type DotOperandLayoutVerifier interface {
	VerifyDotOperandLayout(opIdx int, accEncoding ir.Attribute) error
}

// layoutsEquivalent reports whether types a and b are equal up to layout
// equivalence.
func layoutsEquivalent(a, b ir.Type) bool {
	if a == b {
		return true
	}
	ra, ok1 := a.(*ir.RankedTensorType)
	rb, ok2 := b.(*ir.RankedTensorType)
	if !ok1 || !ok2 || ra.Elem != rb.Elem || !ir.EqualShape(ra.Dims, rb.Dims) {
		return false
	}
	if eq, ok := ra.Encoding.(LayoutEquivalence); ok && rb.Encoding != nil {
		return eq.EquivalentLayout(rb.Encoding, ra.Dims)
	}
	return false
}

// verifyInferred compares inferred result types with op's, as MLIR's
// InferTypeOpInterface verifier does.
func verifyInferred(op *ir.Operation, inferred []ir.Type, equivalence bool) error {
	got := op.ResultTypes()
	same := len(got) == len(inferred)
	for i := 0; same && i < len(got); i++ {
		if equivalence {
			same = layoutsEquivalent(inferred[i], got[i])
		} else {
			same = inferred[i] == got[i]
		}
	}
	if !same {
		return opError(op, "inferred type(s) %s are incompatible with return type(s) of operation %s", typeList(inferred), typeList(got))
	}
	return nil
}

// inferEncoding runs an optional inference on enc: a nil encoding infers
// nil; an encoding without the interface yields (nil, false).
func inferEncoding[I any](enc ir.Attribute, f func(I) (ir.Attribute, error)) (ir.Attribute, bool, error) {
	if enc == nil {
		return nil, true, nil
	}
	i, ok := enc.(I)
	if !ok {
		return nil, false, nil
	}
	a, err := f(i)
	return a, true, err
}
