package tt

import (
	"github.com/ttcompiler/tt/ir"
)

// Older op names. Early-2025 Tritons called the tensor-descriptor ops
// `tt.experimental_descriptor_*`; Triton 3.6 dropped the prefix and kept
// the syntax. tt reads the old names and builds the 3.6 op, so the IR
// prints with 3.6's names.
var (
	ExperimentalDescLoadDef    = renamedOp("experimental_descriptor_load", DescLoadDef)
	ExperimentalDescStoreDef   = renamedOp("experimental_descriptor_store", DescStoreDef)
	ExperimentalDescGatherDef  = renamedOp("experimental_descriptor_gather", DescGatherDef)
	ExperimentalDescScatterDef = renamedOp("experimental_descriptor_scatter", DescScatterDef)
)

// renamedOp registers old, an earlier name of op now, whose custom form is
// parsed with now's syntax into a now op. No op of the old name is ever
// built from the custom form; one written in the generic form is refused
// by the verifier, since its properties were never converted.
func renamedOp(old string, now *ir.OpDef) *ir.OpDef {
	def := Dialect.NewOp(old, 0)
	def.Parse = func(p ir.OpParser, st *ir.OperationState) error {
		if err := now.Parse(p, st); err != nil {
			return err
		}
		st.Name = now.Name
		return nil
	}
	def.Verify = func(op *ir.Operation) error {
		return opError(op, "is the older name of '%s': write the generic form with that name", now.Name)
	}
	return def
}
