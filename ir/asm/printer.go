package asm

import (
	"fmt"
	"io"
	"strings"

	"github.com/ttcompiler/tt/ir"
)

// PrintConfig selects MLIR printing flags.
type PrintConfig struct {
	// DebugInfo prints locations (--mlir-print-debuginfo).
	DebugInfo bool
	// Generic prints every op in the generic form (--mlir-print-op-generic).
	Generic bool
	// UseNameLocAsPrefix names values after their NameLoc locations
	// (--mlir-use-nameloc-as-prefix).
	UseNameLocAsPrefix bool
	// ElideElementsAttrsIfLarger elides dense elements attributes with more
	// elements than this (0 = never), printing `dense_resource<__elided__>`.
	ElideElementsAttrsIfLarger int
	// HexIfLarger prints dense elements attributes of more elements than
	// this as a hex string (--mlir-print-elementsattrs-with-hex-if-larger);
	// 0 means mlir-opt's default, 100, and a negative value never.
	HexIfLarger int
	// LocalScope prints types, attributes and locations inline, without
	// alias definitions (--mlir-print-local-scope).
	LocalScope bool
	// PrettyDebugInfo prints locations in their readable, unparseable
	// form: `file:3:5` instead of `loc("file":3:5)` (--mlir-pretty-debuginfo,
	// with DebugInfo).
	PrettyDebugInfo bool
	// ValueUsers comments every value with the values that use it
	// (--mlir-print-value-users); ops without results get an id.
	ValueUsers bool
	// AssumeVerified prints custom forms without verifying the op first
	// (--mlir-print-assume-verified); see SprintVerified.
	AssumeVerified bool
}

// Print writes op (usually a module) with its aliases, as mlir-opt does.
func Print(w io.Writer, op *ir.Operation, cfg PrintConfig) error {
	_, err := io.WriteString(w, Sprint(op, cfg))
	return err
}

// Sprint returns the printed form of op with aliases and a final newline.
func Sprint(op *ir.Operation, cfg PrintConfig) string {
	names := newSSANames(op, &cfg)
	aliases := newAliasState()
	if !cfg.LocalScope {
		collector := &printer{cfg: &cfg, names: names, aliases: aliases, collect: true, dialects: []string{"builtin"}}
		collector.collectOp(op)
	}
	aliases.finish()
	p := &printer{cfg: &cfg, names: names, aliases: aliases, dialects: []string{"builtin"}}
	p.printAliases(false)
	p.printOpLine(op)
	p.sb.WriteByte('\n')
	p.printAliases(true)
	return p.sb.String()
}

// SprintVerified is Sprint as mlir-opt prints: an op that does not verify
// is printed in the generic form, which needs none of the invariants
// custom printers assume, unless cfg.AssumeVerified.
func SprintVerified(op *ir.Operation, cfg PrintConfig) string {
	if !cfg.AssumeVerified && !cfg.Generic && ir.Verify(op) != nil {
		cfg.Generic = true
	}
	return Sprint(op, cfg)
}

// OpString prints a single op without aliases (for diagnostics and debug
// output). Values are named as in the nearest isolated-from-above
// ancestor, like MLIR's local-scope printing, so operands defined outside
// op keep their names.
func OpString(op *ir.Operation) string {
	cfg := PrintConfig{}
	scope := op
	for scope.ParentOp() != nil && !scope.Has(ir.IsolatedFromAbove) {
		scope = scope.ParentOp()
	}
	p := &printer{cfg: &cfg, names: newSSANames(scope, &cfg), dialects: []string{"builtin"}}
	p.printOp(op)
	return p.sb.String()
}

// TypeString prints a type without aliases.
func TypeString(t ir.Type) string {
	p := &printer{cfg: &PrintConfig{}}
	p.PrintType(t)
	return p.sb.String()
}

// AttrString prints an attribute without aliases.
func AttrString(a ir.Attribute) string {
	p := &printer{cfg: &PrintConfig{}}
	p.PrintAttribute(a)
	return p.sb.String()
}

// LocString prints a location as `loc(...)` without aliases.
func LocString(l ir.Location) string {
	p := &printer{cfg: &PrintConfig{}}
	p.printLocation(l, false)
	return p.sb.String()
}

// printer implements ir.OpPrinter. In collect mode it writes nothing and
// records the types and attributes it would print, for alias generation.
type printer struct {
	sb       strings.Builder
	cfg      *PrintConfig
	names    *ssaNames
	aliases  *aliasState
	indent   int
	dialects []string

	collect    bool
	deferrable bool // collect mode: visits may be deferred (op locations)
	child      *childRecord
}

