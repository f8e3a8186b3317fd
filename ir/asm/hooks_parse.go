package asm

import (
	"fmt"
	"strconv"

	"github.com/ttcompiler/tt/ir"
)

// dialectParser exposes the parser to dialect type and attribute hooks.
type dialectParser struct{ p *parser }

var _ ir.DialectParser = (*dialectParser)(nil)

func (d *dialectParser) Context() *ir.Context { return d.p.ctx }
func (d *dialectParser) Loc() ir.Location     { return d.p.curLoc() }
func (d *dialectParser) Errorf(format string, args ...any) error {
	return d.p.errf(format, args...)
}
func (d *dialectParser) ErrorfAt(loc ir.Location, format string, args ...any) error {
	return ir.Errorf(loc, format, args...)
}

func (d *dialectParser) req(k tokKind) error {
	return d.p.expect(k, k.String())
}

func (d *dialectParser) ParseLess() error            { return d.req(tokLess) }
func (d *dialectParser) ParseOptionalLess() bool     { return d.p.consumeIf(tokLess) }
func (d *dialectParser) ParseGreater() error         { return d.req(tokGreater) }
func (d *dialectParser) ParseOptionalGreater() bool  { return d.p.consumeIf(tokGreater) }
func (d *dialectParser) ParseLParen() error          { return d.req(tokLParen) }
func (d *dialectParser) ParseOptionalLParen() bool   { return d.p.consumeIf(tokLParen) }
func (d *dialectParser) ParseRParen() error          { return d.req(tokRParen) }
func (d *dialectParser) ParseOptionalRParen() bool   { return d.p.consumeIf(tokRParen) }
func (d *dialectParser) ParseLSquare() error         { return d.req(tokLSquare) }
func (d *dialectParser) ParseOptionalLSquare() bool  { return d.p.consumeIf(tokLSquare) }
func (d *dialectParser) ParseRSquare() error         { return d.req(tokRSquare) }
func (d *dialectParser) ParseOptionalRSquare() bool  { return d.p.consumeIf(tokRSquare) }
func (d *dialectParser) ParseLBrace() error          { return d.req(tokLBrace) }
func (d *dialectParser) ParseOptionalLBrace() bool   { return d.p.consumeIf(tokLBrace) }
func (d *dialectParser) ParseRBrace() error          { return d.req(tokRBrace) }
func (d *dialectParser) ParseOptionalRBrace() bool   { return d.p.consumeIf(tokRBrace) }
func (d *dialectParser) ParseComma() error           { return d.req(tokComma) }
func (d *dialectParser) ParseOptionalComma() bool    { return d.p.consumeIf(tokComma) }
func (d *dialectParser) ParseColon() error           { return d.req(tokColon) }
func (d *dialectParser) ParseOptionalColon() bool    { return d.p.consumeIf(tokColon) }
func (d *dialectParser) ParseEqual() error           { return d.req(tokEqual) }
func (d *dialectParser) ParseOptionalEqual() bool    { return d.p.consumeIf(tokEqual) }
func (d *dialectParser) ParseArrow() error           { return d.req(tokArrow) }
func (d *dialectParser) ParseOptionalArrow() bool    { return d.p.consumeIf(tokArrow) }
func (d *dialectParser) ParseStar() error            { return d.req(tokStar) }
func (d *dialectParser) ParseOptionalStar() bool     { return d.p.consumeIf(tokStar) }
func (d *dialectParser) ParseOptionalQuestion() bool { return d.p.consumeIf(tokQuestion) }
func (d *dialectParser) ParseOptionalPlus() bool     { return d.p.consumeIf(tokPlus) }
func (d *dialectParser) ParseOptionalEllipsis() bool { return d.p.consumeIf(tokEllipsis) }
func (d *dialectParser) ParseOptionalVerticalBar() bool {
	return d.p.consumeIf(tokVerticalBar)
}

func (d *dialectParser) ParseKeyword() (string, error) {
	if d.p.tok.kind != tokBareIdent {
		return "", d.p.errf("expected valid keyword")
	}
	s := d.p.tok.text
	d.p.advance()
	return s, nil
}

