package tt

import (
	"github.com/ttcompiler/tt/frontend/triton"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/tools/ttrun"
)

// paramsOf describes a tt.func's parameters: the names its source gave
// them and their types in Triton's signature syntax.
func paramsOf(fn *ir.Operation) []Param {
	names := ttrun.ParamNames(fn)
	types := fn.Region(0).Front().ArgumentTypes()
	out := make([]Param, len(types))
	for i, t := range types {
		out[i] = Param{Name: names[i], Type: triton.SignatureType(t)}
	}
	return out
}
