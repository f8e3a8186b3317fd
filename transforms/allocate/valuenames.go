package allocate

import (
	"strings"

	"github.com/ttcompiler/tt/ir"
	"github.com/ttcompiler/tt/ir/asm"
)

// valueNames returns the names the printer gives to the values of fn (its
// op results and block arguments, nested ones included), as MLIR's
// Value::printAsOperand with the module's AsmState names them.
//
// Package asm exports no query for a value's printed name, so the names
// are read back from the printed form of a probe: a result-less scf.yield
// taking every value as an operand, placed in fn's entry block for the
// time of printing. It defines nothing, so it changes no name, and it is
// removed before returning.
func valueNames(fn *ir.Operation) map[ir.Value]string {
	names := map[ir.Value]string{}
	if fn.NumRegions() == 0 || fn.Region(0).Empty() {
		return names
	}
	var vals []ir.Value
	ir.WalkOps(fn, func(op *ir.Operation) {
		for _, r := range op.Regions() {
			for _, b := range r.Blocks() {
				vals = append(vals, b.Arguments()...)
			}
		}
		if op != fn {
			vals = append(vals, op.Results()...)
		}
	})
	if len(vals) == 0 {
		return names
	}
	b := ir.NewBuilder(fn.Context())
	b.SetInsertionPointToStart(fn.Region(0).Front())
	probe := b.CreateOp("scf.yield", fn.Loc(), vals, nil)
	text := asm.OpString(probe)
	probe.Erase()
	text = strings.TrimPrefix(strings.TrimSpace(text), "scf.yield")
	if i := strings.Index(text, " : "); i >= 0 {
		text = text[:i]
	}
	parts := strings.Split(text, ",")
	if len(parts) != len(vals) {
		return names
	}
	for i, p := range parts {
		names[vals[i]] = strings.TrimSpace(p)
	}
	return names
}
