package asm

import (
	"sort"
	"strconv"
	"strings"

	"github.com/ttcompiler/tt/ir"
)

// collectOp visits op for aliases in the order MLIR's alias initializer
// does: location first, then the custom printer's calls, or, for the
// generic form, regions, operand types, result types and attributes.
func (p *printer) collectOp(op *ir.Operation) {
	if p.cfg.DebugInfo && !p.cfg.PrettyDebugInfo {
		p.deferrable = true
		p.PrintAttribute(op.Loc())
		p.deferrable = false
	}
	if !p.cfg.Generic && op.Registered() && op.Def().Print != nil && p.tryCustom(op) {
		return
	}
	for _, r := range op.Regions() {
		p.printRegion(r, true, true, true)
	}
	for _, t := range op.OperandTypes() {
		p.PrintType(t)
	}
	for _, t := range op.ResultTypes() {
		p.PrintType(t)
	}
	for _, a := range op.DiscardableAttrs() {
		p.PrintAttribute(a.Value)
	}
	for _, a := range op.Props() {
		p.PrintAttribute(a.Value)
	}
}

// printOpLine prints op at the current indentation with its location.
func (p *printer) printOpLine(op *ir.Operation) {
	if p.collect {
		p.collectOp(op)
		return
	}
	p.writeIndent()
	p.printOp(op)
	p.printTrailingLocation(op.Loc(), true)
	if p.cfg.ValueUsers {
		p.printUsersComment(op)
	}
}

func (p *printer) printTrailingLocation(l ir.Location, allowAlias bool) {
	if !p.cfg.DebugInfo {
		return
	}
	if p.collect {
		if !p.cfg.PrettyDebugInfo {
			p.PrintAttribute(l)
		}
		return
	}
	p.sb.WriteByte(' ')
	p.printLocation(l, allowAlias)
}

func (p *printer) printLocation(l ir.Location, allowAlias bool) {
	if p.cfg.PrettyDebugInfo {
		p.printLocationBody(l, true, true)
		return
	}
	p.sb.WriteString("loc(")
	if name, ok := p.aliasName(l); allowAlias && ok {
		p.sb.WriteString(name)
	} else {
		p.printLocationInternal(l, true)
	}
	p.sb.WriteByte(')')
}

func (p *printer) printOp(op *ir.Operation) {
	if n := op.NumResults(); n > 0 {
		groups := p.names.resultGroups[op]
		if len(groups) == 0 {
			p.sb.WriteString(p.names.valueID(op.Result(0), false))
			if n > 1 {
				p.sb.WriteString(":" + strconv.Itoa(n))
			}
		} else {
			for i, start := range groups {
				if i > 0 {
					p.sb.WriteString(", ")
				}
				end := n
				if i+1 < len(groups) {
					end = groups[i+1]
				}
				p.sb.WriteString(p.names.valueID(op.Result(start), false))
				if end-start > 1 {
					p.sb.WriteString(":" + strconv.Itoa(end-start))
				}
			}
		}
		p.sb.WriteString(" = ")
	}
	if !p.cfg.Generic && op.Registered() && op.Def().Print != nil {
		mark := p.sb.Len()
		name := op.Name()
		dd := p.dialects[len(p.dialects)-1]
		if dd != "" && strings.HasPrefix(name, dd+".") && strings.Count(name, ".") == 1 {
			name = name[len(dd)+1:]
		}
		p.sb.WriteString(name)
		if p.tryCustom(op) {
			return
		}
		// The custom printer failed on a malformed op: print it generically.
		text := p.sb.String()[:mark]
		p.sb.Reset()
		p.sb.WriteString(text)
	}
	p.printGenericOp(op)
}

// tryCustom runs op's custom printer and reports whether it completed. A
// custom printer may assume a verified op; on a malformed one it can fail,
// and the op is then printed in the generic form, as MLIR does.
func (p *printer) tryCustom(op *ir.Operation) (ok bool) {
	indent, depth := p.indent, len(p.dialects)
	defer func() {
		if recover() != nil {
			p.indent, p.dialects = indent, p.dialects[:depth]
			ok = false
		}
	}()
	op.Def().Print(p, op)
	return true
}