func (d *dialectParser) ParseExpectedKeyword(kw string) error {
	if !d.p.consumeKeyword(kw) {
		return d.p.errf("expected '%s'", kw)
	}
	return nil
}

func (d *dialectParser) ParseOptionalKeyword(kws ...string) (string, bool) {
	if d.p.tok.kind != tokBareIdent {
		return "", false
	}
	s := d.p.tok.text
	if len(kws) == 0 {
		d.p.advance()
		return s, true
	}
	for _, k := range kws {
		if k == s {
			d.p.advance()
			return s, true
		}
	}
	return "", false
}

func (d *dialectParser) ParseKeywordOrString() (string, error) {
	if s, ok := d.ParseOptionalString(); ok {
		return s, nil
	}
	return d.ParseKeyword()
}

func (d *dialectParser) ParseInteger() (int64, error) {
	v, ok, err := d.ParseOptionalInteger()
	if err != nil {
		return 0, err
	}
	if !ok {
		return 0, d.p.errf("expected integer value")
	}
	return v, nil
}

func (d *dialectParser) ParseOptionalInteger() (int64, bool, error) {
	p := d.p
	neg := false
	if p.tok.kind == tokMinus {
		save := p.tok.pos
		p.advance()
		if p.tok.kind != tokInteger {
			p.resetTo(save)
			return 0, false, nil
		}
		neg = true
	}
	if p.tok.kind != tokInteger {
		return 0, false, nil
	}
	v, err := strconv.ParseInt(p.tok.text, 0, 64)
	if err != nil {
		u, uerr := strconv.ParseUint(p.tok.text, 0, 64)
		if uerr != nil {
			return 0, true, p.errf("integer value too large")
		}
		v = int64(u)
	}
	p.advance()
	if neg {
		v = -v
	}
	return v, true, nil
}

func (d *dialectParser) ParseFloat() (float64, error) {
	lit, err := d.p.parseNumLit()
	if err != nil {
		return 0, err
	}
	v, err := strconv.ParseFloat(lit.text, 64)
	if err != nil && !isRangeErr(err) {
		return 0, d.p.errAt(lit.pos, "invalid floating point literal")
	}
	if lit.neg {
		v = -v
	}
	return v, nil
}

func (d *dialectParser) ParseString() (string, error) {
	s, ok := d.ParseOptionalString()
	if !ok {
		return "", d.p.errf("expected string")
	}
	return s, nil
}

func (d *dialectParser) ParseOptionalString() (string, bool) {
	if d.p.tok.kind != tokString {
		return "", false
	}
	s := unquote(d.p.tok.text)
	d.p.advance()
	return s, true
}

func (d *dialectParser) ParseType() (ir.Type, error) { return d.p.parseType() }
func (d *dialectParser) ParseOptionalType() (ir.Type, bool, error) {
	return d.p.parseOptionalType()
}
func (d *dialectParser) ParseAttribute(t ir.Type) (ir.Attribute, error) {
	return d.p.parseAttribute(t)
}
func (d *dialectParser) ParseOptionalAttribute(t ir.Type) (ir.Attribute, bool, error) {
	return d.p.parseOptionalAttribute(t)
}
func (d *dialectParser) ParseDimensionList(allowDynamic, trailingX bool) ([]int64, error) {
	return d.p.parseDimensionList(allowDynamic, trailingX)
}
func (d *dialectParser) ParseCommaSeparatedList(delim ir.Delimiter, each func() error) error {
	return d.p.parseCommaList(delim, "list", each)
}

func (d *dialectParser) ParseCustomType(parse func(ir.DialectParser) (ir.Type, error)) (ir.Type, error) {
	if d.p.tok.kind == tokBangID {
		return d.p.parseType()
	}
	return parse(d)
}

// opParser exposes the parser to custom op parse hooks.
type opParser struct {
	dialectParser
	def *ir.OpDef
	// parsed lists the regions the op's parser read, so that an empty
	// `{}` among them gets its implicit terminator while a region the
	// syntax left out (an absent `else`) stays empty.
	parsed []*ir.Region
}

// Errorf reports an error of the custom parser the way MLIR's custom op
// parser does: prefixed with "custom op 'NAME' ".
func (o *opParser) Errorf(format string, args ...any) error {
	return o.p.errf("custom op '%s' %s", o.def.Name, fmt.Sprintf(format, args...))
}

