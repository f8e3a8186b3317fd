package nvvm

import (
	"github.com/ttcompiler/tt/dialects/llvm"
	"github.com/ttcompiler/tt/ir"
)

func llvmStruct(ctx *ir.Context, v ir.Type) ir.Type {
	return llvm.Struct(ctx, []ir.Type{v, ir.I1(ctx)}, false)
}
