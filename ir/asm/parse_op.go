package asm

import (
	"strconv"
	"strings"

	"github.com/ttcompiler/tt/ir"
)

type resultDef struct {
	name  string
	count int
	pos   int
}

// parseOperation parses one operation (with its result list and trailing
// location) and appends it to block.
func (p *parser) parseOperation(block *ir.Block) error {
	var results []resultDef
	total := 0
	if p.tok.kind == tokPercentID {
		for {
			if p.tok.kind != tokPercentID {
				return p.errf("expected valid ssa identifier")
			}
			r := resultDef{name: p.tok.text[1:], count: 1, pos: p.tok.pos}
			p.advance()
			if p.consumeIf(tokColon) {
				if p.tok.kind != tokInteger {
					return p.errf("expected integer number of results")
				}
				n, err := strconv.Atoi(p.tok.text)
				if err != nil || n < 1 {
					return p.errf("expected named operation to have at least 1 result")
				}
				r.count = n
				p.advance()
			}
			results = append(results, r)
			total += r.count
			if !p.consumeIf(tokComma) {
				break
			}
		}
		if err := p.expect(tokEqual, "'=' after SSA name"); err != nil {
			return err
		}
	}
	opPos := p.tok.pos
	var op *ir.Operation
	var err error
	switch p.tok.kind {
	case tokString:
		op, err = p.parseGenericOp()
	case tokBareIdent:
		op, err = p.parseCustomOp(total)
	default:
		if p.tok.kind == tokError {
			return p.errf("")
		}
		return p.errf("expected operation name in quotes")
	}
	if err != nil {
		return err
	}
	if err := p.parseTrailingLocation(op, nil); err != nil {
		return err
	}
	if len(results) > 0 {
		if total != op.NumResults() {
			return p.errAt(opPos, "operation defines %d results but was provided %d to bind", op.NumResults(), total)
		}
		idx := 0
		for _, r := range results {
			for i := 0; i < r.count; i++ {
				if err := p.defineValue(r.name, i, op.Result(idx), r.pos); err != nil {
					return err
				}
				idx++
			}
		}
	}
	block.Append(op)
	return nil
}

// parseTrailingLocation parses an optional ` loc(...)` for op or arg.
func (p *parser) parseTrailingLocation(op *ir.Operation, arg *ir.BlockArgument) error {
	if !p.isKeyword("loc") {
		return nil
	}
	loc, deferredName, pos, err := p.parseLocSpecifier(true)
	if err != nil {
		return err
	}
	if deferredName != "" {
		p.deferred = append(p.deferred, deferredUse{name: deferredName, op: op, arg: arg, pos: pos})
		return nil
	}
	if op != nil {
		op.SetLoc(loc)
	} else {
		arg.SetLoc(loc)
	}
	return nil
}