// ErrorfAt is Errorf at a given location.
func (o *opParser) ErrorfAt(loc ir.Location, format string, args ...any) error {
	return ir.Errorf(loc, "custom op '%s' %s", o.def.Name, fmt.Sprintf(format, args...))
}

var _ ir.OpParser = (*opParser)(nil)

func (o *opParser) ParseOperand() (ir.UnresolvedOperand, error) {
	return o.p.parseOperandRef()
}

func (o *opParser) ParseOptionalOperand() (ir.UnresolvedOperand, bool, error) {
	if o.p.tok.kind != tokPercentID {
		return ir.UnresolvedOperand{}, false, nil
	}
	u, err := o.p.parseOperandRef()
	return u, true, err
}

func (o *opParser) ParseOperandList(delim ir.Delimiter) ([]ir.UnresolvedOperand, error) {
	var out []ir.UnresolvedOperand
	if delim == ir.DelimNone && o.p.tok.kind != tokPercentID {
		return nil, nil
	}
	err := o.p.parseCommaList(delim, "operand list", func() error {
		u, err := o.p.parseOperandRef()
		out = append(out, u)
		return err
	})
	return out, err
}

func (o *opParser) ResolveOperand(u ir.UnresolvedOperand, t ir.Type) (ir.Value, error) {
	return o.p.resolveValue(u, t, o.p.posOf(u.Loc))
}

func (o *opParser) ResolveOperands(us []ir.UnresolvedOperand, ts []ir.Type) ([]ir.Value, error) {
	if len(us) != len(ts) {
		loc := o.p.curLoc()
		if len(us) > 0 {
			loc = us[0].Loc.(*ir.FileLineColLoc)
		}
		return nil, ir.Errorf(loc, "%d operands present, but expected %d", len(us), len(ts))
	}
	out := make([]ir.Value, len(us))
	for i, u := range us {
		v, err := o.ResolveOperand(u, ts[i])
		if err != nil {
			return nil, err
		}
		out[i] = v
	}
	return out, nil
}

func (o *opParser) ParseArgument(allowType, allowAttrs bool) (ir.Argument, error) {
	a, ok, err := o.ParseOptionalArgument(allowType, allowAttrs)
	if err == nil && !ok {
		err = o.p.errf("expected SSA identifier")
	}
	return a, err
}

func (o *opParser) ParseOptionalArgument(allowType, allowAttrs bool) (ir.Argument, bool, error) {
	p := o.p
	if p.tok.kind != tokPercentID {
		return ir.Argument{}, false, nil
	}
	u, err := p.parseOperandRef()
	if err != nil {
		return ir.Argument{}, true, err
	}
	a := ir.Argument{Operand: u}
	if allowType {
		if err := p.expect(tokColon, "':'"); err != nil {
			return a, true, err
		}
		if a.Type, err = p.parseType(); err != nil {
			return a, true, err
		}
	}
	if allowAttrs && p.tok.kind == tokLBrace {
		var list []ir.NamedAttr
		if err := p.parseAttrDictInto(&list); err != nil {
			return a, true, err
		}
		a.Attrs = ir.DictionaryAttrOf(p.ctx, list)
	}
	if p.isKeyword("loc") {
		l, _, _, err := p.parseLocSpecifier(false)
		if err != nil {
			return a, true, err
		}
		a.Loc = l
	}
	return a, true, nil
}

func (o *opParser) ParseArgumentList(delim ir.Delimiter, allowType, allowAttrs bool) ([]ir.Argument, error) {
	var out []ir.Argument
	if delim == ir.DelimNone && o.p.tok.kind != tokPercentID {
		return nil, nil
	}
	err := o.p.parseCommaList(delim, "argument list", func() error {
		a, err := o.ParseArgument(allowType, allowAttrs)
		out = append(out, a)
		return err
	})
	return out, err
}

func (o *opParser) ParseRegion(r *ir.Region, args []ir.Argument) error {
	o.parsed = append(o.parsed, r)
	return o.p.parseRegionBody(r, args, o.def.Has(ir.IsolatedFromAbove))
}

