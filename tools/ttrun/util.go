package ttrun

import (
	"github.com/ttcompiler/tt/dialects/tt"
	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

func isPointer(t ir.Type) bool {
	_, ok := t.(*tt.PointerType)
	return ok
}

func typeName(t ir.Type) string { return asm.TypeString(t) }