func (p *printer) printGenericOp(op *ir.Operation) {
	p.sb.WriteByte('"')
	p.sb.WriteString(escapeString(op.Name()))
	p.sb.WriteString("\"(")
	p.PrintOperands(op.Operands())
	p.sb.WriteByte(')')
	if op.NumSuccessors() > 0 {
		p.sb.WriteByte('[')
		for i, s := range op.Successors() {
			if i > 0 {
				p.sb.WriteString(", ")
			}
			p.PrintSuccessor(s)
		}
		p.sb.WriteByte(']')
	}
	if props := op.Props(); len(props) > 0 {
		p.sb.WriteString(" <{")
		for i, a := range props {
			if i > 0 {
				p.sb.WriteString(", ")
			}
			p.printNamedAttr(a)
		}
		p.sb.WriteString("}>")
	}
	if op.NumRegions() > 0 {
		p.sb.WriteString(" (")
		for i, r := range op.Regions() {
			if i > 0 {
				p.sb.WriteString(", ")
			}
			p.printRegion(r, true, true, true)
		}
		p.sb.WriteByte(')')
	}
	p.PrintOptionalAttrDict(op.DiscardableAttrs())
	p.sb.WriteString(" : ")
	p.PrintFunctionalType(op)
}

// printRegion prints `{ blocks }`, switching the default dialect to the
// owning op's while printing its body.
func (p *printer) printRegion(r *ir.Region, printEntryArgs, printTerminators, printEmptyBlock bool) {
	p.WriteString("{")
	p.WriteString("\n")
	if !r.Empty() {
		dd := ""
		if parent := r.ParentOp(); parent != nil {
			dd = parent.Def().DefaultDialect
		}
		p.dialects = append(p.dialects, dd)
		entry := r.Front()
		header := (printEmptyBlock && entry.Empty()) || (printEntryArgs && entry.NumArguments() > 0)
		p.printBlock(entry, header, printTerminators)
		for _, b := range r.Blocks()[1:] {
			p.printBlock(b, true, true)
		}
		p.dialects = p.dialects[:len(p.dialects)-1]
	}
	p.writeIndent()
	p.WriteString("}")
}

func (p *printer) printBlock(b *ir.Block, printHeader, printTerminator bool) {
	if printHeader {
		if p.collect {
			for _, a := range b.Arguments() {
				p.PrintType(a.Type())
				if p.cfg.DebugInfo && !p.cfg.PrettyDebugInfo {
					p.PrintAttribute(a.Loc())
				}
			}
		} else {
			p.writeIndent()
			p.sb.WriteString(p.names.blockName(b))
			if b.NumArguments() > 0 {
				p.sb.WriteByte('(')
				for i, a := range b.Arguments() {
					if i > 0 {
						p.sb.WriteString(", ")
					}
					p.sb.WriteString(p.names.valueID(a, true))
					p.sb.WriteString(": ")
					p.PrintType(a.Type())
					p.printTrailingLocation(a.Loc(), false)
				}
				p.sb.WriteByte(')')
			}
			p.sb.WriteByte(':')
			p.printPredecessors(b)
			p.sb.WriteByte('\n')
		}
	}
	p.indent += 2
	if p.cfg.ValueUsers && !p.collect {
		p.printBlockArgUsers(b)
	}
	for op := b.First(); op != nil; op = op.Next() {
		if !printTerminator && op == b.Last() && op.Has(ir.Terminator) {
			break
		}
		p.printOpLine(op)
		p.WriteString("\n")
	}
	p.indent -= 2
}

func (p *printer) printPredecessors(b *ir.Block) {
	preds := b.Predecessors()
	switch {
	case b.Region() == nil:
		p.sb.WriteString("  // block is not in a region!")
	case len(preds) == 0:
		if !b.IsEntry() {
			p.sb.WriteString("  // no predecessors")
		}
	case len(preds) == 1:
		p.sb.WriteString("  // pred: ")
		p.sb.WriteString(p.names.blockName(preds[0]))
	default:
		infos := make([]blockInfo, len(preds))
		for i, pr := range preds {
			infos[i] = p.names.blocks[pr]
		}
		sort.SliceStable(infos, func(i, j int) bool { return infos[i].ordering < infos[j].ordering })
		p.sb.WriteString("  // " + strconv.Itoa(len(infos)) + " preds: ")
		for i, info := range infos {
			if i > 0 {
				p.sb.WriteString(", ")
			}
			p.sb.WriteString(info.name)
		}
	}
}

// ---- ir.OpPrinter ----

func (p *printer) PrintOperand(v ir.Value) {
	if v == nil {
		p.WriteString("<<NULL VALUE>>")
		return
	}
	if !p.collect {
		p.sb.WriteString(p.names.valueID(v, true))
	}
}

func (p *printer) PrintOperands(vs []ir.Value) {
	for i, v := range vs {
		if i > 0 {
			p.WriteString(", ")
		}
		p.PrintOperand(v)
	}
}

func (p *printer) PrintTypes(ts []ir.Type) {
	for i, t := range ts {
		if i > 0 {
			p.WriteString(", ")
		}
		p.PrintType(t)
	}
}

