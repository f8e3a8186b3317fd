package ttrun

import (
	"github.com/ttcompiler/tt/dialects/tt"
	"github.com/ttcompiler/tt/ir"
)

func isPointer(t ir.Type) bool {
	_, ok := t.(*tt.PointerType)
	return ok
}