// childRecord accumulates what a type or attribute's children contribute
// to its alias depth.
type childRecord struct {
	maxDepth int
	childIdx []int
}

var _ ir.OpPrinter = (*printer)(nil)

func (p *printer) childCollector(deferrable bool) *printer {
	return &printer{cfg: p.cfg, names: p.names, aliases: p.aliases, collect: true,
		deferrable: deferrable, child: &childRecord{}}
}

func (c *printer) visitTypeChildren(t ir.Type) {
	switch t := t.(type) {
	case ir.DialectType:
		t.PrintParams(c)
	case *ir.RankedTensorType:
		c.PrintType(t.Elem)
		if t.Encoding != nil {
			c.PrintAttribute(t.Encoding)
		}
	case *ir.UnrankedTensorType:
		c.PrintType(t.Elem)
	case *ir.VectorType:
		c.PrintType(t.Elem)
	case *ir.ComplexType:
		c.PrintType(t.Elem)
	case *ir.FunctionType:
		for _, x := range t.Inputs {
			c.PrintType(x)
		}
		for _, x := range t.Results {
			c.PrintType(x)
		}
	case *ir.TupleType:
		for _, x := range t.Types {
			c.PrintType(x)
		}
	}
}

func (c *printer) visitAttrChildren(a ir.Attribute, elideType bool) {
	switch a := a.(type) {
	case ir.DialectAttribute:
		a.PrintParams(c)
	case *ir.DenseArrayAttr, *ir.FloatAttr, *ir.IntegerAttr, *ir.UnitAttr:
		return
	case *ir.DictionaryAttr:
		for _, e := range a.Entries {
			c.PrintAttribute(e.Value)
		}
	case *ir.ArrayAttr:
		for _, e := range a.Elems {
			c.PrintAttribute(e)
		}
	case *ir.TypeAttr:
		c.PrintType(a.Value)
	case *ir.NameLoc:
		if _, unk := a.Child.(*ir.UnknownLoc); !unk {
			c.PrintAttribute(a.Child)
		}
	case *ir.CallSiteLoc:
		c.PrintAttribute(a.Callee)
		c.PrintAttribute(a.Caller)
	case *ir.FusedLoc:
		if a.Metadata != nil {
			c.PrintAttribute(a.Metadata)
		}
		for _, l := range a.Locs {
			c.PrintAttribute(l)
		}
	}
	if !elideType {
		if ta, ok := a.(ir.TypedAttribute); ok {
			if t := ta.Type(); t != nil {
				if _, none := t.(*ir.NoneType); !none {
					c.PrintType(t)
				}
			}
		}
	}
}

// record notes a visit's result in the child record (collect mode).
func (p *printer) record(depth, idx int) {
	if p.child == nil {
		return
	}
	p.child.childIdx = append(p.child.childIdx, idx)
	if depth > p.child.maxDepth {
		p.child.maxDepth = depth
	}
}

func (p *printer) visit(x any, elideType bool) {
	if p.aliases == nil {
		return
	}
	d, i := p.aliases.visit(p, x, p.deferrable, elideType)
	p.record(d, i)
}

// ---- raw output ----

func (p *printer) WriteString(s string) {
	if !p.collect {
		p.sb.WriteString(s)
	}
}

func (p *printer) Printf(format string, args ...any) {
	if !p.collect {
		fmt.Fprintf(&p.sb, format, args...)
	}
}

func (p *printer) writeIndent() {
	if !p.collect {
		for i := 0; i < p.indent; i++ {
			p.sb.WriteByte(' ')
		}
	}
}

func (p *printer) PrintNewline() {
	if !p.collect {
		p.sb.WriteByte('\n')
		p.writeIndent()
	}
}

func (p *printer) IncreaseIndent() { p.indent += 2 }
func (p *printer) DecreaseIndent() { p.indent -= 2 }

// aliasName returns the alias of a type or attribute, if it has one.
func (p *printer) aliasName(x any) (string, bool) {
	if p.aliases == nil {
		return "", false
	}
	name, ok := p.aliases.names[x]
	return name, ok
}

// printAliases writes the alias definitions (deferred ones after the op).
func (p *printer) printAliases(deferred bool) {
	if p.aliases == nil {
		return
	}
	for _, info := range p.aliases.order {
		if info.deferrable != deferred {
			continue
		}
		p.sb.WriteString(p.aliases.names[info.key])
		p.sb.WriteString(" = ")
		if t, ok := info.key.(ir.Type); ok {
			p.printTypeImpl(t)
		} else {
			p.printAttrImpl(info.key.(ir.Attribute), elideNever)
		}
		p.sb.WriteByte('\n')
	}
}
