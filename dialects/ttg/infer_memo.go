package ttg

import "github.com/ttcompiler/tt/ir"

// Layout inference across splits, reshapes and transposes builds linear
// layouts and uniques the layout it finds, and the layout passes ask for
// the same few (layout, shape) pairs again and again: once per op, per
// candidate layout, per propagation step and per rematerialization
// attempt. The answers are pure functions of their arguments (layouts are
// uniqued, so their identity stands for their parameters), so, like
// ToLinearLayout's, they are cached per context.

// memoShape is a shape as part of a memo key.
type memoShape struct {
	rank int
	dims [maxMemoRank]int64
}

// memoShapeOf returns shape's key; ok is false for shapes of more than
// maxMemoRank dims, whose inference is not cached.
func memoShapeOf(shape []int64) (s memoShape, ok bool) {
	if len(shape) > maxMemoRank {
		return memoShape{}, false
	}
	s.rank = len(shape)
	copy(s.dims[:], shape)
	return s, true
}

type splitKey struct {
	enc   ir.Attribute
	shape memoShape
}

type reshapeKey struct {
	enc      ir.Attribute
	src, dst memoShape
}

type transKey struct {
	enc   ir.Attribute
	shape memoShape
	order [maxMemoRank]int
}

// inferred is a cached inference result.
type inferred struct {
	enc ir.Attribute
	err error
}

func inferredOf(enc ir.Attribute, err error) inferred { return inferred{enc, err} }
