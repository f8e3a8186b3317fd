package asm

import (
	"errors"
	"math"
	"strconv"
	"strings"

	"github.com/ttcompiler/tt/ir"
)

// parseAttribute parses any attribute. typ, when not nil, is the type of an
// untyped number literal (and suppresses the `: type` suffix).
func (p *parser) parseAttribute(typ ir.Type) (ir.Attribute, error) {
	a, ok, err := p.parseOptionalAttribute(typ)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, p.errf("expected attribute value")
	}
	return a, nil
}

func (p *parser) parseOptionalAttribute(typ ir.Type) (ir.Attribute, bool, error) {
	if err := p.enter(); err != nil {
		return nil, true, err
	}
	defer p.leave()
	switch p.tok.kind {
	case tokHashID:
		a, err := p.parseExtendedAttr(typ)
		return a, true, err
	case tokLSquare:
		var elems []ir.Attribute
		err := p.parseCommaList(ir.DelimSquare, "array attribute", func() error {
			a, err := p.parseAttribute(nil)
			elems = append(elems, a)
			return err
		})
		if err != nil {
			return nil, true, err
		}
		return ir.ArrayAttrOf(p.ctx, elems), true, nil
	case tokLBrace:
		var entries []ir.NamedAttr
		if err := p.parseAttrDictInto(&entries); err != nil {
			return nil, true, err
		}
		return ir.DictionaryAttrOf(p.ctx, entries), true, nil
	case tokString:
		s := unquote(p.tok.text)
		p.advance()
		var t ir.Type
		if typ == nil && p.consumeIf(tokColon) {
			var err error
			if t, err = p.parseType(); err != nil {
				return nil, true, err
			}
		}
		return ir.Unique(p.ctx, &ir.StringAttr{Value: s, Typ: t}), true, nil
	case tokAtIdent:
		a, err := p.parseSymbolRef()
		return a, true, err
	case tokInteger, tokFloat, tokMinus:
		a, err := p.parseNumberAttr(typ)
		return a, true, err
	case tokBareIdent:
		switch p.tok.text {
		case "true", "false":
			v := p.tok.text == "true"
			p.advance()
			if typ == nil && p.consumeIf(tokColon) {
				if _, err := p.parseType(); err != nil {
					return nil, true, err
				}
			}
			return ir.BoolAttrOf(p.ctx, v), true, nil
		case "unit":
			p.advance()
			return ir.Unit(p.ctx), true, nil
		case "dense":
			p.advance()
			a, err := p.parseDenseElements(typ)
			return a, true, err
		case "array":
			p.advance()
			a, err := p.parseDenseArray()
			return a, true, err
		case "loc":
			l, _, _, err := p.parseLocSpecifier(false)
			return l, true, err
		case "affine_map", "affine_set", "sparse", "dense_resource", "distinct", "strided":
			return nil, true, p.errf("'%s' attributes are not supported by tt", p.tok.text)
		}
	}
	t, ok, err := p.parseOptionalType()
	if err != nil || !ok {
		return nil, ok, err
	}
	return ir.TypeAttrOf(p.ctx, t), true, nil
}

func (p *parser) parseSymbolRef() (ir.Attribute, error) {
	root := symbolText(p.tok.text)
	p.advance()
	var nested []string
	for p.tok.kind == tokColon && p.lex.pos < len(p.src) && p.src[p.tok.pos+1] == ':' {
		// `::@nested`: two colon tokens.
		p.advance()
		p.advance()
		if p.tok.kind != tokAtIdent {
			return nil, p.errf("expected nested symbol reference identifier")
		}
		nested = append(nested, symbolText(p.tok.text))
		p.advance()
	}
	return ir.SymbolRef(p.ctx, root, nested), nil
}

func symbolText(tok string) string {
	s := tok[1:]
	if strings.HasPrefix(s, "\"") {
		return unquote(s)
	}
	return s
}