func (p *printer) PrintOptionalAttrDict(attrs []ir.NamedAttr, elided ...string) {
	p.printAttrDict(attrs, elided, false)
}

func (p *printer) PrintOptionalAttrDictWithKeyword(attrs []ir.NamedAttr, elided ...string) {
	p.printAttrDict(attrs, elided, true)
}

func (p *printer) printAttrDict(attrs []ir.NamedAttr, elided []string, keyword bool) {
	var keep []ir.NamedAttr
	for _, a := range attrs {
		skip := false
		for _, e := range elided {
			if a.Name == e {
				skip = true
				break
			}
		}
		if !skip {
			keep = append(keep, a)
		}
	}
	if len(keep) == 0 {
		return
	}
	if keyword {
		p.WriteString(" attributes")
	}
	p.WriteString(" {")
	for i, a := range keep {
		if i > 0 {
			p.WriteString(", ")
		}
		p.printNamedAttr(a)
	}
	p.WriteString("}")
}

func (p *printer) printNamedAttr(a ir.NamedAttr) {
	p.PrintKeywordOrString(a.Name)
	if _, unit := a.Value.(*ir.UnitAttr); unit {
		return
	}
	p.WriteString(" = ")
	p.PrintAttribute(a.Value)
}

func (p *printer) PrintRegion(r *ir.Region, printEntryArgs, printTerminators bool) {
	p.printRegion(r, printEntryArgs, printTerminators, false)
}

func (p *printer) PrintRegionEmptyBlock(r *ir.Region, printEntryArgs, printTerminators bool) {
	p.printRegion(r, printEntryArgs, printTerminators, true)
}

func (p *printer) PrintSuccessor(b *ir.Block) {
	if !p.collect {
		p.sb.WriteString(p.names.blockName(b))
	}
}

func (p *printer) PrintSuccessorAndUseList(b *ir.Block, args []ir.Value) {
	if p.collect {
		return
	}
	p.PrintSuccessor(b)
	if len(args) == 0 {
		return
	}
	p.sb.WriteByte('(')
	p.PrintOperands(args)
	p.sb.WriteString(" : ")
	for i, a := range args {
		if i > 0 {
			p.sb.WriteString(", ")
		}
		p.PrintType(a.Type())
	}
	p.sb.WriteByte(')')
}

func (p *printer) PrintSymbolName(name string) {
	p.WriteString("@")
	if isBareIdentifier(name) {
		p.WriteString(name)
	} else {
		p.WriteString("\"" + escapeString(name) + "\"")
	}
}

func (p *printer) PrintFunctionalType(op *ir.Operation) {
	p.WriteString("(")
	p.PrintTypes(op.OperandTypes())
	p.WriteString(") -> ")
	rs := op.ResultTypes()
	wrap := len(rs) != 1
	if !wrap {
		if _, fn := rs[0].(*ir.FunctionType); fn {
			wrap = true
		}
	}
	if wrap {
		p.WriteString("(")
	}
	p.PrintTypes(rs)
	if wrap {
		p.WriteString(")")
	}
}

func (p *printer) PrintArrowTypeList(ts []ir.Type) {
	p.WriteString("-> ")
	wrap := len(ts) != 1
	if !wrap {
		if _, fn := ts[0].(*ir.FunctionType); fn {
			wrap = true
		}
	}
	if wrap {
		p.WriteString("(")
	}
	p.PrintTypes(ts)
	if wrap {
		p.WriteString(")")
	}
}

func (p *printer) PrintRegionArgument(arg *ir.BlockArgument, attrs []ir.NamedAttr, omitType bool) {
	p.PrintOperand(arg)
	if !omitType {
		p.WriteString(": ")
		p.PrintType(arg.Type())
	}
	p.PrintOptionalAttrDict(attrs)
	if p.collect {
		if p.cfg.DebugInfo && !p.cfg.PrettyDebugInfo {
			p.PrintAttribute(arg.Loc())
		}
		return
	}
	p.printTrailingLocation(arg.Loc(), false)
}

func (p *printer) PrintOptionalLocationSpecifier(l ir.Location) {
	if !p.cfg.DebugInfo {
		return
	}
	if p.collect {
		if !p.cfg.PrettyDebugInfo {
			p.PrintAttribute(l)
		}
		return
	}
	p.sb.WriteByte(' ')
	p.printLocation(l, true)
}

func (p *printer) ShadowRegionArgs(r *ir.Region, vals []ir.Value) {
	if p.collect || r.Empty() {
		return
	}
	for i, a := range r.Front().Arguments() {
		if i < len(vals) && vals[i] != nil {
			name := p.names.valueID(vals[i], true)[1:]
			p.names.valueIDs[a] = -1
			p.names.valueNames[a] = name
		}
	}
}
