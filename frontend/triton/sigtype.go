package triton

import (
	"fmt"

	"github.com/ttcompiler/tt/dialects/tt"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

// SignatureType spells a kernel parameter's IR type as Triton's
// signatures do (the inverse of ParseTypeString): *fp32, i32, fp16,
// bf16, *fp8e4nv.
func SignatureType(t ir.Type) string {
	switch x := t.(type) {
	case *tt.PointerType:
		return "*" + SignatureType(x.Pointee)
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
