package nvvm

import (
	"github.com/ttcompiler/tt/dialects/llvm"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

func llvmStruct(ctx *ir.Context, v ir.Type) ir.Type {
	return llvm.Struct(ctx, []ir.Type{v, ir.I1(ctx)}, false)
}

func typeString(t ir.Type) string { return asm.TypeString(t) }
