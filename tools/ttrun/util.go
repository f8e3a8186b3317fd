package ttrun

import (
	"github.com/ttcompiler/tt/dialects/llvm"
	"github.com/ttcompiler/tt/dialects/tt"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

// isPointer reports whether a kernel parameter is a buffer: a tt pointer,
// or an llvm pointer of per-thread IR.
func isPointer(t ir.Type) bool {
	switch t.(type) {
	case *tt.PointerType, *llvm.PointerType:
		return true
	}
	return false
}

func typeName(t ir.Type) string { return asm.TypeString(t) }
