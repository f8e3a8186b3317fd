package scf

import (
	"fmt"

	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

// edge is one control-flow edge of a RegionBranchOpInterface op: values
// forwarded from a branch point (the parent or a terminator) to a
// successor (a region's entry arguments or the parent's results).
type edge struct {
	from     *ir.Operation // terminator, or nil for the parent
	toRegion int           // -1 for the parent results
	values   []ir.Value
	inputs   []ir.Type
}

// verifyEdges is MLIR's verifyTypesAlongControlFlowEdges for the edges of
// op, with its messages.
func verifyEdges(op *ir.Operation, edges []edge) error {
	for _, e := range edges {
		from := "parent operands"
		if e.from != nil {
			from = "Operation " + e.from.Name()
		}
		to, succ := "parent results", "<to parent>"
		if e.toRegion >= 0 {
			to = fmt.Sprintf("Region #%d", e.toRegion)
			succ = fmt.Sprintf("<to region #%d with %d inputs>", e.toRegion, len(e.inputs))
		}
		if len(e.values) != len(e.inputs) {
			return ir.OpErrorf(op, "region control flow edge from %s to %s: source has %d operands, but target successor %s needs %d",
				from, to, len(e.values), succ, len(e.inputs))
		}
		for i, v := range e.values {
			if v.Type() != e.inputs[i] {
				return ir.OpErrorf(op, "along control flow edge from %s to %s: source type #%d '%s' should match input type #%d '%s'",
					from, to, i, asm.TypeString(v.Type()), i, asm.TypeString(e.inputs[i]))
			}
		}
	}
	return nil
}

// terminatorOf returns the terminator of r's entry block when it has the
// given name, else nil.
func terminatorOf(r *ir.Region, name string) *ir.Operation {
	if r.Empty() {
		return nil
	}
	if last := r.Front().Last(); last != nil && last.Name() == name {
		return last
	}
	return nil
}