// parseGenericOp parses `"name"(operands)[succ] <{props}> (regions) {attrs} : fn-type`.
func (p *parser) parseGenericOp() (*ir.Operation, error) {
	namePos := p.tok.pos
	name := unquote(p.tok.text)
	p.advance()
	if name == "" {
		return nil, p.errAt(namePos, "empty operation name is invalid")
	}
	// MLIR reports an unregistered dialect at the token after the name.
	if err := p.checkDialectAvailable(name, p.tok.pos); err != nil {
		return nil, err
	}
	st := ir.NewState(p.ctx, name, p.locAt(namePos))
	var uses []ir.UnresolvedOperand
	var usePos []int
	if err := p.parseCommaList(ir.DelimParen, "operand list", func() error {
		pos := p.tok.pos
		u, err := p.parseOperandRef()
		if err != nil {
			return err
		}
		uses = append(uses, u)
		usePos = append(usePos, pos)
		return nil
	}); err != nil {
		return nil, err
	}
	if p.tok.kind == tokLSquare {
		if err := p.parseCommaList(ir.DelimSquare, "successor list", func() error {
			if p.tok.kind != tokCaretID {
				return p.errf("expected block name")
			}
			st.Successors = append(st.Successors, p.blockRef(p.tok.text, p.tok.pos))
			p.advance()
			return nil
		}); err != nil {
			return nil, err
		}
	}
	if p.tok.kind == tokLess {
		p.advance()
		props, err := p.parseAttribute(nil)
		if err != nil {
			return nil, err
		}
		d, ok := props.(*ir.DictionaryAttr)
		if !ok {
			return nil, p.errf("expected properties to be a dictionary attribute")
		}
		st.Props = append(st.Props, d.Entries...)
		if err := p.expect(tokGreater, "'>' to close properties"); err != nil {
			return nil, err
		}
	}
	def := p.ctx.OpDefFor(name)
	if p.tok.kind == tokLParen {
		if err := p.parseCommaList(ir.DelimParen, "region list", func() error {
			r := st.AddRegion()
			return p.parseRegionBody(r, nil, def.Has(ir.IsolatedFromAbove))
		}); err != nil {
			return nil, err
		}
	}
	if p.tok.kind == tokLBrace {
		if err := p.parseAttrDictInto(&st.Attrs); err != nil {
			return nil, err
		}
	}
	if err := p.expect(tokColon, "':' followed by operation type"); err != nil {
		return nil, err
	}
	typePos := p.tok.pos
	t, err := p.parseType()
	if err != nil {
		return nil, err
	}
	fn, ok := t.(*ir.FunctionType)
	if !ok {
		return nil, p.errAt(typePos, "expected function type")
	}
	if len(fn.Inputs) != len(uses) {
		return nil, p.errAt(typePos, "expected %d operand type%s but had %d", len(uses), plural(len(uses)), len(fn.Inputs))
	}
	for i, u := range uses {
		v, err := p.resolveValue(u, fn.Inputs[i], usePos[i])
		if err != nil {
			return nil, err
		}
		st.Operands = append(st.Operands, v)
	}
	st.Types = fn.Results
	return ir.Create(st), nil
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

func (p *parser) checkDialectAvailable(name string, pos int) error {
	if p.ctx.LookupOp(name) != nil || p.ctx.AllowUnregistered {
		return nil
	}
	ns := ir.DialectNamespace(name)
	if p.ctx.Dialect(ns) != nil {
		return p.errAt(pos, "custom op '%s' is unknown", name)
	}
	return p.errAt(pos, "operation being parsed with an unregistered dialect. If this is intended, please use -allow-unregistered-dialect with the MLIR tool used")
}

// parseCustomOp parses an op in its custom form through its OpDef.Parse.
func (p *parser) parseCustomOp(numResults int) (*ir.Operation, error) {
	namePos := p.tok.pos
	name := p.tok.text
	p.advance()
	def := p.lookupCustomOp(name)
	if def == nil {
		dd := p.defaultDialect[len(p.defaultDialect)-1]
		if !strings.Contains(name, ".") && dd != "" {
			return nil, p.errAt(namePos, "custom op '%s' is unknown (tried '%s.%s' as well)", name, dd, name)
		}
		return nil, p.errAt(namePos, "custom op '%s' is unknown", name)
	}
	if def.Parse == nil {
		return nil, p.errAt(namePos, "custom op '%s' has no custom assembly form; write it in the generic form", def.Name)
	}
	st := ir.NewState(p.ctx, def.Name, p.locAt(namePos))
	saved := p.numResults
	p.numResults = numResults
	p.defaultDialect = append(p.defaultDialect, def.DefaultDialect)
	op := &opParser{dialectParser: dialectParser{p: p}, def: def}
	err := def.Parse(op, st)
	p.defaultDialect = p.defaultDialect[:len(p.defaultDialect)-1]
	p.numResults = saved
	if err != nil {
		return nil, err
	}
	if def.Has(ir.SingleBlockImplicitTerminator) && def.SingleBlockTerminator != "" {
		for _, r := range op.parsed {
			p.ensureTerminator(r, def.SingleBlockTerminator, st.Loc)
		}
	}
	return ir.Create(st), nil
}

// lookupCustomOp resolves a custom op name, trying the default dialect of
// the enclosing op for names without a dialect prefix.
func (p *parser) lookupCustomOp(name string) *ir.OpDef {
	if def := p.ctx.LookupOp(name); def != nil {
		return def
	}
	if dd := p.defaultDialect[len(p.defaultDialect)-1]; dd != "" {
		if def := p.ctx.LookupOp(dd + "." + name); def != nil {
			return def
		}
	}
	if !strings.Contains(name, ".") {
		if def := p.ctx.LookupOp("builtin." + name); def != nil {
			return def
		}
	}
	return nil
}

// ensureTerminator adds the implicit terminator to a parsed single-block
// region whose custom form omitted it, and a block to hold it to an empty
// `{}`, as MLIR's op parsers do for the regions they parse.
func (p *parser) ensureTerminator(r *ir.Region, name string, loc ir.Location) {
	if r.Empty() {
		r.Append(ir.NewBlock(p.ctx, nil, nil))
	}
	b := r.Front()
	if last := b.Last(); last != nil && (last.Has(ir.Terminator) || !last.Registered() && last.Name() == name) {
		return
	}
	b.Append(ir.Create(ir.NewState(p.ctx, name, loc)))
}

// parseOperandRef parses `%name` or `%name#N`.
func (p *parser) parseOperandRef() (ir.UnresolvedOperand, error) {
	if p.tok.kind != tokPercentID {
		return ir.UnresolvedOperand{}, p.errf("expected SSA operand")
	}
	u := ir.UnresolvedOperand{Name: p.tok.text[1:], Loc: p.operandLoc(p.tok.pos)}
	end := p.tok.pos + len(p.tok.text)
	p.advance()
	if p.tok.kind == tokHashID && p.tok.pos == end {
		n, err := strconv.Atoi(p.tok.text[1:])
		if err != nil {
			return u, p.errf("invalid SSA value result number")
		}
		u.Number = n
		p.advance()
	}
	return u, nil
}

// parseRegionBody parses `{ blocks }` into r. Entry arguments (from custom
// parsers) become the entry block's arguments.
func (p *parser) parseRegionBody(r *ir.Region, entryArgs []ir.Argument, isolated bool) error {
	if err := p.expect(tokLBrace, "'{' to begin a region"); err != nil {
		return err
	}
	if err := p.enter(); err != nil {
		return err
	}
	defer p.leave()
	if isolated {
		p.pushIsolatedScope()
	} else {
		p.pushRegionNames()
	}
	p.pushBlockScope()
	p.defaultDialect = append(p.defaultDialect, p.defaultDialect[len(p.defaultDialect)-1])
	err := p.parseRegionBlocks(r, entryArgs)
	p.defaultDialect = p.defaultDialect[:len(p.defaultDialect)-1]
	if err == nil {
		err = p.popBlockScope()
	} else {
		p.blockScopes = p.blockScopes[:len(p.blockScopes)-1]
	}
	if isolated {
		if perr := p.popIsolatedScope(); err == nil {
			err = perr
		}
	} else {
		p.popRegionNames()
	}
	return err
}

func (p *parser) parseRegionBlocks(r *ir.Region, entryArgs []ir.Argument) error {
	if p.consumeIf(tokRBrace) {
		if len(entryArgs) > 0 {
			b := ir.NewBlock(p.ctx, nil, nil)
			r.Append(b)
			if err := p.defineArgs(b, entryArgs); err != nil {
				return err
			}
		}
		return nil
	}
	// An unlabeled entry block.
	if p.tok.kind != tokCaretID {
		b := ir.NewBlock(p.ctx, nil, nil)
		r.Append(b)
		if err := p.defineArgs(b, entryArgs); err != nil {
			return err
		}
		if err := p.parseBlockOps(b); err != nil {
			return err
		}
	} else if len(entryArgs) > 0 {
		return p.errf("invalid block name in region with named arguments")
	}
	for p.tok.kind == tokCaretID {
		if err := p.parseLabeledBlock(r); err != nil {
			return err
		}
	}
	return p.expect(tokRBrace, "'}' to end region")
}

func (p *parser) defineArgs(b *ir.Block, args []ir.Argument) error {
	for _, a := range args {
		loc := a.Loc
		if loc == nil {
			loc = p.uniqued(a.Operand.Loc)
		}
		arg := b.AddArgument(a.Type, loc)
		if a.Operand.Name != "" {
			if err := p.defineValue(a.Operand.Name, a.Operand.Number, arg, p.posOf(a.Operand.Loc)); err != nil {
				return err
			}
		}
	}
	return nil
}

// uniqued returns the context's own copy of a location operandLoc made
// (any other location as it is), for a location that goes into the IR.
func (p *parser) uniqued(l ir.Location) ir.Location {
	if f, ok := l.(*ir.FileLineColLoc); ok && f.EndLine == 0 && f.EndCol == 0 {
		return ir.FileLineCol(p.ctx, f.File, f.Line, f.Col)
	}
	return l
}

// posOf recovers a byte offset from a parser-made location (for errors).
func (p *parser) posOf(l ir.Location) int {
	f, ok := l.(*ir.FileLineColLoc)
	if !ok || p.lines == nil {
		return p.tok.pos
	}
	line := f.Line - 1 - p.cfg.LineOffset
	if line < 0 || line >= len(p.lines) {
		return p.tok.pos
	}
	return p.lines[line] + f.Col - 1
}

func (p *parser) parseLabeledBlock(r *ir.Region) error {
	pos := p.tok.pos
	b, err := p.defineBlock(p.tok.text, pos)
	if err != nil {
		return err
	}
	p.advance()
	r.Append(b)
	if p.tok.kind == tokLParen {
		if err := p.parseCommaList(ir.DelimParen, "block argument list", func() error {
			if p.tok.kind != tokPercentID {
				return p.errf("expected SSA identifier")
			}
			namePos := p.tok.pos
			name := p.tok.text[1:]
			p.advance()
			if err := p.expect(tokColon, "':' and type for SSA operand"); err != nil {
				return err
			}
			t, err := p.parseType()
			if err != nil {
				return err
			}
			arg := b.AddArgument(t, p.locAt(namePos))
			if err := p.parseTrailingLocation(nil, arg); err != nil {
				return err
			}
			return p.defineValue(name, 0, arg, namePos)
		}); err != nil {
			return err
		}
	}
	if err := p.expect(tokColon, "':' after block name"); err != nil {
		return err
	}
	return p.parseBlockOps(b)
}

func (p *parser) parseBlockOps(b *ir.Block) error {
	for p.tok.kind != tokCaretID && p.tok.kind != tokRBrace {
		if p.tok.kind == tokEOF {
			return p.errf("expected '}' to end region")
		}
		if err := p.parseOperation(b); err != nil {
			return err
		}
	}
	return nil
}

// parseAttrDictInto parses `{name = attr, unitname, ...}` into list.
func (p *parser) parseAttrDictInto(list *[]ir.NamedAttr) error {
	seen := map[string]bool{}
	for _, a := range *list {
		seen[a.Name] = true
	}
	return p.parseCommaList(ir.DelimBrace, "attribute dictionary", func() error {
		pos := p.tok.pos
		var name string
		switch p.tok.kind {
		case tokBareIdent:
			name = p.tok.text
		case tokString:
			name = unquote(p.tok.text)
			if name == "" {
				return p.errf("expected valid attribute name")
			}
		default:
			return p.errf("expected attribute name")
		}
		if seen[name] {
			return p.errAt(pos, "duplicate key '%s' in dictionary attribute", name)
		}
		seen[name] = true
		p.advance()
		if !p.consumeIf(tokEqual) {
			*list = append(*list, ir.NamedAttr{Name: name, Value: ir.Unit(p.ctx)})
			return nil
		}
		v, err := p.parseAttribute(nil)
		if err != nil {
			return err
		}
		*list = append(*list, ir.NamedAttr{Name: name, Value: v})
		return nil
	})
}
