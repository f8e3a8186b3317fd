package scf

import (
	function "github.com/ttcompiler/tt/dialects/func"
	"github.com/ttcompiler/tt/ir"
)

// YieldOpDef is `scf.yield`, the terminator of scf regions.
var YieldOpDef = Dialect.NewOp("yield", ir.Pure|ir.Terminator|ir.ReturnLike)

func init() {
	YieldOpDef.HasParent = []string{"scf.execute_region", "scf.for", "scf.if", "scf.index_switch", "scf.while"}
	// syntax: attr-dict ($results^ `:` type($results))?
	YieldOpDef.Parse = func(p ir.OpParser, st *ir.OperationState) error {
		if err := p.ParseOptionalAttrDict(st); err != nil {
			return err
		}
		return function.ParseOperandsWithTypes(p, st)
	}
	YieldOpDef.Print = function.PrintOperandsWithTypes
}

// NewYield builds `scf.yield vals`.
func NewYield(b *ir.Builder, loc ir.Location, vals []ir.Value) *ir.Operation {
	return b.CreateOp("scf.yield", loc, vals, nil)
}