// parseExtendedAttr parses `#alias`, `#dialect.mnemonic<...>`, `#dialect<...>`.
func (p *parser) parseExtendedAttr(typ ir.Type) (ir.Attribute, error) {
	name := p.tok.text[1:]
	pos := p.tok.pos
	if a, ok := p.attrAliases[name]; ok {
		p.advance()
		return a, nil
	}
	ns, mnemonic, dotted := strings.Cut(name, ".")
	d := p.ctx.Dialect(ns)
	end := pos + len(p.tok.text)
	if !dotted && (d == nil || end >= len(p.src) || p.src[end] != '<') {
		return nil, p.errAt(pos, "undefined symbol alias id '%s'", name)
	}
	if d == nil {
		if !p.ctx.AllowUnregistered {
			return nil, p.errAt(pos, "dialect '%s' is not loaded: cannot parse attribute '#%s' (use --allow-unregistered-dialect to keep it as an opaque attribute)", ns, name)
		}
		body := mnemonic
		if end < len(p.src) && p.src[end] == '<' {
			n := scanPrettyBody(p.src, end)
			if n < 0 {
				return nil, p.errAt(end, "unbalanced '<' in dialect attribute body")
			}
			if dotted {
				body += p.src[end : end+n]
			} else {
				body = p.src[end : end+n]
			}
			p.resetTo(end + n)
		} else {
			p.advance()
		}
		var t ir.Type
		if typ == nil && p.consumeIf(tokColon) {
			var err error
			if t, err = p.parseType(); err != nil {
				return nil, err
			}
		}
		return ir.OpaqueAttrOf(p.ctx, ns, body, t), nil
	}
	if d.ParseAttribute == nil {
		return nil, p.errAt(pos, "dialect '%s' provides no attribute parsing hook", ns)
	}
	p.advance()
	a, err := d.ParseAttribute(&dialectParser{p: p}, mnemonic, typ)
	if err != nil {
		return nil, err
	}
	if a == nil {
		return nil, p.errAt(pos, "invalid attribute '#%s'", name)
	}
	return a, nil
}

// numLit is a parsed number literal.
type numLit struct {
	neg   bool
	text  string // digits without the sign
	float bool
	hex   bool
	pos   int
}

func (p *parser) parseNumLit() (numLit, error) {
	n := numLit{pos: p.tok.pos}
	if p.consumeIf(tokMinus) {
		n.neg = true
	}
	switch p.tok.kind {
	case tokInteger:
		n.hex = strings.HasPrefix(p.tok.text, "0x")
	case tokFloat:
		n.float = true
	default:
		return n, p.errf("expected integer or float literal")
	}
	n.text = p.tok.text
	p.advance()
	return n, nil
}

func (p *parser) parseNumberAttr(typ ir.Type) (ir.Attribute, error) {
	lit, err := p.parseNumLit()
	if err != nil {
		return nil, err
	}
	explicit := typ != nil
	if !explicit && p.consumeIf(tokColon) {
		if typ, err = p.parseType(); err != nil {
			return nil, err
		}
	}
	if typ == nil {
		if lit.float {
			typ = ir.F64Type(p.ctx)
		} else {
			typ = ir.I64(p.ctx)
		}
	}
	return p.numberToAttr(lit, typ)
}

// numberToAttr converts a literal to an integer or float attribute of typ.
func (p *parser) numberToAttr(lit numLit, typ ir.Type) (ir.Attribute, error) {
	switch t := typ.(type) {
	case *ir.FloatType:
		v, err := p.floatValue(lit, t)
		if err != nil {
			return nil, err
		}
		return ir.FloatAttrOf(p.ctx, t, v), nil
	case *ir.IntegerType, *ir.IndexType:
		if lit.float {
			return nil, p.errAt(lit.pos, "floating point value not valid for specified type")
		}
		bits, err := p.intValue(lit, typ)
		if err != nil {
			return nil, err
		}
		return ir.Unique(p.ctx, &ir.IntegerAttr{Typ: typ, Bits: bits}), nil
	}
	return nil, p.errAt(lit.pos, "integer literal not valid for specified type")
}