func (o *opParser) ParseOptionalRegion(r *ir.Region, args []ir.Argument) (bool, error) {
	if o.p.tok.kind != tokLBrace {
		return false, nil
	}
	return true, o.ParseRegion(r, args)
}

func (o *opParser) ParseSuccessor() (*ir.Block, error) {
	if o.p.tok.kind != tokCaretID {
		return nil, o.p.errf("expected block name")
	}
	b := o.p.blockRef(o.p.tok.text, o.p.tok.pos)
	o.p.advance()
	return b, nil
}

func (o *opParser) ParseSuccessorAndUseList() (*ir.Block, []ir.Value, error) {
	b, err := o.ParseSuccessor()
	if err != nil {
		return nil, nil, err
	}
	if o.p.tok.kind != tokLParen {
		return b, nil, nil
	}
	o.p.advance()
	us, err := o.ParseOperandList(ir.DelimNone)
	if err != nil {
		return nil, nil, err
	}
	var vals []ir.Value
	if len(us) > 0 {
		ts, err := o.ParseColonTypeList()
		if err != nil {
			return nil, nil, err
		}
		if vals, err = o.ResolveOperands(us, ts); err != nil {
			return nil, nil, err
		}
	}
	if err := o.p.expect(tokRParen, "')' to close argument list"); err != nil {
		return nil, nil, err
	}
	return b, vals, nil
}

func (o *opParser) ParseOptionalAttrDict(st *ir.OperationState) error {
	if o.p.tok.kind != tokLBrace {
		return nil
	}
	return o.p.parseAttrDictInto(&st.Attrs)
}

func (o *opParser) ParseOptionalAttrDictWithKeyword(st *ir.OperationState) error {
	if !o.p.consumeKeyword("attributes") {
		return nil
	}
	return o.p.parseAttrDictInto(&st.Attrs)
}

func (o *opParser) ParseColonType() (ir.Type, error) {
	if err := o.p.expect(tokColon, "':'"); err != nil {
		return nil, err
	}
	return o.p.parseType()
}

func (o *opParser) ParseColonTypeList() ([]ir.Type, error) {
	if err := o.p.expect(tokColon, "':'"); err != nil {
		return nil, err
	}
	return o.ParseTypeList()
}

func (o *opParser) ParseTypeList() ([]ir.Type, error) {
	var ts []ir.Type
	err := o.p.parseCommaList(ir.DelimNone, "type list", func() error {
		t, err := o.p.parseType()
		ts = append(ts, t)
		return err
	})
	return ts, err
}

func (o *opParser) ParseArrowTypeList() ([]ir.Type, error) {
	if err := o.p.expect(tokArrow, "'->'"); err != nil {
		return nil, err
	}
	return o.p.parseFunctionResultTypes()
}

func (o *opParser) ParseOptionalArrowTypeList() ([]ir.Type, error) {
	if o.p.tok.kind != tokArrow {
		return nil, nil
	}
	return o.ParseArrowTypeList()
}

func (o *opParser) ParseFunctionalType() ([]ir.Type, []ir.Type, error) {
	pos := o.p.tok.pos
	t, err := o.p.parseType()
	if err != nil {
		return nil, nil, err
	}
	fn, ok := t.(*ir.FunctionType)
	if !ok {
		return nil, nil, o.p.errAt(pos, "expected function type")
	}
	return fn.Inputs, fn.Results, nil
}

func (o *opParser) ParseSymbolName() (string, error) {
	s, ok := o.ParseOptionalSymbolName()
	if !ok {
		return "", o.p.errf("expected valid '@'-identifier for symbol name")
	}
	return s, nil
}

func (o *opParser) ParseOptionalSymbolName() (string, bool) {
	if o.p.tok.kind != tokAtIdent {
		return "", false
	}
	s := symbolText(o.p.tok.text)
	o.p.advance()
	return s, true
}

func (o *opParser) ParseOptionalLocationSpecifier() (ir.Location, bool, error) {
	if !o.p.isKeyword("loc") {
		return nil, false, nil
	}
	l, _, _, err := o.p.parseLocSpecifier(false)
	return l, true, err
}

func (o *opParser) NumResults() int { return o.p.numResults }
