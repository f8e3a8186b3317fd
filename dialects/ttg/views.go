package ttg

import "github.com/ttcompiler/tt/ir"

// IsMemDescView reports the ops of Triton's MemDescViewTrait: they give
// another view of their first operand's buffer without touching memory.
func IsMemDescView(op *ir.Operation) bool {
	switch op.Name() {
	case "ttg.memdesc_index", "ttg.memdesc_subslice", "ttg.memdesc_trans", "ttg.memdesc_reshape", "ttg.memdesc_reinterpret":
		return true
	}
	return false
}