// intValue returns the literal's bits truncated to typ's width, checking
// that it fits. The literal's magnitude is a uint64 (the widest type is 64
// bits): every integer attribute of a parsed file comes through here, and
// arbitrary-precision arithmetic allocated a dozen numbers for each.
func (p *parser) intValue(lit numLit, typ ir.Type) (uint64, error) {
	mag, err := strconv.ParseUint(lit.text, 0, 64)
	tooLarge := errors.Is(err, strconv.ErrRange)
	if err != nil && !tooLarge {
		return 0, p.errAt(lit.pos, "invalid integer literal")
	}
	w := ir.BitWidth(typ)
	if it, ok := typ.(*ir.IntegerType); ok && it.Signedness == ir.Unsigned && lit.neg {
		return 0, p.errAt(lit.pos, "negative integer literal not valid for unsigned integer type")
	}
	if w == 0 {
		return 0, p.errAt(lit.pos, "integer constants of width 0 are not supported by tt")
	}
	if w > 64 {
		return 0, p.errAt(lit.pos, "integer constants wider than 64 bits are not supported by tt")
	}
	// Signless values may be written signed or unsigned: the range is
	// [-2^(w-1), 2^w-1] ([-1, 1] for i1, [0, 2^w-1] unsigned).
	mask := ^uint64(0) >> uint(64-w)
	maxNeg := uint64(1) << uint(w-1)
	if w == 1 {
		maxNeg = 1
	}
	if tooLarge || !lit.neg && mag > mask || lit.neg && mag > maxNeg {
		return 0, p.errAt(lit.pos, "integer constant out of range for attribute")
	}
	if lit.neg {
		return -mag & mask, nil
	}
	return mag, nil
}

// floatValue converts a literal to a value of float type t: decimal
// literals are rounded to t, hex literals are t's bit pattern.
func (p *parser) floatValue(lit numLit, t *ir.FloatType) (float64, error) {
	if lit.hex {
		if lit.neg {
			return 0, p.errAt(lit.pos, "hexadecimal float literal should not have a leading minus")
		}
		bits, err := strconv.ParseUint(lit.text[2:], 16, 64)
		if err != nil || t.Width() < 64 && bits>>uint(t.Width()) != 0 {
			return 0, p.errAt(lit.pos, "hexadecimal float constant out of range for type")
		}
		v, ok := decodeFloat(t.Kind, bits)
		if !ok {
			return 0, p.errAt(lit.pos, "hexadecimal literals are not supported for type %s", t.Kind)
		}
		return v, nil
	}
	if !lit.float {
		return 0, p.errAt(lit.pos, "unexpected decimal integer literal for a floating point value (add a trailing dot to make the literal a float)")
	}
	v, err := strconv.ParseFloat(lit.text, 64)
	if err != nil && !isRangeErr(err) {
		return 0, p.errAt(lit.pos, "invalid floating point literal")
	}
	if lit.neg {
		v = -v
	}
	r, ok := roundFloat(t.Kind, v)
	if !ok {
		return 0, p.errAt(lit.pos, "floating point literals are not supported for type %s", t.Kind)
	}
	return r, nil
}

func isRangeErr(err error) bool {
	ne, ok := err.(*strconv.NumError)
	return ok && ne.Err == strconv.ErrRange
}

