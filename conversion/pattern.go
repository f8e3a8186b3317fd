package conversion

import "github.com/ttcompiler/tt/ir"

// Pattern converts one kind of op. MatchAndRewrite receives op's operands
// remapped to their converted values (the original value where nothing was
// converted; for 1:N conversions use Rewriter.RemappedN), or nil for a
// pattern made by NewOpPattern, which asks for what it reads. It reports
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
	// opFn, set instead of fn, takes no operand list (NewOpPattern).
	opFn func(op *ir.Operation, rw *Rewriter) bool
}

func (p *funcPattern) RootName() string { return p.root }
func (p *funcPattern) Benefit() int     { return p.benefit }
func (p *funcPattern) String() string   { return p.name }
func (p *funcPattern) MatchAndRewrite(op *ir.Operation, operands []ir.Value, rw *Rewriter) bool {
	if p.opFn != nil {
		return p.opFn(op, rw)
	}
	return p.fn(op, operands, rw)
}

// NewPattern returns a conversion pattern for ops named root ("" = any).
func NewPattern(name, root string, benefit int, fn func(op *ir.Operation, operands []ir.Value, rw *Rewriter) bool) Pattern {
	return &funcPattern{name: name, root: root, benefit: benefit, fn: fn}
}

// NewOpPattern returns a conversion pattern for ops named root ("" = any)
// whose function asks the Rewriter for the converted values it reads
// (RemappedN, RemappedOne, Remapped): the conversion does not first remap
// every operand of op into a list for it, and MatchAndRewrite ignores the
// list it is given.
func NewOpPattern(name, root string, benefit int, fn func(op *ir.Operation, rw *Rewriter) bool) Pattern {
	return &funcPattern{name: name, root: root, benefit: benefit, opFn: fn}
}

// remapsOperands reports whether p reads the remapped operand list
// (every pattern but NewOpPattern's).
func remapsOperands(p Pattern) bool {
	fp, ok := p.(*funcPattern)
	return !ok || fp.opFn == nil
}
