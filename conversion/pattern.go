package conversion

import "github.com/ttcompiler/tt/ir"

// Pattern converts one kind of op. MatchAndRewrite receives op's operands
// remapped to their converted values (the original value where nothing was
// converted; for 1:N conversions use Rewriter.RemappedN). It reports
// whether it rewrote op; a pattern that returns false must not have
// changed the IR (conversion is one-shot, without rollback).
type Pattern interface {
	RootName() string
	Benefit() int
	MatchAndRewrite(op *ir.Operation, operands []ir.Value, rw *Rewriter) bool
}

type funcPattern struct {
	name, root string
	benefit    int
	fn         func(op *ir.Operation, operands []ir.Value, rw *Rewriter) bool
}

func (p *funcPattern) RootName() string { return p.root }
func (p *funcPattern) Benefit() int     { return p.benefit }
func (p *funcPattern) String() string   { return p.name }
func (p *funcPattern) MatchAndRewrite(op *ir.Operation, operands []ir.Value, rw *Rewriter) bool {
	return p.fn(op, operands, rw)
}

// NewPattern returns a conversion pattern for ops named root ("" = any).
func NewPattern(name, root string, benefit int, fn func(op *ir.Operation, operands []ir.Value, rw *Rewriter) bool) Pattern {
	return &funcPattern{name: name, root: root, benefit: benefit, fn: fn}
}
