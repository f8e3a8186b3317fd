package tt

import (
	"fmt"

	"github.com/ttcompiler/tt/dialects/tt"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
	"github.com/ttcompiler/tt/tools/ttrun"
)

// paramsOf describes a tt.func's parameters: the names its source gave
// them and their types in Triton's signature syntax.
func paramsOf(fn *ir.Operation) []Param {
	names := ttrun.ParamNames(fn)
	types := fn.Region(0).Front().ArgumentTypes()
	out := make([]Param, len(types))
	for i, t := range types {
		out[i] = Param{Name: names[i], Type: tritonType(t)}
	}
	return out
}

// tritonType spells a parameter type as Triton's signatures do: *fp32,
// i32, fp16, bf16, i1.
func tritonType(t ir.Type) string {
	switch x := t.(type) {
	case *tt.PointerType:
		return "*" + tritonType(x.Pointee)
	case *ir.FloatType:
		switch x.Kind {
		case ir.F16:
			return "fp16"
		case ir.BF16:
			return "bf16"
		case ir.F32:
			return "fp32"
		case ir.F64:
			return "fp64"
		case ir.F8E4M3FN:
			return "fp8e4nv"
		case ir.F8E5M2:
			return "fp8e5"
		}
	case *ir.IntegerType:
		return fmt.Sprintf("i%d", x.Width)
	}
	return asm.TypeString(t)
}