// parseDenseArray parses `array<i32: 1, 2>` (after the keyword).
func (p *parser) parseDenseArray() (ir.Attribute, error) {
	if err := p.expect(tokLess, "'<' after 'array'"); err != nil {
		return nil, err
	}
	elemPos := p.tok.pos
	elem, err := p.parseType()
	if err != nil {
		return nil, err
	}
	var ints []int64
	var floats []float64
	isFloat := ir.IsFloat(elem)
	if !isFloat && !ir.IsInteger(elem, 0) {
		return nil, p.errAt(elemPos, "expected integer or float type, got: %s", TypeString(elem))
	}
	if p.consumeIf(tokColon) {
		err := p.parseCommaList(ir.DelimNone, "dense array", func() error {
			if p.tok.kind == tokBareIdent && (p.tok.text == "true" || p.tok.text == "false") {
				if !ir.IsInteger(elem, 1) {
					return p.errf("expected i1 type for 'true' or 'false' values")
				}
				if p.tok.text == "true" {
					ints = append(ints, 1)
				} else {
					ints = append(ints, 0)
				}
				p.advance()
				return nil
			}
			lit, err := p.parseNumLit()
			if err != nil {
				return err
			}
			a, err := p.numberToAttr(lit, elem)
			if err != nil {
				return err
			}
			switch a := a.(type) {
			case *ir.IntegerAttr:
				ints = append(ints, a.Int())
			case *ir.FloatAttr:
				floats = append(floats, a.Value)
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	if err := p.expect(tokGreater, "'>' to close an array attribute"); err != nil {
		return nil, err
	}
	if isFloat {
		if floats == nil {
			floats = []float64{}
		}
		return ir.DenseFloatArray(p.ctx, elem, floats), nil
	}
	if ints == nil {
		ints = []int64{}
	}
	return ir.DenseIntArray(p.ctx, elem, ints), nil
}

// denseLit is a parsed dense literal tree: a scalar or a list.
type denseLit struct {
	list  []*denseLit
	isLst bool
	num   numLit
	boolV int // 0 none, 1 false, 2 true
}

func (p *parser) parseDenseLit() (*denseLit, error) {
	if p.tok.kind == tokLSquare {
		if err := p.enter(); err != nil {
			return nil, err
		}
		defer p.leave()
		d := &denseLit{isLst: true}
		err := p.parseCommaList(ir.DelimSquare, "dense elements literal", func() error {
			e, err := p.parseDenseLit()
			d.list = append(d.list, e)
			return err
		})
		return d, err
	}
	if p.tok.kind == tokBareIdent && (p.tok.text == "true" || p.tok.text == "false") {
		d := &denseLit{boolV: 1, num: numLit{pos: p.tok.pos}}
		if p.tok.text == "true" {
			d.boolV = 2
		}
		p.advance()
		return d, nil
	}
	if p.tok.kind == tokLParen {
		return nil, p.errf("complex dense elements are not supported by tt")
	}
	lit, err := p.parseNumLit()
	if err != nil {
		return nil, err
	}
	return &denseLit{num: lit}, nil
}

// shape returns the literal's shape, or an error if it is ragged.
func (d *denseLit) shape() ([]int64, bool) {
	if !d.isLst {
		return nil, true
	}
	if len(d.list) == 0 {
		return []int64{0}, true
	}
	inner, ok := d.list[0].shape()
	if !ok {
		return nil, false
	}
	for _, e := range d.list[1:] {
		s, ok := e.shape()
		if !ok || !ir.EqualShape(s, inner) {
			return nil, false
		}
	}
	return append([]int64{int64(len(d.list))}, inner...), true
}

func (d *denseLit) flatten(out []*denseLit) []*denseLit {
	if !d.isLst {
		return append(out, d)
	}
	for _, e := range d.list {
		out = e.flatten(out)
	}
	return out
}

// parseDenseElements parses `dense<...> : type` after the keyword.
func (p *parser) parseDenseElements(typ ir.Type) (ir.Attribute, error) {
	if err := p.expect(tokLess, "'<' after 'dense'"); err != nil {
		return nil, err
	}
	var lit *denseLit
	var hexData []byte
	hexPos := -1
	switch {
	case p.tok.kind == tokGreater:
		lit = &denseLit{isLst: true}
	case p.tok.kind == tokString:
		hexPos = p.tok.pos
		s := unquote(p.tok.text)
		if !strings.HasPrefix(s, "0x") || len(s)%2 != 0 {
			return nil, p.errf("expected hex string in dense elements literal")
		}
		for i := 2; i < len(s); i += 2 {
			if !isHexDigit(s[i]) || !isHexDigit(s[i+1]) {
				return nil, p.errf("expected hex string in dense elements literal")
			}
			hexData = append(hexData, hexVal(s[i])<<4|hexVal(s[i+1]))
		}
		p.advance()
	default:
		var err error
		if lit, err = p.parseDenseLit(); err != nil {
			return nil, err
		}
	}
	if err := p.expect(tokGreater, "'>' to close dense elements literal"); err != nil {
		return nil, err
	}
	typePos := p.tok.pos
	if typ == nil {
		if err := p.expect(tokColon, "':'"); err != nil {
			return nil, err
		}
		typePos = p.tok.pos
		var err error
		if typ, err = p.parseType(); err != nil {
			return nil, err
		}
	}
	st, ok := typ.(ir.ShapedType)
	if !ok || !st.HasRank() {
		return nil, p.errAt(typePos, "elements literal must be a shaped type")
	}
	for _, d := range st.Shape() {
		if d == ir.Dynamic {
			return nil, p.errAt(typePos, "elements literal type must have static shape")
		}
	}
	n := ir.NumElements(st.Shape())
	elem := st.ElementType()
	if _, ok := elem.(*ir.FloatType); !ok && !ir.IsIntOrIndex(elem) {
		return nil, p.errAt(typePos, "dense elements of type %s are not supported by tt", TypeString(elem))
	}
	if hexData != nil {
		return p.denseFromHex(hexData, st, n, hexPos)
	}
	shape, ok := lit.shape()
	if !ok {
		return nil, p.errAt(typePos, "tensor literal is invalid; ranks are not consistent between elements")
	}
	elems := lit.flatten(nil)
	if lit.isLst || len(elems) != 1 {
		if !ir.EqualShape(shape, st.Shape()) && !(len(shape) == 1 && shape[0] == 0 && n == 0) {
			return nil, p.errAt(typePos, "inferred shape of elements literal ([%s]) does not match type ([%s])", joinDims(shape), joinDims(st.Shape()))
		}
	}
	if fe, ok := elem.(*ir.FloatType); ok {
		vals := make([]float64, len(elems))
		for i, e := range elems {
			if e.boolV != 0 {
				return nil, p.errAt(e.num.pos, "expected floating point elements, but parsed integer")
			}
			v, err := p.floatValue(e.num, fe)
			if err != nil {
				return nil, err
			}
			vals[i] = v
		}
		return ir.DenseFloatElements(p.ctx, st, vals), nil
	}
	vals := make([]int64, len(elems))
	for i, e := range elems {
		if e.boolV != 0 {
			if !ir.IsInteger(elem, 1) {
				return nil, p.errAt(e.num.pos, "expected i1 type for 'true' or 'false' values")
			}
			vals[i] = int64(e.boolV - 1)
			continue
		}
		if e.num.float {
			return nil, p.errAt(e.num.pos, "expected integer elements, but parsed floating-point")
		}
		bits, err := p.intValue(e.num, elem)
		if err != nil {
			return nil, err
		}
		vals[i] = int64(bits)
	}
	return ir.DenseIntElements(p.ctx, st, vals), nil
}

func joinDims(d []int64) string {
	parts := make([]string, len(d))
	for i, x := range d {
		parts[i] = strconv.FormatInt(x, 10)
	}
	return strings.Join(parts, ", ")
}

// denseFromHex decodes MLIR's raw little-endian hex form.
func (p *parser) denseFromHex(data []byte, st ir.ShapedType, n int64, pos int) (ir.Attribute, error) {
	elem := st.ElementType()
	w := ir.BitWidth(elem)
	bytesPer := (w + 7) / 8
	if w == 1 {
		bytesPer = 1
	}
	count := int64(len(data) / bytesPer)
	if len(data)%bytesPer != 0 || (count != n && count != 1) {
		return nil, p.errAt(pos, "elements hex data size is invalid for provided type")
	}
	raw := make([]uint64, count)
	for i := range raw {
		var v uint64
		for b := 0; b < bytesPer; b++ {
			v |= uint64(data[i*bytesPer+b]) << (8 * b)
		}
		raw[i] = v
	}
	if fe, ok := elem.(*ir.FloatType); ok {
		vals := make([]float64, count)
		for i, b := range raw {
			v, ok := decodeFloat(fe.Kind, b)
			if !ok {
				return nil, p.errAt(pos, "hex data is not supported for type %s", fe.Kind)
			}
			vals[i] = v
		}
		return ir.DenseFloatElements(p.ctx, st, vals), nil
	}
	vals := make([]int64, count)
	for i, b := range raw {
		vals[i] = int64(b)
	}
	return ir.DenseIntElements(p.ctx, st, vals), nil
}

var _ = math.Inf
