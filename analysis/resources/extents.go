package resources

import (
	"slices"

	"github.com/ttcompiler/tt/ir"
)

// CheckExtents returns a located error for the first tensor value of
// module with an extent of 0. Such a tensor verifies (Triton's
// TensorSizeTrait counts 0 elements as a power of two), but no layout can
// hold it: a layout spreads each extent, a power of two of at least 1,
// over registers, lanes and warps, and the layout builders divide by
// those extents. convert-triton-to-tritongpu checks it before choosing
// layouts; a TTGIR module's layouts are refused by the verifier.
func CheckExtents(module *ir.Operation) error {
	return walkTensorTypes(module, checkExtents)
}

func checkExtents(v ir.Value, rt *ir.RankedTensorType, at *ir.Operation, what string) error {
	if !slices.Contains(rt.Dims, 0) {
		return nil
	}
	return ir.Errorf(sourceLoc(at, v), "'%s' op %s%s has no elements (an extent of 0); a layout needs every extent to be a power of two of at least 1", at.Name(), what, shortType(rt))
}
