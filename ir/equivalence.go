package ir

import "slices"

// SameOpShape reports whether x and y are the same op apart from the
// values they use: the same name, counts of operands, results, regions and
// successors, the same result types and attributes. Locations, operand
// values, successor blocks and region bodies are the caller's to compare
// (MLIR's OperationEquivalence, which its CSE and block merging share).
func SameOpShape(x, y *Operation) bool {
	if x.Name() != y.Name() || x.NumOperands() != y.NumOperands() || x.NumResults() != y.NumResults() ||
		x.NumRegions() != y.NumRegions() || x.NumSuccessors() != y.NumSuccessors() {
		return false
	}
	for i := 0; i < x.NumResults(); i++ {
		if x.Result(i).Type() != y.Result(i).Type() {
			return false
		}
	}
	// Attributes are uniqued: equal values are the same value.
	return slices.Equal(x.Props(), y.Props()) && slices.Equal(x.DiscardableAttrs(), y.DiscardableAttrs())
}
