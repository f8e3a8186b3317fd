package tttottg

import (
	"github.com/ttcompiler/tt/conversion"
	"github.com/ttcompiler/tt/ir"
)

func (c *converter) controlFlowPatterns() []conversion.Pattern {
	return []conversion.Pattern{
		conversion.NewPattern("scf.for", "scf.for", 1, c.structured),
		conversion.NewPattern("scf.if", "scf.if", 1, c.structured),
		conversion.NewPattern("scf.while", "scf.while", 1, c.structured),
		conversion.NewPattern("scf.condition", "scf.condition", 1, c.inPlaceOperands),
		conversion.NewPattern("scf.yield", "scf.yield", 1, c.yield),
		conversion.NewPattern("cf.br", "cf.br", 1, c.branch),
		conversion.NewPattern("cf.cond_br", "cf.cond_br", 1, c.branch),
	}
}

// structured converts scf.for, scf.if and scf.while in place: operands in
// their converted types, results in the converted result types, and the
// block arguments of their regions (MLIR's structural type conversions).
func (c *converter) structured(op *ir.Operation, operands []ir.Value, rw *conversion.Rewriter) bool {
	ops := c.adapt(op, operands)
	types := c.convertTypes(op.ResultTypes())
	for _, r := range op.Regions() {
		if !rw.ConvertRegionTypes(r, nil) {
			return false
		}
	}
	rw.ModifyInPlace(op, func() {
		for i, v := range ops {
			if op.Operand(i) != v {
				op.SetOperand(i, v)
			}
		}
		for i, t := range types {
			op.Result(i).SetType(t)
		}
	})
	return true
}

// inPlaceOperands gives an op (scf.condition) its operands in their
// converted types.
func (c *converter) inPlaceOperands(op *ir.Operation, operands []ir.Value, rw *conversion.Rewriter) bool {
	ops := c.adapt(op, operands)
	rw.ModifyInPlace(op, func() {
		for i, v := range ops {
			if op.Operand(i) != v {
				op.SetOperand(i, v)
			}
		}
	})
	return true
}

// yield is rebuilt with its operands in their converted types.
func (c *converter) yield(op *ir.Operation, operands []ir.Value, rw *conversion.Rewriter) bool {
	recreate(op, c.adapt(op, operands), nil, rw)
	return true
}

// branch rebuilds a cf branch with converted operands and converts the
// argument types of the blocks of its region.
func (c *converter) branch(op *ir.Operation, operands []ir.Value, rw *conversion.Rewriter) bool {
	n := recreate(op, c.adapt(op, operands), nil, rw)
	for _, s := range n.Successors() {
		if !rw.ConvertRegionTypes(s.Region(), nil) {
			return false
		}
	}
	return true
}
